#!/usr/bin/env python3
"""Writes the FEKO .out look-alikes of wire models (issue 41), in the layouts real FEKO
runs print (written from those layouts, not copied from any run):

  dipole_wire_2017.out    "FEKO      Version 2017.2" banner; a 0.47 m dipole parallel
                          to z through (0.3, 0.2, 0) m of
                          9 segments (radius 1 mm) at 299.792458 MHz (lambda = 1 m) fed
                          by a 1 V voltage source at segment 5 (its centre). Sections:
                          DATA OF THE SEGMENTS (two lines per segment, as the Altair
                          user guide's "Data for Wire Segments" shows them), EXCITATION
                          BY VOLTAGE SOURCE AT A SEGMENT, DATA OF THE VOLTAGE SOURCE and
                          SCATTERING PARAMETERS (as FEKO 2017.2 prints them in cemagg/
                          SUN-EM examples/example-1/strip_dipole.out), VALUES OF THE
                          CURRENT IN THE SEGMENTS in A (the layout of a FEKO run quoted
                          in a MATLAB comment, Segment/number, centre x y z, |I| and
                          phase of IX, IY, IZ), a near-field request at R = 100 m in
                          spherical coordinates and a far-field request on the whole
                          sphere (both as strip_dipole.out prints them).
  dipole_nogeom_2021.out  the same dipole as FEKO 2021.2 prints a CADFEKO run whose
                          geometry output is off (as va-rox/Antenna2 loop.out): no DATA
                          OF THE SEGMENTS, the EXCITATION BY VOLTAGE SOURCE AT A SEGMENT
                          block with "Source index:", "Absolute number of segment:" and
                          "Location of the port in m:     x = ..., y = ..., z = ...",
                          the segment current table and a coarse far field.
  wires_plate_2021.out    "Altair Feko - Solver (seq) Version 2021.1" banner; a
                          0.2 m square plate of 4 triangles with a 0.24 m monopole of 4
                          segments on its centre, fed at its first segment: both the
                          triangle and the segment current tables.
  wires_plate_ff_2021.out the same plate and monopole moved to (0.3, 0.2, 0) m, as FEKO
                          2021.2 prints it: the port's "Location of the port in m" (the
                          first segment's centre, 0.3, 0.2, 0.03), R from the radiated
                          power of the segment currents and a 15 degree far-field table
                          of them (the toolbar's Antenna Pattern test, Plugin.GuiToolbarFeko).

The dipole's current is the thin-wire sinusoid I(z) = I0 sin(k(h - |z|)) / sin(k h) at
the segment centres; its far field is the sum over the segments of their currents
(r E = -j eta k / (4 pi) sum I_n L_n (u_n . theta^) e^{j k r^ . r_n}); the input
resistance is the radiated power of that field (integrated on a 0.5 degree grid) over
|I0|^2 / 2, so that the power FEKO prints is the power the far field carries; X = 42.5
ohm. The printed directivity is 4 pi |rE|^2 / (2 eta P). The near field at R = 100 m
is the far field times e^{-jkR} / R. A test recomputes all of this from the columns.
Re-run after editing; review the diff."""
import cmath
import math
import os

import feko_layout
from feko_layout import banner

here = os.path.dirname(os.path.abspath(__file__))
C0 = 299792458.0
ETA = 376.730313668

FEKO2017 = banner("FEKO      Version 2017.2.3-538 from 2017-10-27",
                  "PREFEKO Version 2017.2.3-39 from 2017-08-21 [FEK: default 158; used 158] BINARY",
                  feko_layout.CADFEKO_UNKNOWN_PADDED, 2017, "2026-12-07", "dipole_wire_2017",
                  computer="PC LINUX EM64T MKL")
FEKO2021 = banner("Altair Feko - Solver (seq) Version 2021.1-1037 from 2021-03-17",
                  "Altair Feko - PREFEKO Version 2021.1-70 from 2021-03-17 [FEK: default 172; used 172] BINARY",
                  feko_layout.CADFEKO_UNKNOWN, 2021, "2026-12-07", "wires_plate_2021")

SEG_HEAD = """

                              DATA OF THE SEGMENTS

 No.       label     x1 in m     y1 in m     z1 in m      nodes 
          medium     x2 in m     y2 in m     z2 in m    length in m  radius in m
"""

