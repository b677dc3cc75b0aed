"""The electric near field around the communication vehicle as a 24-band cloud map.

nec2c computes |E| on an NE plane (the NEC reader's Near Fields output, port 4); this
script bands 20 log10(|E|/E_ref) into 24 bands of 2 dB with Banded Color Map, draws the
plane, the vehicle's patches semi-transparent over it and the antennas as tubes, and
writes out/vehicle_near_field_24.png and the numbers to out/vehicle_near_field.txt.

  sed 's/^RP .*/NE 0 91 1 61 -1.95 -0.5 -0.95 0.1 0 0.1/' out/vehicle.nec > out/vehicle_nearfield.nec
  nec2c -i out/vehicle_nearfield.nec -o out/vehicle_nearfield.out
  pvbatch Examples/nearfield_vehicle.py --input out/vehicle_nearfield.out --outdir out

The card above is the plane y = -0.5 m, length-wise through the van (which spans
y = -1..1), behind both monopoles as seen from +y (0.625 m from the roof monopole, 0.125 m
from the bonnet monopole), from x = -1.95 to 7.05 m and z = -0.95 to 5.05 m in 0.1 m
steps, offset by 5 cm so that no point lies on a patch. E_ref is the largest |E| at
least 0.15 m outside the van's bounding box: NEC evaluates a patch's field as that of a
point current at its centre, which is not the near field within about a patch size
(0.25 m) of the surface; stronger values there fall in the top band.
"""
import argparse
import math
import os
import sys

from paraview import simple
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, here)
import cloudmap_figures as figures  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--input", required=True, help="nec2c output with an NE card (and the patch currents)")
ap.add_argument("--outdir", default=os.path.join(root, "out"))
ap.add_argument("--plugin", default=None, help="CloudMap.so (default: the build tree's)")
ap.add_argument("--bands", type=int, default=24)
ap.add_argument("--floor", type=float, default=48.0, help="dB range of the bands below the maximum")
ap.add_argument("--opacity", type=float, default=0.35, help="opacity of the vehicle over the plane")
ap.add_argument("--size", default="1200,800")
ap.add_argument("--inside", default="0.3,3.4,0.4,2.2",
                help="x0,x1,z0,z1 (m) of the region whose mean |E| is compared with the rest "
                     "(default: the van's cargo body, 0.1 m clear of its walls)")
args = ap.parse_args()
plugin = figures.load_plugin(args.plugin)
os.makedirs(args.outdir, exist_ok=True)

reader = simple.NEC2OutputReader(FileName=args.input)
reader.UpdatePipeline()
near = simple.OutputPort(reader, 4)
grid = sm.Fetch(reader, idx=4)
if grid.GetNumberOfPoints() == 0:
    sys.exit("%s has no near-field table (NE card)" % args.input)
mag = grid.GetPointData().GetArray("|E|")
body_bounds = sm.Fetch(reader, idx=0).GetBounds()


def clear_of_body(p, margin=0.15):
    x, y, z = grid.GetPoint(p)
    b = body_bounds
    return not (b[0] - margin < x < b[1] + margin and b[2] - margin < y < b[3] + margin and
                b[4] - margin < z < b[5] + margin)


clear = [p for p in range(grid.GetNumberOfPoints()) if clear_of_body(p)]
peak = max(clear, key=mag.GetValue)
emax = mag.GetValue(peak)
freq = grid.GetFieldData().GetArray("Frequency").GetValue(0)

# 24 bands of 20 log10(|E|/max) over the floor (2 dB each by default)
db = simple.Calculator(Input=near, AttributeType="Point Data", ResultArrayName="E_dB")
db.Function = 'min(20*log10(max("|E|"/%r, 10^(-%r/20))), 0)' % (emax, args.floor)
bands = simple.BandedColorMap(Input=db, NumberOfBands=args.bands)
bands.SelectInputArray = ["POINTS", "E_dB"]
bands.UpdatePipeline()
table = sm.Fetch(bands, idx=1)

