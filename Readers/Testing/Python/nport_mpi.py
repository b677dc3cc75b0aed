"""Run by pvbatch (serial or under mpirun) for test_nport.py: the NEC reader's Network
output (port 5) of a nec2c file, every column and value with 17 digits, plus the field
data PortNames, to a text file. Arguments: plugin, nec2c output, output file."""
import sys

from paraview import simple
from paraview import servermanager as sm

plugin, necout, outpath = sys.argv[1:4]
simple.LoadPlugin(plugin)
reader = simple.OpenDataFile(necout)
reader.UpdatePipeline()
t = sm.Fetch(reader, idx=5)
lines = ["rows %d columns %d" % (t.GetNumberOfRows(), t.GetNumberOfColumns())]
names = t.GetFieldData().GetAbstractArray("PortNames")
lines.append("ports " + " ".join(names.GetValue(k) for k in range(names.GetNumberOfValues())))
for c in range(t.GetNumberOfColumns()):
    col = t.GetColumn(c)
    lines.append(t.GetColumnName(c) + " " + " ".join(
        (col.GetValue(r) if col.IsA("vtkStringArray") else "%.17g" % col.GetValue(r))
        for r in range(t.GetNumberOfRows())))
with open(outpath, "w") as f:
    f.write("\n".join(lines) + "\n")
