#!/usr/bin/env python3
"""Writes the FEKO .out look-alikes with voltage sources (issue 32), in the layouts of
real FEKO runs (written from those layouts, not copied from any run):

  dipole_2017_ports.out   "FEKO      Version 2017.2" banner, one voltage source: the
                          block as FEKO 2017.2 prints it (cemagg/SUN-EM
                          examples/example-1/strip_dipole.out): "Current   in A" and
                          "Admitt.   in A/V" with runs of spaces, "Impedance in Ohm",
                          "Capacitance in F", a blank line, then the indented
                          "Power in Watt:", then SCATTERING PARAMETERS; a current table.
  array_2019_ports.out    "Altair Feko - Solver (seq) Version 2019.1" banner, three
                          voltage sources solved together ("Inductance  in H" and
                          "Capacitance in F" rows, as in cemagg/SUN-EM-CMOM
                          test/test_cases/bow_tie_array/bow_tie_array.out), at two
                          frequencies, and two current requests at the first frequency
                          (a second request: RequestIndex 1).
  plate_2021_note.out     "Altair Feko - Solver (seq) Version 2021.1" banner, one
                          voltage source and a current request whose output to the .out
                          file is deactivated: the header-only table with NOTE 34055.

Each source is an ideal 1 V source: I = 1 V / Z, Y = 1 / Z and P = |I|^2 Re(Z) / 2
(FEKO's phasors are peak values), rounded as FEKO prints them; a test compares the
reader's impedance with the "Impedance in Ohm" row the file itself prints.
Re-run after editing; review the diff."""
import cmath
import math
import os

from feko_layout import CHARGE_HEAD, CUR_HEAD, TRI_HEAD, banner
import feko_layout

here = os.path.dirname(os.path.abspath(__file__))

BANNER = {
    2017: banner("FEKO      Version 2017.2.3-538 from 2017-10-27",
                 "PREFEKO Version 2017.2.3-37 from 2017-10-27 [FEK: default 158; used 158] BINARY",
                 feko_layout.CADFEKO_UNKNOWN_PADDED, 2017, "2026-12-06", "dipole_2017_ports",
                 note=feko_layout.SEQUENTIAL_NOTE),
    2019: banner("Altair Feko - Solver (seq) Version 2019.1-338 from 2019-06-07",
                 "Altair Feko - PREFEKO Version 2019.1-48 from 2019-03-29 [FEK: default 166; used 166] BINARY",
                 feko_layout.CADFEKO_UNKNOWN, 2019, "2026-12-06", "array_2019_ports",
                 note="You are running a sequential version of Altair Feko, but it was detected that your machine has more than one core."),
    2021: banner("Altair Feko - Solver (seq) Version 2021.1-1037 from 2021-03-17",
                 "Altair Feko - PREFEKO Version 2021.1-70 from 2021-03-17 [FEK: default 172; used 172] BINARY",
                 feko_layout.CADFEKO_UNKNOWN, 2021, "2026-12-06", "plate_2021_note",
                 licence="Altair Simulation Products"),
}

TRI_HEAD = "\n" + TRI_HEAD

SOLVE = """

               SOLUTION OF THE LINEAR SET OF EQUATIONS WITH LAPAGAU

               Condition number of the matrix:  5.53098E+02

     CPU time for solving the linear set of equations:       0.000 seconds
"""

LOSSES = """


                              SUMMARY OF LOSSES

          Metallic elements:                          0.0000E+00 W
"""

END = """

                    SUMMARY OF REQUIRED TIMES IN SECONDS

Finished: 2026-12-06 10:00:01
"""


def e4(x):
    return "%11.4E" % x


def strip(width, length, n, x0=0.0):
    """A strip along y: 2 (n+1) corners, 2 n triangles with alternating diagonals."""
    pts = []
    for i in range(n + 1):
        pts += [(x0, length * i / n, 0.0), (x0 + width, length * i / n, 0.0)]
    tris = []
    for i in range(n):
        a, b, c, d = 2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 3
        tris += [(a, b, c), (d, c, b)]
    return pts, tris


