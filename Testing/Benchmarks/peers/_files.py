# SPDX-License-Identifier: BSD-3-Clause
"""Helpers of the peer modules (not a module of cases: its name starts with '_')."""
import glob
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__)))))


def bench_file(workdir, scale, suffix):
    """The file the C++ benchmark writes for its CST, Gmsh and Touchstone rows
    (Testing/Benchmarks/bench_readers_b.cxx, the solvers' layouts): written once per scale
    by `cloudmap_bench --case prepare.rb`."""
    path = os.path.join(workdir, "benchb_%d%s" % (scale, suffix))
    if not os.path.exists(path):
        bench = os.environ.get("CLOUDMAP_BENCH") or next(iter(sorted(glob.glob(
            os.path.join(ROOT, "build", "bin", "cloudmap_bench")))), None)
        if not bench:
            raise RuntimeError("no build/bin/cloudmap_bench to write %s (set CLOUDMAP_BENCH)" % path)
        subprocess.check_call([bench, "--case", "prepare.rb", str(scale), "1", workdir],
                              stdout=subprocess.DEVNULL)
    return path


def rows_of(proxy):
    """Rows (a table) or points of a reader's output, and its time steps, through the
    data information (no copy of the data)."""
    info = proxy.GetDataInformation().DataInformation
    return info


def read_with(make, count):
    """A callable(path) that reads the file with the reader proxy `make(FileName=path)`
    through paraview.simple (UpdatePipeline) and returns count(proxy, info)."""
    def run(path):
        from paraview import simple
        r = make(FileName=path)
        r.UpdatePipeline()
        n = count(r, r.GetDataInformation().DataInformation)
        simple.Delete(r)
        return n
    return run
