"""Far Field From Currents against nec2c: solve a half-wave dipole and the communication vehicle,
read the printed patch and wire currents, compute the far field, and compare
the normalized pattern with the RADIATION PATTERNS table nec2c printed:
within 0.5 dB wherever nec2c's total gain is within 20 dB of its maximum
(the printed currents carry only about 3 digits). Then draw the pattern
alone, and at 40 % opacity over the vehicle's current cloud map, and compare
both with their baselines."""
import math
import os
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
root = lib.ROOT
deck, out = os.path.join(tmp, "ff_vehicle.nec"), os.path.join(tmp, "ff_vehicle.out")
subprocess.run(["python3", os.path.join(root, "Examples", "vehicle", "make_vehicle.py"), deck],
               check=True, stdout=subprocess.DEVNULL)
lib.nec2c(deck, out, timeout=300)

def printed_pattern(path):
    """nec2c's own RADIATION PATTERNS table, parsed here independently of the plugin."""
    table = {}
    lines = open(path).read().splitlines()
    start = next(i for i, l in enumerate(lines) if "RADIATION PATTERNS" in l) + 5
    for l in lines[start:]:
        f = l.split()
        if len(f) < 5:
            break
        table[(round(float(f[0]), 3), round(float(f[1]), 3))] = float(f[4])
    return table


simple = lib.load_plugin(plugin)
from paraview import servermanager as sm


def compare(path, label):
    printed = printed_pattern(path)
    reader = simple.OpenDataFile(path)
    ff = simple.FarFieldFromCurrents(Input=simple.OutputPort(reader, 0),
                                     Wires=simple.OutputPort(reader, 1))
    ff.ThetaRange, ff.ThetaStep, ff.PhiRange, ff.PhiStep = [0, 180], 5, [0, 360], 5
    ff.UpdatePipeline()
    t = sm.Fetch(ff)
    th, ph, e = (t.GetColumnByName(n) for n in ("Theta", "Phi", "|E|"))
    emax = max(e.GetValue(i) for i in range(t.GetNumberOfRows()))
    gmax = max(printed.values())
    worst, compared = 0.0, 0
    for i in range(t.GetNumberOfRows()):
        key = (round(th.GetValue(i), 3), round(ph.GetValue(i), 3))
        if key not in printed or printed[key] < gmax - 20:
            continue
        ours = 20 * math.log10(max(e.GetValue(i), 1e-300) / emax)
        worst = max(worst, abs(ours - (printed[key] - gmax)))
        compared += 1
    print("%s: nec2c printed %d samples; compared %d directions within 20 dB of the peak; "
          "worst difference %.3f dB" % (label, len(printed), compared, worst))
    if compared < 500 or worst > 0.5:
        lib.fail("%s: the far field differs from nec2c's pattern by %.3f dB" % (label, worst))
    return reader, ff


dipole_out = lib.run_nec2c(tmp, "ff_dipole", "CM half-wave dipole, 1 m wavelength\nCE\n"
                           "GW 1 21 0 0 -0.25 0 0 0.25 0.001\nGE 0\n"
                           "FR 0 1 0 0 299.8 0\nEX 0 1 11 0 1 0\nRP 0 37 73 1000 0 0 5 5\nEN\n", timeout=120)
compare(dipole_out, "half-wave dipole")
reader, ff = compare(out, "vehicle")

# The pattern cloud map over the vehicle (the chapter's Fig. 9.10 b).
ps = simple.AntennaPatternSurface(Input=ff, Scale="Decibels", DynamicRange=30, Radius=2.0,
                                  Center=[1.875, 0.125, 2.3])
ps.SelectInputArray = ["ROWS", "|E|"]
view = lib.render_view([700, 500])
pat = simple.Show(ps, view)
simple.ColorBy(pat, ("CELLS", "BandColor"))
pat.MapScalars = 0
def shoot(name):
    view.CameraPosition = [-6.0, -9.0, 7.0]
    view.CameraFocalPoint = [2.5, 0, 1.5]
    view.CameraViewUp = [0, 0, 1]
    view.ResetCamera()
    png = os.path.join(tmp, name)
    simple.SaveScreenshot(png, view, ImageResolution=[700, 500])
    ok, err = lib.compare_image(png, os.path.join(root, "Testing", "Baselines", name))
    if not ok:
        lib.fail("%s differs from its baseline (%.2f)" % (name, err))


pat.Opacity = 1.0
shoot("pattern_alone.png")
cloud = simple.SurfaceCloudMap(Input=simple.OutputPort(reader, 0))
cloud.SelectInputArray = ["CELLS", "|J|"]
body = simple.Show(cloud, view)
simple.ColorBy(body, ("CELLS", "BandColor"))
body.MapScalars = 0
pat.Opacity = 0.4
shoot("pattern_over_vehicle.png")
print("far field: OK")
