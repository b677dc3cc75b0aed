"""Run by pvbatch (serial or under mpirun): a constrained, peak-cut Fractal
Terrain and a Fractional Brownian Curve; writes one line per point (global
id, position and arrays, full precision), sorted and de-duplicated.
Arguments: plugin, control points .vtp, output text file."""
import sys

from paraview import simple
from paraview import servermanager as sm

plugin, points, outpath = sys.argv[1:4]
simple.LoadPlugin(plugin)
ranks = sm.vtkProcessModule.GetProcessModule().GetNumberOfLocalPartitions()
reader = simple.OpenDataFile(points)
grid = simple.ControlGridFromPoints(Input=reader, GridLevel=3, Power=2.0)
terrain = simple.FractalTerrain(ControlGrid=grid, NumberOfLevels=7, HurstExponent=0.6, Sigma=0.1,
                                Seed=11, PeakCutting=1, PeakCuttingIterations=2,
                                ComputeDisplacement=1)
curve = simple.FractionalBrownianCurve(NumberOfLevels=10, HurstExponent=0.3, Seed=4)
rows = set()
raw = 0
for name, src in (("T", simple.ExtractSurface(Input=terrain)), ("C", curve)):
    src.UpdatePipeline()
    out = sm.Fetch(src)
    pd = out.GetPointData()
    gid = pd.GetArray("GlobalIds")
    arrays = [pd.GetArray(a) for a in ("Elevation", "Normals", "Displacement") if pd.GetArray(a)]
    if name == "T":
        raw = out.GetNumberOfPoints()  # pieces share their boundary rows
    for k in range(out.GetNumberOfPoints()):
        vals = list(out.GetPoint(k))
        for a in arrays:
            vals += [a.GetComponent(k, c) for c in range(a.GetNumberOfComponents())]
        rows.add("%s %d %s" % (name, gid.GetValue(k), " ".join("%.17g" % v for v in vals)))
with open(outpath, "w") as f:
    f.write("# partitions %d\n" % ranks)
    f.write("# raw terrain points %d\n" % raw)
    f.write("\n".join(sorted(rows, key=lambda r: (r[0], int(r.split()[1])))) + "\n")
print("wrote %d points from %d partition(s)" % (len(rows), ranks))