w, h = (int(x) for x in args.size.split(","))
view = figures.white_view(w, h)
disp = simple.Show(bands, view)
simple.ColorBy(disp, ("POINTS", "E_dB"))
# The legend's table is the filter's band table: its colours are exactly the bands'.
lut, lo, hi = figures.band_lut("E_dB", table, close_top=True)
disp.InterpolateScalarsBeforeMapping = 1  # bands follow the field between the grid points
disp.Ambient, disp.Diffuse = 0.5, 0.5
labels, fmt = figures.nice_labels(lo, hi, args.bands)
figures.legend(lut, view, "electric field (dB re %.3g V/m), %d bands" % (emax, args.bands),
               fmt=fmt, labels=labels, length=0.6)
print("near-field legend: bands %.6g .. %.6g dB, labels %s (%s)" % (lo, hi, labels, fmt))

# The vehicle over the plane, semi-transparent, and the antennas as tubes.
if sm.Fetch(reader, idx=0).GetNumberOfCells():  # a wire-only model has no patches
    body = simple.Show(simple.OutputPort(reader, 0), view)
    simple.ColorBy(body, None)
    body.AmbientColor = body.DiffuseColor = [0.55, 0.58, 0.62]
    body.Opacity = args.opacity
    body.Representation = "Surface With Edges"
    body.EdgeColor = [0.3, 0.3, 0.35]
tubes = simple.Tube(Input=simple.OutputPort(reader, 1), Radius=0.03, NumberofSides=12)
wires = simple.Show(tubes, view)
simple.ColorBy(wires, None)
wires.AmbientColor = wires.DiffuseColor = [0.1, 0.1, 0.1]

title = simple.Text(Text="Electric near field around the communication vehicle, %.0f MHz "
                         "(plane y = %.2f m, antenna 1 on the roof driven)" % (freq * 1e-6, grid.GetPoint(0)[1]))
td = simple.Show(title, view)
td.Color = figures.DARK
td.FontSize = 14
td.WindowLocation = "Upper Center"

view.CameraPosition = [2.5, 14.0, 3.2]  # from +y: both monopoles stand in front of the plane
view.CameraFocalPoint = [2.5, 0.0, 2.0]
view.CameraViewUp = [0, 0, 1]
view.ResetCamera()
simple.Render(view)
view.GetActiveCamera().Zoom(1.25)
png = os.path.join(args.outdir, "vehicle_near_field_%d.png" % args.bands)
simple.SaveScreenshot(png, view, ImageResolution=[w, h])

# The numbers: the peak, and the mean |E| inside the body against outside (shielding).
inside, outside = [], []
x0, x1, z0, z1 = (float(v) for v in args.inside.split(","))
for p in range(grid.GetNumberOfPoints()):
    x, y, z = grid.GetPoint(p)
    (inside if x0 < x < x1 and z0 < z < z1 else outside).append(mag.GetValue(p))
px, py, pz = grid.GetPoint(peak)
top = max(range(grid.GetNumberOfPoints()), key=mag.GetValue)
tx, ty, tz = grid.GetPoint(top)
lines = ["# CloudMap near field of %s (NEC reader port 4)" % os.path.basename(args.input),
         "# %.1f MHz, %d points, plane y = %.3f m" % (freq * 1e-6, grid.GetNumberOfPoints(), py),
         "E_ref (0 dB) = %.4g V/m at (%.2f, %.2f, %.2f) m, the largest |E| 0.15 m clear of the van"
         % (emax, px, py, pz),
         "largest |E| anywhere = %.4g V/m at (%.2f, %.2f, %.2f) m" % (mag.GetValue(top), tx, ty, tz)]
if inside and outside and sum(inside) > 0:
    lines.append("mean |E| inside x %g..%g, z %g..%g m: %.4g V/m, outside %.4g V/m (%.1f dB shielding)"
                 % (x0, x1, z0, z1, sum(inside) / len(inside), sum(outside) / len(outside),
                    20 * math.log10((sum(outside) / len(outside)) / (sum(inside) / len(inside)))))
text = "\n".join(lines) + "\n"
open(os.path.join(args.outdir, "vehicle_near_field.txt"), "w").write(text)
print(text + "wrote " + png)
