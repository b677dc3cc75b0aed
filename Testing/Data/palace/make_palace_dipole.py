#!/usr/bin/env python3
"""Analytic far fields in the exact layout of Palace's farfield-rE.csv (what
palace/models/postoperatorcsv.cpp writes: right-aligned fields of widths 15, 8 and 27,
%.8e frequencies, %.12e angles, %+.12e fields), at Palace's NSample directions
(palace/utils/configfile.cpp: both poles, rings of constant theta with points in
proportion to sin(theta), the equator and the xz plane forced, duplicates removed).

  dipole_nsample100.csv   1 GHz: r*E = 10 sin(theta) theta-hat (a short z dipole),
                          2 GHz: r*E = 10 j (theta-hat cos(theta) cos(phi) - phi-hat sin(phi))
                          (a short x dipole, E_theta and E_phi both non-zero), NSample 100
  dipole_nsample1000.csv  the same at NSample 1000

Run: python3 make_palace_dipole.py (writes the files beside this script).
"""
import math
import os


def nsample(n):
    pts = [(0.0, 0.0), (math.pi, 0.0)]
    rem = n - 2
    nt = min(max(1, int(math.sqrt(rem))), rem)
    s = [math.sin(math.acos(1 - 2.0 * (i + 1) / (nt + 1.0))) for i in range(nt)]
    tot = sum(s)
    per = [int(rem * s[i] / tot + 0.5) for i in range(nt - 1)]
    per.append(rem - sum(per))
    for i in range(1, nt + 1):
        eq = i == (nt + 1) // 2
        th = math.pi / 2 if eq else math.acos(1 - 2.0 * i / (nt + 1.0))
        m = per[i - 1]
        for j in range(m):
            ph = 2 * math.pi * j / m
            if j == 0:
                ph = 0.0
            elif j == m // 2:
                ph = math.pi
            pts.append((th, ph))
    pts.sort()
    out = []
    for p in pts:  # Palace's unique with tolerance 1e-6 (poles: any phi)
        if out and abs(out[-1][0] - p[0]) < 1e-6 and (
                abs(out[-1][1] - p[1]) < 1e-6 or abs(math.sin(p[0])) < 1e-6):
            continue
        out.append(p)
    return out


def field(kind, th, ph):
    t = (math.cos(th) * math.cos(ph), math.cos(th) * math.sin(ph), -math.sin(th))
    p = (-math.sin(ph), math.cos(ph), 0.0)
    if kind == 'z':
        et, ep = 10 * math.sin(th), 0.0
    else:
        et, ep = 10j * math.cos(th) * math.cos(ph), -10j * math.sin(ph)
    return [complex(et) * t[k] + complex(ep) * p[k] for k in range(3)]


def sgn(x):
    return '%+.12e' % x


def write(path, n):
    head = ['f (GHz)', 'exc', 'theta (deg.)', 'phi (deg.)', 'r*Re{E_x} (V)', 'r*Im{E_x} (V)',
            'r*Re{E_y} (V)', 'r*Im{E_y} (V)', 'r*Re{E_z} (V)', 'r*Im{E_z} (V)']
    widths = [15, 8] + [27] * 8
    lines = [','.join(h.rjust(w) for h, w in zip(head, widths))]
    for f, kind in ((1.0, 'z'), (2.0, 'x')):
        for th, ph in nsample(n):
            e = field(kind, th, ph)
            cells = ['%.8e' % f, '1', '%.12e' % math.degrees(th), '%.12e' % math.degrees(ph)]
            for c in e:
                cells += [sgn(c.real), sgn(c.imag)]
            lines.append(','.join(c.rjust(w) for c, w in zip(cells, widths)))
    with open(path, 'w') as fh:
        fh.write('\n'.join(lines) + '\n')


here = os.path.dirname(os.path.abspath(__file__))
write(os.path.join(here, 'dipole_nsample100.csv'), 100)
write(os.path.join(here, 'dipole_nsample1000.csv'), 1000)
