#!/usr/bin/env python3
"""Writes two CST look-alikes of one antenna, a z-directed short dipole r·E_θ = A sin θ,
E_φ = 0 (written from CST's layouts, not copied from any file; the layouts were checked
byte for byte against CST Studio's own exports, e.g. dildevilliers/MEMACS
data/SimPatterns/CSTtxt/FF_L3_lin_sym180.txt and data/SimPatterns/CSTffs/FF.ffs):

  dipole_ludwig3_volts.txt  the ASCII export in volts: "Abs(V   )[V     ]", Ludwig-3
                            components "Abs(Horiz)[V     ]"/"Abs(Verti)[V     ]", phases in
                            0..360, Ax.Ratio capped at 1.000e+02, phi from -180 to 180,
                            150-character rows and dashed rule.
  dipole_source.ffs         the farfield source file of the same field at two frequencies
                            (A = 10 V at 1 GHz; 2A with a phase of 30 degrees at 1.5 GHz),
                            phi outer 0..360, theta fastest 0..180, the radiated power
                            stated as 4 pi A^2 / (3 eta0): the directivity is exactly 1.5
                            (1.761 dBi) at theta = 90 degrees.

  xdipole_spherical_volts_pos360.txt
                            CST's "pos360" range (theta 0..350 over phi 0..180, the
                            layout of MEMACS's FF_spherical_lin_pos360.txt) in volts, of
                            the short x-directed dipole: r·E = 10 V times the transverse
                            part of x-hat in CST's formulas' unit vectors, E_θ = cos θ cos φ,
                            E_φ = −sin φ, for every printed θ (also beyond 180).

Ludwig-3 with the x reference: E_hor = Eθ cos φ − Eφ sin φ, E_ver = Eθ sin φ + Eφ cos φ."""
import cmath
import math
import os

here = os.path.dirname(os.path.abspath(__file__))
ETA0 = 376.730313668


def phase(z):
    return math.degrees(cmath.phase(z)) % 360 if abs(z) > 0 else 0.0


def volts_txt(a=10.0):
    head = ("Theta [deg.]  Phi   [deg.]  Abs(V   )[V     ]   Abs(Horiz)[V     ]  Phase(Horiz)[deg.]  "
            "Abs(Verti)[V     ]  Phase(Verti)[deg.]  Ax.Ratio[      ]    \n")
    out = [head, "-" * 150 + "\n"]
    for ph in range(-180, 181, 30):
        for th in range(0, 181, 10):
            t, p = math.radians(th), math.radians(ph)
            et = a * math.sin(t) * cmath.exp(1j * math.radians(35.0))
            ep = 0j
            eh = et * math.cos(p) - ep * math.sin(p)
            ev = et * math.sin(p) + ep * math.cos(p)
            tot = math.sqrt(abs(et) ** 2 + abs(ep) ** 2)
            out.append("%8.3f%16.3f%21.3e%20.3e%20.3f%20.3e%20.3f%20.3e     \n"
                       % (th, ph, tot, abs(eh), phase(eh), abs(ev), phase(ev), 100.0))
    return "".join(out)


def ffs():
    freqs = [(1.0e9, 10.0, 0.0), (1.5e9, 20.0, 30.0)]
    lines = ["// CST Farfield Source File\n", " \n", "// Version:\n", "3.0 \n", "\n",
             "// Data Type\n", "Farfield \n", "\n", "// #Frequencies\n", "%d \n" % len(freqs), "\n",
             "// Position\n", "0.000000e+00 0.000000e+00 0.000000e+00 \n", "\n",
             "// zAxis\n", "0.000000e+00 0.000000e+00 1.000000e+00 \n", "\n",
             "// xAxis\n", "1.000000e+00 0.000000e+00 0.000000e+00 \n", "\n",
             "// Radiated/Accepted/Stimulated Power , Frequency \n"]
    for k, (f, a, _) in enumerate(freqs):
        prad = 4 * math.pi * a * a / (3 * ETA0)
        lines += ["%e \n" % prad, "%e \n" % (prad * 1.01), "%e \n" % (prad * 1.05), "%e \n" % f, "\n"]
    lines.append("\n")
    for k, (f, a, deg) in enumerate(freqs):
        if k:
            lines.append("\n")
        phis, thetas = range(0, 361, 45), range(0, 181, 5)
        lines += ["// >> Total #phi samples, total #theta samples\n", "%d %d\n" % (len(phis), len(thetas)), "\n",
                  "// >> Phi, Theta, Re(E_Theta), Im(E_Theta), Re(E_Phi), Im(E_Phi): \n"]
        for ph in phis:
            for th in thetas:
                et = a * math.sin(math.radians(th)) * cmath.exp(1j * math.radians(deg))
                lines.append("%8.3f%10.3f%17.8e%17.8e%16.8e%17.8e\n" % (ph, th, et.real, et.imag, 0.0, 0.0))
    return "".join(lines)


def xdipole_pos360(a=10.0):
    head = ("Theta [deg.]  Phi   [deg.]  Abs(V   )[V     ]   Abs(Theta)[V     ]  Phase(Theta)[deg.]  "
            "Abs(Phi  )[V     ]  Phase(Phi  )[deg.]  Ax.Ratio[      ]    \n")
    out = [head, "-" * 150 + "\n"]
    for ph in range(0, 181, 30):
        for th in range(0, 351, 10):
            t, p = math.radians(th), math.radians(ph)
            et = a * math.cos(t) * math.cos(p) + 0j
            ep = -a * math.sin(p) + 0j
            et = et if abs(et) > 1e-12 else 0j
            ep = ep if abs(ep) > 1e-12 else 0j
            tot = math.sqrt(abs(et) ** 2 + abs(ep) ** 2)
            out.append("%8.3f%16.3f%21.3e%20.3e%20.3f%20.3e%20.3f%20.3e     \n"
                       % (th, ph, tot, abs(et), phase(et), abs(ep), phase(ep), 100.0))
    return "".join(out)


for name, text in [("dipole_ludwig3_volts.txt", volts_txt()), ("dipole_source.ffs", ffs()),
                   ("xdipole_spherical_volts_pos360.txt", xdipole_pos360())]:
    with open(os.path.join(here, name), "w") as f:
        f.write(text)
