"""What the FEKO .out look-alike writers (make_feko_out.py, make_feko_ports.py,
make_feko_wires.py) share: the solver's banner and the headers of the triangle,
current and charge tables, as FEKO 2017-2022 print them (see each writer's notes
for the real runs whose layouts these follow)."""

CADFEKO_UNKNOWN = "CADFEKO version unknown"
# As FEKO 2017 and 2021 pad it on some runs.
CADFEKO_UNKNOWN_PADDED = CADFEKO_UNKNOWN + " " * 57


def banner(version, prefeko, cadfeko, year, date, name, licence="Altair HyperWorks",
           computer="PC WIN64 EM64T MKL", threads=True, padded_date=True, note=None):
    """The lines FEKO prints above the model: the solver's `version` line, the indented
    `prefeko` and `cadfeko` lines, the copyright up to `year`, the computer, the
    threads, the date (padded with spaces as most runs pad it), the file `name`, the
    licence and an optional NOTE 35127 `note`; a blank line follows."""
    lines = [version, " " * 10 + prefeko, " " * 10 + cadfeko,
             "          Copyright (c) 1999-2014 Altair Development S.A. (Pty) Ltd",
             "          Copyright (c) 2014-%d Altair Engineering, Inc." % year,
             "Computer: %s -- lookalike" % computer]
    if threads:
        lines.append("Threads:  OpenMP threading not used")
    lines += ["Date:     %s 10:00:00%s" % (date, " " * 21 if padded_date else ""),
              "File:     " + name, " Licence:  " + licence, ""]
    if note:
        lines += [" NOTE    35127: " + note, ""]
    return "\n".join(lines) + "\n"


TRI_HEAD = """
                         DATA OF THE METALLIC TRIANGLES

 no.       label     x1 in m     y1 in m     z1 in m       edges 
          medium     x2 in m     y2 in m     z2 in m
          medium     x3 in m     y3 in m     z3 in m
                       nx          ny          nz          area in m*m
"""

CUR_HEAD = """
           VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES in A/m (no averaging)          

Triangle        centre                                     JX                JY                JZ         Current magnitude in the
number           x/m          y/m          z/m      magn.    phase    magn.    phase    magn.    phase    3 corner points
"""

CHARGE_HEAD = """


          VALUES OF THE SURFACE CHARGE DENSITY ON TRIANGLES in As/m^2

Triangle            SIGMA
number         magn.      phase
"""

SEQUENTIAL_NOTE = ("You are running a sequential version of FEKO, but it was detected that your CPU "
                   "has more than one core.")
