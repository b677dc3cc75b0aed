"""Draws the plugin's icons (32x32 RGBA PNG, standard library only):
SurfaceCloudMap.png, a banded blue-to-red cloud on a quad mesh, and
AntennaPattern.png, a banded two-lobe pattern (the toolbar's two actions and
those filters' menu icons), and one small picture per other source or filter
(menu and pipeline-browser icons, see ICONS below). Run: python3 make_icons.py"""
import colorsys
import math
import os
import struct
import zlib

SIZE = 32
BANDS = 8


def band_color(t):
    """The chapter's rainbow: HSV hue 240 degrees (blue) down to 0 (red), in bands."""
    k = min(BANDS - 1, int(t * BANDS))
    r, g, b = colorsys.hsv_to_rgb((240.0 - 240.0 * k / (BANDS - 1)) / 360.0, 1.0, 1.0)
    return int(255 * r), int(255 * g), int(255 * b), 255


def write_png(path, pixel):
    rows = b""
    for y in range(SIZE):
        rows += b"\0" + b"".join(struct.pack("4B", *pixel(x + 0.5, y + 0.5)) for x in range(SIZE))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(rows, 9)))
        f.write(chunk(b"IEND", b""))


def surface(x, y):
    if x < 2 or y < 2 or x > SIZE - 2 or y > SIZE - 2:
        return 0, 0, 0, 0
    if int(x) % 10 == 1 or int(y) % 10 == 1:  # the element edges
        return 40, 40, 40, 255
    u, v = (x - 16) / 14, (y - 16) / 14
    return band_color(min(1.0, math.exp(-2.0 * ((u - 0.3) ** 2 + (v + 0.2) ** 2))))


def pattern(x, y):
    u, v = (x - 16) / 15, (16 - y) / 15
    r, th = math.hypot(u, v), math.atan2(u, v)
    lobe = abs(math.sin(th)) ** 1.5  # a dipole along z: a figure of eight, nulls up and down
    if r > lobe or r < 0.02:
        return 0, 0, 0, 0
    if r > lobe - 0.08:
        return 40, 40, 40, 255
    return band_color(r / max(lobe, 1e-9))


class Canvas:
    """A 32x32 RGBA canvas with the few drawing primitives the icons need."""

    def __init__(self):
        self.px = [[(0, 0, 0, 0)] * SIZE for _ in range(SIZE)]

    def set(self, x, y, c):
        x, y = int(round(x)), int(round(y))
        if 0 <= x < SIZE and 0 <= y < SIZE:
            self.px[y][x] = c if len(c) == 4 else tuple(c) + (255,)

    def dot(self, x, y, c, r=1.0):
        for yy in range(int(y - r) - 1, int(y + r) + 2):
            for xx in range(int(x - r) - 1, int(x + r) + 2):
                if (xx - x) ** 2 + (yy - y) ** 2 <= r * r:
                    self.set(xx, yy, c)

    def line(self, x0, y0, x1, y1, c, w=1.0):
        n = int(max(abs(x1 - x0), abs(y1 - y0)) * 2) + 1
        for k in range(n + 1):
            t = k / n
            self.dot(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, c, w / 2)

    def poly(self, pts, c, w=1.0, closed=False):
        for a, b in zip(pts, pts[1:] + (pts[:1] if closed else [])):
            self.line(a[0], a[1], b[0], b[1], c, w)

    def fill(self, inside, color):
        for y in range(SIZE):
            for x in range(SIZE):
                if inside(x + 0.5, y + 0.5):
                    self.set(x, y, color(x + 0.5, y + 0.5))

    def pixel(self, x, y):
        return self.px[int(y)][int(x)]


DARK = (40, 40, 40)
BLUE, GREEN, RED, ORANGE = (30, 90, 200), (40, 150, 60), (210, 50, 40), (240, 150, 20)
BROWN, GREY, PURPLE = (120, 80, 40), (120, 120, 120), (130, 60, 170)


