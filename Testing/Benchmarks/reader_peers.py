# SPDX-License-Identifier: BSD-3-Clause
"""Our readers beside their Python peers, in one process (pvpython):

  pvpython Testing/Benchmarks/reader_peers.py [--threads 1,2] [--scale 200000] [--repeat 3]
      [--only cst,gmsh] [--plugin path/to/CloudMap.so] [workdir]

Loads the CloudMap plugin, imports every module of Testing/Benchmarks/peers/ and runs
each case of its cases(workdir, scale): a list of dicts {"name", "file", "ours":
callable(path), "peer": callable(path) or None, "peer_name"}. Each callable returns what it
read (a count of values, or a sum); the runner checks that ours and the peer read the same
(so the comparison cannot silently compare different work), times the best of --repeat
runs of each, and prints the MB/s of both and their ratio. With --threads 1,2 it runs
itself again once per thread count with VTK_SMP_MAX_THREADS and VTK_SMP_BACKEND_IN_USE
set (Sequential for one thread, STDThread otherwise). --scale is the benchmark's element
count: about 500 bytes per unit (100 MB files at 200000).
"""
import argparse
import glob
import importlib.util
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--threads", default="")
    p.add_argument("--scale", type=int, default=200000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--only", default="")
    p.add_argument("--plugin", default="")
    p.add_argument("workdir", nargs="?", default="/tmp/cloudmap_peers")
    return p.parse_args()


def find_plugin(given):
    if given:
        return given
    found = sorted(glob.glob(os.path.join(ROOT, "build", "lib", "paraview-*", "plugins",
                                          "CloudMap", "CloudMap.so")))
    if not found:
        sys.exit("reader_peers: no CloudMap.so under build/; pass --plugin")
    return found[-1]


def rerun_per_thread_count(args):
    # One child per thread count, as the C++ benchmark does (a fresh process each).
    status = 0
    for t in [int(x) for x in args.threads.split(",") if x]:
        env = dict(os.environ)
        env["VTK_SMP_MAX_THREADS"] = str(t)
        env["VTK_SMP_BACKEND_IN_USE"] = "Sequential" if t == 1 else "STDThread"
        argv = [a for a in sys.argv[1:]]
        k = argv.index("--threads") if "--threads" in argv else -1
        if k >= 0:
            del argv[k:k + 2]
        else:
            argv = [a for a in argv if not a.startswith("--threads=")]
        print("== %d thread(s) ==" % t, flush=True)
        # Under pvpython sys.executable may name a vtkpython that is not installed.
        exe = os.environ.get("PVPYTHON") or shutil.which("pvpython") or sys.executable
        status |= subprocess.call([exe, os.path.abspath(__file__)] + argv, env=env)
    return status


def best(fn, path, repeat):
    result, times = None, []
    for _ in range(max(1, repeat)):
        t0 = time.perf_counter()
        result = fn(path)
        times.append(time.perf_counter() - t0)
    return min(times), result


def same(a, b):
    if a is None or b is None:
        return False
    return abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(a)), abs(float(b)))


def main():
    args = parse_args()
    if args.threads:
        return rerun_per_thread_count(args)
    from paraview import simple
    simple.LoadPlugin(find_plugin(args.plugin))
    os.makedirs(args.workdir, exist_ok=True)
    only = [x for x in args.only.split(",") if x]
    modules = sorted(glob.glob(os.path.join(HERE, "peers", "*.py")))
    # Their shared helpers (peers/_files.py) as the module _files; peers/ itself stays off
    # sys.path, so that peers/gmsh.py can import the real gmsh.
    spec = importlib.util.spec_from_file_location("_files", os.path.join(HERE, "peers", "_files.py"))
    sys.modules["_files"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sys.modules["_files"])
    failures = 0
    print("%-34s %8s | %10s | %-22s %10s | %7s | %s" % (
        "case", "MB", "ours MB/s", "peer", "MB/s", "ratio", "same work"), flush=True)
    for m in modules:
        family = os.path.splitext(os.path.basename(m))[0]
        if family.startswith("_") or (only and family not in only):
            continue
        spec = importlib.util.spec_from_file_location("peers_" + family, m)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        for case in mod.cases(args.workdir, args.scale):
            path = case["file"]
            mb = os.path.getsize(path) / 1e6
            t_ours, n_ours = best(case["ours"], path, args.repeat)
            peer = case.get("peer")
            if peer is None:
                print("%-34s %8.1f | %10.1f | %-22s %10s | %7s | %s" % (
                    case["name"], mb, mb / t_ours, case.get("peer_name", "none"), "-", "-",
                    n_ours), flush=True)
                continue
            t_peer, n_peer = best(peer, path, args.repeat)
            ok = same(n_ours, n_peer)
            failures += 0 if ok else 1
            print("%-34s %8.1f | %10.1f | %-22s %10.1f | %6.2fx | %s" % (
                case["name"], mb, mb / t_ours, case["peer_name"], mb / t_peer, t_peer / t_ours,
                "yes (%g)" % n_ours if ok else "NO: ours %s, peer %s" % (n_ours, n_peer)),
                flush=True)
    if failures:
        print("%d case(s) where ours and the peer did not read the same" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
