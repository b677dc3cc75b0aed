#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
r"""Writes the NEC-2 deck of CloudMap's bundled communication vehicle.

Usage: python3 make_vehicle.py [vehicle.nec]      (then: nec2c -i vehicle.nec -o vehicle.out)

The vehicle is a van 5 m long (x), 2 m wide (y) and 2.3 m tall (z), 0.3 m above the
road: a box cargo body, a sloped windscreen and a lower, slightly sloped bonnet. It is
the side profile below extruded across the width:

      z                                 profile corners (x, z), metres
   2.3 +-----------------+               P0 (0.0, 0.3)  rear, bottom
       |                  \              P1 (5.0, 0.3)  front, bottom
       |   cargo body      \ screen      P2 (5.0, 1.1)  front of the bonnet
  1.25 |                    +------+     P3 (4.0, 1.25) foot of the windscreen
   1.1 |                    bonnet  |    P4 (3.5, 2.3)  top of the windscreen
   0.3 +---------------------------+     P5 (0.0, 2.3)  rear, top
       0                  3.5  4.0  5.0 x

NEC-2 patches use the magnetic-field integral equation, which holds only on a closed
surface with outward normals; a patch's normal is (c2 - c1) x (c3 - c2) of its corners
as given on the SP/SM and SC cards. Every patch is at most 0.25 m = lambda/10 at
120 MHz on a side, and the mesh is conforming (every edge is shared by exactly two
patches), which the script checks together with the normals before writing.

Patch types, so that a reader meets all of them:
  SM (rectangles, NS implied)   roof, floor, windscreen, bonnet, front, rear, cargo sides
  SP NS=3 + SC (quadrilaterals) side cells beside the bonnet and the windscreen where
                                neighbouring cell columns have equal counts (trapezoids)
  SP NS=2 + SC (triangles)      side cells beside the windscreen where the count of
                                cells per column drops (8 to 5) as the side gets lower

Antennas (both vertical wires whose bottom end is exactly at a patch centre, so NEC
connects them and splits that patch into 4):
  antenna 1  tag 1, 0.6 m (about lambda/4) roof monopole, fed at its base, 1 V
  antenna 3  tag 3, 0.6 m bonnet monopole, passive, 50 ohm resistor at its base
Frequency 120 MHz; RP asks for the full sphere, 37 theta x 73 phi at 5 degrees.
"""
import math
import sys

FREQ_MHZ = 120.0
MAX_SIDE = 0.25           # lambda/10 at 120 MHz (NEC: c = 299.8 m/us)
WIDTH = 2.0
Z_BOTTOM, Z_ROOF = 0.3, 2.3
X_SCREEN_TOP, X_SCREEN_FOOT, X_FRONT = 3.5, 4.0, 5.0
Z_SCREEN_FOOT, Z_BONNET_FRONT = 1.25, 1.1
ANTENNA_LENGTH = 0.6
ANTENNA_SEGMENTS = 7
ANTENNA_RADIUS = 0.01

# Columns of the side panels: 0.25 m along the cargo body, 0.2 m along the bonnet and
# 0.1 m beside the windscreen, so that its 1.16 m slope is cut into 5 pieces of 0.23 m.
CARGO_COLS = 14
SCREEN_COLS = 5
BONNET_COLS = 5
Y_ROWS = 8                # across the width: 0.25 m


def sub(a, b):
    return tuple(p - q for p, q in zip(a, b))


def add(a, b):
    return tuple(p + q for p, q in zip(a, b))


def scale(s, a):
    return tuple(s * p for p in a)


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def dot(a, b):
    return sum(p * q for p, q in zip(a, b))


def norm(a):
    return math.sqrt(dot(a, a))


