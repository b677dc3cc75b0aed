"""The shipped colour presets equal the Banded Color Map's band colours: for
each preset, the colour the preset gives at the centre of band k (on a
discretized lookup table) equals BandColor of band k from the filter."""
import json
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

root = lib.ROOT
presets = json.load(open(os.path.join(root, "Plugin", "presets", "CloudMapPresets.json")))
mesh = os.path.join(tmp, "preset_sphere.cmom")
lib.write_sphere_cmom(mesh)
reader = simple.OpenDataFile(mesh)
checked = 0
for p in presets:
    n = p["NumberOfTableValues"]
    palette = 1 if "Viridis" in p["Name"] else 0
    band = simple.BandedColorMap(Input=reader, NumberOfBands=n, Palette=palette)
    band.SelectInputArray = ["CELLS", "|J|"]
    band.UpdatePipeline()
    table = sm.Fetch(band, idx=1)
    pts = p["RGBPoints"]
    for k in range(n):
        t = (k + 0.5) / n
        # The step function: the last point at or before t.
        c = None
        for i in range(0, len(pts), 4):
            if pts[i] <= t:
                c = pts[i + 1:i + 4]
        want = [table.GetColumnByName(x).GetValue(k) for x in ("Red", "Green", "Blue")]
        got = [round(255 * v) for v in c]
        if got != want:
            lib.fail("%s band %d: preset %s, filter %s" % (p["Name"], k, got, want))
        checked += 1
    simple.Delete(band)
print("presets: %d band colours match the filter" % checked)
