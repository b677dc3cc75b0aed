"""A reader error on one MPI rank reaches every rank as an error, not a hang.

Part 1, one rank bad: `mpirun -np 2 sh -c 'cd <dir of this rank>; exec
pvbatch ...'` gives the two ranks different working directories, so a relative
file name is a good file on one rank and a bad (or missing) one on the other
(a node with a stale copy, a missing mount). Behind the reader sits a filter
that reduces over ranks (Surface Cloud Map's band range, Far Field From
Currents' radiation sums) or at least the Fetch's own reduction, so a rank
that went on alone would wait forever; the run has a timeout. Every reader is
covered, including those that parse in REQUEST_INFORMATION (NEC, Gmsh, FEKO,
CST). Rank 0 must report the error with the bad rank's file, line and
problem, and the fetched output must be empty; good files on both ranks must
read.

Part 2, the same bad file on both ranks: every file of the malformed-input
corpus (Testing/Data/bad/MANIFEST.tsv) is read by its reader under 2 ranks.
Rejected files must give the manifest's error and no output, accepted ones
(CRLF, BOM, tabs) output, and nothing may hang."""
import json
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
data = lib.DATA
bad = os.path.join(data, "bad")
pvbatch, mpirun = lib.pvbatch_and_mpirun()
if not pvbatch or not mpirun:
    lib.fail("no pvbatch or mpirun (Testing/setup-debian.sh installs them)")
script = os.path.join(here, "mpi_reader_error.py")
root = os.path.join(tmp, "mpi_reader_error")
shutil.rmtree(root, ignore_errors=True)
os.makedirs(root)
failures = []

READERS = {  # format: (XML name, clean file, downstream, cell array)
    "mom": ("CloudMapMoMReader", "bad/clean_plate.cmom", "cloudmap", "|J|"),
    "nec": ("CloudMapNECReader", "nec/box_sm.out", "cloudmap", "|J|"),
    "feko_ffe": ("CloudMapFEKOFarFieldReader", "feko/dipole_format3.ffe", "none", ""),
    "feko_os": ("CloudMapFEKOCurrentsReader", "feko/plate_currents.os", "farfield", ""),
    "feko_out": ("CloudMapFEKOReader", "feko/plate.out", "cloudmap", "|J|"),
    "cst": ("CSTFarFieldReader", "cst/dipole_spherical_dbi.txt", "none", ""),
    "gmsh": ("CloudMapGmshReader", "gmsh/plate_v22.msh", "none", ""),
    "touchstone": ("CloudMapTouchstoneReader", "touchstone/pad_6db_ma.s2p", "none", ""),
    "feko_ports": ("CloudMapFEKOReader", "feko/strip_ports.out", "none", ""),
}


