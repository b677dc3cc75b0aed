"""Run by pvbatch (serial or under mpirun) for test_animation_mpi.py: writes
the Particle System's particles at a few times, one line per particle sorted
by id (id, position, age, size, opacity, colour), including particles born on
the cells of a (distributed) plane, and the points of a Free Form Deformation
of a distributed sphere (its lattice fits the global bounds), sorted.
Arguments: plugin, output."""
import sys

from paraview import simple
from paraview import servermanager as sm

plugin, outpath = sys.argv[1:3]
simple.LoadPlugin(plugin)
ranks = sm.vtkProcessModule.GetProcessModule().GetNumberOfLocalPartitions()
rows = []
for preset, t in (("Fountain", 1.5), ("Smoke", 3.25), ("Fire", 2.0)):
    ps = simple.ParticleSystem(Preset=preset, Seed=11)
    ps.UpdatePipeline(t)
    forced = simple.ForceTime(Input=ps, IgnorePipelineTime=1, ForcedTime=t)
    out = sm.Fetch(forced)
    pd = out.GetPointData()
    ids, age, size, op, col = (pd.GetArray(n) for n in ("Id", "Age", "Size", "Opacity", "Color"))
    for i in range(out.GetNumberOfPoints()):
        p = out.GetPoint(i)
        c = col.GetTuple3(i)
        rows.append((preset, ids.GetValue(i), "%s %d %.12g %.12g %.12g %.7g %.7g %.7g %.7g %.7g %.7g" % (
            preset, ids.GetValue(i), p[0], p[1], p[2], age.GetValue(i), size.GetValue(i),
            op.GetValue(i), c[0], c[1], c[2])))
# Generation from a mesh that each rank holds only part of.
plane = simple.Plane(Point1=[2, 0, 0], Point2=[0, 1, 0], XResolution=20, YResolution=10)
ps = simple.ParticleSystem(Input=plane, Preset="Custom", GenerationShape="Input Cells", Seed=5)
forced = simple.ForceTime(Input=ps, IgnorePipelineTime=1, ForcedTime=1.25)
out = sm.Fetch(forced)
ids = out.GetPointData().GetArray("Id")
for i in range(out.GetNumberOfPoints()):
    p = out.GetPoint(i)
    rows.append(("Plane", ids.GetValue(i), "Plane %d %.12g %.12g %.12g" % (ids.GetValue(i), *p)))
# A point-wise filter whose lattice needs the global bounds.
sphere = simple.Sphere(ThetaResolution=32, PhiResolution=24)
ffd = simple.FreeFormDeformation(Input=sphere, LatticeSize=[2, 3, 2],
                                 Displacements=[0.1 * (k % 5) - 0.2 for k in range(36)])
out = sm.Fetch(ffd)
for i in range(out.GetNumberOfPoints()):
    p = out.GetPoint(i)
    rows.append(("~FFD", i, "~FFD %.9f %.9f %.9f" % p))
rows.sort()
# The FFD rows carry no id: sort them by text, and drop duplicates of points
# that several ranks hold (the sphere's poles).
ffd_rows = sorted(set(r[2] for r in rows if r[0] == "~FFD"))
rows = [r for r in rows if r[0] != "~FFD"] + [("~FFD", 0, r) for r in ffd_rows]
with open(outpath, "w") as f:
    f.write("# partitions %d\n" % ranks)
    f.write("\n".join(r[2] for r in rows) + "\n")
print("wrote %d particles from %d partition(s)" % (len(rows), ranks))