def triangles(label, tris, pts):
    out = [TRI_HEAD]
    for n, (a, b, c) in enumerate(tris, 1):
        pa, pb, pc = pts[a], pts[b], pts[c]
        u = [pb[i] - pa[i] for i in range(3)]
        v = [pc[i] - pa[i] for i in range(3)]
        nrm = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
        area = 0.5 * math.sqrt(sum(x * x for x in nrm))
        nrm = [x / (2 * area) + 0.0 for x in nrm]
        out.append("%9d %6s  %s %s %s %12d           \n" % (n, label, e4(pa[0]), e4(pa[1]), e4(pa[2]), n))
        out.append("          Free s  %s %s %s\n" % (e4(pb[0]), e4(pb[1]), e4(pb[2])))
        out.append("          Free s  %s %s %s\n" % (e4(pc[0]), e4(pc[1]), e4(pc[2])))
        out.append("                  %s %s %s     %s\n" % (e4(nrm[0]), e4(nrm[1]), e4(nrm[2]), e4(area)))
    return "".join(out)


def current_rows(tris, pts, phase, scale, length):
    """13-field rows; J = y^ scale cos(pi (y - L/2) / L) e^{j phase}, linear per triangle."""
    jv = []
    for p in pts:
        c = math.cos(math.pi * (p[1] - length / 2) / length)
        jv.append(scale * (c if c > 1e-12 else 0.0) * cmath.exp(1j * math.radians(phase)))
    out = []
    for n, t in enumerate(tris, 1):
        c = [sum(pts[k][i] for k in t) / 3 for i in range(3)]
        j = sum(jv[k] for k in t) / 3
        row = "%9d  %12.5E %12.5E %12.5E" % (n, c[0], c[1], c[2])
        for z in (0j, j, 0j):
            row += " %9.3E %7.2f" % (abs(z), math.degrees(cmath.phase(z)) if abs(z) > 0 else 0.0)
        row += "  " + "".join(" %10.3E" % abs(jv[k]) for k in t)
        out.append(row + "\n")
    return "".join(out)


def excitation(freq, name, index):
    return """

                    EXCITATION BY VOLTAGE SOURCE AT AN EDGE

 Name:                          %s
 Excitation index:              %d
 Frequency in Hz:               FREQ =    %11.5E
 Wavelength in m:               LAMBDA =  %11.5E
 Open circuit voltage in V:     |U0| =    1.00000E+00 
 Phase in degrees:              ARG(U0) =        0.00
 Attached to port:              Edge port
 Number of edges:               1
""" % (name, index, freq, 299792458.0 / freq)


def source_block(k, z, freq):
    """DATA OF THE VOLTAGE SOURCE NO. k for an ideal 1 V source into Z (FEKO 2017-2021)."""
    z = complex(float("%.4E" % z.real), float("%.4E" % z.imag))  # as printed
    i = 1 / z
    ph = math.degrees(cmath.phase(i))
    row = lambda label, v, p: " %-16s %s %s %s %11.2f\n" % (label, e4(v.real), e4(v.imag), e4(abs(v)), p)
    w = 2 * math.pi * freq
    if z.imag < 0:
        element = " Capacitance in F %s\n" % e4(-1 / (w * z.imag))
    else:
        element = " Inductance  in H %s\n" % e4(z.imag / w)
    power = 0.5 * abs(i) ** 2 * z.real
    return ("\n\n                         DATA OF THE VOLTAGE SOURCE NO. %d\n\n" % k +
            "                    real part  imag. part   magnitude       phase\n" +
            row("Current   in A", i, ph) + row("Admitt.   in A/V", i, ph) +
            row("Impedance in Ohm", z, -ph) + element +
            "\n                         Power in Watt: %11.5E\n" % power)


