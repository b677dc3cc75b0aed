"""The fractal sources and filters in pvpython, against independent oracles
(ORACLES.md), plus image baselines of a terrain, a plant, the fern and the
Mandelbrot set. Run as `pvpython test_fractals.py <plugin> <scratch dir>`."""
import builtins
import math
import os
import sys

import cloudmap_testlib as lib
import fractal_testdata as data

plugin, tmp = sys.argv[1:3]
baselines = lib.BASELINES
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm
from vtkmodules.vtkCommonCore import vtkLogger
vtkLogger.SetStderrVerbosity(vtkLogger.VERBOSITY_OFF)  # expected errors below stay quiet


def fetch(proxy):
    proxy.UpdatePipeline()
    return sm.Fetch(proxy)


def field(d, name):
    a = d.GetFieldData().GetArray(name)
    return a.GetValue(0) if a else None


# ---------------------------------------------------------------- terrain
t = simple.FractalTerrain(ControlGrid=None, NumberOfLevels=7, HurstExponent=0.7, Sigma=0.2, Seed=3,
                          Corner1=[0, 0, 0.1], Corner2=[2, 0, -0.2], Corner3=[2, 2, 0.3],
                          Corner4=[0, 2, 0.0])
d = fetch(t)
if d.GetNumberOfPoints() != 129 * 129 or tuple(d.GetExtent()) != (0, 128, 0, 128, 0, 0):
    lib.fail("terrain: %d points, extent %s" % (d.GetNumberOfPoints(), d.GetExtent()))
for name in ("Elevation", "Normals"):
    if not d.GetPointData().GetArray(name):
        lib.fail("terrain: no %s array" % name)
corners = [d.GetPoint(0), d.GetPoint(128), d.GetPoint(129 * 129 - 1), d.GetPoint(129 * 128)]
want = [(0, 0, 0.1), (2, 0, -0.2), (2, 2, 0.3), (0, 2, 0.0)]
if any(abs(a - b) > 1e-12 for c, w in zip(corners, want) for a, b in zip(c, w)):
    lib.fail("terrain corners %s, expected %s" % (corners, want))
n = d.GetPointData().GetArray("Normals").GetTuple3(129 * 64 + 64)
if n[2] <= 0 or abs(math.sqrt(sum(x * x for x in n)) - 1) > 1e-5:
    lib.fail("terrain normal %s is not a unit upward vector" % (n,))
elev = [d.GetPointData().GetArray("Elevation").GetValue(k) for k in range(d.GetNumberOfPoints())]
t.Seed = 4
e2 = fetch(t).GetPointData().GetArray("Elevation")
if all(e2.GetValue(k) == elev[k] for k in range(len(elev))):
    lib.fail("terrain: a different seed gave the same surface")
t.Seed = 3
e3 = fetch(t).GetPointData().GetArray("Elevation")
if any(e3.GetValue(k) != elev[k] for k in range(len(elev))):
    lib.fail("terrain: the same seed gave a different surface")
print("terrain: 129 x 129, corners exact, deterministic per seed")

# Constrained by a control grid from scattered points (crater).
pts = os.path.join(tmp, "fractal_crater_points.vtp")
data.write_points_vtp(pts, data.crater_points(m=9, extra=300))
reader = simple.OpenDataFile(pts)
grid = simple.ControlGridFromPoints(Input=reader, GridLevel=3, Power=2.0)
g = fetch(grid)
if tuple(g.GetExtent()) != (0, 8, 0, 8, 0, 0):
    lib.fail("control grid extent %s" % (g.GetExtent(),))
gh = g.GetPointData().GetArray("Elevation")
for j in range(9):
    for i in range(9):
        h = data.crater_height(i / 8, j / 8)  # a lattice node is an input point: IDW is exact
        if abs(gh.GetValue(j * 9 + i) - h) > 1e-12:
            lib.fail("control grid (%d,%d) = %r, expected %r" % (i, j, gh.GetValue(j * 9 + i), h))
ct = simple.FractalTerrain(ControlGrid=grid, NumberOfLevels=7, HurstExponent=0.5, Sigma=0.05,
                           Seed=1, PeakCutting=1, PeakCuttingIterations=3, PeakCuttingStrength=0.7)
