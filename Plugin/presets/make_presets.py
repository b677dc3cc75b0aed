#!/usr/bin/env python3
"""Writes CloudMapPresets.json: ParaView colour presets whose colours equal the
Banded Color Map filter's band colours, as step functions, so that a lookup
table with Discretize on and NumberOfTableValues = N reproduces the bands
exactly. Band annotations depend on the data range, so the scripts and the
GUI add them from the Band Table output (see Examples/cloudmap_vehicle.py).
(Plugin/Testing/Python/test_presets.py checks the colours against the filter.)"""
import colorsys
import json
import os


def rainbow(t):
    # Hue 240 degrees (blue) down to 0 (red), full saturation and value.
    return colorsys.hsv_to_rgb((240.0 * (1.0 - t)) / 360.0, 1.0, 1.0)


def table(points):
    def f(t):
        for (t0, c0), (t1, c1) in zip(points, points[1:]):
            if t <= t1:
                a = (t - t0) / (t1 - t0)
                return tuple(x + a * (y - x) for x, y in zip(c0, c1))
        return points[-1][1]
    return f


viridis = table([(0.00, (0.267, 0.005, 0.329)), (0.25, (0.229, 0.322, 0.546)),
                 (0.50, (0.128, 0.567, 0.551)), (0.75, (0.369, 0.789, 0.383)),
                 (1.00, (0.993, 0.906, 0.144))])


def banded(name, fn, n):
    pts = []
    eps = 1e-9
    for k in range(n):
        c = [round(255 * x) / 255.0 for x in fn(k / (n - 1) if n > 1 else 0.0)]
        pts += [k / n, *c, (k + 1) / n - eps if k + 1 < n else 1.0, *c]
    preset = {"Name": name, "ColorSpace": "RGB", "NanColor": [0.5, 0.5, 0.5],
              "RGBPoints": pts, "Discretize": 1, "NumberOfTableValues": n}
    return preset


presets = [
    banded("CloudMap 24 Bands (Blue to Red)", rainbow, 24),
    banded("CloudMap 48 Bands (Blue to Red)", rainbow, 48),
    banded("CloudMap 24 Bands (Viridis)", viridis, 24),
]
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "CloudMapPresets.json")
with open(out, "w") as f:
    json.dump(presets, f, indent=1)
print("wrote", out)
