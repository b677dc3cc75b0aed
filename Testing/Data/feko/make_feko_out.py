#!/usr/bin/env python3
"""Writes the FEKO .out look-alikes of Testing/Data/feko/ in the layouts real FEKO
2017.2 to 2024 runs print (written from those layouts, not copied from any run):

  strip_altair.out        "Altair Feko - Solver" banner; a 2 mm x 0.3 m strip of 16
                          triangles; a voltage source at 500 MHz and at 600 MHz, and a
                          plane wave at 600 MHz (two tables at one frequency); rows of
                          13 fields (|J| and phase of Jx, Jy, Jz, then the current
                          magnitude in the 3 corner points).
  plate_2017_deactivated.out
                          "FEKO      Version 2017.2" banner; 4 triangles; a current
                          request whose output to the .out file is deactivated (NOTE
                          34055): the table header is printed with no rows.
  plate_2017_nocurrents.out
                          the same run without any current table.
  strip_altair.os, strip_altair.ol
                          the .os (with corner magnitudes) and .ol (charges) exports of
                          strip_altair.out's first table.

The strip current is linear in each triangle, as FEKO's RWG currents are: it is given
at the mesh vertices (J = y^ I(y) e^{j phase}, I(y) = cos(pi y / L) shifted to the
centre) and the centroid value is the mean of the corner values, so the printed centre
magnitude equals the mean of the printed corner magnitudes; a test checks that.
Re-run after editing; review the diff."""
import cmath
import math
import os

from feko_layout import CHARGE_HEAD, CUR_HEAD, TRI_HEAD, banner
import feko_layout

here = os.path.dirname(os.path.abspath(__file__))

ALTAIR = banner("Altair Feko - Solver (seq) Version 2022.1-123 from 2022-03-01",
                "Altair Feko - PREFEKO Version 2022.1-45 from 2022-03-01 [FEK: default 170; used 170] BINARY",
                "CADFEKO version 2022.1-200 (x64) from 2022-03-02", 2022, "2026-12-03", "strip_altair",
                licence="Altair Simulation Products", padded_date=False)
FEKO2017 = banner("FEKO      Version 2017.2.4-545 from 2017-11-20",
                  "PREFEKO Version 2017.2.4-40 from 2017-11-20 [FEK: default 158; used 158] BINARY",
                  "CADFEKO version 2017.2.5-317065 (x64) from 2018-01-11", 2017, "2026-12-03", "plate_2017",
                  threads=False, padded_date=False, note=feko_layout.SEQUENTIAL_NOTE)

LOSSES = """


                              SUMMARY OF LOSSES

          Metallic elements:                          0.0000E+00 W
                Sum of all losses:                    0.0000E+00 W
"""

END = """

                    SUMMARY OF REQUIRED TIMES IN SECONDS

                         total times:           0.118         0.118

Finished: 2026-12-03 10:00:01
"""


def e4(x):
    return "%11.4E" % x


def triangles(label, tris, pts):
    """The DATA OF THE METALLIC TRIANGLES block: 4 lines per triangle."""
    out = [TRI_HEAD]
    for n, (a, b, c) in enumerate(tris, 1):
        pa, pb, pc = pts[a], pts[b], pts[c]
        u = [pb[i] - pa[i] for i in range(3)]
        v = [pc[i] - pa[i] for i in range(3)]
        nrm = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
        area = 0.5 * math.sqrt(sum(x * x for x in nrm))
        nrm = [x / (2 * area) + 0.0 for x in nrm]
        out.append("%9d %6s %s %s %s %12d\n" % (n, label, e4(pa[0]), e4(pa[1]), e4(pa[2]), n))
        out.append("          Free s %s %s %s\n" % (e4(pb[0]), e4(pb[1]), e4(pb[2])))
        out.append("          Free s %s %s %s\n" % (e4(pc[0]), e4(pc[1]), e4(pc[2])))
        out.append("                 %s %s %s      %s\n" % (e4(nrm[0]), e4(nrm[1]), e4(nrm[2]), e4(area)))
    return "".join(out)


