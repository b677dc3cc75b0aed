"""Which reader ParaView's reader factory (File -> Open, OpenDataFile) picks for the
file names NEC-2 output comes under, and for .out files of other programs.

- NEC-2 output named .val (NEC-2D, as flintoftid/aegnec2's tests), .lst, .txt and
  .out.txt (charlieh0tel/nec2-js's loop.out.txt) is claimed by the NEC-2 reader, which
  reads it exactly as the same file named .out; a CSV table and a CST far-field export
  named .txt are not claimed by it.
- .out: a nec2c or nec2++ (necpp, plain or -c) output is claimed by the NEC-2 reader alone and a FEKO output by the
  FEKO reader alone (no "Open Data With..." question), a VASP file by the two VASP
  readers only, and an empty or garbage .out by nobody (OpenDataFile then says "No
  reader found"; the GUI asks with every reader).

  pvpython test_out_routing.py <CloudMap plugin> <scratch dir>"""
import os
import shutil
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
data = lib.DATA
scratch = os.path.join(tmp, "out_routing")
shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(scratch)
factory = sm.vtkSMProxyManager.GetProxyManager().GetReaderFactory()
session = sm.ActiveConnection.Session
check = lib.Checks(quiet=True)


def readers(path):
    l = factory.GetReaders(path, session)
    return [l.GetString(i) for i in range(1, l.GetLength(), 3)]


def nec_summary(path):
    r = simple.NEC2OutputReader(FileName=path)
    r.UpdatePipeline()
    a = r.GetClientSideObject()
    out = []
    for port in range(a.GetNumberOfOutputPorts()):
        d = a.GetOutputDataObject(port)
        out.append((d.GetNumberOfPoints() if hasattr(d, "GetNumberOfPoints") else 0,
                    d.GetNumberOfCells() if hasattr(d, "GetNumberOfCells") else 0,
                    d.GetNumberOfRows() if hasattr(d, "GetNumberOfRows") else 0))
    times = list(r.TimestepValues) if hasattr(r, "TimestepValues") else []
    simple.Delete(r)
    return out, times


# NEC-2 output under other names: the NEC-2D sweep and a nec2c run.
for src in ("nec/nec2d_sweep.out", "nec/feed_loaded.out", "nec/sweep.necpp.out"):
    ref = nec_summary(os.path.join(data, src))
    check(ref[0][1][1] > 0, "%s: no wires read" % src)
    base = os.path.splitext(os.path.basename(src))[0]
    for ext in ("val", "lst", "txt", "out.txt", "nout"):
        p = os.path.join(scratch, base + "." + ext)
        shutil.copy(os.path.join(data, src), p)
        got = readers(p)
        print("  %-28s %s" % (os.path.basename(p), got))
        if ext in ("txt", "out.txt"):
            # The NEC-2 reader's .txt definition sorts before the CSV reader's, so
            # OpenDataFile takes it (the GUI asks between the two).
            # (a .out.txt also matches the NEC-2 reader's own "out")
            check(got[:1] == ["CMNECTextReader"] and
                  set(got) <= {"CMNECTextReader", "CSVReader", "CloudMapNECReader"},
                  "%s: claimed by %s" % (p, got))
            r = simple.OpenDataFile(p)
            check(r.GetXMLName() == "CMNECTextReader", "%s: OpenDataFile chose %s" % (p, r.GetXMLName()))
            simple.Delete(r)
            check(nec_summary(p) == ref, "%s: reads differently from the .out" % p)
            continue
        check("CloudMapNECReader" in got, "%s: not claimed by the NEC-2 reader" % p)
        if ext in ("val", "lst", "nout"):
            check(got == ["CloudMapNECReader"], "%s: other readers claim it too: %s" % (p, got))
            r = simple.OpenDataFile(p)
            check(r.GetXMLName() == "CloudMapNECReader", "%s: OpenDataFile chose %s" % (p, r.GetXMLName()))
            simple.Delete(r)
        check(nec_summary(p) == ref, "%s: reads differently from the .out" % p)

# .txt files of other formats are not NEC-2 output.
csv = os.path.join(scratch, "table.txt")
with open(csv, "w") as f:
    f.write("theta,phi,gain\n0,0,1.5\n10,0,1.4\n")
