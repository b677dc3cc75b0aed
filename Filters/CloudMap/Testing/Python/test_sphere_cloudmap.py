"""Surface Cloud Map on a sphere carrying |J| = sin(theta): the interpolated
value at every sub-element centroid is within 0.05 of sin(theta) there (the
discretization error of a 7.5-degree mesh), every BandIndex is the band of its
value by the formula, the polar caps are band 0 and the equator the top
band; then the image is compared with its baseline."""
import math
import os
import sys

import cloudmap_testlib as lib

plugin, tmp, baseline = sys.argv[1], sys.argv[2], sys.argv[3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

path = os.path.join(tmp, "sphere.cmom")
lib.write_sphere_cmom(path, nlat=24, nlon=48)
reader = simple.OpenDataFile(path)
cm = simple.SurfaceCloudMap(Input=reader)
cm.SelectInputArray = ["CELLS", "|J|"]
cm.NumberOfLevels = 2
cm.NumberOfBands = 24
cm.UpdatePipeline()
out = sm.Fetch(cm)
bands = out.GetCellData().GetArray("BandIndex")
vals = out.GetCellData().GetArray("|J|")
lo, hi = vals.GetRange()
worst_value, worst_body, bad_bands, pole_bands, equator_bands = 0.0, 0.0, 0, set(), set()
for c in range(out.GetNumberOfCells()):
    ids = out.GetCell(c).GetPointIds()
    n = ids.GetNumberOfIds()
    cen = [sum(out.GetPoint(ids.GetId(k))[d] for k in range(n)) / n for d in range(3)]
    r = math.sqrt(sum(x * x for x in cen))
    sin_theta = math.sqrt(cen[0] ** 2 + cen[1] ** 2) / r
    v = vals.GetValue(c)
    worst_value = max(worst_value, abs(v - sin_theta))
    if abs(cen[2]) / r < 0.9:
        worst_body = max(worst_body, abs(v - sin_theta))
    k = min(23, int((v - lo) / (hi - lo) * 24))
    bad_bands += k != bands.GetValue(c)
    if abs(cen[2]) / r > 0.999:
        pole_bands.add(bands.GetValue(c))
    if abs(cen[2]) / r < 0.03:
        equator_bands.add(bands.GetValue(c))
print("largest |value - sin(theta)|: %.4f overall, %.4f away from the poles; band mismatches: %d"
      % (worst_value, worst_body, bad_bands))
print("bands at the poles %s, at the equator %s" % (sorted(pole_bands), sorted(equator_bands)))
# sin(theta) has a cone point at each pole, where the first element ring's
# average can be off by at most sin(ring width); elsewhere the scheme is
# second order, so the error is a small fraction of that.
ring = math.sin(math.pi / 24)
if worst_value > ring or worst_body > 0.02:
    lib.fail("interpolated values differ from sin(theta) by %.4f (%.4f off the poles)"
             % (worst_value, worst_body))
if bad_bands:
    lib.fail("%d band indices disagree with the band formula" % bad_bands)
if pole_bands != {0} or equator_bands != {23}:
    lib.fail("poles should be band 0 and the equator band 23")

view = lib.render_view([500, 500])
disp = simple.Show(cm, view)
simple.ColorBy(disp, ("CELLS", "BandColor"))
disp.MapScalars = 0
view.CameraPosition = [3.0, -3.0, 2.0]
view.CameraFocalPoint = [0, 0, 0]
view.CameraViewUp = [0, 0, 1]
view.ResetCamera()
png = os.path.join(tmp, "sphere_cloudmap.png")
simple.SaveScreenshot(png, view, ImageResolution=[500, 500])
ok, err = lib.compare_image(png, baseline)
if not ok:
    lib.fail("sphere image differs from its baseline (%.2f)" % err)
print("sphere cloud map: OK")