def refinement(c):
    a, b, d = (3, 28), (29, 28), (16, 4)
    g = ((a[0] + b[0] + d[0]) / 3, (a[1] + b[1] + d[1]) / 3)
    c.fill(lambda x, y: y > 4 + 24 * abs(x - 16) / 13 and y < 28, lambda x, y: (200, 225, 255, 255))
    c.poly([a, b, d], DARK, 1.5, closed=True)
    for p, q in ((a, b), (b, d), (d, a)):
        c.line(g[0], g[1], (p[0] + q[0]) / 2, (p[1] + q[1]) / 2, BLUE, 1.5)


def area_weighted(c):
    pts = [(4, 6), (16, 4), (28, 8), (6, 18), (17, 16), (27, 20), (5, 28), (16, 27), (28, 28)]
    for i, j in ((0, 1), (1, 2), (3, 4), (4, 5), (6, 7), (7, 8), (0, 3), (3, 6), (1, 4), (4, 7), (2, 5), (5, 8)):
        c.line(*pts[i], *pts[j], GREY, 1)
    for k, p in enumerate(pts):
        c.dot(p[0], p[1], band_color(k / 8.0)[:3], 2.2)


def interpolation(c):
    c.fill(lambda x, y: 3 < x < 29 and 3 < y < 29,
           lambda x, y: band_color(min(0.999, (x - 3) / 52 + (29 - y) / 52))[:3])
    c.poly([(3, 3), (29, 3), (29, 29), (3, 29)], DARK, 1.5, closed=True)


def banded(c):
    c.fill(lambda x, y: 4 < x < 28 and 2 < y < 30, lambda x, y: band_color((30 - y) / 28.0)[:3])
    c.poly([(4, 2), (28, 2), (28, 30), (4, 30)], DARK, 1, closed=True)


def far_field(c):
    c.line(6, 8, 6, 26, ORANGE, 2)
    for r in (7, 13, 19):
        pts = [(6 + r * math.cos(t / 10.0), 17 + r * math.sin(t / 10.0)) for t in range(-9, 10)]
        c.poly(pts, BLUE, 1.5)


def analytic(c):
    for th in range(0, 360, 2):
        t = math.radians(th)
        r = 13 * abs(math.sin(t))
        c.dot(16 + r * math.sin(t), 16 - r * math.cos(t), PURPLE, 1.2)
    c.line(16, 4, 16, 28, DARK, 1.5)


def metrics(c):
    for k, h in enumerate((10, 18, 26, 14, 7)):
        c.fill(lambda x, y, k=k, h=h: 3 + 5.5 * k < x < 7.5 + 5.5 * k and 30 - h < y < 30,
               lambda x, y, k=k: band_color(k / 4.0)[:3])
    c.line(2, 30, 30, 30, DARK, 1)


def cuts(c):
    for r in (6, 13):
        c.poly([(16 + r * math.cos(t / 8.0), 16 + r * math.sin(t / 8.0)) for t in range(51)], GREY, 1)
    c.line(16, 2, 16, 30, GREY, 1)
    c.line(2, 16, 30, 16, GREY, 1)
    pts = []
    for th in range(0, 361, 5):
        t = math.radians(th)
        r = 13 * abs(math.cos(t)) ** 2 + 2
        pts.append((16 + r * math.cos(t), 16 + r * math.sin(t) * 0.6))
    c.poly(pts, RED, 1.5)


def polarization(c):
    pts = [(16 + 13 * math.cos(t / 10.0) * math.cos(0.6) - 6 * math.sin(t / 10.0) * math.sin(0.6),
            16 + 13 * math.cos(t / 10.0) * math.sin(0.6) + 6 * math.sin(t / 10.0) * math.cos(0.6))
           for t in range(64)]
    c.poly(pts, GREEN, 2)
    c.line(16, 16, pts[0][0], pts[0][1], DARK, 1.5)
    c.dot(pts[0][0], pts[0][1], RED, 2)


def time_harmonic(c):
    c.line(2, 16, 30, 16, GREY, 1)
    c.poly([(x, 16 - 11 * math.sin(x / 28.0 * 2 * math.pi)) for x in range(2, 31)], BLUE, 2)
    c.poly([(x, 16 - 11 * math.cos(x / 28.0 * 2 * math.pi)) for x in range(2, 31)], ORANGE, 1)


