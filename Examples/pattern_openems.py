"""An openEMS (FDTD) far field in CloudMap: the nf2ff result of a half-wave dipole
at 1 GHz (Testing/Data/openems/dipole_nf2ff.h5, or a fresh run of
Testing/Python/openems_dipole.py with --run), read by the OpenEMS NF2FF Reader,
meshed by Antenna Pattern Surface in 24 bands on a 30 dB scale, with Pattern
Metrics' directivity against openEMS's own Dmax and the textbook 2.15 dBi in the
title. Writes OUTDIR/openems_dipole_pattern.png.

  pvbatch Examples/pattern_openems.py --outdir out [--input nf2ff.h5 | --run]
"""
import argparse
import math
import os
import subprocess
import sys

from paraview import simple
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, here)
import cloudmap_figures as figures  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--input", default=os.path.join(root, "Testing", "Data", "openems", "dipole_nf2ff.h5"))
ap.add_argument("--run", action="store_true", help="run openEMS first (about a minute) and draw its result")
ap.add_argument("--outdir", default=os.path.join(root, "out"))
ap.add_argument("--plugin", default=None)
ap.add_argument("--size", default="1000,800")
args = ap.parse_args()
plugin = figures.find_plugin(args.plugin)
os.makedirs(args.outdir, exist_ok=True)
if args.run:
    work = os.path.join(args.outdir, "openems_dipole")
    os.makedirs(work, exist_ok=True)
    out = subprocess.run(["/usr/bin/python3", os.path.join(root, "Testing", "Python", "openems_dipole.py"),
                          work, "5", "10"], check=True, capture_output=True, text=True).stdout
    args.input = out.strip().splitlines()[-1].split()[0].split("=", 1)[1]
simple.LoadPlugin(plugin)
w, h = (int(x) for x in args.size.split(","))

reader = simple.OpenDataFile(args.input)
pm = simple.PatternMetrics(Input=reader)
pm.UpdatePipeline()
t = sm.Fetch(pm)
metrics = {t.GetColumnName(c): t.GetColumn(c).GetValue(0) for c in range(t.GetNumberOfColumns())}
dmax = sm.Fetch(reader).GetFieldData().GetArray("Dmax").GetValue(0)
textbook = 10 * math.log10(4 / 2.437653393)  # 4 / Cin(2 pi)

ps = simple.AntennaPatternSurface(Input=reader, Scale="Decibels", DynamicRange=30, Radius=1.0, FixedBandRange=1,
                                  NumberOfBands=24, NumberOfLevels=2)
ps.SelectInputArray = ["ROWS", "Gain"]
ps.UpdatePipeline()
bands = sm.Fetch(ps, idx=1)

view = figures.white_view(w, h)
# The near half cut away (the plane x = 0 seen from -y): the E-plane profile, a
# figure of eight with the nulls along the dipole's axis, shows inside the surface.
cut = simple.Clip(Input=ps, ClipType="Plane", Invert=0)
cut.ClipType.Origin = [0, 0, 0]
cut.ClipType.Normal = [0, 1, 0]
pat = simple.Show(cut, view)
simple.ColorBy(pat, ("CELLS", "PatternValue"))
lut, lo, hi = figures.band_lut("PatternValue", bands, close_top=True)
labels, fmt = figures.nice_labels(lo, hi, bands.GetNumberOfRows())
figures.legend(lut, view, "directivity (dB re max), %d bands" % bands.GetNumberOfRows(), fmt,
               labels=labels)
# The dipole's axis (z), drawn as a rod through the nulls.
rod = simple.Show(simple.Tube(Input=simple.Line(Point1=[0, 0, -0.35], Point2=[0, 0, 0.35]), Radius=0.012), view)
rod.ColorArrayName = [None, ""]
rod.DiffuseColor = rod.AmbientColor = figures.DARK
title = simple.Text(Text="openEMS FDTD half-wave dipole, 1 GHz (nf2ff, 5 x 10 deg)\n"
                    "directivity %.2f dBi (Pattern Metrics), openEMS Dmax %.2f dBi, textbook %.2f dBi"
                    % (metrics["Directivity[dBi]"], dmax, textbook))
tdisp = simple.Show(title, view)
tdisp.Color = figures.DARK
tdisp.WindowLocation = "Upper Center"
tdisp.FontSize = 14
view.CameraPosition = [0.8, -4.0, 1.4]
view.CameraFocalPoint = [0, 0, 0]
view.CameraViewUp = [0, 0, 1]
view.ResetCamera()
png = os.path.join(args.outdir, "openems_dipole_pattern.png")
simple.SaveScreenshot(png, view, ImageResolution=[w, h])
print("wrote %s: directivity %.3f dBi, openEMS Dmax %.3f dBi, textbook %.3f dBi"
      % (png, metrics["Directivity[dBi]"], dmax, textbook))