CUR_SEG_HEAD = """

                    VALUES OF THE CURRENT IN THE SEGMENTS in A

Segment        centre                                      IX                IY                IZ
number           x/m          y/m          z/m      magn.    phase    magn.    phase    magn.    phase
"""

END = """

                    SUMMARY OF REQUIRED TIMES IN SECONDS

                                             CPU-time       runtime
                         total times:           0.118         0.118

Finished: 2026-12-07 10:00:01
"""


def e4(x):
    return "%11.4E" % x


def magph(z):
    return abs(z), (math.degrees(cmath.phase(z)) if abs(z) > 0 else 0.0)


def segments(segs, label):
    """DATA OF THE SEGMENTS: number, label, start and nodes; medium, end, length, radius."""
    out = [SEG_HEAD]
    for n, (a, b, r) in enumerate(segs, 1):
        length = math.dist(a, b)
        nodes = ("%12d" % n) if n == 1 else ("%12d%10d" % (-(n - 1), n))
        if n == len(segs):
            nodes = "%12d" % (-(n - 1))
        out.append("%9d %6s  %s %s %s %s\n" % (n, label, e4(a[0]), e4(a[1]), e4(a[2]), nodes))
        out.append("          Free s  %s %s %s  %s  %s\n" % (e4(b[0]), e4(b[1]), e4(b[2]), e4(length), e4(r)))
    return "".join(out)


def segment_currents(segs, cur):
    out = [CUR_SEG_HEAD]
    for n, ((a, b, _), i) in enumerate(zip(segs, cur), 1):
        c = [(a[k] + b[k]) / 2 for k in range(3)]
        u = [(b[k] - a[k]) / math.dist(a, b) for k in range(3)]
        row = "%9d  %12.5E %12.5E %12.5E" % (n, c[0] + 0.0, c[1] + 0.0, c[2] + 0.0)
        for k in range(3):
            m, p = magph(i * u[k])
            row += " %9.3E %7.2f" % (m, p if m > 0 else 0.0)
        out.append(row + "\n")
    return "".join(out)


def excitation(freq, name, seg_kind=True):
    return """

                    EXCITATION BY VOLTAGE SOURCE AT %s

 Name:                          %s
 Excitation index:              1
 Frequency in Hz:               FREQ =    %11.5E
 Wavelength in m:               LAMBDA =  %11.5E
 Open circuit voltage in V:     |U0| =    1.00000E+00 
 Phase in degrees:              ARG(U0) =        0.00
""" % ("A SEGMENT" if seg_kind else "AN EDGE", name, freq, C0 / freq)


def source_data(z, w):
    i = 1.0 / z
    y = i
    rows = [("Current   in A  ", i), ("Admitt.   in A/V", y), ("Impedance in Ohm", z)]
    out = "\n\n                         DATA OF THE VOLTAGE SOURCE NO. 1\n\n"
    out += "                    real part  imag. part   magnitude       phase\n"
    for lab, v in rows:
        m, p = magph(v)
        out += " %s %11.4E %11.4E %11.4E %11.2f\n" % (lab, v.real, v.imag, m, p)
    if z.imag > 0:
        out += " Inductance in H  %11.4E\n" % (z.imag / w)
    else:
        out += " Capacitance in F %11.4E\n" % (-1 / (w * z.imag))
    out += "\n                         Power in Watt: %11.5E\n" % (0.5 * abs(i) ** 2 * z.real)
    return out


def s_parameters(z, z0=50.0):
    s = (z - z0) / (z + z0)
    m, p = magph(s)
    db = 20 * math.log10(m)
    return """

                              SCATTERING PARAMETERS

       ports                                        magnitude          phase 
    sink source     real part   imag. part      linear      in dB     in deg.
 S     1      1  %12.5E %12.5E  %12.5E %9.4f  %8.2f
         Sum |S|^2 of these S-parameters:   %12.5E %9.4f
         Reference impedance in Ohm:  %11.5E
""" % (s.real, s.imag, m, db, p, m * m, db, z0)


