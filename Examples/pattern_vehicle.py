"""The 3-D antenna pattern cloud map of the communication vehicle (the
chapter's Fig. 9.10): nec2c's own RADIATION PATTERNS table (or, with
--source currents, the far field computed from the patch and wire currents
nec2c printed, the route for files that carry no pattern), meshed on the
sphere, banded in 24 colours on a 30 dB scale, and drawn alone (a) and at
40 % opacity over the vehicle's current cloud map (b).

  pvbatch Examples/pattern_vehicle.py --input out/vehicle.out --outdir out [--source currents]
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
ap.add_argument("--input", required=True, help="nec2c output of the vehicle")
ap.add_argument("--outdir", default=os.path.join(root, "out"))
ap.add_argument("--plugin", default=None)
ap.add_argument("--feed", default="1.875,0.125,2.3", help="pattern centre (antenna 1's base)")
ap.add_argument("--radius", type=float, default=2.0)
ap.add_argument("--floor", type=float, default=30.0)
ap.add_argument("--size", default="1200,800")
ap.add_argument("--source", choices=["nec", "currents"], default="nec",
                help="nec2c's printed pattern (default) or the far field from the currents")
args = ap.parse_args()
plugin = figures.load_plugin(args.plugin)
os.makedirs(args.outdir, exist_ok=True)
w, h = (int(x) for x in args.size.split(","))

reader = simple.OpenDataFile(args.input)
if args.source == "nec":
    ff = simple.OutputPort(reader, 2)  # the NEC reader's pattern table
else:
    ff = simple.FarFieldFromCurrents(Input=simple.OutputPort(reader, 0),
                                     Wires=simple.OutputPort(reader, 1))
ps = simple.AntennaPatternSurface(Input=ff, Scale="Decibels", DynamicRange=args.floor, FixedBandRange=1,
                                  Radius=args.radius, NumberOfBands=24, NumberOfLevels=2,
                                  Center=[float(x) for x in args.feed.split(",")])
ps.SelectInputArray = ["ROWS", "|E|"]
ps.UpdatePipeline()
table = sm.Fetch(ps, idx=1)

view = figures.white_view(w, h)

# Legend: a lookup table built from the band table, on the dB quantity.
pat = simple.Show(ps, view)
simple.ColorBy(pat, ("CELLS", "PatternValue"))
lut, lo, hi = figures.band_lut("PatternValue", table, close_top=True)
labels, fmt = figures.nice_labels(lo, hi, table.GetNumberOfRows())
bar = figures.legend(lut, view, "pattern: field (dB re max), %d bands" % table.GetNumberOfRows(),
                     fmt, labels=labels)
print("pattern legend: bands %.6g .. %.6g dB, labels %s (%s)" % (lo, hi, labels, fmt))
title = simple.Text(Text="Antenna 1 radiation pattern, 120 MHz (%s; radius: %g dB scale)"
                    % ("nec2c's pattern" if args.source == "nec" else "from the currents", args.floor))
tdisp = simple.Show(title, view)
tdisp.Color = figures.DARK
tdisp.WindowLocation = "Upper Center"
tdisp.FontSize = 14

def shoot(name):
    view.CameraPosition = [-6.0, -9.0, 7.0]
    view.CameraFocalPoint = [2.5, 0.0, 1.5]
    view.CameraViewUp = [0, 0, 1]
    view.ResetCamera()
    png = os.path.join(args.outdir, name)
    simple.SaveScreenshot(png, view, ImageResolution=[w, h])
    print("wrote", png)

suffix = "" if args.source == "nec" else "_from_currents"
shoot("vehicle_pattern_a%s.png" % suffix)
cloud = simple.SurfaceCloudMap(Input=simple.OutputPort(reader, 0))
cloud.SelectInputArray = ["CELLS", "|J|"]
body = simple.Show(cloud, view)
simple.ColorBy(body, ("CELLS", "BandColor"))
body.MapScalars = 0
# The body's own legend (left): the cloud map's bands of the current density.
cloud.UpdatePipeline()
cloud_table = sm.Fetch(cloud, idx=1)
body_lut, blo, bhi = figures.band_lut("|J|", cloud_table, close_top=True)
body_labels, body_fmt = figures.nice_labels(blo, bhi, cloud_table.GetNumberOfRows())
body_bar = figures.legend(body_lut, view, "body: current density (A/m), %d bands"
                          % cloud_table.GetNumberOfRows(), body_fmt, labels=body_labels)
body_bar.WindowLocation = "Any Location"
body_bar.Position = [0.03, 0.05]
print("body legend: bands %.6g .. %.6g A/m, labels %s (%s)" % (blo, bhi, body_labels, body_fmt))
tubes = simple.Tube(Input=simple.OutputPort(reader, 1), Radius=0.02)
wires = simple.Show(tubes, view)
simple.ColorBy(wires, None)
wires.DiffuseColor = wires.AmbientColor = [0.1, 0.1, 0.1]
pat.Opacity = 0.4
shoot("vehicle_pattern_b%s.png" % suffix)
