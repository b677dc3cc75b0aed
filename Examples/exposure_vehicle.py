"""Where may a person stand while the van transmits? The ICNIRP 2020 general-public
compliance boundary around the roof antenna at a stated transmit power.

nec2c computes E and H in a box around the roof monopole (NE and NH cards: 35 x 35 x 27
points, 0.2 m apart, offset so that no point lies on a wire); Exposure Ratio scales the
fields from the solve's input power to --power (W) and divides them by the ICNIRP 2020
Table 5 general-public levels at 120 MHz (27.7 V/m, 0.073 A/m, 2 W/m^2); Banded Color Map
bands the ratio in dB on the vertical plane through the antenna; the ratio-1 surface
(port 1) is drawn semi-transparent around the antenna with the van and its antennas.

  sed 's/^RP .*/NE 0 35 35 27 -1.475 -3.225 0.05 0.2 0.2 0.2\\nNH 0 35 35 27 -1.475 -3.225 0.05 0.2 0.2 0.2/' \\
      out/vehicle.nec > out/vehicle_exposure.nec
  nec2c -i out/vehicle_exposure.nec -o out/vehicle_exposure.out
  pvbatch Examples/exposure_vehicle.py --input out/vehicle_exposure.out --outdir out

Writes out/vehicle_exposure.png and out/vehicle_exposure.txt (the compliance distances
along +-x, +-y, +-z from the middle of antenna 1). NEC evaluates a patch's field as that of a
point current at its centre, so within about a patch size (0.25 m) of the van's skin the
ratio is not the true near field: the figure draws the boundary from --skin above the roof.
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
ap.add_argument("--input", required=True, help="nec2c output with NE/NH cards around the roof antenna")
ap.add_argument("--outdir", default=os.path.join(root, "out"))
ap.add_argument("--plugin", default=None, help="CloudMap.so (default: the build tree's)")
ap.add_argument("--power", type=float, default=50.0, help="transmit power of antenna 1, W")
ap.add_argument("--span", type=float, default=20.0, help="the bands cover -span..+span dB")
ap.add_argument("--bands", type=int, default=20)
ap.add_argument("--size", default="1400,900")
ap.add_argument("--skin", type=float, default=0.25,
                help="the boundary is drawn from this height (m) above the roof up")
args = ap.parse_args()
plugin = figures.load_plugin(args.plugin)
os.makedirs(args.outdir, exist_ok=True)

reader = simple.NEC2OutputReader(FileName=args.input)
reader.UpdatePipeline()
patches = sm.Fetch(reader, idx=0)
# The compliance distances are measured from the middle of antenna 1 (tag 1 of the wire
# output): from its base segment the rays would graze the roof, within the 0.25 m where
# NEC's patch fields are not the true near field.
wires_out = sm.Fetch(reader, idx=1)
tags = wires_out.GetCellData().GetArray("Tag")
pts = [wires_out.GetPoint(wires_out.GetCell(c).GetPointId(k)) for c in range(wires_out.GetNumberOfCells())
       if tags.GetValue(c) == 1 for k in range(2)]
if not pts:
    sys.exit("%s has no wire with tag 1 (antenna 1)" % args.input)
centre = [0.5 * (min(p[i] for p in pts) + max(p[i] for p in pts)) for i in range(3)]
roof = patches.GetBounds()[5] if patches.GetNumberOfCells() else min(p[2] for p in pts)
exposure = simple.ExposureRatio(Input=simple.OutputPort(reader, 4), TransmitPower=args.power,
                                Standard="ICNIRP 2020 General Public", Quantity="Maximum",
                                UseSourceCenter=1, SourceCenter=centre)
exposure.UpdatePipeline()
grid = sm.Fetch(exposure)
if grid.GetNumberOfPoints() == 0:
    sys.exit("%s has no near-field grid (NE/NH cards)" % args.input)
freq = grid.GetFieldData().GetArray("Frequency").GetValue(0)
dist = grid.GetFieldData().GetArray("ComplianceDistance[m]")
status = grid.GetFieldData().GetArray("ComplianceDistanceStatus")
d = [dist.GetComponent(0, c) for c in range(6)]
# Status 2: still above the limit at the grid's edge; 3: the ray misses the grid.
d = [math.inf if status.GetComponent(0, c) == 2 else (math.nan if status.GetComponent(0, c) == 3 else v)
     for c, v in enumerate(d)]
levels = grid.GetFieldData().GetArray("ReferenceLevels")
origin = [grid.GetFieldData().GetArray("ComplianceOrigin[m]").GetComponent(0, c) for c in range(3)]

# The vertical plane of grid points nearest the antenna (y index), as a structured grid.
ext = grid.GetExtent()
dims = [ext[1] - ext[0] + 1, ext[3] - ext[2] + 1, ext[5] - ext[4] + 1]
ys = [grid.GetPoint(dims[0] * j)[1] for j in range(dims[1])]
# The nearest plane behind the antenna as the camera (at +y) sees it, so the antenna and
# the front half of the boundary stand in front of the bands.
j = max([k for k in range(dims[1]) if ys[k] <= origin[1]] or [0])
plane = simple.ExtractSubset(Input=exposure, VOI=[0, dims[0] - 1, j, j, 0, dims[2] - 1])
clamped = simple.Calculator(Input=plane, AttributeType="Point Data", ResultArrayName="ratio_dB")
clamped.Function = 'min(max("ExposureRatio[dB]", -%r), %r)' % (args.span, args.span)
bands = simple.BandedColorMap(Input=clamped, NumberOfBands=args.bands, UseCustomRange=1,
                              Range=[-args.span, args.span], Palette="Cool to Warm")
bands.SelectInputArray = ["POINTS", "ratio_dB"]
bands.UpdatePipeline()
table = sm.Fetch(bands, idx=1)

w, h = (int(x) for x in args.size.split(","))
view = figures.white_view(w, h)
disp = simple.Show(bands, view)
simple.ColorBy(disp, ("POINTS", "ratio_dB"))
lut, lo, hi = figures.band_lut("ratio_dB", table, close_top=True)
disp.InterpolateScalarsBeforeMapping = 1
disp.Ambient, disp.Diffuse = 0.6, 0.4
labels = [lo + (hi - lo) * k / 8 for k in range(9)]
figures.legend(lut, view, "exposure ratio, dB (0 dB = reference level)",
               fmt="%-.0f", labels=labels, length=0.55)

# The compliance boundary above the roof (plus the 0.25 m where NEC's patch fields are not
# the near field): semi-transparent, around the antenna.
above = simple.Clip(Input=simple.OutputPort(exposure, 1), ClipType="Plane", Invert=0)
above.ClipType.Origin = [0, 0, roof + args.skin]
above.ClipType.Normal = [0, 0, 1]
surface = simple.Show(above, view)
surface.ColorArrayName = ["POINTS", ""]
surface.AmbientColor = surface.DiffuseColor = [0.85, 0.15, 0.1]
surface.Opacity = 0.4
surface.Specular = 0.3

# The van, semi-transparent, and the antennas as tubes.
if patches.GetNumberOfCells():
    body = simple.Show(simple.OutputPort(reader, 0), view)
    simple.ColorBy(body, None)
    body.AmbientColor = body.DiffuseColor = [0.55, 0.58, 0.62]
    body.Opacity = 0.45
    body.Representation = "Surface With Edges"
    body.EdgeColor = [0.35, 0.35, 0.4]
tubes = simple.Tube(Input=simple.OutputPort(reader, 1), Radius=0.04, NumberofSides=12)
wires = simple.Show(tubes, view)
simple.ColorBy(wires, None)
wires.AmbientColor = wires.DiffuseColor = [0.1, 0.1, 0.1]


def fmt(v):
    return "beyond grid" if math.isinf(v) else ("n/a" if math.isnan(v) else "%.2f m" % v)


title = simple.Text(Text="ICNIRP 2020 general-public compliance boundary (red surface, ratio = 1): "
                         "roof antenna at %.0f W, %.0f MHz" % (args.power, freq * 1e-6))
td = simple.Show(title, view)
td.Color = figures.DARK
td.FontSize = 16
td.WindowLocation = "Upper Center"
note = simple.Text(Text="compliance distance from the middle of the antenna (%.2f, %.2f, %.2f) m:\n"
                        "+x %s   -x %s\n+y %s   -y %s\n+z %s   -z %s\n"
                        "reference levels %.1f V/m, %.3f A/m, %.0f W/m^2 (RMS)\n"
                        "%d bands of %.0f dB on the plane y = %.2f m behind the antenna; boundary drawn from\n"
                        "%.2f m above the roof up (NEC's patch fields are not the near field closer)"
                   % (*origin, *(fmt(v) for v in d), levels.GetComponent(0, 0),
                      levels.GetComponent(0, 1), levels.GetComponent(0, 2), args.bands, (hi - lo) / args.bands,
                      ys[j], args.skin))
nd = simple.Show(note, view)
nd.Color = figures.DARK
nd.FontSize = 13
nd.WindowLocation = "Lower Left Corner"
nd.Justification = "Left"

view.CameraPosition = [origin[0] + 6.0, origin[1] + 11.0, origin[2] + 4.5]
view.CameraFocalPoint = [origin[0] + 0.6, origin[1], origin[2] - 0.8]
view.CameraViewUp = [0, 0, 1]
view.ResetCamera()
view.GetActiveCamera().Zoom(1.45)
simple.Render(view)
png = os.path.join(args.outdir, "vehicle_exposure.png")
simple.SaveScreenshot(png, view, ImageResolution=[w, h])

lines = ["# CloudMap exposure of %s (Exposure Ratio on the NEC reader's Near Fields)"
         % os.path.basename(args.input),
         "# ICNIRP 2020 general public, %.1f MHz, antenna 1 at %.1f W (input power of the solve %.4g W)"
         % (freq * 1e-6, args.power, grid.GetFieldData().GetArray("InputPower[W]").GetValue(0)),
         "# from the middle of antenna 1 at (%.3f, %.3f, %.3f) m; largest ratio on the grid %.1f dB"
         % (*origin, grid.GetPointData().GetArray("ExposureRatio[dB]").GetRange()[1])]
lines += ["ComplianceDistance %s %s" % (n, fmt(v)) for n, v in zip(("+x", "-x", "+y", "-y", "+z", "-z"), d)]
text = "\n".join(lines) + "\n"
open(os.path.join(args.outdir, "vehicle_exposure.txt"), "w").write(text)
print(text + "wrote " + png)