def far_field(segs, cur, k, th, ph):
    """r E_theta, r E_phi (V) of the segment currents in direction (th, ph) in degrees."""
    t, p = math.radians(th), math.radians(ph)
    rhat = (math.sin(t) * math.cos(p), math.sin(t) * math.sin(p), math.cos(t))
    that = (math.cos(t) * math.cos(p), math.cos(t) * math.sin(p), -math.sin(t))
    phat = (-math.sin(p), math.cos(p), 0.0)
    et = ep = 0j
    for (a, b, _), i in zip(segs, cur):
        L = math.dist(a, b)
        u = [(b[q] - a[q]) / L for q in range(3)]
        c = [(a[q] + b[q]) / 2 for q in range(3)]
        f = i * L * cmath.exp(1j * k * sum(rhat[q] * c[q] for q in range(3)))
        et += f * sum(u[q] * that[q] for q in range(3))
        ep += f * sum(u[q] * phat[q] for q in range(3))
    s = -1j * ETA * k / (4 * math.pi)
    return s * et, s * ep


def radiated_power(segs, cur, k, step=0.5):
    total = 0.0
    nt, npf = int(round(180 / step)), int(round(360 / step))
    for a in range(nt):
        th = (a + 0.5) * step
        row = 0.0
        for b in range(0, npf, 8):  # the dipole is symmetric in phi: a coarse phi sum
            et, ep = far_field(segs, cur, k, th, b * step)
            row += abs(et) ** 2 + abs(ep) ** 2
        row *= 2 * math.pi / (npf / 8)
        total += row * math.sin(math.radians(th)) * math.radians(step)
    return total / (2 * ETA)


def db(x):
    return 10 * math.log10(x) if x > 0 else None


def far_field_table(segs, cur, k, power, thetas, phis):
    out = """
 read from input file:
FF       1   %d   %d    0    0 0.000E+00 0.000E+00 %9.3E %9.3E 0.000E+00 0.000E+00 0.000E+00 0.000E+00

 Far field request with name: FarField1

                     FAST METHOD FOR FAR FIELD CALCULATIONS

                                    disabled


      VALUES OF THE SCATTERED ELECTRIC FIELD STRENGTH IN THE FAR FIELD in V
                    Factor e^(-j*Re{BETA}*R)/R not considered

       LOCATION          ETHETA             EPHI              directivity in dB             POLARISATION
   THETA    PHI      magn.    phase     magn.    phase     vert.     horiz.    total     axial r. angle   direction
""" % (len(thetas), len(phis), thetas[1] - thetas[0], phis[1] - phis[0])
    for p in phis:
        for t in thetas:
            et, ep = far_field(segs, cur, k, t, p)
            d = [4 * math.pi * x / (2 * ETA * power) for x in (abs(et) ** 2, abs(ep) ** 2)]
            dv, dh, dt = db(d[0]), db(d[1]), db(d[0] + d[1])
            f = lambda v: "-999.9999" if v is None else "%9.4f" % v
            m1, p1 = magph(et)
            m2, p2 = magph(ep)
            ang = 90.0 if m1 < 1e-12 else 0.0
            out += "  %6.2f  %6.2f   %9.3E %7.2f  %9.3E %7.2f  %s %s %s   0.0000  %7.2f   LINEAR\n" % (
                t, p, m1, p1 if m1 > 0 else 0.0, m2, p2 if m2 > 0 else 0.0, f(dv), f(dh), f(dt), ang)
    out += """
     Gain is a factor of  1.00000E+00 (    0.00 dB) larger than directivity

       The directivity/gain is based on an active power of %12.5E W
       and on a power loss of  0.00000E+00 W 
""" % power
    return out


def near_field_table(segs, cur, k, R, thetas, phis):
    out = """
 read from input file:
FE       1    1   %d   %d    2 %9.3E %9.3E %9.3E 0.000E+00 %9.3E %9.3E 0.000E+00 0.000E+00

 Near field request with name: NearField1


                              VALUES OF THE ELECTRIC FIELD STRENGTH in V/m

                                 (total field, incident and scattered)

                   LOCATION                               ER                 ETHETA                EPHI 
medium      R/m         THETA         PHI          magn.     phase      magn.     phase      magn.     phase
""" % (len(thetas), len(phis), R, thetas[0], phis[0], thetas[1] - thetas[0], phis[1] - phis[0])
    g = cmath.exp(-1j * k * R) / R
    for t in thetas:
        for p in phis:
            et, ep = far_field(segs, cur, k, t, p)
            er = 1e-3 * abs(et) * g * 1j / (k * R)  # a small radial part, 90 deg ahead
            row = "    0  %12.5E %12.5E %12.5E " % (R, t, p)
            for z in (er, et * g, ep * g):
                m, ph = magph(z)
                row += "  %11.5E %7.2f" % (m, ph if m > 0 else 0.0)
            out += row + "\n"
    return out


