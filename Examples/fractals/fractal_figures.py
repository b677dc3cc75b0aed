"""Reproduces the chapter's fractal figures (§9.2) with the CloudMap plugin.

Run with pvbatch (no display needed under xvfb-run):
    pvbatch Examples/fractals/fractal_figures.py --plugin <CloudMap.so> --outdir out/fractals

Writes:
  fbm_curves.png                fBm curves for H = 0.2, 0.5, 0.8 (1-D midpoint displacement)
  terrain_H{02,05,08}.png       MPD surfaces: rougher at low H, smoother at high H
  terrain_peak_cutting.png      the same terrain without and with peak cutting
  terrain_crater.png            a volcano crater by constrained fractal interpolation
                                from scattered points (the chapter's Fig. 9.20)
  koch_iterations.png           Koch curve, levels 0-4
  sierpinski_iterations.png     Sierpinski arrowhead, levels 2, 4, 6, 8
  koch_island_snowflake.png     quadratic Koch island and Koch snowflake
  plants_abop_1_24.png          ABOP Fig. 1.24 a-f
  plant_stochastic_3d.png       a stochastic plant (Fig. 1.27) and the 3-D bush
  ifs_fern_tree.png             Barnsley fern and the IFS branching tree
  mandelbrot.png, julia.png     escape-time sets with smooth colouring
  fractal_dimension.png         log N against log(1/eps) for Koch and Sierpinski
"""
import argparse
import math
import os

from paraview import servermanager, simple

ap = argparse.ArgumentParser()
ap.add_argument("--plugin", required=True)
ap.add_argument("--outdir", default="out/fractals")
args = ap.parse_args()
os.makedirs(args.outdir, exist_ok=True)
simple.LoadPlugin(args.plugin)


def out(name):
    return os.path.join(args.outdir, name)


def view2d(size=(900, 600)):
    v = simple.CreateRenderView()
    v.ViewSize = list(size)
    v.OrientationAxesVisibility = 0
    v.Background = [1, 1, 1]
    try:
        v.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    v.InteractionMode = "2D"
    return v


def solid(rep, rgb, width=1.5):
    rep.ColorArrayName = ['POINTS', '']
    rep.AmbientColor = rep.DiffuseColor = list(rgb)
    rep.LineWidth = width


# Every figure's title (shown at the top of the image).
TITLES = {
    "fbm_curves.png": "Fractional Brownian curves by midpoint displacement, H = 0.2, 0.5, 0.8",
    "terrain_H02.png": "Fractal terrain by random midpoint displacement, H = 0.2 (D = 2.8)",
    "terrain_H05.png": "Fractal terrain by random midpoint displacement, H = 0.5 (D = 2.5)",
    "terrain_H08.png": "Fractal terrain by random midpoint displacement, H = 0.8 (D = 2.2)",
    "terrain_peak_cutting.png": "The same terrain without (left) and with (right) peak cutting",
    "terrain_crater.png": "A volcano crater: fractal terrain through scattered survey heights",
    "koch_iterations.png": "Koch curve, iterations 0 to 4",
    "sierpinski_iterations.png": "Sierpinski arrowhead curve, iterations 2, 4, 6 and 8",
    "koch_island_snowflake.png": "Quadratic Koch island and Koch snowflake",
    "plants_abop_1_24.png": "L-system plants (ABOP Fig. 1.24 a-f)",
    "plant_stochastic_3d.png": "A stochastic L-system plant (ABOP Fig. 1.27) and a 3-D bush (Fig. 1.25)",
    "ifs_fern_tree.png": "Iterated function systems: Barnsley fern and a branching tree",
    "mandelbrot.png": "Mandelbrot set, smooth escape-time colouring",
    "julia.png": "Julia set, c = -0.8 + 0.156i",
}


def screenshot(view, name, size):
    """Saves `view` to out(name) at `size` with the figure's title on top."""
    text = simple.Text(Text=TITLES[name])
    t = simple.Show(text, view)
    t.WindowLocation = "Upper Center"
    t.FontSize = 16
    try:
        palette = view.UseColorPaletteForBackground
    except AttributeError:
        palette = 0
    dark = palette or sum(view.Background) < 1.5  # ParaView's default background is dark
    t.Color = [0.95, 0.95, 0.95] if dark else [0.1, 0.1, 0.1]
    simple.Render(view)
    simple.SaveScreenshot(out(name), view, ImageResolution=list(size))


