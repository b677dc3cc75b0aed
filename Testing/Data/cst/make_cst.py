#!/usr/bin/env python3
"""Writes CST far-field ASCII look-alikes in the layouts CST Studio exports (written
from those layouts, not copied from any export):

  horn_ludwig3_efield.txt   an E-field export: total "Abs(E   )[dBV/m ]", Ludwig-3
                            components with CST's five-character names "Horiz"/"Verti",
                            padded units, phases beyond 180 degrees, 2-digit exponents.
  dipole_sphere_3digit.txt  the full-sphere directivity of a half-wave dipole along z
                            (10-degree grid, phi 0..330), "[dBi   ]" units and 3-digit
                            exponents (1.641e+000); the directivity integrates to 4 pi.

The horn field is a = cos(θ/2) e^{-j 40 θ} (θ in radians), Eθ = a (sin φ + 0.3j cos φ),
Eφ = a (cos φ − 0.3j sin φ): y-polarised with a 0.3j x-polarised part, converted to Ludwig-3 with the x reference:
E_hor = Eθ cos φ − Eφ sin φ, E_ver = Eθ sin φ + Eφ cos φ."""
import cmath
import math
import os

here = os.path.dirname(os.path.abspath(__file__))
RULE = "-" * 150 + "\n"


def db(x, floor=-300.0):
    return 20 * math.log10(x) if x > 0 else floor


def e3(x):
    """CST's 3-digit-exponent style: 1.641e+000."""
    m, e = ("%.3e" % x).split("e")
    return "%se%s%03d" % (m, e[0], abs(int(e)))


def horn():
    head = ("Theta [deg.]  Phi   [deg.]  Abs(E   )[dBV/m ]   Abs(Horiz)[dBV/m ]  Phase(Horiz)[deg.]  "
            "Abs(Verti)[dBV/m ]  Phase(Verti)[deg.]  Ax.Ratio[dB    ]    \n")
    out = [head, RULE]
    for ph in range(0, 360, 90):
        for th in range(0, 181, 30):
            t, p = math.radians(th), math.radians(ph)
            c = math.cos(t / 2)
            a = (c if c > 1e-12 else 0.0) * cmath.exp(-1j * 40 * t)
            et, ep = a * (math.sin(p) + 0.3j * math.cos(p)), a * (math.cos(p) - 0.3j * math.sin(p))
            eh = et * math.cos(p) - ep * math.sin(p)
            ev = et * math.sin(p) + ep * math.cos(p)
            tot = math.sqrt(abs(et) ** 2 + abs(ep) ** 2)
            # CST prints phases in 0..360 here (268.144), and -inf-like floors as large negatives.
            phase = lambda z: math.degrees(cmath.phase(z)) % 360 if abs(z) > 1e-12 else 0.0
            out.append("%8.3f        %8.3f        %13.3e       %13.3e       %13.3f       %13.3e       %13.3f       %13.3e     \n"
                       % (th, ph, db(tot) + 30 if tot > 1e-12 else -3.0e2, db(abs(eh)) + 30 if abs(eh) > 1e-12 else -3.0e2, phase(eh),
                          db(abs(ev)) + 30 if abs(ev) > 1e-12 else -3.0e2, phase(ev), 40.0))
    return "".join(out)


def dipole(a1="Theta [deg.]", a2="Phi   [deg.]"):
    head = ("%s  %s  Abs(Dir.)[dBi   ]   Abs(Theta)[dBi   ]  Phase(Theta)[deg.]  Abs(Phi  )[dBi   ]  "
            "Phase(Phi  )[deg.]  Ax.Ratio[dB    ]    \n") % (a1, a2)
    out = [head, RULE]
    # Half-wave dipole: D(θ) = 1.64 [cos(π/2 cos θ)/sin θ]², normalised numerically here
    # so that the grid's own trapezoid integral need not be exact: D0 = 4π / ∮ F dΩ.
    F = lambda t: (math.cos(math.pi / 2 * math.cos(t)) / math.sin(t)) ** 2 if math.sin(t) > 1e-9 else 0.0
    n = 20000
    integral = sum(F(math.pi * (i + 0.5) / n) * math.sin(math.pi * (i + 0.5) / n) for i in range(n)) * math.pi / n
    d0 = 2.0 / integral  # 4π / (2π ∫ F sin θ dθ)
    for ph in range(0, 360, 30):
        for th in range(0, 181, 10):
            d = d0 * F(math.radians(th))
            dt = 10 * math.log10(d) if d > 0 else None
            v = e3(dt) if dt is not None else "-inf"
            out.append("%8.3f        %8.3f        %11s          %11s          %8.3f          %11s          %8.3f          %s     \n"
                       % (th, ph, v, v, 90.0, "-inf", 0.0, e3(40.0)))
    return "".join(out)


for name, text in [("horn_ludwig3_efield.txt", horn()),
                   ("dipole_sphere_3digit.txt", dipole())]:
    with open(os.path.join(here, name), "w") as f:
        f.write(text)
# The Ludwig-2 variants (refused) are made from dipole_sphere_3digit.txt by ../bad/make_bad.py.