cst = [os.path.join(data, "cst", n) for n in sorted(os.listdir(os.path.join(data, "cst")))
       if n.endswith(".txt")]
check(len(cst) >= 2, "no CST .txt test files")
for p in [csv] + cst:
    got = readers(p)
    print("  %-28s %s" % (os.path.basename(p), got))
    check("CloudMapNECReader" not in got and "CMNECTextReader" not in got, "%s: claimed by the NEC-2 reader" % p)
    check(not factory.CanReadFile(p, "sources", "CloudMapNECReader", session),
          "%s: the NEC-2 reader's CanReadFile accepts it" % p)
check(readers(csv) == ["CSVReader"], "the CSV table is not the CSV reader's alone")
for p in cst:
    check("CSTFarFieldReader" in readers(p), "%s: not claimed by the CST reader" % p)

# .out files: one reader each for nec2c and FEKO, VASP's readers for VASP, none for junk.
vasp = os.path.join(scratch, "NPT_Z_ANIMATE.out")
with open(vasp, "w") as f:  # VTK's vtkVASPAnimationReader layout: time, lattice, atoms
    f.write("time = 0.5\n 1 0 0\n 0 1 0\n 0 0 1\n2\n1 1 H 0.1 0.2 0.3 0.5 0.01\n"
            "2 8 O 0.4 0.5 0.6 0.7 0.02\n")
empty = os.path.join(scratch, "empty.out")
open(empty, "w").close()
garbage = os.path.join(scratch, "garbage.out")
with open(garbage, "w") as f:
    f.write("1 2 3\nthis is no solver's output\n")
# A runfeko console log saved as <job>.out (the layout of cemagg/SUN-EM-CMOM's
# chpc/results/feko_test/*.out, written here): it mentions FEKO, even the solver's
# banner, but is no .out of the solver, so the FEKO reader does not claim it.
runfeko_log = os.path.join(scratch, "runfeko_job.out")
with open(runfeko_log, "w") as f:
    f.write("core file size          (blocks, -c) 0\n\n"
            "Altair Feko - RUNFEKO Version 2018.2.1-12 from 2018-10-19\n\n"
            "Altair Feko - Solver (seq) Version 2018.2.1-566 from 2018-12-13\n"
            "File:     dipole\n    See also message in the output file dipole.out\n\nFinished\n")
cases = {os.path.join(data, "nec", "feed_loaded.out"): ["CloudMapNECReader"],
         os.path.join(data, "feko", "dipole_wire_2017.out"): ["CloudMapFEKOReader"],
         runfeko_log: [],
         os.path.join(data, "nec", "nec2d_sample.out"): ["CloudMapNECReader"],
         os.path.join(data, "nec", "sweep.necpp.out"): ["CloudMapNECReader"],  # nec2++ 1.7.7 -c
         os.path.join(data, "nec", "two_dipoles_loaded.necpp.out"): ["CloudMapNECReader"],  # 2.3.4
         os.path.join(data, "feko", "plate.out"): ["CloudMapFEKOReader"],
         vasp: ["VASPAnimationReader", "VASPTessellationReader"],
         empty: [], garbage: []}
for p, want in cases.items():
    got = readers(p)
    print("  %-28s %s" % (os.path.basename(p), got))
    check(sorted(got) == sorted(want), "%s: claimed by %s, expected %s" % (p, got, want))
    if not want:
        try:
            simple.OpenDataFile(p)
            check(False, "%s: OpenDataFile found a reader" % p)
        except RuntimeError as e:
            check("No reader found" in str(e), "%s: %s" % (p, e))
# VASP files still read with ParaView's VASP reader (CloudMap only added CanReadFile).
r = simple.OpenDataFile(vasp)
check(r.GetXMLName() == "VASPAnimationReader", "the VASP file opened with %s" % r.GetXMLName())
r.UpdatePipeline()
check(r.GetClientSideObject().GetOutputDataObject(0).GetNumberOfAtoms() == 2,
      "the VASP reader did not read the two atoms")
check(list(r.TimestepValues) == [0.5] or r.TimestepValues == 0.5, "the VASP time step")

check.finish("%d problems")
print("out routing: OK")