def z_top(x):
    """Height of the profile's upper edge at x."""
    if x <= X_SCREEN_TOP:
        return Z_ROOF
    if x <= X_SCREEN_FOOT:
        t = (x - X_SCREEN_TOP) / (X_SCREEN_FOOT - X_SCREEN_TOP)
        return Z_ROOF + t * (Z_SCREEN_FOOT - Z_ROOF)
    t = (x - X_SCREEN_FOOT) / (X_FRONT - X_SCREEN_FOOT)
    return Z_SCREEN_FOOT + t * (Z_BONNET_FRONT - Z_SCREEN_FOOT)


def column_xs():
    xs = [X_SCREEN_TOP * i / CARGO_COLS for i in range(CARGO_COLS + 1)]
    xs += [X_SCREEN_TOP + (X_SCREEN_FOOT - X_SCREEN_TOP) * i / SCREEN_COLS
           for i in range(1, SCREEN_COLS + 1)]
    xs += [X_SCREEN_FOOT + (X_FRONT - X_SCREEN_FOOT) * i / BONNET_COLS
           for i in range(1, BONNET_COLS + 1)]
    return xs


def rows_at(x):
    """Cells in the vertical line at x: as few as keep them <= MAX_SIDE, but at least 5,
    so that the triangles beside the windscreen keep even their diagonals <= MAX_SIDE."""
    return max(5, math.ceil((z_top(x) - Z_BOTTOM) / MAX_SIDE - 1e-9))


class Deck:
    def __init__(self):
        self.cards = []
        self.polygons = []      # every patch as NEC will build it, for the checks
        self.patches = 0

    @staticmethod
    def fmt(p):
        return " ".join("%.6f" % v for v in p)

    def oriented(self, corners, outward):
        """Corners in the order whose NEC normal points along `outward`."""
        n = cross(sub(corners[1], corners[0]), sub(corners[2], corners[1]))
        return list(corners) if dot(n, outward) > 0 else list(reversed(corners))

    def sm(self, c1, c2, c3, nx, ny, outward):
        """A parallelogram c1 c2 c3 (c4 = c1 + c3 - c2) of nx x ny patches."""
        if dot(cross(sub(c2, c1), sub(c3, c2)), outward) < 0:
            c1, c3, nx, ny = c3, c1, ny, nx      # walk the other way round
        self.cards.append("SM %d %d %s %s" % (nx, ny, self.fmt(c1), self.fmt(c2)))
        self.cards.append("SC 0 0 %s" % self.fmt(c3))
        s1 = scale(1.0 / nx, sub(c2, c1))
        s2 = scale(1.0 / ny, sub(c3, c2))
        for iy in range(ny):
            for ix in range(nx):
                a = add(c1, add(scale(ix, s1), scale(iy, s2)))
                self.polygons.append([a, add(a, s1), add(add(a, s1), s2), add(a, s2)])
        self.patches += nx * ny

    def sp(self, corners, outward):
        """One triangle (NS=2) or quadrilateral (NS=3) patch."""
        c = self.oriented(corners, outward)
        self.cards.append("SP 0 %d %s %s" % (len(c) - 1, self.fmt(c[0]), self.fmt(c[1])))
        self.cards.append("SC 0 0 %s" % " ".join(self.fmt(p) for p in c[2:]))
        self.polygons.append(c)
        self.patches += 1


def side_panel(deck, y):
    """The side at y = +-1: SM over the cargo body, triangles and trapezoids in front."""
    out = (0.0, 1.0 if y > 0 else -1.0, 0.0)
    deck.sm((0.0, y, Z_BOTTOM), (X_SCREEN_TOP, y, Z_BOTTOM), (X_SCREEN_TOP, y, Z_ROOF),
            CARGO_COLS, round((Z_ROOF - Z_BOTTOM) / MAX_SIDE), out)
    xs = column_xs()[CARGO_COLS:]

    def line(x):
        n = rows_at(x)
        return [(x, y, Z_BOTTOM + (z_top(x) - Z_BOTTOM) * k / n) for k in range(n + 1)]

    for xa, xb in zip(xs, xs[1:]):
        left, right = line(xa), line(xb)
        if len(left) == len(right):
            for k in range(len(left) - 1):
                deck.sp([left[k], right[k], right[k + 1], left[k + 1]], out)
            continue
        # Zip the two edges together with triangles, always taking the shorter diagonal.
        i = j = 0
        while i < len(left) - 1 or j < len(right) - 1:
            if j == len(right) - 1 or (i < len(left) - 1 and
                                       norm(sub(left[i + 1], right[j])) <= norm(sub(left[i], right[j + 1]))):
                deck.sp([left[i], right[j], left[i + 1]], out)
                i += 1
            else:
                deck.sp([left[i], right[j], right[j + 1]], out)
                j += 1


