"""Run by pvbatch under mpirun (see test_mpi_reader_error.py). Opens a reader
on the relative path `case.<ext>` (each rank resolves it in its own working
directory, so one rank can see a bad or missing file), puts the reductions of
a Surface Cloud Map or a Pattern Metrics behind it, updates, and writes what
rank 0 saw: the error text and the output sizes. Arguments: plugin, reader
XML name, downstream ("cloudmap", "farfield" or "none"), output file."""
import sys

from paraview import simple
from paraview import servermanager as sm
from vtkmodules.vtkCommonCore import vtkLogger, vtkOutputWindow, vtkStringOutputWindow

plugin, xml, downstream, outpath, filename = sys.argv[1:6]
simple.LoadPlugin(plugin)
w = vtkStringOutputWindow()
vtkOutputWindow.SetInstance(w)
vtkLogger.SetStderrVerbosity(vtkLogger.VERBOSITY_OFF)
reader = sm._getPyProxy(sm.CreateProxy("sources", xml))
reader.FileName = filename
last = reader
if downstream == "cloudmap":
    last = simple.SurfaceCloudMap(Input=reader)
    last.SelectInputArray = ["CELLS", "|J|"]
    last.NumberOfLevels = 1
elif downstream == "farfield":
    last = simple.FarFieldFromCurrents(Input=reader)
    last.ThetaStep = 30
    last.PhiStep = 30
last.UpdatePipeline()
ranks = sm.vtkProcessModule.GetProcessModule().GetNumberOfLocalPartitions()
d = sm.Fetch(last)
n = 0
for m in ("GetNumberOfPoints", "GetNumberOfCells", "GetNumberOfRows"):
    if d is not None and hasattr(d, m):
        n += getattr(d, m)()
with open(outpath, "w") as f:
    f.write("ranks %d\nitems %d\n" % (ranks, n))
    f.write(w.GetOutput())