c = fetch(ct)
ce = c.GetPointData().GetArray("Elevation")
for j in range(9):
    for i in range(9):
        k = (16 * j) * 129 + 16 * i
        if ce.GetValue(k) != gh.GetValue(j * 9 + i):
            lib.fail("constrained terrain misses control height (%d,%d)" % (i, j))
print("constrained terrain passes exactly through the 9 x 9 control heights (peak cutting on)")

# Refusals: a 10 x 10 control grid, and a grid over the point limit.
bad = simple.ControlGridFromPoints(Input=reader, GridLevel=3)
pl = simple.Plane(XResolution=9, YResolution=9)
bt = simple.FractalTerrain(ControlGrid=pl, NumberOfLevels=6)
if fetch(bt).GetNumberOfPoints() != 0:
    lib.fail("a 10 x 10 control grid was accepted")
big = simple.FractalTerrain(ControlGrid=None, NumberOfLevels=12, MaximumNumberOfPoints=1000000)
if fetch(big).GetNumberOfPoints() != 0:
    lib.fail("a terrain over MaximumNumberOfPoints was produced")
print("bad control grid and oversized terrain refused")

# ---------------------------------------------------------------- L-systems
koch = simple.LSystem(Preset=1, NumberOfIterations=4)
k = fetch(koch)
segs = k.GetNumberOfPoints() - k.GetNumberOfCells()
if segs != 4 ** 4:
    lib.fail("Koch level 4 has %d segments, expected 256" % segs)
end = k.GetPoint(k.GetNumberOfPoints() - 1)
if abs(end[0] - 81) > 1e-9 or abs(end[1]) > 1e-9:
    lib.fail("Koch level 4 ends at %s, expected (81, 0)" % (end,))
a = fetch(simple.LSystem(Preset=6, NumberOfIterations=5))
if field(a, "SymbolCount") != 7811:
    lib.fail("ABOP 1.24a n=5 has %s symbols, expected 7811" % field(a, "SymbolCount"))
island = fetch(simple.LSystem(Preset=3, NumberOfIterations=3))
if island.GetNumberOfPoints() - island.GetNumberOfCells() != 2048:
    lib.fail("quadratic Koch island n=3 does not draw 2048 segments")
for name in ("Width", "Depth", "ColorIndex"):
    if not a.GetPointData().GetArray(name):
        lib.fail("L-system output has no %s" % name)
badrule = simple.LSystem(Preset=0, Axiom="F", Rules="F -> F[+F")
if fetch(badrule).GetNumberOfPoints() != 0:
    lib.fail("an unbalanced rule produced output")
boom = simple.LSystem(Preset=6, NumberOfIterations=14)
if fetch(boom).GetNumberOfPoints() != 0:
    lib.fail("a derivation of ~1.5e10 symbols was not refused")
print("L-systems: Koch 256 segments ending at (81, 0); 1.24a 7811 symbols; island 2048; errors refused")

# Fractal dimension of the Koch curve (level 7) against log 4 / log 3.
kd = simple.FractalDimension(Input=simple.LSystem(Preset=1, NumberOfIterations=7),
                             MinimumLevel=6, MaximumLevel=11, StepsPerOctave=4)
tab = fetch(kd)
dim, sim = field(tab, "BoxCountingDimension"), field(tab, "SimilarityDimension")
print("Koch box-counting dimension %.4f, similarity dimension %.4f" % (dim, sim))
if abs(sim - math.log(4) / math.log(3)) > 1e-12 or abs(dim - 1.2619) > 0.03:
    lib.fail("Koch dimension %.4f (similarity %.4f), expected 1.26 +- 0.03" % (dim, sim))
if tab.GetNumberOfRows() != 21 or not tab.GetColumnByName("LogBoxCount"):
    lib.fail("dimension table has %d rows" % tab.GetNumberOfRows())