def build():
    deck = Deck()
    w = WIDTH / 2
    # Floor, in three strips so its edges meet the side panels' columns.
    for x0, x1, n in ((0.0, X_SCREEN_TOP, CARGO_COLS), (X_SCREEN_TOP, X_SCREEN_FOOT, SCREEN_COLS),
                      (X_SCREEN_FOOT, X_FRONT, BONNET_COLS)):
        deck.sm((x0, -w, Z_BOTTOM), (x1, -w, Z_BOTTOM), (x1, w, Z_BOTTOM), n, Y_ROWS, (0, 0, -1))
    deck.sm((0.0, -w, Z_ROOF), (X_SCREEN_TOP, -w, Z_ROOF), (X_SCREEN_TOP, w, Z_ROOF),
            CARGO_COLS, Y_ROWS, (0, 0, 1))
    # Windscreen and bonnet: outward is up and forward.
    deck.sm((X_SCREEN_TOP, -w, Z_ROOF), (X_SCREEN_FOOT, -w, Z_SCREEN_FOOT),
            (X_SCREEN_FOOT, w, Z_SCREEN_FOOT), SCREEN_COLS, Y_ROWS, (1.05, 0, 0.5))
    deck.sm((X_SCREEN_FOOT, -w, Z_SCREEN_FOOT), (X_FRONT, -w, Z_BONNET_FRONT),
            (X_FRONT, w, Z_BONNET_FRONT), BONNET_COLS, Y_ROWS, (0.15, 0, 1))
    deck.sm((X_FRONT, -w, Z_BOTTOM), (X_FRONT, -w, Z_BONNET_FRONT), (X_FRONT, w, Z_BONNET_FRONT),
            rows_at(X_FRONT), Y_ROWS, (1, 0, 0))
    deck.sm((0.0, -w, Z_BOTTOM), (0.0, -w, Z_ROOF), (0.0, w, Z_ROOF),
            rows_at(0.0), Y_ROWS, (-1, 0, 0))
    side_panel(deck, w)
    side_panel(deck, -w)
    return deck


def patch_centre(poly):
    """NEC's patch centre: the area centroid (a fan from corner 1, as NEC's patch())."""
    area, c = 0.0, (0.0, 0.0, 0.0)
    for k in range(1, len(poly) - 1):
        a = 0.5 * norm(cross(sub(poly[k], poly[0]), sub(poly[k + 1], poly[0])))
        area += a
        c = add(c, scale(a / 3, add(poly[0], add(poly[k], poly[k + 1]))))
    return scale(1 / area, c), area


