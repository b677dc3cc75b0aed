"""A base-station panel on a mast: where may the public stand while it transmits?

A vendor's MSI/Planet pattern file (default: the bundled 65 deg / 18 dBi sector panel at
925 MHz, Testing/Data/msi/sector_65_18.msi) read by the MSI Planet Antenna Reader, placed
on a 30 m mast (Center), turned to its bearing (Azimuth) and tilted down (Downtilt), drawn
as its 3-D pattern (Antenna Pattern Surface, semi-transparent, dB re peak) with the
ICNIRP 2020 general-public compliance boundary around it (Exposure Ratio on the far-field
table at --power W: S = P G(theta, phi) / (4 pi r^2); the red surface is ratio = 1).

  pvbatch Examples/site_exposure.py --outdir out [--input panel.msi] [--power 200]

Writes OUTDIR/site_exposure.png and OUTDIR/site_exposure.txt (the boresight compliance
distance against the far-field estimate sqrt(P G / (4 pi S_L))). The estimate holds in the
far field only: nearer the panel than 2 D^2 / lambda (D its height) it is not the field.
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
ap.add_argument("--input", default=os.path.join(root, "Testing", "Data", "msi", "sector_65_18.msi"))
ap.add_argument("--outdir", default=os.path.join(root, "out"))
ap.add_argument("--plugin", default=None, help="CloudMap.so (default: the build tree's)")
ap.add_argument("--power", type=float, default=200.0, help="transmit power into the panel, W")
ap.add_argument("--height", type=float, default=30.0, help="mast height, m")
ap.add_argument("--azimuth", type=float, default=30.0, help="boresight azimuth, deg from +x toward +y")
ap.add_argument("--downtilt", type=float, default=6.0, help="mechanical downtilt, deg")
ap.add_argument("--panel", type=float, default=1.3, help="panel height D, m (for 2 D^2 / lambda)")
ap.add_argument("--resolution", type=int, default=81, help="grid points per axis")
ap.add_argument("--size", default="1400,900")
args = ap.parse_args()
figures.load_plugin(args.plugin)
os.makedirs(args.outdir, exist_ok=True)

reader = simple.MSIPlanetAntennaReader(FileName=args.input)
reader.UpdatePipeline()
cuts = sm.Fetch(reader, idx=1).GetFieldData()
name = cuts.GetAbstractArray("Name").GetValue(0) if cuts.GetAbstractArray("Name") else "panel"
a, t = math.radians(args.azimuth), math.radians(args.downtilt)
bore = [math.cos(t) * math.cos(a), math.cos(t) * math.sin(a), -math.sin(t)]
# The panel hangs 0.4 m in front of the mast, its centre 1.5 m below the top.
mast_r = 0.3
centre = [0.4 * math.cos(a), 0.4 * math.sin(a), args.height - 1.5]

exposure = simple.ExposureRatio(Input=simple.OutputPort(reader, 0), TransmitPower=args.power,
                                Standard="ICNIRP 2020 General Public", Quantity="Maximum",
                                Center=centre, Azimuth=args.azimuth, Downtilt=args.downtilt,
                                Resolution=args.resolution, ApertureSize=args.panel)
exposure.UpdatePipeline()
grid = sm.Fetch(exposure)
fd = grid.GetFieldData()
freq = fd.GetArray("Frequency").GetValue(0) if fd.GetArray("Frequency") else \
    sm.Fetch(reader).GetFieldData().GetArray("Frequency").GetValue(0)
estimate = fd.GetArray("FarFieldComplianceDistance[m]").GetValue(0)
peak = fd.GetArray("PeakGain[dBi]").GetValue(0)
s_limit = fd.GetArray("ReferenceLevels").GetComponent(0, 2)
near = fd.GetArray("FarFieldDistance[m]").GetValue(0)
boundary = sm.Fetch(exposure, idx=1)
far, far_pt = 0.0, centre
for k in range(boundary.GetNumberOfPoints()):
    p = boundary.GetPoint(k)
    if math.dist(p, centre) > far:
        far, far_pt = math.dist(p, centre), p
lowest = boundary.GetBounds()[4] if boundary.GetNumberOfPoints() else float("nan")

w, h = (int(x) for x in args.size.split(","))
view = figures.white_view(w, h)

# The mast (it runs down out of the frame) and the panel.
mast_src = simple.Transform(Input=simple.Cylinder(Radius=mast_r, Height=args.height, Resolution=24))
mast_src.Transform.Rotate = [90, 0, 0]  # the cylinder's axis y -> z
mast_src.Transform.Translate = [0, 0, 0.5 * args.height]
mast = simple.Show(mast_src, view)
mast.ColorArrayName = [None, ""]
mast.AmbientColor = mast.DiffuseColor = [0.45, 0.45, 0.48]
panel_src = simple.Transform(Input=simple.Box(XLength=0.12, YLength=0.3, ZLength=args.panel))
panel_src.Transform.Rotate = [0, args.downtilt, args.azimuth]
panel_src.Transform.Translate = centre
panel = simple.Show(panel_src, view)
panel.ColorArrayName = [None, ""]
panel.AmbientColor = panel.DiffuseColor = [0.95, 0.95, 0.95]

# The 3-D pattern, mounted as the panel is, semi-transparent, 16 bands over 30 dB.
ps = simple.AntennaPatternSurface(Input=simple.OutputPort(reader, 0), Scale="Decibels",
                                  DynamicRange=30, Radius=6.0, Center=centre, Azimuth=args.azimuth,
                                  Downtilt=args.downtilt, FixedBandRange=1, NumberOfBands=15,
                                  NumberOfLevels=1, Palette="Viridis")
ps.SelectInputArray = ["ROWS", "Gain"]
ps.UpdatePipeline()
bands = sm.Fetch(ps, idx=1)
pat = simple.Show(ps, view)
simple.ColorBy(pat, ("CELLS", "PatternValue"))
lut, lo, hi = figures.band_lut("PatternValue", bands, close_top=True)
pat.Opacity = 0.55
bar = figures.legend(lut, view, "pattern gain, dB re peak (%.1f dBi)" % peak, "%-.0f",
                     labels=[lo + (hi - lo) * k / 5 for k in range(6)], length=0.4)
bar.WindowLocation = "Upper Right Corner"  # the notes take the lower right
bar.TitleFontSize = max(8, round(16 * w / 1400))
bar.LabelFontSize = max(7, round(16 * w / 1400))

# The compliance boundary (ratio = 1), red and semi-transparent.
surf = simple.Show(simple.OutputPort(exposure, 1), view)
surf.ColorArrayName = [None, ""]
surf.AmbientColor = surf.DiffuseColor = [0.85, 0.12, 0.1]
surf.Opacity = 0.35
surf.Specular = 0.3
# The boresight as a thin dark line from the panel to the far-field estimate (a dark ball):
# the boundary's tip should sit on the ball.
tip = [centre[i] + estimate * bore[i] for i in range(3)]
for src in (simple.Tube(Input=simple.Line(Point1=centre, Point2=tip), Radius=0.05),
            simple.Sphere(Center=tip, Radius=0.22, ThetaResolution=24, PhiResolution=12)):
    rd = simple.Show(src, view)
    rd.ColorArrayName = [None, ""]
    rd.AmbientColor = rd.DiffuseColor = figures.DARK

title = simple.Text(Text="%s on a %.0f m mast: ICNIRP 2020 general-public compliance boundary "
                         "(red, exposure ratio = 1) at %.0f W, %.0f MHz"
                         % (name, args.height, args.power, freq * 1e-6))
td = simple.Show(title, view)
td.Color = figures.DARK
td.FontSize = max(8, round(17 * w / 1400))  # the text scales with the image
td.WindowLocation = "Upper Center"
note = simple.Text(Text="azimuth %.0f deg, mechanical downtilt %.0f deg; peak gain %.2f dBi; S_L = %.3f W/m^2\n"
                        "boundary along the boresight (dark line): %.2f m; far-field estimate "
                        "sqrt(P G / (4 pi S_L)) = %.2f m (dark ball)\n"
                        "lowest point of the boundary %.1f m above ground\n"
                        "far-field estimate S = P G / (4 pi r^2), valid beyond 2 D^2/lambda = %.1f m (D = %.1f m)"
                   % (args.azimuth, args.downtilt, peak, s_limit, far, estimate, lowest, near, args.panel))
nd = simple.Show(note, view)
nd.Color = figures.DARK
nd.FontSize = max(7, round(14 * w / 1400))
nd.WindowLocation = "Lower Right Corner"
nd.Justification = "Left"

simple.Render(view)  # the first render resets the camera: set it afterwards
# From the side of the beam, a little in front and above (the downtilt shows): the mast's top, the panel, the
# pattern and the boundary fill the frame (the mast runs down out of it).
side = [-math.sin(a), math.cos(a), 0]
focal = [centre[i] + 0.42 * estimate * bore[i] for i in range(3)]
focal[2] -= 0.08 * estimate
view.CameraFocalPoint = focal
view.CameraPosition = [focal[i] - 2.4 * estimate * side[i] + 0.35 * estimate * bore[i]
                       + (0.3 * estimate if i == 2 else 0) for i in range(3)]
view.CameraViewUp = [0, 0, 1]
view.CameraViewAngle = 30
simple.Render(view)
png = os.path.join(args.outdir, "site_exposure.png")
simple.SaveScreenshot(png, view, ImageResolution=[w, h])

text = ("# CloudMap site exposure of %s (Exposure Ratio on the MSI/Planet far-field table)\n"
        "# ICNIRP 2020 general public, %.1f MHz, S_L %.4g W/m^2, %.1f W, peak gain %.3f dBi\n"
        "# panel at (%.2f, %.2f, %.2f) m, azimuth %.1f deg, downtilt %.1f deg, grid %d^3, spacing %.3f m\n"
        "BoundaryAlongBoresight %.3f m\nFarFieldEstimate %.3f m\nFarFieldDistance %.3f m\n"
        % (os.path.basename(args.input), freq * 1e-6, s_limit, args.power, peak, *centre, args.azimuth,
           args.downtilt, args.resolution, grid.GetSpacing()[0], far, estimate, near))
open(os.path.join(args.outdir, "site_exposure.txt"), "w").write(text)
print(text + "wrote " + png)
