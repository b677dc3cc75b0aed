"""Batch pictures: every frequency of a sweep and every current file in a
folder, as PNGs with a legend and a title giving the frequency (and the file
name), an index.html page of thumbnails, an index.json manifest, and
side-by-side strips.

Run with pvbatch (under an X server, e.g. Testing/xvfb-run-private.sh):

  pvbatch Examples/batch/render_batch.py --outdir out/batch \\
      [--sweep sweep.out ...]          # NEC FR sweep (or any far-field file with time steps)
      [--currents DIR ...]             # every .cmom / .out in DIR: a surface-current cloud map
      [--animate currents.out]         # Time Harmonic phases of that file's currents
      [--phases 8] [--sweep-strip PATH] [--animation-strip PATH]

Sweeps are drawn with Antenna Pattern Surface on one global scale (Reference
Mode Global, Decibels, 30 dB floor): 0 dB is the largest gain over the whole
sweep, every frame uses the same radius mapping, colour bands, legend and
camera, and the 0, -3, -10 and -20 dB circles of the pattern grid (xz and yz
planes) are drawn in grey with their labels. Current files are Surface Cloud
Maps of |J| (24 bands, legend in A/m). The animation bands every phase on
Time Harmonic's one fixed InstantaneousRange.
"""
import argparse
import glob
import html
import json
import math
import os
import sys

from paraview import simple
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
sys.path.insert(0, os.path.dirname(here))  # Examples/: the shared figure helpers
import cloudmap_figures as figures  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--outdir", required=True)
ap.add_argument("--sweep", action="append", default=[], help="far-field file with frequency time steps")
ap.add_argument("--currents", action="append", default=[], help="folder of .cmom/.out current files")
ap.add_argument("--animate", default=None, help="current file to animate over one period")
ap.add_argument("--phases", type=int, default=8)
ap.add_argument("--floor", type=float, default=30.0, help="dB range of the pattern scale")
ap.add_argument("--levels", type=int, default=2, help="refinement levels")
ap.add_argument("--size", default="800,640", help="PNG size w,h")
ap.add_argument("--strip-height", type=int, default=320, help="frame height in the strips")
ap.add_argument("--sweep-strip", default=None, help="strip of the (first) sweep's frames")
ap.add_argument("--animation-strip", default=None, help="strip of the animation's phases")
ap.add_argument("--plugin", default=None)
args = ap.parse_args()

plugin = figures.load_plugin(args.plugin)
os.makedirs(args.outdir, exist_ok=True)
W, H = (int(x) for x in args.size.split(","))
DARK = figures.DARK

view = figures.white_view(W, H)
manifest = []


def band_lut(table, name, bar_title, fmt="%-#6.3g", labels=None):
    """A discrete lookup table with exactly the bands of a band table, and its
    legend on the right (band boundaries as labels unless `labels` are given)."""
    lut, lo, hi = figures.band_lut(name, table, close_top=True)
    n = table.GetNumberOfRows()
    bar = figures.legend(lut, view, bar_title, fmt, labels=labels or figures.band_labels(lo, hi, n, 6),
                         range_labels=not labels, length=0.62)
    bar.TitleFontSize = bar.LabelFontSize = 16
    bar.HorizontalTitle = 1
    bar.WindowLocation = "Any Location"
    bar.Position = [0.80, 0.1]
    return lut, bar


def title_source(text):
    t = simple.Text(Text=text)
    d = simple.Show(t, view)
    d.Color = DARK
    d.FontSize = 18
    d.WindowLocation = "Upper Center"
    return t, d


def save(name, title, kind, **extra):
    png = os.path.join(args.outdir, name)
    simple.SaveScreenshot(png, view, ImageResolution=[W, H])
    manifest.append(dict(file=name, title=title, kind=kind, **extra))
    print("wrote", png)
    return png


