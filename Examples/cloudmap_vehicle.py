"""Renders the colour cloud map of a surface current (the chapter's Fig. 9.x).

Run with pvbatch (under an X server, e.g. xvfb-run -a):
  pvbatch Examples/cloudmap_vehicle.py --input out/vehicle.out --outdir out
Reads any file the CloudMap readers know (nec2c output, .cmom, ...), runs
Surface Cloud Map with 24 bands (the chapter), with a finer band count for
comparison, and on a dB scale, and writes one PNG per figure with a legend
whose labels are band boundaries. Wire antennas (NEC) are drawn as tubes.
"""
import argparse
import os
import sys

from paraview import simple
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, here)
import cloudmap_figures as figures  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--input", required=True, help="surface-current file (nec2c .out, .cmom, ...)")
ap.add_argument("--outdir", default=os.path.join(root, "out"))
ap.add_argument("--plugin", default=None, help="CloudMap.so (default: the build tree's)")
ap.add_argument("--figures", default="linear:24,linear:64,db:24,db:24:exact",
                help="comma-separated scale:bands[:exact] entries, one image each (scale: linear or "
                     "db; exact: crisp band polygons clipped from the parents instead of refinement)")
ap.add_argument("--levels", type=int, default=3, help="refinement levels")
ap.add_argument("--floor", type=float, default=48.0,
                help="dB range shown by db figures: the bands span exactly [-floor, 0] dB "
                     "(48 dB in 24 bands: 2 dB each, labelled every 10 dB)")
ap.add_argument("--size", default="1200,800")
ap.add_argument("--prefix", default="vehicle_cloudmap")
args = ap.parse_args()

plugin = figures.load_plugin(args.plugin)
simple.ImportPresets(os.path.join(root, "Plugin", "presets", "CloudMapPresets.json"))
os.makedirs(args.outdir, exist_ok=True)

reader = simple.OpenDataFile(args.input)
if reader is None:
    sys.exit("no CloudMap reader accepts %s" % args.input)
reader.UpdatePipeline()
jmax = reader.CellData["|J|"].GetRange()[1]
decibels = simple.Calculator(Input=reader, AttributeType="Cell Data", ResultArrayName="|J| dB")
decibels.Function = '20*log10(max("|J|"/%r, 10^(-%r/20)))' % (jmax, args.floor)
scales = {"linear": (reader, "|J|", "A/m", "current density magnitude"),
          "db": (decibels, "|J| dB", "dB re %.3g A/m" % jmax, "current density")}

freq = reader.FieldData["Frequency"].GetRange()[0] if "Frequency" in reader.FieldData.keys() else 0
w, h = (int(x) for x in args.size.split(","))
view = figures.white_view(w, h)

# The antennas: NEC wire segments (second output of the NEC reader) as tubes.
wire_display = None
if reader.GetNumberOfOutputPorts() > 1:
    tubes = simple.Tube(Input=simple.OutputPort(reader, 1), Radius=0.02, NumberofSides=12)
    wire_display = simple.Show(tubes, view)
    simple.ColorBy(wire_display, None)
    wire_display.AmbientColor = wire_display.DiffuseColor = [0.15, 0.15, 0.15]

written = []
for figure in args.figures.split(","):
    scale, n, *mode = figure.split(":")
    n = int(n)
    exact = mode == ["exact"]
    source, array, unit, quantity = scales[scale]
    cm = simple.SurfaceCloudMap(Input=source)
    cm.SelectInputArray = ["CELLS", array]
    cm.NumberOfLevels = args.levels
    cm.NumberOfBands = n
    cm.ExactBands = 1 if exact else 0
    if scale == "db":
        # Band over exactly [-floor, 0] dB: the top band edge is 0 dB (the
        # vertex values, area-weighted means, peak a little below the
        # element maximum) and every band edge a round number.
        cm.UseCustomRange = 1
        cm.Range = [-args.floor, 0.0]
    cm.UpdatePipeline()

    disp = simple.Show(cm, view)
    simple.ColorBy(disp, ("CELLS", array))
    # The legend's lookup table is built from the filter's band table, so its
    # colours are exactly the BandColor of every sub-element, for any N.
    lut, lo, hi = figures.band_lut(array, sm.Fetch(cm, idx=1), close_top=(scale == "db"))
    disp.Ambient = 0.35
    disp.Diffuse = 0.65
    # ParaView's text renderer drops '|', so the legend spells the magnitude out.
    if scale == "db":
        labels, fmt = figures.nice_labels(lo, hi, n)
    else:  # unchanged: the image baseline of FiltersCloudMap.PyVehicleNec2c
        labels, fmt = figures.band_labels(lo, hi, n), "%-#6.3g"
    bar = figures.legend(lut, view, "%s (%s), %d %sbands" % (quantity, unit, n, "exact " if exact else ""),
                         fmt=fmt, labels=labels, length=0.6)
    print("%s:%d legend: bands %.6g .. %.6g, labels %s (%s)" % (scale, n, lo, hi, labels, fmt))
    title = simple.Text(Text="Surface current density on the communication vehicle"
                        + (", %.0f MHz" % (freq / 1e6) if freq else ""))
    tdisp = simple.Show(title, view)
    tdisp.Color = figures.DARK
    tdisp.FontSize = 14
    tdisp.WindowLocation = "Upper Center"

    view.CameraPosition = [-6.0, -9.0, 7.0]
    view.CameraFocalPoint = [0.0, 0.0, 0.0]
    view.CameraViewUp = [0, 0, 1]
    view.ResetCamera()
    simple.Render(view)
    cam = view.GetActiveCamera()
    cam.Zoom(1.1)
    png = os.path.join(args.outdir, "%s_%s%d%s.png" % (args.prefix, "db_" if scale == "db" else "", n,
                                                        "_exact" if exact else ""))
    simple.SaveScreenshot(png, view, ImageResolution=[w, h])
    written.append(png)
    simple.Hide(cm, view)
    simple.Hide(title, view)
    bar.Visibility = 0
for p in written:
    print("wrote", p)
