"""Two-rank wall-time ratio of the whole cloud-map chain.

    python3 mpi_chain_bench.py PVBATCH MPIRUN PLUGIN [elements=1000000] [scratch=/tmp] [levels=2]

writes a UV-sphere .cmom mesh of about `elements` quads and triangles once,
then runs this script inside `pvbatch` (serial) and `mpirun -np 2 pvbatch`,
each reading the mesh and running Surface Cloud Map (NumberOfLevels=levels)
twice; it prints the best in-process time of the chain (reader excluded and
included, timed on rank 0), each run's wall time and rank 0's peak RSS (VmHWM)."""
import os
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))


def vmhwm_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return float(line.split()[1]) / 1024.0
    return 0.0


def inner(plugin, mesh, levels):
    """Runs inside pvbatch (one or several ranks)."""
    from paraview import simple
    from paraview import servermanager as sm

    simple.LoadPlugin(plugin)
    pm = sm.vtkProcessModule.GetProcessModule()
    # pvbatch runs this script on rank 0 only; UpdatePipeline drives every
    # rank and returns when the pipeline (with its MPI range reduction) is
    # done, so no explicit barrier is needed (one would deadlock).
    ranks = pm.GetNumberOfLocalPartitions()
    best_chain, best_total = 1e300, 1e300
    for _ in range(2):
        reader = simple.OpenDataFile(mesh)
        t0 = time.time()
        reader.UpdatePipeline()
        t1 = time.time()
        cm = simple.SurfaceCloudMap(Input=reader)
        cm.SelectInputArray = ["CELLS", "|J|"]
        cm.NumberOfLevels = levels
        cm.UpdatePipeline()
        t2 = time.time()
        cells = cm.GetDataInformation().GetNumberOfCells()
        best_chain = min(best_chain, t2 - t1)
        best_total = min(best_total, t2 - t0)
        simple.Delete(cm)
        simple.Delete(reader)
    print("RESULT ranks=%d chain=%.3f total=%.3f cells=%d hwm_rank0=%.0fMB"
          % (ranks, best_chain, best_total, cells, vmhwm_mb()),
          flush=True)


def outer(pvbatch, mpirun, plugin, elements, tmp, levels):
    sys.path.insert(0, os.path.join(here, "..", "Python"))
    import cloudmap_testlib as lib

    # A UV sphere of nlat x nlon has nlon*(nlat-2) quads and 2*nlon triangles.
    nlon = int((elements / 2) ** 0.5)
    nlat = max(4, int(round(elements / nlon)))
    mesh = os.path.join(tmp, "mpi_bench_%d_%d.cmom" % (nlat, nlon))
    if not os.path.exists(mesh):
        lib.write_sphere_cmom(mesh, nlat=nlat, nlon=nlon)
    print("mesh %s: %d elements, %.0f MB" % (mesh, nlon * nlat, os.path.getsize(mesh) / 1e6))
    me = os.path.abspath(__file__)
    runs = {
        "serial": [pvbatch, me, "--inner", plugin, mesh, str(levels)],
        "2 ranks": [mpirun, "--allow-run-as-root", "--oversubscribe", "-np", "2", pvbatch, me,
                    "--inner", plugin, mesh, str(levels)],
    }
    results = {}
    for name, cmd in runs.items():
        t0 = time.time()
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        wall = time.time() - t0
        lines = [l for l in out.splitlines() if l.startswith("RESULT")]
        chain = max(float(l.split("chain=")[1].split()[0]) for l in lines)
        total = max(float(l.split("total=")[1].split()[0]) for l in lines)
        hwm = [l.split("hwm_")[1] for l in lines]
        results[name] = (chain, total, wall)
        print("%-8s chain %.3f s, reader+chain %.3f s, process wall %.1f s, peak RSS %s"
              % (name, chain, total, wall, " ".join(hwm)))
    s, p = results["serial"], results["2 ranks"]
    print("two-rank ratio (serial / 2 ranks): chain %.2fx, reader+chain %.2fx, wall %.2fx"
          % (s[0] / p[0], s[1] / p[1], s[2] / p[2]))
    print("per million elements (serial): chain %.3f s" % (s[0] / (nlon * nlat / 1e6)))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--inner":
        inner(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        a = sys.argv[1:]
        outer(a[0], a[1], a[2], int(a[3]) if len(a) > 3 else 1000000,
              a[4] if len(a) > 4 else "/tmp", int(a[5]) if len(a) > 5 else 2)