def terrain(c):
    h = [0.5, 0.5]
    import random
    rnd = random.Random(3)
    h = [20.0] * 2
    for level in range(5):
        new = []
        for a, b in zip(h, h[1:]):
            new += [a, (a + b) / 2 + rnd.gauss(0, 7.0 / 2 ** level)]
        h = new + [h[-1]]
    h = [min(28, max(4, v)) for v in h]
    top = lambda x: h[min(len(h) - 1, int(x / SIZE * (len(h) - 1) + 0.5))]
    c.fill(lambda x, y: y > top(x), lambda x, y: (90, 140, 60) if y > 22 else (140, 110, 80) if y > 12 else (235, 235, 245))


def brownian(c):
    import random
    rnd = random.Random(7)
    y, pts = 16.0, []
    for x in range(2, 31):
        y = min(28, max(4, y + rnd.gauss(0, 2.2)))
        pts.append((x, y))
    c.poly(pts, BLUE, 1.5)


def lsystem(c):
    def branch(x, y, ang, length, depth):
        x2, y2 = x + length * math.sin(ang), y - length * math.cos(ang)
        c.line(x, y, x2, y2, BROWN if depth > 1 else GREEN, max(1.0, depth * 0.6))
        if depth > 0:
            for da in (-0.45, 0.0, 0.45):
                branch(x2, y2, ang + da, length * 0.62, depth - 1)
    branch(16, 31, 0.0, 10, 3)


def ifs(c):
    for y in range(SIZE):
        for x in range(SIZE):
            if (x & (31 - y)) == 0:
                c.set(x, y, (60, 130, 60))


def escape_time(c):
    for py in range(SIZE):
        for px_ in range(SIZE):
            z, cc, n = 0j, complex(-2.1 + 2.8 * (px_ + 0.5) / SIZE, -1.4 + 2.8 * (py + 0.5) / SIZE), 0
            while abs(z) <= 2 and n < 40:
                z, n = z * z + cc, n + 1
            c.set(px_, py, (10, 10, 10) if n == 40 else band_color(min(0.999, n / 14.0))[:3])


def control_grid(c):
    for i in range(5):
        for j in range(5):
            c.dot(4 + 6 * i, 4 + 6 * j, band_color((i + j) / 8.0)[:3], 1.3)
    import random
    rnd = random.Random(5)
    for _ in range(6):
        c.dot(rnd.uniform(4, 28), rnd.uniform(4, 28), DARK, 1.0)


def fractal_dimension(c):
    for s in (28, 14, 7):
        for ox in range(2, 30, s):
            for oy in range(2, 30, s):
                c.poly([(ox, oy), (ox + s, oy), (ox + s, oy + s), (ox, oy + s)], GREY, 1, closed=True)
    pts = [(2 + 28 * t / 40.0, 16 + 8 * math.sin(t / 3.0) * math.cos(t / 7.0)) for t in range(41)]
    c.poly(pts, RED, 1.5)


def particles(c):
    import random
    rnd = random.Random(11)
    for k in range(70):
        a = rnd.uniform(-0.5, 0.5)
        r = rnd.uniform(2, 26)
        c.dot(16 + r * math.sin(a), 30 - r * math.cos(a), band_color(min(0.999, 1 - r / 27))[:3], 0.9)


def skeleton(c):
    j = {"head": (16, 5), "neck": (16, 10), "hip": (16, 19), "lh": (9, 15), "rh": (24, 12),
         "lf": (10, 30), "rf": (23, 29), "lk": (12, 24), "rk": (20, 24)}
    for a, b in (("neck", "hip"), ("neck", "lh"), ("neck", "rh"), ("hip", "lk"), ("lk", "lf"),
                 ("hip", "rk"), ("rk", "rf")):
        c.line(*j[a], *j[b], DARK, 2)
    c.dot(*j["head"], DARK, 3.2)
    for k in ("neck", "hip", "lk", "rk"):
        c.dot(*j[k], ORANGE, 1.5)