def current_rows(tris, pts, jv):
    """13-field rows: centre, |J| and phase of Jx Jy Jz at the centroid, corner |J|."""
    out = []
    for n, t in enumerate(tris, 1):
        c = [sum(pts[k][i] for k in t) / 3 for i in range(3)]
        j = [sum(jv[k][i] for k in t) / 3 for i in range(3)]  # linear in the triangle
        row = "%9d  %12.5E %12.5E %12.5E" % (n, c[0], c[1], c[2])
        for z in j:
            mag, ph = abs(z), math.degrees(cmath.phase(z)) if abs(z) > 0 else 0.0
            row += " %9.3E %7.2f" % (mag, ph)
        row += "  "
        for k in t:
            row += " %10.3E" % math.sqrt(sum(abs(z) ** 2 for z in jv[k]))
        out.append(row + "\n")
    return "".join(out)


def source(freq, name, kind="VOLTAGE SOURCE AT AN EDGE"):
    lam = 299792458.0 / freq
    return """

                    EXCITATION BY %s

 Name:                          %s
 Excitation index:              1
 Frequency in Hz:               FREQ =    %11.5E
 Wavelength in m:               LAMBDA =  %11.5E
""" % (kind, name, freq, lam)


def strip():
    # 2 mm x 0.3 m strip along y: 9 vertex pairs, 16 triangles (alternating diagonals).
    w, L, n = 2e-3, 0.3, 8
    pts = []
    for i in range(n + 1):
        pts += [(0.0, L * i / n, 0.0), (w, L * i / n, 0.0)]
    tris = []
    for i in range(n):
        a, b, c, d = 2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 3
        tris += [(a, b, c), (d, c, b)]

    def jvert(phase, scale):
        # Jy = scale cos(pi (y - L/2) / L) e^{j phase}; a small Jx = 1 % of it, in phase.
        out = []
        for p in pts:
            c = math.cos(math.pi * (p[1] - L / 2) / L)
            a = scale * (c if c > 1e-12 else 0.0) * cmath.exp(1j * math.radians(phase))
            out.append((0.01 * a, a, 0j))
        return out

    text = ALTAIR + "          Surface of all triangles in m*m:     %11.5E\n\n" % (w * L)
    text += triangles("strip", tris, pts)
    text += """

                                DATA FOR MEMORY USAGE

 Number of metallic triangles:              16                                max. triangles:    MAXNDR    =       16
 Number of metallic segments:                0                                max. segments:     MAXNSEG   =        0
"""
    blocks = [(5.0e8, "Port1", "VOLTAGE SOURCE AT AN EDGE", 84.0, 2.5),
              (6.0e8, "Port1", "VOLTAGE SOURCE AT AN EDGE", 80.0, 2.0),
              (6.0e8, "PlaneWave1", "INCIDENT PLANE ELECTROMAGNETIC WAVE", -30.0, 0.004)]
    for f, name, kind, ph, scale in blocks:
        text += source(f, name, kind)
        text += "\n\n Current request with name: Currents1\n\n"
        text += CUR_HEAD + current_rows(tris, pts, jvert(ph, scale))
        text += CHARGE_HEAD + "".join("%9d    1.00000E-08  %6.2f\n" % (k, ph) for k in range(1, 17))
        text += LOSSES
    return text + END


def plate(deactivated):
    pts = [(0.0, 0.0, 0.0), (0.2, 0.0, 0.0), (0.2, 0.2, 0.0), (0.0, 0.2, 0.0), (0.1, 0.1, 0.0)]
    tris = [(0, 1, 4), (1, 2, 4), (2, 3, 4), (3, 0, 4)]
    text = FEKO2017 + triangles("Plate1", tris, pts)
    text += source(3.0e8, "PlaneWaveSource1", "INCIDENT PLANE ELECTROMAGNETIC WAVE")
    text += """

                    SOLUTION OF THE LINEAR SET OF EQUATIONS WITH LAPAGAU

               Condition number of the matrix:  3.10960E+02
"""
    if deactivated:
        text += "\n\n Current request with name: Currents1\n"
        text += " NOTE    34055: Output of currents/charges to the *.out file deactivated\n\n"
        text += CUR_HEAD + CHARGE_HEAD
    return text + LOSSES + END