def save(view, name, size, frame=None):
    """frame = (xmin, xmax, ymin, ymax) fits that box exactly; else reset the camera."""
    simple.ResetCamera(view)
    if frame:
        cx, cy = 0.5 * (frame[0] + frame[1]), 0.5 * (frame[2] + frame[3])
        view.CameraFocalPoint = [cx, cy, 0]
        view.CameraPosition = [cx, cy, 10]
        view.CameraViewUp = [0, 1, 0]
        view.CameraParallelScale = 0.62 * max(frame[3] - frame[2],  # room for the title
                                              (frame[1] - frame[0]) * size[1] / size[0])
    screenshot(view, name, size)
    simple.Delete(view)
    print("wrote", out(name))


# ---- fBm curves for several H (stacked)
v = view2d((1000, 600))
for k, (H, rgb) in enumerate(((0.2, (0.8, 0.1, 0.1)), (0.5, (0.1, 0.5, 0.1)), (0.8, (0.1, 0.2, 0.8)))):
    c = simple.FractionalBrownianCurve(NumberOfLevels=10, HurstExponent=H, Sigma=0.1, Seed=7)
    tr = simple.Transform(Input=c)
    tr.Transform.Translate = [0, -0.4 * k, 0]
    solid(simple.Show(tr, v), rgb, 1.2)
    txt = simple.Text(Text="H = %.1f" % H)
    tr2 = simple.Show(txt, v)
    tr2.Color = list(rgb)
    tr2.WindowLocation = "Any Location"
    tr2.Position = [0.02, 0.85 - 0.33 * k]
save(v, "fbm_curves.png", (1000, 600), frame=(-0.05, 1.02, -1.05, 0.25))


# ---- MPD surfaces for H = 0.2, 0.5, 0.8
def terrain_view(src, name, color_range=None):
    v = simple.CreateRenderView()
    v.ViewSize = [900, 650]
    v.OrientationAxesVisibility = 0
    r = simple.Show(src, v)
    r.Representation = "Surface"
    simple.ColorBy(r, ("POINTS", "Elevation"))
    r.LookupTable.ApplyPreset("Blue Orange (divergent)", True)
    if color_range:
        r.LookupTable.RescaleTransferFunction(*color_range)
    v.CameraPosition = [0.5, -1.1, 1.2]
    v.CameraFocalPoint = [0.5, 0.45, 0.0]
    v.CameraViewUp = [0, 0, 1]
    screenshot(v, name, (900, 650))
    simple.Delete(v)
    print("wrote", out(name))


for H in (0.2, 0.5, 0.8):
    t = simple.FractalTerrain(ControlGrid=None, NumberOfLevels=8, HurstExponent=H, Sigma=0.1, Seed=21)
    terrain_view(t, "terrain_H%02d.png" % int(round(H * 10)))

# ---- peak cutting: left without, right with (the same seed)
v = simple.CreateRenderView()
v.ViewSize = [1200, 600]
v.OrientationAxesVisibility = 0
for k, cut in enumerate((0, 1)):
    t = simple.FractalTerrain(ControlGrid=None, NumberOfLevels=6, HurstExponent=0.5, Sigma=0.12,
                              Seed=5, PeakCutting=cut, PeakCuttingStrength=1.0,
                              PeakCuttingIterations=6)
    tr = simple.Transform(Input=t)
    tr.Transform.Translate = [1.2 * k, 0, 0]
    r = simple.Show(tr, v)
    r.Representation = "Surface"
    simple.ColorBy(r, ("POINTS", "Elevation"))
    r.LookupTable.ApplyPreset("Blue Orange (divergent)", True)
v.CameraPosition = [1.1, -1.6, 1.5]
v.CameraFocalPoint = [1.1, 0.5, 0.0]
v.CameraViewUp = [0, 0, 1]
simple.Render(v)
screenshot(v, "terrain_peak_cutting.png", (1200, 600))
simple.Delete(v)
print("wrote", out("terrain_peak_cutting.png"))


# ---- volcano crater: scattered survey points -> IDW control grid -> constrained MPD
def crater(x, y):
    r = math.hypot(x - 0.5, y - 0.5)
    return 0.45 * math.exp(-((r - 0.2) / 0.13) ** 2) - 0.2 * math.exp(-(r / 0.1) ** 2) + 0.02


from vtkmodules.vtkCommonCore import vtkPoints
from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData
from vtkmodules.vtkIOXML import vtkXMLPolyDataWriter
pts, verts = vtkPoints(), vtkCellArray()
s = 12345
for k in range(600):
    s = (s * 6364136223846793005 + 1442695040888963407) % 2 ** 64
    x = (s >> 11) / 2.0 ** 53
    s = (s * 6364136223846793005 + 1442695040888963407) % 2 ** 64
    y = (s >> 11) / 2.0 ** 53
    pts.InsertNextPoint(x, y, crater(x, y))
    verts.InsertNextCell(1)
    verts.InsertCellPoint(k)