FEKO2021PAR = FEKO2021.replace("(seq) Version 2021.1-1037 from 2021-03-17",
                              "(par) Version 2021.2-8999 from 2021-08-18").replace(
    "wires_plate_2021", "dipole_nogeom_2021")


def excitation_2021(freq, name, seg, centre, direction, label="dipole.Wire1.Port1"):
    """The FEKO 2021.2 segment-source block (va-rox/Antenna2 loop.out's layout)."""
    return """

                    EXCITATION BY VOLTAGE SOURCE AT A SEGMENT

 Name:                          %s
 Source index:                  1
 Frequency in Hz:               FREQ =    %11.5E
 Wavelength in m:               LAMBDA =  %11.5E
 Open circuit voltage in V:     |U0| =    1.00000E+00 
 Phase in degrees:              ARG(U0) =        0.00
 Attached to port:              Segment port
 Port at segment with label:    %s
 Absolute number of segment:    %d
 Radius of segment in m:        1.00000E-03
 Location of the port in m:     x = %12.5E, y = %12.5E, z = %12.5E
 Positive direction:            x = %12.5E, y = %12.5E, z = %12.5E
""" % ((name, freq, C0 / freq, label, seg) + tuple(centre) + tuple(direction))


def dipole(nogeom=False):
    f = C0  # lambda = 1 m
    k, w = 2 * math.pi, 2 * math.pi * f
    n, L, r = 9, 0.47, 1e-3
    h = L / 2
    zs = [-h + L * q / n for q in range(n + 1)]
    ox, oy = 0.3, 0.2  # off the origin: the pattern must be centred on the source
    segs = [((ox, oy, zs[q]), (ox, oy, zs[q + 1]), r) for q in range(n)]
    shape = [math.sin(k * (h - abs((zs[q] + zs[q + 1]) / 2))) / math.sin(k * h) for q in range(n)]
    R = 2 * radiated_power(segs, shape, k)
    z = complex(round(R, 2), 42.5)
    i0 = 1 / z
    cur = [i0 * s for s in shape]
    power = 0.5 * abs(i0) ** 2 * z.real
    if nogeom:
        text = FEKO2021PAR + """
                                DATA FOR MEMORY USAGE

 Number of metallic triangles:               0                                max. triangles:    MAXNDR    =        0
 Number of metallic segments:                9                                max. segments:     MAXNSEG   =        9
"""
        text += excitation_2021(f, "VoltageSource1", 5, (ox, oy, 0.0), (0.0, 0.0, 1.0))
        text += source_data(z, w) + s_parameters(z)
        text += "\n\n Current request with name: Currents1\n" + segment_currents(segs, cur)
        text += far_field_table(segs, cur, k, power, [30.0 * q for q in range(7)],
                                [30.0 * q for q in range(12)])
        return text + END
    text = FEKO2017 + segments(segs, "wire")
    text += """

                                DATA FOR MEMORY USAGE

 Number of metallic triangles:               0                                max. triangles:    MAXNDR    =        0
 Number of metallic segments:                9                                max. segments:     MAXNSEG   =        9
"""
    text += excitation(f, "VoltageSource1")
    text += source_data(z, w) + s_parameters(z)
    text += "\n\n Current request with name: Currents1\n" + segment_currents(segs, cur)
    text += near_field_table(segs, cur, k, 100.0, [30.0 * q for q in range(1, 6)],
                             [30.0 * q for q in range(0, 4)])
    text += far_field_table(segs, cur, k, power, [10.0 * q for q in range(19)],
                            [10.0 * q for q in range(36)])
    return text + END


