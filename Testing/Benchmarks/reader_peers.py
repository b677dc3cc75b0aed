"""Our readers beside their Python peers, in one process: MB/s of both and the ratio.

    pvpython Testing/Benchmarks/reader_peers.py <CloudMap plugin> <workdir>
        [--scale N] [--repeat R] [--threads 1,2] [--only WORD] [--check]

Every module of Testing/Benchmarks/peers/ (one per format family) exposes
``cases(workdir, scale)``, which writes its files in the real programs' layouts
(about 500 bytes per unit of `scale`: 200000 gives files of about 100 MB) and
returns a list of dicts:

    {"name": str, "file": path,
     "ours": callable(path) reading it with our reader through paraview.simple
             (UpdatePipeline),
     "peer": callable(path) or None, "peer_name": str}

Both callables may return a number that does not depend on the reader (a row count
or a sum of values): the runner then compares ours with the peer's (relative 1e-6)
and --check fails on a difference. Each case is timed best of R (ours, then the peer,
alternately), and a line prints MB/s of ours, of the peer and their ratio.

--threads 1,2 runs this script again once per thread count, with
VTK_SMP_MAX_THREADS set (and VTK_SMP_BACKEND_IN_USE: Sequential for 1, STDThread
above), and prints each child's lines. --check (the ctest smoke test at a tiny
scale) exits 1 when a case fails, reads nothing or disagrees with its peer.
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Python"))
import cloudmap_testlib as lib  # noqa: E402


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("plugin")
    p.add_argument("workdir")
    p.add_argument("--scale", type=int, default=200000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--threads", default="")
    p.add_argument("--only", default="")
    p.add_argument("--check", action="store_true")
    return p.parse_args(argv)


def peer_modules(only):
    """The peers/ modules, by file name (feko.py...), filtered by --only."""
    folder = os.path.join(HERE, "peers")
    # Their shared helpers (peers/_files.py) as the module _files; peers/ itself stays off
    # sys.path, so that peers/gmsh.py can import the real gmsh.
    if "_files" not in sys.modules:
        spec = importlib.util.spec_from_file_location("_files", os.path.join(folder, "_files.py"))
        sys.modules["_files"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules["_files"])
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py") or name.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location("peers_" + name[:-3],
                                                      os.path.join(folder, name))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield name[:-3], module


def best_of(fn, path, repeat):
    """(best seconds, what fn returned)."""
    best, value = float("inf"), None
    for _ in range(max(1, repeat)):
        t0 = time.perf_counter()
        value = fn(path)
        best = min(best, time.perf_counter() - t0)
    return best, value


def agree(a, b):
    if a is None or b is None:
        return True
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def run_cases(args):
    lib.load_plugin(args.plugin)
    os.makedirs(args.workdir, exist_ok=True)
    threads = os.environ.get("VTK_SMP_MAX_THREADS", "default")
    failures = 0
    for family, module in peer_modules(""):
        for case in module.cases(args.workdir, args.scale):
            name = "%s %s" % (family, case["name"])
            if args.only and args.only not in name:
                continue
            mb = os.path.getsize(case["file"]) / 1e6
            try:
                ours_t, ours_v = best_of(case["ours"], case["file"], args.repeat)
                peer_t, peer_v = (float("nan"), None)
                if case.get("peer"):
                    peer_t, peer_v = best_of(case["peer"], case["file"], args.repeat)
            except Exception as e:  # a reader's error fails the case
                lib.say("FAILED %-28s %s threads: %s" % (name, threads, e))
                failures += 1
                continue
            ours_rate = mb / ours_t
            peer_rate = mb / peer_t if case.get("peer") else float("nan")
            ok = (ours_v is None or ours_v > 0) and agree(ours_v, peer_v)
            failures += 0 if ok else 1
            lib.say("%-28s %s t | %7.1f MB | ours %8.1f MB/s | %-36s %8.1f MB/s | %6.2fx | %s%s"
                    % (name, threads, mb, ours_rate, case.get("peer_name") or "no peer",
                       peer_rate, ours_rate / peer_rate if case.get("peer") else float("nan"),
                       "same" if ok else "DIFFERENT",
                       "" if ours_v is None else " (ours %g, peer %s)" % (
                           ours_v, "-" if peer_v is None else "%g" % peer_v)))
    return failures


def main(argv):
    args = parse_args(argv)
    if args.threads:
        failures = 0
        for t in [int(x) for x in args.threads.split(",") if x]:
            env = dict(os.environ, VTK_SMP_MAX_THREADS=str(t),
                       VTK_SMP_BACKEND_IN_USE="Sequential" if t == 1 else "STDThread")
            child = [a for a in argv if not a.startswith("--threads")]
            if "--threads" in argv:
                i = argv.index("--threads")
                child = argv[:i] + argv[i + 2:]
            # (pvpython's sys.executable may name vtkpython, which Debian does not ship)
            interpreter = os.environ.get("PVPYTHON") or shutil.which("pvpython") or sys.executable
            run = subprocess.run([interpreter, os.path.abspath(__file__)] + child, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            for line in run.stdout.splitlines():
                if "|" in line or line.startswith("FAILED") or "case(s)" in line:
                    lib.say(line)
            failures += 1 if run.returncode else 0
        lib.leave(1 if failures and args.check else 0)
    failures = run_cases(args)
    lib.say("%d case(s) failed or disagreed with their peer" % failures)
    lib.leave(1 if failures and args.check else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
