"""Run by pvbatch (serial or under mpirun) for test_pattern_grid_mpi.py:
Antenna Pattern Surface with Reference Mode Global on a nec2c sweep; for every
time step writes the reference, the surface's point count and radii, and the
pattern grid's lines (kind, level, label, rounded points) to a text file.
Arguments: plugin, nec2c output, output file."""
import math
import sys

from paraview import simple
from paraview import servermanager as sm

plugin, necout, outpath = sys.argv[1:4]
simple.LoadPlugin(plugin)
reader = simple.OpenDataFile(necout)
ps = simple.AntennaPatternSurface(Input=simple.OutputPort(reader, 2), Scale="Decibels",
                                  NumberOfLevels=1, ReferenceMode="Global")
ps.SelectInputArray = ["ROWS", "Gain"]
ps.UpdatePipeline()
lines = []
for t in reader.TimestepValues:
    ps.UpdatePipeline(t)
    s = sm.Fetch(ps)
    g = sm.Fetch(ps, idx=2)
    lines.append("time %.6g reference %.9g points %d cells %d radius-sum %.9f" % (
        t, s.GetFieldData().GetArray("PatternReference").GetValue(0), s.GetNumberOfPoints(),
        s.GetNumberOfCells(), sum(math.dist(s.GetPoint(i), (0, 0, 0)) for i in range(s.GetNumberOfPoints()))))
    kind, level = g.GetCellData().GetArray("Kind"), g.GetCellData().GetArray("Level")
    label = g.GetCellData().GetAbstractArray("Label")
    rows = []
    for c in range(g.GetNumberOfCells()):
        cell = g.GetCell(c)
        pts = " ".join("%.9f,%.9f,%.9f" % g.GetPoint(cell.GetPointId(j)) for j in range(cell.GetNumberOfPoints()))
        rows.append("%d %g %s | %s" % (kind.GetValue(c), level.GetValue(c), label.GetValue(c), pts))
    lines.append("grid lines %d" % len(rows))
    lines += sorted(rows)
with open(outpath, "w") as f:
    f.write("\n".join(lines) + "\n")