# Default settings (box sizes from the data) against the analytic dimensions:
# Koch curve of 6 iterations log 4/log 3, the Sierpinski gasket (IFS preset,
# its default 200000 points) log 3/log 2, a straight polyline 1, a filled
# square of points 2; each within 0.02. The table plots the fit: its fitted
# column is Slope * LogInverseBoxSize + Intercept.
checks = [
    ("Koch curve, 6 iterations", simple.LSystem(Preset="Koch curve", NumberOfIterations=6),
     math.log(4) / math.log(3)),
    ("Sierpinski gasket", simple.IteratedFunctionSystem(Preset="Sierpinski gasket"),
     math.log(3) / math.log(2)),
    ("straight line", simple.Line(Point1=[0, 0, 0], Point2=[1, 0.37, 0], Resolution=50), 1.0),
    ("filled square", None, 2.0),  # below
]
# 512 x 512 points filling the unit square, as a point set (no cells). Not a
# Programmable Source: on 5.13 its script's imports land in this module (numpy's
# round, numpy.lib over cloudmap_testlib's `lib`).
plane = simple.Plane(Origin=[0, 0, 0], Point1=[1, 0, 0], Point2=[0, 1, 0], XResolution=511, YResolution=511)
square = simple.MaskPoints(Input=plane, OnRatio=1, MaximumNumberofPoints=10**7, GenerateVertices=0,
                           RandomSampling=0)
checks[3] = ("filled square", square, 2.0)
for name, src, expected in checks:
    fd = simple.FractalDimension(Input=src)
    tab = fetch(fd)
    dim = field(tab, "BoxCountingDimension")
    x, y, f = (tab.GetColumnByName(c) for c in ("LogInverseBoxSize", "LogBoxCount", "FittedLogBoxCount"))
    rows = tab.GetNumberOfRows()
    print("default settings: %s %.4f (analytic %.4f), %d box sizes" % (name, dim, expected, rows))
    if abs(dim - expected) > 0.02:
        lib.fail("%s: box-counting dimension %.4f with the default settings, expected %.4f +- 0.02"
                 % (name, dim, expected))
    # builtins: explicit, whatever a script run by paraview.simple left in this module.
    worst = builtins.max([builtins.abs(f.GetValue(k) - (dim * x.GetValue(k) + field(tab, "Intercept")))
                          for k in range(rows)] + [0.0])
    if rows < 8 or worst > 1e-9 or y is None:
        lib.fail("%s: the table does not hold the fit (%d rows, worst %.3g)" % (name, rows, worst))

# A binary image: a view wholly inside the Mandelbrot set is a filled square (D = 2).
inside = simple.EscapeTimeFractal(Dimensions=[257, 257], Center=[-0.1, 0], Width=0.3,
                                  MaximumNumberOfIterations=100, ComputeSmoothIterations=0,
                                  ComputeDistanceEstimate=0)
sq = fetch(simple.FractalDimension(Input=inside, MinimumLevel=1, MaximumLevel=6, StepsPerOctave=1,
                                   Threshold=99.5))
print("filled image: box-counting dimension %.4f" % field(sq, "BoxCountingDimension"))
if abs(field(sq, "BoxCountingDimension") - 2.0) > 0.02:
    lib.fail("a filled binary image has dimension %.4f, expected 2" % field(sq, "BoxCountingDimension"))

# ---------------------------------------------------------------- IFS
fern = simple.IteratedFunctionSystem(Preset=1, NumberOfPoints=300000, Seed=2)
f = fetch(fern)
b = f.GetBounds()
print("fern bounds x [%.4f, %.4f], y [%.4f, %.4f]" % b[:4])
if not (-2.1820 < b[0] < -2.0 and 2.5 < b[1] < 2.6558 and 0 <= b[2] < 0.1 and 9.8 < b[3] < 9.9983):
    lib.fail("fern bounds %s outside the known attractor box" % (b,))
idx = f.GetPointData().GetArray("MapIndex")
counts = [0, 0, 0, 0]
for i in range(f.GetNumberOfPoints()):
    counts[idx.GetValue(i)] += 1
for m, p in enumerate((0.01, 0.85, 0.07, 0.07)):
    N = f.GetNumberOfPoints()
    if abs(counts[m] - N * p) > 3 * math.sqrt(N * p * (1 - p)):
        lib.fail("fern map %d used %d times, expected %.0f" % (m + 1, counts[m], N * p))