def e3(x, width=19):
    """FEKO's export style: 8 decimals and a 3-digit exponent (9.50000000E+008)."""
    m, e = ("%.8E" % x).split("E")
    return ("%sE%s%03d" % (m, e[0], abs(int(e)))).rjust(width)


def strip_exports():
    """The .os and .ol exports of strip_altair.out's first table (500 MHz, Port1), in the
    format-6 layout: quoted column names; the .os adds the 3 corner magnitudes
    ("Abs(Jcorn1..3)"), the .ol holds rho = j div(J) / omega (As/m^2) and the area."""
    w, L, n = 2e-3, 0.3, 8
    pts = []
    for i in range(n + 1):
        pts += [(0.0, L * i / n, 0.0), (w, L * i / n, 0.0)]
    tris = []
    for i in range(n):
        a, b, c, d = 2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 3
        tris += [(a, b, c), (d, c, b)]
    ph, scale, f = 84.0, 2.5, 5.0e8
    jv = []
    for p in pts:
        c = math.cos(math.pi * (p[1] - L / 2) / L)
        a = scale * (c if c > 1e-12 else 0.0) * cmath.exp(1j * math.radians(ph))
        jv.append((0.01 * a, a, 0j))
    head = ('##File Type: %s\n##File Format: 6\n##Source: strip_altair\n##Date: 2026-12-03 10:00:00\n'
            '** File exported by Altair Feko - Solver (seq) Version 2022.1-123 from 2022-03-01\n\n\n'
            '#Configuration Name: StandardConfiguration1\n#Request Name: Currents1\n#Frequency:  %s\n')
    os_ = [head % ("Currents", e3(f, 16)), "#No. of Electric Current Triangle Samples: 16\n#No. of Header Lines: 1\n"]
    os_.append('#     "Num"' + "".join('%19s' % ('"%s"' % c) for c in
               ["X", "Y", "Z", "Re(Jx)", "Im(Jx)", "Re(Jy)", "Im(Jy)", "Re(Jz)", "Im(Jz)",
                "Abs(Jcorn1)", "Abs(Jcorn2)", "Abs(Jcorn3)"]) + "\n")
    ol = [head % ("Charges", e3(f, 16)), "#No. of Electric Charge Triangle Samples: 16\n#No. of Header Lines: 1\n"]
    ol.append('#     "Num"' + "".join('%19s' % ('"%s"' % c) for c in
              ["X", "Y", "Z", "Re(Q)", "Im(Q)", "Surface Area"]) + "\n")
    omega = 2 * math.pi * f
    for k, t in enumerate(tris, 1):
        c = [sum(pts[v][i] for v in t) / 3 for i in range(3)]
        j = [sum(jv[v][i] for v in t) / 3 for i in range(3)]
        row = "%12d" % k + "".join(e3(x) for x in c)
        for z in j:
            row += e3(z.real) + e3(z.imag)
        row += "".join(e3(math.sqrt(sum(abs(z) ** 2 for z in jv[v]))) for v in t)
        os_.append(row + "\n")
        # div J of the linear interpolant: solve for the gradient of Jx and Jy.
        (x0, y0, _), (x1, y1, _), (x2, y2, _) = (pts[v] for v in t)
        det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
        def grad(comp):
            f0, f1, f2 = (jv[v][comp] for v in t)
            return (((f1 - f0) * (y2 - y0) - (f2 - f0) * (y1 - y0)) / det,
                    ((x1 - x0) * (f2 - f0) - (x2 - x0) * (f1 - f0)) / det)
        div = grad(0)[0] + grad(1)[1]
        rho = 1j * div / omega
        area = abs(det) / 2
        ol.append("%12d" % k + "".join(e3(x) for x in c) + e3(rho.real) + e3(rho.imag) + e3(area) + "\n")
    return "".join(os_), "".join(ol)


os_text, ol_text = strip_exports()
for name, text in [("strip_altair.os", os_text), ("strip_altair.ol", ol_text),
                   ("strip_altair.out", strip()),
                   ("plate_2017_deactivated.out", plate(True)),
                   ("plate_2017_nocurrents.out", plate(False))]:
    with open(os.path.join(here, name), "w") as f:
        f.write(text)
