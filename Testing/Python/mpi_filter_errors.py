"""Run by pvbatch, serially or under mpirun (see test_mpi_filter_errors.py).

Reads a JSON list of cases; for each it builds a small pipeline ending in a
CloudMap filter that reduces over MPI ranks, updates it, fetches the output
and records what rank 0 saw: the error text and a digest of the output
(counts, bounds and per-array sums). The inputs (Plane, the analytic antenna
pattern) are not parallel-aware, so under 2 ranks rank 0 has all the data
and rank 1 an EMPTY piece without any array. One line of JSON per case is
appended (and flushed) as soon as the case is done, so a hang names its case.
Arguments: plugin, cases.json, output file, first case index."""
import builtins  # ParaView 6.1 puts numpy_interface.algorithms.sum over the built-in
import json
import os
import sys
import traceback

from paraview import simple
from paraview import servermanager as sm
from vtkmodules.vtkCommonCore import vtkLogger, vtkOutputWindow, vtkStringOutputWindow

plugin, cases_path, outpath, first = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
simple.LoadPlugin(plugin)
vtkLogger.SetStderrVerbosity(vtkLogger.VERBOSITY_OFF)
ranks = sm.vtkProcessModule.GetProcessModule().GetNumberOfLocalPartitions()
cases = json.load(open(cases_path))


def proxy(group, xml, **props):
    p = sm._getPyProxy(sm.CreateProxy(group, xml))
    for k, v in props.items():
        setattr(p, k, v)
    return p


def plane(res=4):
    return simple.Plane(XResolution=res, YResolution=res)


def cell_elevation(res=4):
    """A plane with a cell array 'Elevation' (rank 0 only under MPI)."""
    e = simple.Elevation(Input=plane(res))
    e.LowPoint = [-0.5, -0.5, 0]
    e.HighPoint = [0.5, 0.5, 0]
    return simple.PointDatatoCellData(Input=e)


def harmonic_input():
    """A plane with point arrays J_real and J_imag (3 components)."""
    re = simple.Calculator(Input=plane(), ResultArrayName="J_real", Function="coordsX*iHat+jHat")
    return simple.Calculator(Input=re, ResultArrayName="J_imag", Function="coordsY*kHat")


def build(kind):
    """The last proxy of the case's pipeline."""
    if kind == "band_empty_rank1":
        return proxy("filters", "CloudMapBandedColorMap", Input=plane(),
                     SelectInputArray=["POINTS", "TextureCoordinates"], NumberOfBands=5)
    if kind == "band_custom_empty_rank1":
        return proxy("filters", "CloudMapBandedColorMap", Input=plane(),
                     SelectInputArray=["POINTS", "TextureCoordinates"], NumberOfBands=5,
                     UseCustomRange=1, Range=[0.0, 1.0])
    if kind == "exact_empty_rank1":
        return proxy("filters", "CloudMapBandedColorMap", Input=plane(),
                     SelectInputArray=["POINTS", "TextureCoordinates"], NumberOfBands=5,
                     ExactBands=1)
    if kind == "band_missing":
        return proxy("filters", "CloudMapBandedColorMap", Input=plane(),
                     SelectInputArray=["POINTS", "NoSuchArray"])
    if kind == "band_bad_component":
        return proxy("filters", "CloudMapBandedColorMap", Input=plane(),
                     SelectInputArray=["POINTS", "TextureCoordinates"], Component=5)
    if kind == "cloudmap_empty_rank1":
        return proxy("filters", "CloudMapSurfaceCloudMap", Input=cell_elevation(),
                     SelectInputArray=["CELLS", "Elevation"], NumberOfLevels=2, NumberOfBands=6)
    if kind == "cloudmap_exact_empty_rank1":
        return proxy("filters", "CloudMapSurfaceCloudMap", Input=cell_elevation(),
                     SelectInputArray=["CELLS", "Elevation"], NumberOfBands=6, ExactBands=1)
    if kind == "cloudmap_missing":
        return proxy("filters", "CloudMapSurfaceCloudMap", Input=plane(),
                     SelectInputArray=["CELLS", "NoSuchArray"])
    if kind == "cloudmap_refine_limit":
        return proxy("filters", "CloudMapSurfaceCloudMap", Input=cell_elevation(),
                     SelectInputArray=["CELLS", "Elevation"], NumberOfLevels=3,
                     MaximumNumberOfCells=100)
    if kind == "harmonic_empty_rank1":
        return proxy("filters", "CloudMapTimeHarmonic", Input=harmonic_input(),
                     RealArrayName="J_real", ImaginaryArrayName="J_imag")
    if kind == "harmonic_missing":
        return proxy("filters", "CloudMapTimeHarmonic", Input=plane(),
                     RealArrayName="J_real", ImaginaryArrayName="J_imag")
    if kind == "pattern_ok":
        src = proxy("sources", "CloudMapAnalyticAntennaPattern", ThetaStep=15, PhiStep=30)
        return proxy("filters", "CloudMapAntennaPatternSurface", Input=src, NumberOfLevels=1)
    if kind == "pattern_missing_column":
        src = proxy("sources", "CloudMapAnalyticAntennaPattern", ThetaStep=15, PhiStep=30)
        return proxy("filters", "CloudMapAntennaPatternSurface", Input=src,
                     SelectInputArray=["ROWS", "NoSuchColumn"])
    if kind == "farfield_no_currents":
        return proxy("filters", "CloudMapFarFieldFromCurrents", Input=plane(),
                     Frequency=3e8, ThetaStep=30, PhiStep=30)
    if kind == "ffd_empty_rank1":
        return proxy("filters", "CloudMapFreeFormDeformation", Input=plane(),
                     UseInputBounds=1)
    raise ValueError(kind)