badifs = simple.IteratedFunctionSystem(Preset=0, Maps="0.5 0 0 0.5 0 0 0.5\n0.5 0 0 0.5 1 0 0.4")
if fetch(badifs).GetNumberOfPoints() != 0:
    lib.fail("probabilities summing to 0.9 were accepted")
print("fern within its bounds, map frequencies within 3 sigma; bad probabilities refused")

# ---------------------------------------------------------------- escape time
mb = simple.EscapeTimeFractal(Dimensions=[301, 201], Center=[-0.5, 0], Width=3.0,
                              MaximumNumberOfIterations=200, EscapeRadius=2)
im = fetch(mb)
it = im.GetPointData().GetArray("Iterations")


def at(cx, cy):
    o, s = im.GetOrigin(), im.GetSpacing()
    i, j = int(builtins.round((cx - o[0]) / s[0])), int(builtins.round((cy - o[1]) / s[1]))
    return it.GetValue(j * 301 + i)


if at(0, 0) != 200 or at(-1, 0) != 200 or at(-0.1, 0.1) != 200:
    lib.fail("points of the Mandelbrot set escaped")
if at(1, 0) != 3 or at(0.5, 0.5) >= 200:
    lib.fail("c = 1 escaped after %d iterations, expected 3" % at(1, 0))
print("Mandelbrot: 0, -1, -0.1+0.1i inside; c = 1 escapes at 3")

# ---------------------------------------------------------------- images
ok = True


def snap(name, setup):
    global ok
    view = lib.render_view([480, 360])
    setup(view)
    simple.Render(view)
    png = os.path.join(tmp, name + ".png")
    simple.SaveScreenshot(png, view, ImageResolution=[480, 360])
    good, err = lib.compare_image(png, os.path.join(baselines, name + ".png"))
    ok = ok and good
    simple.Delete(view)


def terrain_view(view):
    src = simple.FractalTerrain(ControlGrid=None, NumberOfLevels=7, HurstExponent=0.8, Sigma=0.25, Seed=5,
                                PeakCutting=1)
    r = simple.Show(src, view)
    r.Representation = "Surface"
    simple.ColorBy(r, ("POINTS", "Elevation"))
    r.LookupTable.ApplyPreset("Blue Orange (divergent)", True)
    view.CameraPosition = [0.5, -1.2, 1.3]
    view.CameraFocalPoint = [0.5, 0.5, 0.0]
    view.CameraViewUp = [0, 0, 1]
    simple.ResetCamera(view)


def plant_view(view):
    src = simple.LSystem(Preset=6, NumberOfIterations=4)
    r = simple.Show(src, view)
    simple.ColorBy(r, ("POINTS", "Depth"))
    r.LineWidth = 1.5
    view.InteractionMode = "2D"
    simple.ResetCamera(view)


def fern_view(view):
    src = simple.IteratedFunctionSystem(Preset=1, NumberOfPoints=200000)
    r = simple.Show(src, view)
    r.ColorArrayName = ['POINTS', '']
    r.AmbientColor = r.DiffuseColor = [0.1, 0.5, 0.1]
    r.PointSize = 1
    view.InteractionMode = "2D"
    simple.ResetCamera(view)


def mandel_view(view):
    src = simple.EscapeTimeFractal(Dimensions=[480, 360], Center=[-0.6, 0], Width=3.2,
                                   MaximumNumberOfIterations=200, EscapeRadius=1000)
    r = simple.Show(src, view)
    r.Representation = "Slice"
    simple.ColorBy(r, ("POINTS", "SmoothIterations"))
    lib.apply_preset(r.LookupTable, "Inferno (matplotlib)", "Inferno")
    r.LookupTable.RescaleTransferFunction(1, 60)
    view.InteractionMode = "2D"
    simple.ResetCamera(view)


snap("fractal_terrain", terrain_view)
snap("fractal_lsystem", plant_view)
snap("fractal_fern", fern_view)
snap("fractal_mandelbrot", mandel_view)
if not ok:
    lib.fail("an image differs from its baseline")
print("fractal sources: OK")