for x, y in ((0, 0), (1, 0), (1, 1), (0, 1)):  # pin the bounds to the unit square
    verts.InsertNextCell(1)
    verts.InsertCellPoint(pts.InsertNextPoint(x, y, crater(x, y)))
pd = vtkPolyData()
pd.SetPoints(pts)
pd.SetVerts(verts)
w = vtkXMLPolyDataWriter()
w.SetFileName(out("crater_points.vtp"))
w.SetInputData(pd)
w.SetDataModeToAscii()
w.Write()
survey = simple.OpenDataFile(out("crater_points.vtp"))
grid = simple.ControlGridFromPoints(Input=survey, GridLevel=4, Power=2.0)
ct = simple.FractalTerrain(ControlGrid=grid, NumberOfLevels=8, HurstExponent=0.6, Sigma=0.04,
                           Seed=3, PeakCutting=1, PeakCuttingIterations=2)
v = simple.CreateRenderView()
v.ViewSize = [900, 650]
v.OrientationAxesVisibility = 0
r = simple.Show(ct, v)
r.Representation = "Surface"
simple.ColorBy(r, ("POINTS", "Elevation"))
r.LookupTable.ApplyPreset("Blue Orange (divergent)", True)
pr = simple.Show(survey, v)
pr.ColorArrayName = ['POINTS', '']
pr.AmbientColor = pr.DiffuseColor = [0, 0, 0]
pr.PointSize = 3
pr.Representation = "Points"
v.CameraPosition = [0.5, -0.8, 1.1]
v.CameraFocalPoint = [0.5, 0.5, 0.05]
v.CameraViewUp = [0, 0, 1]
simple.Render(v)
screenshot(v, "terrain_crater.png", (900, 650))
simple.Delete(v)
print("wrote", out("terrain_crater.png"))


# ---- L-systems
def row_of(sources, name, size, gap=1.25, rgb=(0.1, 0.1, 0.1), color_depth=False):
    v = view2d(size)
    x, top = 0.0, 0.0
    for src in sources:
        src.UpdatePipeline()
        b = src.GetDataInformation().GetBounds()
        sc = 1.0 / max(b[1] - b[0], b[3] - b[2], 1e-12)
        tr = simple.Transform(Input=src)
        tr.Transform.Scale = [sc, sc, sc]
        tr.Transform.Translate = [x - b[0] * sc, -b[2] * sc, 0]
        r = simple.Show(tr, v)
        if color_depth:
            simple.ColorBy(r, ("POINTS", "Depth"))
            r.LookupTable.ApplyPreset("Greens", True)
            r.LookupTable.InvertTransferFunction()
            r.LineWidth = 1.2
        else:
            solid(r, rgb, 1.2)
        top = max(top, (b[3] - b[2]) * sc)
        x += gap * (b[1] - b[0]) * sc + 0.1
    save(v, name, size, frame=(0, x - 0.1 - (gap - 1) * 0.5, 0, top))


row_of([simple.LSystem(Preset=1, NumberOfIterations=n) for n in range(5)], "koch_iterations.png",
       (1500, 320), rgb=(0.1, 0.2, 0.7))
row_of([simple.LSystem(Preset=4, NumberOfIterations=n) for n in (2, 4, 6, 8)],
       "sierpinski_iterations.png", (1400, 380), rgb=(0.6, 0.1, 0.1))
row_of([simple.LSystem(Preset=3, NumberOfIterations=3), simple.LSystem(Preset=2, NumberOfIterations=4)],
       "koch_island_snowflake.png", (1000, 500), rgb=(0.1, 0.3, 0.5))
row_of([simple.LSystem(Preset=p) for p in range(6, 12)], "plants_abop_1_24.png", (1600, 500),
       gap=1.1, color_depth=True)
bush = simple.LSystem(Preset=13, StepLength=1.0, WidthDecay=0.75, InitialWidth=0.6)
v = simple.CreateRenderView()
v.ViewSize = [1200, 600]
v.OrientationAxesVisibility = 0
st = simple.LSystem(Preset=12, NumberOfIterations=5, Seed=4)
st.UpdatePipeline()
r = simple.Show(st, v)
simple.ColorBy(r, ("POINTS", "Depth"))
r.LookupTable.ApplyPreset("Greens", True)
r.LookupTable.InvertTransferFunction()
tube = simple.Tube(Input=bush)
tube.Scalars = ["POINTS", "Width"]
tube.VaryRadius = "By Absolute Scalar"
tube.Radius = 0.1
tube.NumberofSides = 8
tb = simple.Transform(Input=tube)
b = st.GetDataInformation().GetBounds()
tb.Transform.Translate = [b[1] + 40, 0, 0]
tb.Transform.Scale = [3, 3, 3]
r2 = simple.Show(tb, v)
simple.ColorBy(r2, ("POINTS", "ColorIndex"))
r2.LookupTable.ApplyPreset("Rainbow Uniform", True)
save(v, "plant_stochastic_3d.png", (1200, 600))

