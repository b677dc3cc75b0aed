"""Run by pvbatch (serial or under mpirun): computes the Surface Cloud Map of
a mesh and writes one line per sub-element, sorted: ElementId, centroid,
BandIndex and value. Arguments: plugin, mesh file, output text file."""
import sys

from paraview import simple
from paraview import servermanager as sm

plugin, mesh, outpath = sys.argv[1:4]
simple.LoadPlugin(plugin)
reader = simple.OpenDataFile(mesh)
cm = simple.SurfaceCloudMap(Input=reader)
cm.SelectInputArray = ["CELLS", "|J|"]
cm.NumberOfLevels = 2
cm.ParentIds = 1  # ElementId on every sub-element (an extra since the lean output)
cm.UpdatePipeline()
ranks = sm.vtkProcessModule.GetProcessModule().GetNumberOfLocalPartitions()
out = sm.Fetch(cm)
ids = out.GetCellData().GetArray("ElementId")
bands = out.GetCellData().GetArray("BandIndex")
vals = out.GetCellData().GetArray("|J|")
ghosts = out.GetCellData().GetArray("vtkGhostType")
rows = []
for c in range(out.GetNumberOfCells()):
    if ghosts is not None and ghosts.GetValue(c) & 1:  # DUPLICATECELL: owned by another rank
        continue
    pts = out.GetCell(c).GetPointIds()
    n = pts.GetNumberOfIds()
    cen = [sum(out.GetPoint(pts.GetId(k))[d] for k in range(n)) / n for d in range(3)]
    rows.append("%d %.9f %.9f %.9f %d %.12g" % (ids.GetValue(c), cen[0], cen[1], cen[2],
                                                 bands.GetValue(c), vals.GetValue(c)))
rows.sort()
with open(outpath, "w") as f:
    f.write("# partitions %d\n" % ranks)
    f.write("\n".join(rows) + "\n")
print("wrote %d sub-elements from %d partition(s)" % (len(rows), ranks))
