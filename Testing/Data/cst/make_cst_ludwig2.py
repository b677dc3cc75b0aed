#!/usr/bin/env python3
"""Writes CST far-field look-alikes on CST's Ludwig-2 axes, in the layout of CST Studio's
own exports (dildevilliers/MEMACS data/SimPatterns/CSTtxt/FF_azel_lin_pos180.txt and
FF_elaz_circ_sym360.txt; GPL-3.0, so only their layout is copied here, not their values):

  dipole_elev_azim_volts.txt    "Elev. [deg.]  Azim. [deg.]", Abs(V) [V], Azimu/Eleva
                                components, elevation -90..90 fastest, azimuth 0..330
  dipole_alpha_epsi_circ.txt    "Alpha [deg.]  Epsi. [deg.]", Left/Right components,
                                alpha -180..150 fastest, epsilon -90..90 (CST's "360")

on a 30-degree grid. The field is that of an elliptically polarized dipole p = (0.3 +
0.1j, 1, 0.5j) V, E = p - (p.r) r, so Eth = p.th^, Eph = p.ph^ at every direction. CST's
axes (confirmed on the MEMACS exports, cmCstFarField.h): Elev./Azim. r = (sin az cos el,
sin el, cos az cos el), Azimu = (cos az, 0, -sin az), Eleva = dr/del; Alpha/Epsi.
r = (sin a, cos a sin e, cos a cos e), Alpha = dr/da, Epsil = (0, cos e, -sin e); circular
Left, Right = (E1 -/+ j E2)/sqrt 2."""
import cmath
import math
import os

here = os.path.dirname(os.path.abspath(__file__))
P = (0.3 + 0.1j, 1.0, 0.5j)
RULE = "-" * 150 + "\n"


def dot(u):
    return sum(p * x for p, x in zip(P, u))


def rows(ea, circular, lat0, nlat, lon0, nlon, step=30):
    out = []
    for j in range(nlon):
        for i in range(nlat):
            la, lo = math.radians(lat0 + step * i), math.radians(lon0 + step * j)
            if ea:
                e1 = (math.cos(la), -math.sin(la) * math.sin(lo), -math.sin(la) * math.cos(lo))
                e2 = (0.0, math.cos(lo), -math.sin(lo))
            else:
                e1 = (math.cos(lo), 0.0, -math.sin(lo))
                e2 = (-math.sin(lo) * math.sin(la), math.cos(la), -math.cos(lo) * math.sin(la))
            a, b = dot(e1), dot(e2)
            total = math.sqrt(abs(a) ** 2 + abs(b) ** 2)
            if circular:
                a, b = (a - 1j * b) / math.sqrt(2), (a + 1j * b) / math.sqrt(2)
            ar = 1e2 if min(abs(a), abs(b)) == 0 else max(abs(a), abs(b)) / min(abs(a), abs(b))
            out.append("%8.3f %17.3f %20.3e %19.3e %19.3f %19.3e %19.3f %19.3e     \n" % (
                lat0 + step * i, lon0 + step * j, total, abs(a), math.degrees(cmath.phase(a)) % 360,
                abs(b), math.degrees(cmath.phase(b)) % 360, min(ar, 1e2)))
    return "".join(out)


with open(os.path.join(here, "dipole_elev_azim_volts.txt"), "w") as f:
    f.write("Elev. [deg.]  Azim. [deg.]  Abs(V   )[V     ]   Abs(Azimu)[V     ]  Phase(Azimu)[deg.]  "
            "Abs(Eleva)[V     ]  Phase(Eleva)[deg.]  Ax.Ratio[      ]    \n" + RULE)
    f.write(rows(False, False, -90, 7, 0, 12))
with open(os.path.join(here, "dipole_alpha_epsi_circ.txt"), "w") as f:
    f.write("Alpha [deg.]  Epsi. [deg.]  Abs(V   )[V     ]   Abs(Left )[V     ]  Phase(Left )[deg.]  "
            "Abs(Right)[V     ]  Phase(Right)[deg.]  Ax.Ratio[      ]    \n" + RULE)
    f.write(rows(True, True, -180, 12, -90, 7))
