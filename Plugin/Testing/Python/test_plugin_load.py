"""The plugin loads in pvpython, registers every cloud-map proxy under its
public python name, and OpenDataFile picks the native reader by extension."""
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
for name in ["CentroidMidpointRefinement", "AreaWeightedPointData", "ElementInterpolation",
             "BandedColorMap", "SurfaceCloudMap"]:
    if not hasattr(simple, name):
        lib.fail("paraview.simple has no %s after LoadPlugin" % name)
path = os.path.join(tmp, "plugin_sphere.cmom")
lib.write_sphere_cmom(path)
reader = simple.OpenDataFile(path)
if reader is None or reader.GetXMLName() != "CloudMapMoMReader":
    lib.fail("OpenDataFile did not choose the CloudMap MoM reader: %r" % reader)
reader.UpdatePipeline()
info = reader.GetDataInformation()
if info.GetNumberOfCells() != 12 * 24:
    lib.fail("expected %d cells, got %d" % (12 * 24, info.GetNumberOfCells()))
names = [reader.CellData[i].GetName() for i in range(len(reader.CellData))]
for a in ("J_real", "J_imag", "|J|"):
    if a not in names:
        lib.fail("cell array %s missing (have %s)" % (a, names))
print("plugin load: OK")