def ffd(c):
    warp = lambda x, y: (x + 3 * math.sin((y - 4) / 24 * math.pi), y + 2 * math.sin((x - 4) / 24 * math.pi))
    for i in range(4):
        v = 4 + 8 * i
        c.poly([warp(v, 4 + t) for t in range(25)], BLUE, 1)
        c.poly([warp(4 + t, v) for t in range(25)], BLUE, 1)
    for i in range(4):
        for k in range(4):
            c.dot(*warp(4 + 8 * i, 4 + 8 * k), RED, 1.4)


def mesh_morph(c):
    c.poly([(3, 6), (13, 6), (13, 16), (3, 16)], BLUE, 1.5, closed=True)
    c.poly([(24 + 6 * math.cos(t / 5.0), 22 + 6 * math.sin(t / 5.0)) for t in range(32)], RED, 1.5)
    c.line(13, 16, 19, 20, GREY, 1)
    c.poly([(16, 20), (19, 20), (19, 17)], GREY, 1)


def wiggle(c):
    pts = [(x, 16 + 7 * math.sin(x * 0.9) * math.sin(x * 0.23)) for x in range(2, 31)]
    c.poly(pts, PURPLE, 1.5)
    c.dot(pts[-1][0], pts[-1][1], ORANGE, 2.5)


def keyframes(c):
    pts = [(x, 24 - 16 * (0.5 - 0.5 * math.cos(math.pi * (x - 3) / 26))) for x in range(3, 30)]
    c.poly(pts, GREY, 1)
    for x in (3, 16, 29):
        y = 24 - 16 * (0.5 - 0.5 * math.cos(math.pi * (x - 3) / 26))
        c.poly([(x, y - 3.5), (x + 3.5, y), (x, y + 3.5), (x - 3.5, y)], ORANGE, 1.5, closed=True)


def image_morph(c):
    c.fill(lambda x, y: x < 16, lambda x, y: band_color(y / 33.0)[:3])
    c.fill(lambda x, y: x >= 16, lambda x, y: band_color(1 - y / 33.0)[:3])
    c.line(6, 16, 26, 16, (255, 255, 255), 2)
    c.poly([(22, 12), (26, 16), (22, 20)], (255, 255, 255), 2)


def exposure(c):
    # Banded zones around a mast (red near, blue far) and the ratio-1 boundary.
    c.fill(lambda x, y: (x - 16) ** 2 + (y - 16) ** 2 < 14 ** 2,
           lambda x, y: band_color(max(0.0, 1 - math.hypot(x - 16, y - 16) / 14.0))[:3])
    c.poly([(16 + 8 * math.cos(t / 8.0), 16 + 8 * math.sin(t / 8.0)) for t in range(51)], DARK, 1.5)
    c.line(16, 9, 16, 23, (255, 255, 255), 2)


# Icon file (without .png) -> picture; the proxies name the file in their
# ShowInMenu hint as ":/CloudMap/Icons/<name>.png".
ICONS = {
    "CentroidMidpointRefinement": refinement,
    "AreaWeightedPointData": area_weighted,
    "ElementInterpolation": interpolation,
    "BandedColorMap": banded,
    "FarFieldFromCurrents": far_field,
    "AnalyticAntennaPattern": analytic,
    "PatternMetrics": metrics,
    "PatternCuts": cuts,
    "PatternPolarization": polarization,
    "TimeHarmonic": time_harmonic,
    "FractalTerrain": terrain,
    "FractionalBrownianCurve": brownian,
    "LSystem": lsystem,
    "IteratedFunctionSystem": ifs,
    "EscapeTimeFractal": escape_time,
    "ControlGridFromPoints": control_grid,
    "FractalDimension": fractal_dimension,
    "ParticleSystem": particles,
    "Skeleton": skeleton,
    "FreeFormDeformation": ffd,
    "MeshMorph": mesh_morph,
    "Wiggle": wiggle,
    "KeyframeInterpolator": keyframes,
    "ImageMorph": image_morph,
    "ExposureRatio": exposure,
}

here = os.path.dirname(os.path.abspath(__file__))
write_png(os.path.join(here, "SurfaceCloudMap.png"), surface)
write_png(os.path.join(here, "AntennaPattern.png"), pattern)
for name, draw in ICONS.items():
    canvas = Canvas()
    draw(canvas)
    write_png(os.path.join(here, name + ".png"), canvas.pixel)
