"""Draws the toolbar icons (32x32 RGBA PNG, standard library only):
SurfaceCloudMap.png, a banded blue-to-red cloud on a quad mesh, and
AntennaPattern.png, a banded two-lobe pattern. Run: python3 make_icons.py"""
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


here = os.path.dirname(os.path.abspath(__file__))
write_png(os.path.join(here, "SurfaceCloudMap.png"), surface)
write_png(os.path.join(here, "AntennaPattern.png"), pattern)