def frame_left(zoom=0.9):
    """Fits the camera to the visible props and shifts them left, clear of the legend."""
    view.ResetCamera()
    simple.Render(view)
    cam = view.GetActiveCamera()
    cam.Zoom(zoom)
    p, f, up = cam.GetPosition(), cam.GetFocalPoint(), cam.GetViewUp()
    d = [f[i] - p[i] for i in range(3)]
    dist = math.sqrt(sum(x * x for x in d))
    right = [d[1] * up[2] - d[2] * up[1], d[2] * up[0] - d[0] * up[2], d[0] * up[1] - d[1] * up[0]]
    n = math.sqrt(sum(x * x for x in right)) or 1.0
    shift = [0.11 * dist * x / n for x in right]
    cam.SetPosition(*[p[i] + shift[i] for i in range(3)])
    cam.SetFocalPoint(*[f[i] + shift[i] for i in range(3)])


def add_wires(reader):
    """NEC wire segments (port 1) as dark tubes, if the reader has them."""
    if reader.GetNumberOfOutputPorts() < 2:
        return []
    tubes = simple.Tube(Input=simple.OutputPort(reader, 1), Radius=0.02)
    wd = simple.Show(tubes, view)
    wd.ColorArrayName = ["POINTS", ""]
    wd.AmbientColor = wd.DiffuseColor = [0.15, 0.15, 0.15]
    return [tubes]


def mhz(f):
    return "%.3f MHz" % (f / 1e6)