def sparams(z, z0=50.0):
    z = complex(float("%.4E" % z.real), float("%.4E" % z.imag))
    s = (z - z0) / (z + z0)
    db = 20 * math.log10(abs(s))
    return """

                              SCATTERING PARAMETERS

       ports                                        magnitude          phase 
    sink source     real part   imag. part      linear      in dB     in deg.
 S     1      1  %12.5E %12.5E  %12.5E %9.4f %9.2f
         Sum |S|^2 of these S-parameters:   %12.5E %9.4f
         Reference impedance in Ohm:  5.00000E+01
""" % (s.real, s.imag, abs(s), db, math.degrees(cmath.phase(s)), abs(s) ** 2, db)


def request(name, tris, pts, phase, scale, length, deactivated=False):
    text = "\n\n Current request with name: %s\n" % name
    if deactivated:
        text += " NOTE    34055: Output of currents/charges to the *.out file deactivated\n\n\n"
        return text + CUR_HEAD + CHARGE_HEAD
    text += "\n\n" + CUR_HEAD + current_rows(tris, pts, phase, scale, length)
    return text + CHARGE_HEAD + "".join("%9d    1.00000E-08  %6.2f\n" % (k, phase) for k in range(1, len(tris) + 1))


def memory(ntri):
    return """

                                DATA FOR MEMORY USAGE

 Number of metallic triangles:          %6d                                max. triangles:    MAXNDR    =   %6d
 Number of metallic segments:                0                                max. segments:     MAXNSEG   =        0
""" % (ntri, ntri)


def dipole_2017():
    L = 0.5
    pts, tris = strip(0.02, L, 4)
    f, z = 2.99792e8, complex(71.204, -18.377)
    text = BANNER[2017] + "          Surface of all triangles in m*m:     %11.5E\n" % (0.02 * L)
    text += triangles("intern", tris, pts) + memory(len(tris))
    text += excitation(f, "VoltageSource1", 1) + SOLVE + source_block(1, z, f) + sparams(z)
    text += request("Currents1", tris, pts, 14.47, 0.85, L)
    return text + LOSSES + END


def array_2019():
    L = 0.5
    a, ta = strip(0.02, L, 2)
    b, tb = strip(0.02, L, 2, 0.2)
    c, tc = strip(0.02, L, 2, 0.4)
    pts = a + b + c
    tris = ta + [tuple(k + len(a) for k in t) for t in tb] + [tuple(k + 2 * len(a) for k in t) for t in tc]
    text = BANNER[2019] + "          Surface of all triangles in m*m:     %11.5E\n" % (3 * 0.02 * L)
    text += triangles("intern", tris, pts) + memory(len(tris))
    for f, zs, ph in [(2.99792e8, [complex(96.488, 74.923), complex(75.885, 52.874), complex(96.488, 74.923)], -37.8),
                      (3.29771e8, [complex(112.6, -57.178), complex(87.618, -135.52), complex(112.6, -57.178)], 26.9)]:
        for k in range(3):
            text += excitation(f, "VoltageSource%d" % (k + 1), k + 1)
        text += SOLVE + "".join(source_block(k + 1, zs[k], f) for k in range(3))
        text += request("Currents1", tris, pts, ph, 0.6, L)
        if f < 3e8:
            text += request("Currents2", tris, pts, ph, 0.3, L)  # the second request
        text += LOSSES
    return text + END


def plate_2021():
    L = 0.2
    pts, tris = strip(0.2, L, 2)
    f, z = 1.0e9, complex(43.17, 6.052)
    text = BANNER[2021] + "          Surface of all triangles in m*m:     %11.5E\n" % (0.2 * L)
    text += triangles("Plate1", tris, pts) + memory(len(tris))
    text += excitation(f, "Port1", 1) + SOLVE + source_block(1, z, f) + sparams(z)
    text += request("Currents1", tris, pts, 0.0, 1.0, L, deactivated=True)
    return text + LOSSES + END


for name, text in [("dipole_2017_ports.out", dipole_2017()), ("array_2019_ports.out", array_2019()),
                   ("plate_2021_note.out", plate_2021())]:
    with open(os.path.join(here, name), "w") as f:
        f.write(text)