def check(deck):
    """Closed, conforming and outward: the MFIE's preconditions."""
    flux, volume, area = (0.0, 0.0, 0.0), 0.0, 0.0
    edges = {}
    key = lambda p: tuple(round(v, 9) for v in p)
    for poly in deck.polygons:
        n = cross(sub(poly[1], poly[0]), sub(poly[2], poly[1]))
        c, a = patch_centre(poly)
        nunit = scale(1 / norm(n), n)
        flux = add(flux, scale(a, nunit))
        volume += dot(c, nunit) * a / 3       # divergence theorem: V = 1/3 of integral of r.n
        area += a
        side = max(norm(sub(poly[k], poly[k - 1])) for k in range(len(poly)))
        assert side <= MAX_SIDE + 1e-9, "patch side %.3f m above lambda/10" % side
        for k in range(len(poly)):
            e = (key(poly[k]), key(poly[(k + 1) % len(poly)]))
            edges[e] = edges.get(e, 0) + 1
    # Conforming and consistently oriented: every directed edge once, its reverse once.
    for (a, b), count in edges.items():
        assert count == 1 and edges.get((b, a)) == 1, "edge %s-%s is not shared properly" % (a, b)
    prism = (X_SCREEN_TOP * (Z_ROOF - Z_BOTTOM)
             + 0.5 * (X_SCREEN_FOOT - X_SCREEN_TOP) * ((Z_ROOF - Z_BOTTOM) + (Z_SCREEN_FOOT - Z_BOTTOM))
             + 0.5 * (X_FRONT - X_SCREEN_FOOT) * ((Z_SCREEN_FOOT - Z_BOTTOM) + (Z_BONNET_FRONT - Z_BOTTOM))
             ) * WIDTH
    assert norm(flux) < 1e-9 * area, "sum of n*A is %s, the surface is not closed" % (flux,)
    assert volume > 0, "signed volume %.3f: normals point inward" % volume
    assert abs(volume - prism) < 1e-9 * prism, "volume %.6f, expected %.6f" % (volume, prism)
    return area, volume


def find_patch(deck, x, y):
    """The patch centre on the upper surface nearest to (x, y), for a wire to stand on."""
    best = None
    for poly in deck.polygons:
        c, a = patch_centre(poly)
        n = cross(sub(poly[1], poly[0]), sub(poly[2], poly[1]))
        if n[2] <= 0 or abs(n[0]) > 0.5 * abs(n[2]):   # roof or bonnet only
            continue
        d = (c[0] - x) ** 2 + (c[1] - y) ** 2
        if best is None or d < best[0]:
            best = (d, c)
    return best[1]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "vehicle.nec"
    deck = build()
    area, volume = check(deck)
    ant1 = find_patch(deck, 1.9, 0.1)     # roof, middle of the cargo body
    ant3 = find_patch(deck, 4.4, -0.4)    # bonnet, driver's side
    lines = [
        "CM CloudMap communication vehicle: a 5 x 2 x 2.3 m van of surface patches",
        "CM (closed surface, outward normals; SM rectangles, SP NS=3 quads, SP NS=2",
        "CM triangles) with two monopoles standing on patch centres.",
        "CM antenna 1 (tag 1): 0.6 m roof monopole, fed at its base segment, 1 V",
        "CM antenna 3 (tag 3): 0.6 m bonnet monopole, 50 ohm resistor at its base",
        "CM Written by Examples/vehicle/make_vehicle.py; run: nec2c -i vehicle.nec -o vehicle.out",
        "CE",
    ]
    lines += deck.cards
    for tag, base in ((1, ant1), (3, ant3)):
        top = add(base, (0.0, 0.0, ANTENNA_LENGTH))
        lines.append("GW %d %d %s %s %.4f" % (tag, ANTENNA_SEGMENTS, Deck.fmt(base), Deck.fmt(top),
                                              ANTENNA_RADIUS))
    lines += [
        "GE 0",
        "LD 4 3 1 1 50 0",
        "FR 0 1 0 0 %.1f 0" % FREQ_MHZ,
        "EX 0 1 1 0 1 0",
        "RP 0 37 73 1000 0 0 5 5",
        "EN",
    ]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%s: %d patches in the deck (NEC splits the 2 under the antennas: %d solved), "
          "area %.3f m^2, volume %.3f m^3" % (path, deck.patches, deck.patches + 6, area, volume))
    print("antenna 1 at (%.4f, %.4f, %.4f), antenna 3 at (%.4f, %.4f, %.4f)" % (ant1 + ant3))


if __name__ == "__main__":
    main()
