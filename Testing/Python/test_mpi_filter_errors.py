"""A filter error on one MPI rank is an error on every rank, never a hang; an
empty piece is no error.

Filters that reduce over ranks (band ranges, pattern maxima, far-field sums,
the Surface Cloud Map's band stage, Free Form Deformation's input bounds) used
to return early on a rank that met an error, before the reduction the other
ranks were waiting in. The typical trigger is an EMPTY piece: under 2 ranks a
non-parallel-aware source (Plane, the analytic antenna pattern) gives rank 0
all the data and rank 1 an empty piece without any array, so "array not
found" failed on one rank only.

Each case runs under `mpirun -np 2 pvbatch` (mpi_filter_errors.py) and, as a
reference, under `mpirun -np 1`. Cases that must succeed must give, under 2
ranks, exactly the serial digest (counts, bounds, per-array sums) without an
error; cases that must fail must give an error on rank 0 with the expected
text and an empty output, in both runs. Each mpirun has a short timeout; a
hang names its case and the remaining cases run in a new mpirun.
Arguments: plugin, scratch directory."""
import json
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
pvbatch, mpirun = lib.pvbatch_and_mpirun()
if not pvbatch or not mpirun:
    lib.fail("no pvbatch or mpirun (Testing/setup-debian.sh installs them)")
script = os.path.join(here, "mpi_filter_errors.py")
root = os.path.join(tmp, "mpi_filter_errors")
shutil.rmtree(root, ignore_errors=True)
os.makedirs(root)
TIMEOUT = int(os.environ.get("CLOUDMAP_MPI_TIMEOUT", "60"))
failures = []

# (label, expect_ok, fragments of the expected error)
CASES = [
    ("probe_pieces", True, []),
    ("pattern_missing_column", False, ["no numeric column 'NoSuchColumn'"]),
    ("farfield_no_currents", False, ["J_real and J_imag"]),
    ("band_empty_rank1", True, []),
    ("cloudmap_empty_rank1", True, []),
    ("cloudmap_refine_limit", False, ["refinement would produce"]),
    ("harmonic_empty_rank1", True, []),
    ("band_custom_empty_rank1", True, []),
    ("exact_empty_rank1", True, []),
    ("band_missing", False, ["no array to band"]),
    ("band_bad_component", False, ["component 5 does not exist"]),
    ("cloudmap_exact_empty_rank1", True, []),
    ("cloudmap_missing", False, ["no cell array to map"]),
    ("harmonic_missing", False, ["need matching real and imaginary arrays"]),
    ("pattern_ok", True, []),
    ("ffd_empty_rank1", True, []),
    # A good run after all the failures: nothing left in a bad state.
    ("band_again", True, []),
]
cases = [{"label": l, "kind": "band_empty_rank1" if l == "band_again" else l} for l, _, _ in CASES]
cases_path = os.path.join(root, "cases.json")
json.dump(cases, open(cases_path, "w"))


def run(np):
    """All cases under `np` ranks: {label: result}; a hang skips its case."""
    out = os.path.join(root, "np%d.jsonl" % np)
    if os.path.exists(out):
        os.remove(out)
    # pvpython (running this test) is itself an MPI singleton: keep its
    # Open MPI/PMIx variables away from the nested mpirun.
    env = lib.mpi_free_env()
    start = 0
    while start < len(cases):
        cmd = [mpirun, "--allow-run-as-root", "--oversubscribe", "-np", str(np), pvbatch, script,
               plugin, cases_path, out, str(start)]
        try:
            res = subprocess.run(cmd, timeout=TIMEOUT, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True)
            said, hung = res.stdout, False
        except subprocess.TimeoutExpired as e:
            said = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            res, hung = None, True
        done = sum(1 for _ in open(out)) if os.path.exists(out) else 0
        if hung:
            label = cases[done]["label"] if done < len(cases) else "(after the last case)"
            failures.append("%d ranks: HANG in case %s (no answer in %d s)" % (np, label, TIMEOUT))
            print("FAIL: %d ranks: hang in %s" % (np, label))
            start = done + 1  # go on with the next case in a fresh mpirun
            if os.path.exists(out):
                with open(out, "a") as f:  # keep the line count in step with the cases
                    f.write(json.dumps({"label": label, "hung": True}) + "\n")
            else:
                with open(out, "w") as f:
                    f.write(json.dumps({"label": label, "hung": True}) + "\n")
            continue
        if res.returncode != 0 or done < len(cases):
            failures.append("%d ranks: mpirun exit %d after %d cases" % (np, res.returncode, done))
            print("FAIL: %d ranks: mpirun exit %d after %d cases:\n%s"
                  % (np, res.returncode, done, said[-2000:]))
        break
    results = {}
    if os.path.exists(out):
        for line in open(out):
            r = json.loads(line)
            results[r["label"]] = r
    return results


def problem(label, text):
    failures.append("%s: %s" % (label, text))
    print("FAIL: %s: %s" % (label, text))


print("serial reference (mpirun -np 1), then 2 ranks; timeout %d s per mpirun" % TIMEOUT)
serial = run(1)
parallel = run(2)
for label, expect_ok, fragments in CASES:
    for np, results in ((1, serial), (2, parallel)):
        r = results.get(label)
        tag = "%s (%d rank%s)" % (label, np, "s" if np > 1 else "")
        if r is None or r.get("hung"):
            problem(tag, "no result" if r is None else "hung")
            continue
        log, g = r["log"], r["digest"]
        first = log[log.find("): ") + 3:].splitlines()[0] if "): " in log else "no error"
        print("  %-36s %6d items; %s" % (tag, g["items"], first[:110]))
        if r["ranks"] != np:
            problem(tag, "%d ranks, not %d" % (r["ranks"], np))
        if expect_ok:
            if "ERROR" in log:
                problem(tag, "unexpected error: " + log[-400:])
            if g["items"] == 0:
                problem(tag, "no output")
        else:
            if "ERROR" not in log:
                problem(tag, "no error reached rank 0")
            if g["items"] != 0:
                problem(tag, "%d items of output after the error" % g["items"])
            for f in fragments:
                if f.lower() not in log.lower():
                    problem(tag, "the error lacks '%s'" % f)
    s, p = serial.get(label), parallel.get(label)
    if label == "probe_pieces":
        # The premise: under 2 ranks, rank 1's piece is empty.
        if p and not p.get("hung") and p["digest"].get("per_rank") != {"0": 25}:
            problem(label, "rank 1's piece is not empty: %r" % p["digest"].get("per_rank"))
        continue
    if expect_ok and s and p and not s.get("hung") and not p.get("hung"):
        if s["digest"] != p["digest"]:
            problem(label, "2 ranks differ from serial:\n    serial %s\n    2 ranks %s"
                    % (json.dumps(s["digest"], sort_keys=True)[:600],
                       json.dumps(p["digest"], sort_keys=True)[:600]))

if failures:
    lib.fail("%d problems:\n  %s" % (len(failures), "\n  ".join(failures[:40])))
print("filter errors under 2 ranks: %d cases, no hang, errors on every rank, "
      "empty pieces no error, serial == 2 ranks: OK" % len(CASES))