def render_sweep(path):
    stem = os.path.splitext(os.path.basename(path))[0]
    reader = simple.OpenDataFile(path)
    if reader is None:
        print("skipped %s: no CloudMap reader accepts it" % path)
        return []
    port = 2 if reader.GetNumberOfOutputPorts() > 2 else 0  # the NEC reader's pattern table
    ff = simple.OutputPort(reader, port)
    try:
        times = [float(t) for t in reader.TimestepValues]
    except TypeError:  # one value, or none
        times = [float(reader.TimestepValues)] if reader.TimestepValues else []
    reader.UpdatePipeline(times[0] if times else 0)
    table0 = sm.Fetch(reader, idx=port)
    value = "Gain" if table0.GetColumnByName("Gain") is not None else "|E|"
    ps = simple.AntennaPatternSurface(Input=ff, Scale="Decibels", DynamicRange=args.floor, Radius=1.0,
                                      NumberOfLevels=args.levels, NumberOfBands=24,
                                      ReferenceMode="Global", GridLevels=[0, -3, -10, -20])
    ps.SelectInputArray = ["ROWS", value]
    ps.UpdatePipeline(times[0] if times else 0)
    surf = sm.Fetch(ps)
    ref = surf.GetFieldData().GetArray("PatternReference").GetValue(0)
    unit = "dBi" if value == "Gain" else "dB re 1 V"
    refdb = ref if value == "Gain" else 20 * math.log10(max(ref, 1e-300))
    # Colour first: ColorBy would rescale a lookup table made before it.
    disp = simple.Show(ps, view)
    simple.ColorBy(disp, ("CELLS", "PatternValue"))
    lut, bar = band_lut(sm.Fetch(ps, idx=1), "PatternValue",
                        "dB re\n%.2f %s\n(sweep max)" % (refdb, unit), "%.0f",
                        labels=[-args.floor + 5 * k for k in range(int(args.floor // 5) + 1)])
    disp.Ambient, disp.Diffuse = 0.3, 0.7
    disp.Opacity = 0.8  # the level circles show through
    # The reading grid: the level circles in the xz and yz planes, with labels.
    circles = simple.Threshold(Input=simple.OutputPort(ps, 2), Scalars=["CELLS", "Kind"])
    try:
        circles.LowerThreshold, circles.UpperThreshold = 0, 1
    except AttributeError:
        circles.ThresholdRange = [0, 1]
    cdisp = simple.Show(circles, view)
    cdisp.ColorArrayName = ["POINTS", ""]
    cdisp.AmbientColor = cdisp.DiffuseColor = [0.45, 0.45, 0.45]
    cdisp.LineWidth = 1.5
    labels = []
    for level in (0, -3, -10, -20):
        r = 1 + level / args.floor
        lab = simple.Text(Text="%g dB" % level)
        ld = simple.Show(lab, view)
        try:
            ld.TextPropMode = "Billboard 3D Text"
            ld.BillboardPosition = [r * math.sin(math.radians(25)), 0.0, r * math.cos(math.radians(25))]
        except AttributeError:
            simple.Hide(lab, view)
        ld.Color = [0.3, 0.3, 0.3]
        ld.FontSize = 13
        labels.append(lab)
    title, tdisp = title_source("")
    pngs = []
    for k, t in enumerate(times or [None]):
        if t is not None:
            view.ViewTime = t
            ps.UpdatePipeline(t)
        f = t if t is not None else (table0.GetFieldData().GetArray("Frequency").GetValue(0)
                                     if table0.GetFieldData().GetArray("Frequency") else 0.0)
        text = "%s: antenna pattern at %s" % (os.path.basename(path), mhz(f))
        title.Text = text
        view.CameraPosition = [3.1, -4.0, 2.0]
        view.CameraFocalPoint = [0.0, 0.0, -0.05]
        view.CameraViewUp = [0, 0, 1]
        view.CameraParallelProjection = 0
        view.CameraViewAngle = 30
        pngs.append(save("sweep_%s_%02d_%.3fMHz.png" % (stem, k, f / 1e6), text, "sweep",
                         frequency_hz=f, source=os.path.basename(path), reference=refdb))
    bar.Visibility = 0
    for s in [title, circles, ps] + labels:
        simple.Hide(s, view)
    return pngs


def render_currents(path):
    reader = simple.OpenDataFile(path)
    if reader is None:
        print("skipped %s: no CloudMap reader accepts it" % path)
        return None
    surface = simple.OutputPort(reader, 0)
    reader.UpdatePipeline()
    data = sm.Fetch(reader, idx=0)
    if data.GetNumberOfCells() == 0 or data.GetCellData().GetArray("|J|") is None:
        print("skipped %s: no surface currents" % path)
        return None
    fa = data.GetFieldData().GetArray("Frequency")
    f = fa.GetValue(0) if fa else 0.0
    cm = simple.SurfaceCloudMap(Input=surface, NumberOfLevels=args.levels, NumberOfBands=24)
    cm.SelectInputArray = ["CELLS", "|J|"]
    cm.UpdatePipeline()
    disp = simple.Show(cm, view)
    simple.ColorBy(disp, ("CELLS", "|J|"))
    lut, bar = band_lut(sm.Fetch(cm, idx=1), "|J|", "current\ndensity (A/m)")
    disp.Ambient, disp.Diffuse = 0.35, 0.65
    extra = add_wires(reader)
    text = "%s: surface current at %s" % (os.path.basename(path), mhz(f))
    title, tdisp = title_source(text)
    view.CameraPosition = [-6.0, -9.0, 7.0]
    view.CameraFocalPoint = [0.0, 0.0, 0.0]
    view.CameraViewUp = [0, 0, 1]
    frame_left()
    stem = os.path.splitext(os.path.basename(path))[0]
    png = save("currents_%s.png" % stem, text, "currents", frequency_hz=f, source=os.path.basename(path))
    bar.Visibility = 0
    for s in [title, cm] + extra:
        simple.Hide(s, view)
    return png


def render_animation(path, n):
    reader = simple.OpenDataFile(path)
    th = simple.TimeHarmonic(Input=simple.OutputPort(reader, 0), NumberOfSteps=n)
    th.UpdatePipeline()
    times = list(th.TimestepValues)
    th.UpdatePipeline(times[0])
    d0 = sm.Fetch(th)
    top = d0.GetFieldData().GetArray("InstantaneousRange").GetValue(1)
    fa = d0.GetFieldData().GetArray("Frequency")
    f = fa.GetValue(0) if fa else 0.0
    cm = simple.SurfaceCloudMap(Input=th, NumberOfLevels=args.levels, NumberOfBands=24,
                                UseCustomRange=1, Range=[0.0, top])
    cm.SelectInputArray = ["CELLS", "|J_inst|"]
    cm.UpdatePipeline(times[0])
    disp = simple.Show(cm, view)
    simple.ColorBy(disp, ("CELLS", "|J_inst|"))
    lut, bar = band_lut(sm.Fetch(cm, idx=1), "|J_inst|", "instantaneous\ncurrent (A/m)")
    disp.Ambient, disp.Diffuse = 0.35, 0.65
    extra = add_wires(reader)
    title, tdisp = title_source("")
    stem = os.path.splitext(os.path.basename(path))[0]
    pngs = []
    view.CameraPosition = [-6.0, -9.0, 7.0]
    view.CameraFocalPoint = [0.0, 0.0, 0.0]
    view.CameraViewUp = [0, 0, 1]
    view.ViewTime = times[0]
    frame_left()
    for k, t in enumerate(times):
        view.ViewTime = t
        cm.UpdatePipeline(t)
        text = "%s at %s: phase %g deg" % (os.path.basename(path), mhz(f), round(360.0 * k / n, 3))
        title.Text = text
        pngs.append(save("animation_%s_%02d.png" % (stem, k), text, "animation", frequency_hz=f,
                         phase_deg=360.0 * k / n, source=os.path.basename(path)))
    bar.Visibility = 0
    for s in [title, cm] + extra:
        simple.Hide(s, view)
    return pngs


def strip(pngs, out):
    """Frames side by side at args.strip_height (VTK: no PIL in pvbatch)."""
    from vtkmodules.vtkIOImage import vtkPNGReader, vtkPNGWriter
    from vtkmodules.vtkFiltersCore import vtkImageAppend
    from vtkmodules.vtkImagingCore import vtkImageResize
    app = vtkImageAppend()
    app.SetAppendAxis(0)
    keep = []
    for p in pngs:
        r = vtkPNGReader()
        r.SetFileName(p)
        rs = vtkImageResize()
        rs.SetInputConnection(r.GetOutputPort())
        rs.SetOutputDimensions(int(round(W * args.strip_height / H)), args.strip_height, 1)
        app.AddInputConnection(rs.GetOutputPort())
        keep += [r, rs]
    w = vtkPNGWriter()
    w.SetInputConnection(app.GetOutputPort())
    w.SetFileName(out)
    w.Write()
    print("wrote", out)


sweep_pngs = []
for p in args.sweep:
    sweep_pngs.append(render_sweep(p))
current_pngs = []
for folder in args.currents:
    for p in sorted(glob.glob(os.path.join(folder, "*.cmom")) + glob.glob(os.path.join(folder, "*.out"))):
        png = render_currents(p)
        if png:
            current_pngs.append(png)
anim_pngs = render_animation(args.animate, args.phases) if args.animate else []
if args.sweep_strip and sweep_pngs and sweep_pngs[0]:
    strip(sweep_pngs[0], args.sweep_strip)
if args.animation_strip and anim_pngs:
    strip(anim_pngs, args.animation_strip)

with open(os.path.join(args.outdir, "index.json"), "w") as f:
    json.dump(manifest, f, indent=1)
sections = {"sweep": "Frequency sweeps (one global scale)", "currents": "Surface currents",
            "animation": "Current animation (one period)"}
page = ["<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\"><title>CloudMap batch pictures</title>",
        "<style>body{font-family:sans-serif} figure{display:inline-block;margin:6px;width:330px}"
        " figcaption{font-size:12px}</style></head><body>", "<h1>CloudMap batch pictures</h1>"]
for kind, heading in sections.items():
    items = [m for m in manifest if m["kind"] == kind]
    if not items:
        continue
    page.append("<h2>%s</h2>" % heading)
    for m in items:
        page.append("<figure><a href=\"%s\"><img src=\"%s\" width=\"320\" alt=\"%s\"></a>"
                    "<figcaption>%s</figcaption></figure>" % (html.escape(m["file"]), html.escape(m["file"]),
                                                              html.escape(m["title"]), html.escape(m["title"])))
page.append("</body></html>")
with open(os.path.join(args.outdir, "index.html"), "w") as f:
    f.write("\n".join(page) + "\n")
print("wrote", os.path.join(args.outdir, "index.html"), "with %d pictures" % len(manifest))