def mpi(label, dirs, cases, timeout):
    """One mpirun, rank r in dirs[r]; returns {case label: result}."""
    cases_path = os.path.join(root, label + "_cases.json")
    out = os.path.join(root, label + "_results.jsonl")
    json.dump(cases, open(cases_path, "w"))
    # One app context and a shell that enters the rank's own directory:
    # Open MPI 5.0 (Debian 13) crashes on the MPMD form "-np 1 A : -np 1 B".
    enter = ('cd "$(eval echo "\\${$((${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-0}} + 1))}")" '
             '&& shift %d && exec "$@"' % len(dirs))
    cmd = [mpirun, "--allow-run-as-root", "--oversubscribe", "-np", str(len(dirs)),
           "sh", "-c", enter, "sh", *dirs, pvbatch, script, plugin, cases_path, out]
    # pvpython (running this test) is itself an MPI singleton: keep its
    # Open MPI/PMIx variables away from the nested mpirun.
    env = lib.mpi_free_env()
    try:
        res = subprocess.run(cmd, timeout=timeout, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        said = res.stdout
    except subprocess.TimeoutExpired as e:
        said = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        res = None
    results = {}
    if os.path.exists(out):
        for line in open(out):
            r = json.loads(line)
            results[r["label"]] = r
    if res is None:
        done = len(results)
        hung = cases[done]["label"] if done < len(cases) else "(after the last case)"
        failures.append("%s: HANG in case %s (no answer in %d s)" % (label, hung, timeout))
        print("FAIL: %s: hang in %s" % (label, hung))
    elif res.returncode != 0:
        failures.append("%s: mpirun exit %d" % (label, res.returncode))
        print("FAIL: %s: mpirun exit %d:\n%s" % (label, res.returncode, said[-2000:]))
    return results


def judge(label, r, expect_ok, fragments):
    if r is None:
        failures.append(label + ": no result")
        print("FAIL: %s: no result" % label)
        return
    log = r["log"]
    first = log[log.find("): ") + 3:].splitlines()[0] if "): " in log else "<no error>"
    print("  %-34s %d ranks, %6d items; %s" % (label, r["ranks"], r["items"], first[:150]))
    problems = []
    if r["ranks"] != 2:
        problems.append("%d ranks, not 2" % r["ranks"])
    if expect_ok == "warn":
        # The partial-result rule: a warning with the file, line and problem, no error
        # (port 0 of a wire-only NEC model is empty, so the items are not counted).
        if "ERROR" in log or "Warning" not in log:
            problems.append("expected a warning and no error: " + log[-300:])
        for f in fragments:
            if f.lower() not in log.lower():
                problems.append("the warning lacks '%s'" % f)
    elif expect_ok:
        if "ERROR" in log or r["items"] == 0:
            problems.append("a good file failed: " + log[-300:])
    else:
        if "ERROR" not in log:
            problems.append("no error reached rank 0")
        if r["items"] != 0:
            problems.append("%d items of output after the error" % r["items"])
        for f in fragments:
            if f.lower() not in log.lower():
                problems.append("the error lacks '%s'" % f)
    for p in problems:
        failures.append("%s: %s" % (label, p))
        print("FAIL: %s: %s" % (label, p))


# ---- Part 1: one rank bad -------------------------------------------------
dirs = [os.path.join(root, "rank0"), os.path.join(root, "rank1")]
for d in dirs:
    os.makedirs(d)
cases, expect = [], {}


def per_rank(label, fmt, files, expect_ok, fragments, downstream=None):
    """files[r]: the file rank r sees as case_<label>.<ext> (None: no file)."""
    xml, clean, down, array = READERS[fmt]
    ext = os.path.splitext([f for f in files if f][0])[1]
    name = "case_%s%s" % (label, ext)
    for d, f in zip(dirs, files):
        if f:
            shutil.copyfile(os.path.join(data, f), os.path.join(d, name))
    cases.append({"label": label, "xml": xml, "file": name,
                  "downstream": downstream or down, "array": array})
    expect[label] = (expect_ok, fragments)


for fmt, (xml, clean, down, array) in READERS.items():
    per_rank(fmt + "_both_good", fmt, [clean, clean], True, [])
per_rank("mom_rank1_bad", "mom", ["bad/clean_plate.cmom", "bad/mom_nan.cmom"], False,
         ["failed on rank 1", "case_mom_rank1_bad.cmom:6:", "not a finite number"])
per_rank("mom_rank0_bad", "mom", ["bad/mom_nan.cmom", "bad/clean_plate.cmom"], False,
         ["case_mom_rank0_bad.cmom:6:", "not a finite number"])
per_rank("mom_rank1_missing", "mom", ["bad/clean_plate.cmom", None], False,
         ["failed on rank 1", "case_mom_rank1_missing.cmom"], downstream="farfield")
per_rank("nec_rank1_bad", "nec", ["nec/box_sm.out", "bad/nec_trunc_patchcurrents.out"], False,
         ["failed on rank 1", "case_nec_rank1_bad.out:190", "22 of 55"])
per_rank("nec_rank0_missing", "nec", [None, "nec/box_sm.out"], False,
         ["case_nec_rank0_missing.out"])
# NEC near fields (port 4, split by extent) behind a Banded Color Map's range reduction
per_rank("nec_nearfield_both_good", "nec", ["nec/dipole_near_fields.out"] * 2, True, [],
         downstream="nearfield")
per_rank("nec_nearfield_rank1_bad", "nec", ["nec/dipole_near_fields.out", "bad/nec_nf_row_lost.out"], False,
         ["failed on rank 1", "case_nec_nearfield_rank1_bad.out:186", "55 rows"], downstream="nearfield")
per_rank("gmsh_rank1_bad", "gmsh", ["gmsh/plate_v22.msh", "bad/gmsh_nan.msh"], False,
         ["failed on rank 1", "case_gmsh_rank1_bad.msh:12", "not a finite number"])
per_rank("feko_os_rank1_bad", "feko_os", ["feko/plate_currents.os", "bad/os_nan.os"], False,
         ["failed on rank 1", "case_feko_os_rank1_bad.os:13", "not a finite number"])
per_rank("feko_out_rank1_bad", "feko_out", ["feko/plate.out", "bad/fekoout_nan.out"], False,
         ["failed on rank 1", "case_feko_out_rank1_bad.out:20", "not a finite number"])
per_rank("feko_ffe_rank0_bad", "feko_ffe", ["bad/ffe_nan.ffe", "feko/dipole_format3.ffe"], False,
         ["case_feko_ffe_rank0_bad.ffe:16", "not a finite number"])
per_rank("cst_rank1_bad", "cst", ["cst/dipole_spherical_dbi.txt", "bad/cst_nan.txt"], False,
         ["failed on rank 1", "case_cst_rank1_bad.txt:4", "'nan'"])
# A good read after all the failures: nothing stuck in a bad state.
per_rank("mom_good_again", "mom", ["bad/clean_plate.cmom", "bad/clean_plate.cmom"], True, [])

print("part 1: one rank bad (%d cases, one mpirun)" % len(cases))
results = mpi("one_rank", dirs, cases, timeout=600)
for c in cases:
    judge(c["label"], results.get(c["label"]), *expect[c["label"]])

# ---- Part 2: the whole corpus, the same file on both ranks ----------------
cases2, expect2 = [], {}
for line in open(os.path.join(bad, "MANIFEST.tsv")):
    if line.startswith("#") or not line.strip():
        continue
    f = line.rstrip("\n").split("\t")
    name, fmt, cls, verdict = f[0], f[1], f[2], f[3]
    if fmt not in READERS:
        continue
    xml, clean, down, array = READERS[fmt]
    cases2.append({"label": name, "xml": xml, "file": os.path.join(bad, name),
                   "downstream": down, "array": array})
    frags = [x for x in f[5].split("|") if x and x != "-"] if len(f) > 5 else []
    if verdict == "error":
        expect2[name] = (False, [name + ":" + f[4]] + frags if f[4] not in ("", "-", "0") else [name] + frags)
    elif verdict == "warn":
        expect2[name] = ("warn", [name + ":" + f[4]] + frags if f[4] not in ("", "-", "0") else [name] + frags)
    else:
        expect2[name] = (True, [])
print("part 2: the corpus, the same file on both ranks (%d files, one mpirun)" % len(cases2))
results2 = mpi("corpus", [root, root], cases2, timeout=900)
for c in cases2:
    judge(c["label"], results2.get(c["label"]), *expect2[c["label"]])

if failures:
    lib.fail("%d problems:\n  %s" % (len(failures), "\n  ".join(failures[:40])))
print("a reader error on one rank reaches every rank; %d per-rank cases and %d corpus files "
      "under 2 ranks: OK" % (len(cases), len(cases2)))
