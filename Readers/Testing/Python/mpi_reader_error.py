"""Run by pvbatch under mpirun (see test_mpi_reader_error.py). Reads a JSON
list of cases; for each it opens a reader on the case's relative file name
(each rank resolves it in its own working directory, so one rank can see a bad
or missing file while the other sees a good one), puts a filter that reduces
over ranks behind it (a Surface Cloud Map's band range, a Far Field From
Currents' radiation sums, a Banded Color Map's range on the NEC reader's Near
Fields port, or only the Fetch's own reduction), updates, fetches
and records what rank 0 saw: the error text and the number of output items.
One line of JSON per case is appended (and flushed) as soon as the case is
done, so a hang names its case. Arguments: plugin, cases.json, output file."""
import json
import sys

from paraview import simple
from paraview import servermanager as sm
from vtkmodules.vtkCommonCore import vtkLogger, vtkOutputWindow, vtkStringOutputWindow

plugin, cases_path, outpath = sys.argv[1:4]
simple.LoadPlugin(plugin)
vtkLogger.SetStderrVerbosity(vtkLogger.VERBOSITY_OFF)
ranks = sm.vtkProcessModule.GetProcessModule().GetNumberOfLocalPartitions()
cases = json.load(open(cases_path))
with open(outpath, "w") as out:
    for case in cases:
        w = vtkStringOutputWindow()
        vtkOutputWindow.SetInstance(w)
        reader = sm._getPyProxy(sm.CreateProxy("sources", case["xml"]))
        reader.FileName = case["file"]
        last = reader
        if case["downstream"] == "cloudmap":
            last = simple.SurfaceCloudMap(Input=reader)
            last.SelectInputArray = ["CELLS", case["array"]]
            last.NumberOfLevels = 1
        elif case["downstream"] == "nearfield":
            # NEC Near Fields (port 4): Banded Color Map reduces the |E| range over ranks.
            last = simple.BandedColorMap(Input=simple.OutputPort(reader, 4))
            last.SelectInputArray = ["POINTS", "|E|"]
        elif case["downstream"] == "farfield":
            last = simple.FarFieldFromCurrents(Input=reader)
            last.ThetaStep = 30
            last.PhiStep = 30
        last.UpdatePipeline()
        d = sm.Fetch(last)
        n = 0
        for m in ("GetNumberOfPoints", "GetNumberOfCells", "GetNumberOfRows"):
            if d is not None and hasattr(d, m):
                n += getattr(d, m)()
        out.write(json.dumps({"label": case["label"], "ranks": ranks, "items": n,
                              "log": w.GetOutput()}) + "\n")
        out.flush()
        if last is not reader:
            simple.Delete(last)
        simple.Delete(reader)