def digest(d):
    """Counts, bounds and rounded per-array sums: equal for equal data."""
    if d is None:
        return {"items": 0}
    g = {"class": d.GetClassName(), "items": 0}
    for m in ("GetNumberOfPoints", "GetNumberOfCells", "GetNumberOfRows"):
        if hasattr(d, m):
            g[m[11:]] = getattr(d, m)()
            g["items"] += g[m[11:]]
    if hasattr(d, "GetBounds") and g.get("Points", 0) > 0:
        g["bounds"] = [round(b, 9) for b in d.GetBounds()]
    attrs = []
    for label in ("GetPointData", "GetCellData", "GetRowData"):
        if hasattr(d, label):
            attrs.append((label[3:], getattr(d, label)()))
    arrays = {}
    for where, fd in attrs:
        for i in range(fd.GetNumberOfArrays()):
            a = fd.GetArray(i)
            if a is None or not a.GetName() or a.GetName() in ("vtkOriginalIndices",):
                continue
            s = 0.0
            for t in range(a.GetNumberOfTuples()):
                for c in range(a.GetNumberOfComponents()):
                    s += a.GetComponent(t, c)
            arrays["%s/%s" % (where, a.GetName())] = [a.GetNumberOfComponents(),
                                                      a.GetNumberOfTuples(), float("%.9g" % s)]
    g["arrays"] = arrays
    return g


RANK_SCRIPT = """
from vtkmodules.vtkCommonCore import vtkIntArray
from vtkmodules.vtkParallelCore import vtkMultiProcessController
out = self.GetOutput()
out.ShallowCopy(self.GetInput())
ids = vtkIntArray()
ids.SetName("Rank")
ids.SetNumberOfTuples(out.GetNumberOfPoints())
ids.Fill(vtkMultiProcessController.GetGlobalController().GetLocalProcessId())
out.GetPointData().AddArray(ids)
"""


def rank_counts(src):
    """Points per rank of a source. Every rank, an empty one too, adds the
    array (ParaView 6's Process Ids adds none to an empty piece, and the
    gather then drops it from every piece)."""
    pid = simple.ProgrammableFilter(Input=src, Script=RANK_SCRIPT, CopyArrays=0)
    pid.UpdatePipeline()
    d = sm.Fetch(pid)
    a = d.GetPointData().GetArray("Rank")
    counts = {}
    for i in range(a.GetNumberOfTuples()):
        r = int(a.GetTuple1(i))
        counts[r] = counts.get(r, 0) + 1
    simple.Delete(pid)
    return counts


def run_cases(out):
    for case in cases[first:]:
        w = vtkStringOutputWindow()
        vtkOutputWindow.SetInstance(w)
        if case["kind"] == "probe_pieces":
            p = plane()
            counts = rank_counts(p)
            rec = {"label": case["label"], "ranks": ranks, "log": w.GetOutput(),
                   "digest": {"items": builtins.sum(counts.values()), "per_rank": counts}}
        else:
            last = build(case["kind"])
            last.UpdatePipeline()
            d = sm.Fetch(last)
            rec = {"label": case["label"], "ranks": ranks, "log": w.GetOutput(), "digest": digest(d)}
        out.write(json.dumps(rec, sort_keys=True) + "\n")
        out.flush()
        for s in list(simple.GetSources().values()):
            simple.Delete(s)


# The cases replace the output window, and under pvbatch Python's traceback goes
# to it: write a failure to the real stderr so the test shows it.
with open(outpath, "a") as out:
    try:
        run_cases(out)
    except BaseException:
        os.write(2, traceback.format_exc().encode())
        raise