# ---- IFS fern and tree
v = view2d((1000, 700))
fern = simple.IteratedFunctionSystem(Preset=1, NumberOfPoints=400000)
fr = simple.Show(fern, v)
solid(fr, (0.1, 0.5, 0.15))
tree = simple.IteratedFunctionSystem(Preset=3, NumberOfPoints=300000)
tt = simple.Transform(Input=tree)
tt.Transform.Scale = [14, 14, 1]
tt.Transform.Translate = [6, 0, 0]
trr = simple.Show(tt, v)
simple.ColorBy(trr, ("POINTS", "MapIndex"))
trr.LookupTable.ApplyPreset("Set1", True) if False else None
save(v, "ifs_fern_tree.png", (1000, 700))


# ---- Mandelbrot and Julia (smooth counts)
def escape(name, **kw):
    v = view2d((900, 675))
    e = simple.EscapeTimeFractal(Dimensions=[900, 675], MaximumNumberOfIterations=500,
                                 EscapeRadius=1000, **kw)
    r = simple.Show(e, v)
    r.Representation = "Slice"
    simple.ColorBy(r, ("POINTS", "SmoothIterations"))
    # ParaView 6.1 renamed "Inferno (matplotlib)" to "Inferno": use what exists.
    presets = servermanager.vtkSMTransferFunctionPresets.GetInstance()
    r.LookupTable.ApplyPreset(next(n for n in ("Inferno (matplotlib)", "Inferno")
                                   if presets.HasPreset(n)), True)
    r.LookupTable.RescaleTransferFunction(1, 80)
    save(v, name, (900, 675))


escape("mandelbrot.png", Center=[-0.6, 0], Width=3.2)
escape("julia.png", Mode=1, JuliaConstant=[-0.8, 0.156], Center=[0, 0], Width=3.2)

# ---- fractal dimension plots (Fractal Dimension's default settings: box sizes from the data)
from paraview import servermanager as sm
lv = simple.CreateView("XYChartView")
lv.ViewSize = [900, 600]
lv.LeftAxisTitle = "log N (boxes hit)"
lv.BottomAxisTitle = "log(1/eps) (eps: box size in the data's units)"
results = []
colours = (("0.75", "0.1", "0.1"), ("0.1", "0.3", "0.8"))  # one colour per set
for src, label in ((simple.LSystem(Preset="Koch curve", NumberOfIterations=7), "Koch curve"),
                   (simple.IteratedFunctionSystem(Preset="Sierpinski gasket", NumberOfPoints=1000000),
                    "Sierpinski gasket")):
    fd = simple.FractalDimension(Input=src)
    fd.UpdatePipeline()
    tab = sm.Fetch(fd)
    dim = tab.GetFieldData().GetArray("BoxCountingDimension").GetValue(0)
    sim = tab.GetFieldData().GetArray("SimilarityDimension").GetValue(0)
    print("%s: box-counting dimension %.4f, similarity dimension %.4f" % (label, dim, sim))
    results.append((label, dim, sim))
    d = simple.Show(fd, lv)
    d.UseIndexForXAxis = 0
    d.XArrayName = "LogInverseBoxSize"
    d.SeriesVisibility = ["LogBoxCount", "FittedLogBoxCount"]
    c = colours[len(results) - 1]
    d.SeriesColor = ["LogBoxCount", *c, "FittedLogBoxCount", *c]
    d.SeriesLineStyle = ["LogBoxCount", "1", "FittedLogBoxCount", "2"]  # counts solid, fit dashed
    d.SeriesLabel = ["LogBoxCount", "%s: counts" % label,
                     "FittedLogBoxCount", "%s: fit, slope D = %.3f (log N/log(1/S) = %.3f)" % (label, dim, sim)]
lv.ChartTitle = "Box-counting dimension: " + ", ".join("%s %.3f (%.3f)" % r for r in results)
lv.LegendLocation = "TopLeft"
simple.Render(lv)
simple.SaveScreenshot(out("fractal_dimension.png"), lv, ImageResolution=[900, 600])
print("wrote", out("fractal_dimension.png"))