def wires_plate(ff=False):
    """The plate and monopole; with ff (wires_plate_ff_2021.out) moved to (0.3, 0.2, 0) m,
    printed by FEKO 2021.2 with the port's location, R = the radiated power of the
    segment currents over |I0|^2 / 2, and a far-field table of those currents."""
    f = 3.0e8
    k, w = 2 * math.pi * f / C0, 2 * math.pi * f
    ox, oy = (0.3, 0.2) if ff else (0.0, 0.0)
    pts = [(ox + x, oy + y, 0.0) for x, y in ((-0.1, -0.1), (0.1, -0.1), (0.1, 0.1), (-0.1, 0.1), (0.0, 0.0))]
    tris = [(0, 1, 4), (1, 2, 4), (2, 3, 4), (3, 0, 4)]
    n, L, r = 4, 0.24, 1e-3
    segs = [((ox, oy, L * q / n), (ox, oy, L * (q + 1) / n), r) for q in range(n)]
    shape = [math.cos(k * (q + 0.5) * L / n) / math.cos(k * 0.5 * L / n) for q in range(n)]
    z = complex(round(2 * radiated_power(segs, shape, k), 2), 21.0) if ff else complex(36.0, 21.0)
    i0 = 1 / z
    cur = [i0 * s for s in shape]
    head = FEKO2021
    if ff:
        head = FEKO2021PAR.replace("dipole_nogeom_2021", "wires_plate_ff_2021")
    text = head + "          Surface of all triangles in m*m:     4.00000E-02\n\n"
    text += """
                         DATA OF THE METALLIC TRIANGLES

 no.       label     x1 in m     y1 in m     z1 in m       edges 
          medium     x2 in m     y2 in m     z2 in m
          medium     x3 in m     y3 in m     z3 in m
                       nx          ny          nz          area in m*m
"""
    for q, (a, b, c) in enumerate(tris, 1):
        pa, pb, pc = pts[a], pts[b], pts[c]
        text += "%9d %6s %s %s %s %12d\n" % (q, "plate", e4(pa[0]), e4(pa[1]), e4(pa[2]), q)
        text += "          Free s %s %s %s\n" % (e4(pb[0]), e4(pb[1]), e4(pb[2]))
        text += "          Free s %s %s %s\n" % (e4(pc[0]), e4(pc[1]), e4(pc[2]))
        text += "                 %s %s %s      %s\n" % (e4(0.0), e4(0.0), e4(1.0), e4(0.01))
    text += segments(segs, "mono")
    text += """

                                DATA FOR MEMORY USAGE

 Number of metallic triangles:               4                                max. triangles:    MAXNDR    =        4
 Number of metallic segments:                4                                max. segments:     MAXNSEG   =        4
"""
    if ff:
        text += excitation_2021(f, "WirePort", 1, (ox, oy, L / n / 2), (0.0, 0.0, 1.0), "mono.Wire1.Port1")
    else:
        text += excitation(f, "WirePort")
    text += source_data(z, w)
    text += "\n\n Current request with name: Currents1\n"
    text += """
           VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES in A/m (no averaging)          

Triangle        centre                                     JX                JY                JZ         Current magnitude in the
number           x/m          y/m          z/m      magn.    phase    magn.    phase    magn.    phase    3 corner points
"""
    for q, t in enumerate(tris, 1):
        c = [sum(pts[v][d] for v in t) / 3 for d in range(3)]
        rho = math.hypot(c[0] - ox, c[1] - oy)
        j = abs(i0) / (2 * math.pi * rho)  # radial spread of the feed current
        m, p = magph(i0)
        jx, jy = j * (c[0] - ox) / rho, j * (c[1] - oy) / rho
        row = "%9d  %12.5E %12.5E %12.5E" % (q, c[0], c[1], c[2])
        for comp in (jx, jy):
            row += " %9.3E %7.2f" % (abs(comp), p if comp > 0 else p - 180 if p > 0 else p + 180)
        row += " %9.3E %7.2f  " % (0.0, 0.0)
        row += " %10.3E %10.3E %10.3E" % (j, j, j)
        text += row + "\n"
    text += segment_currents(segs, cur)
    if ff:
        text += far_field_table(segs, cur, k, 0.5 * abs(i0) ** 2 * z.real, [15.0 * q for q in range(13)],
                                [15.0 * q for q in range(24)])
    return text + END


for name, text in [("dipole_wire_2017.out", dipole()), ("wires_plate_2021.out", wires_plate()),
                   ("dipole_nogeom_2021.out", dipole(True)), ("wires_plate_ff_2021.out", wires_plate(True))]:
    with open(os.path.join(here, name), "w", newline="\n") as fh:
        fh.write(text)
