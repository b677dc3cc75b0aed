"""nec2++ (necpp) output in pvpython: OpenDataFile picks the NEC-2 reader for the
nec2++ files in Testing/Data/nec (nec2++ 1.7.7 and 2.3.4, with -c: comma rows and no
table banners, and without), and each output port equals what the reader gives for
nec2c's output of the same deck, solved here by nec2c (the oracle): time steps, patch
and segment counts, currents, pattern rows and peak, port impedances (also against the
numbers nec2c printed, parsed on their own by lib.nec2c_solves), near-field points.
The two engines differ numerically by a few 1e-4, and both print patch J with 3
digits: currents within 5e-3 (patches 1e-2) of the largest, R and X within 2e-3 of |Z|,
the pattern peak within 0.02 dB.

  pvpython test_readers_necpp.py <CloudMap plugin> <scratch dir>"""
import math
import os
import shutil
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

if not shutil.which("nec2c"):
    lib.fail("nec2c not found")
data = os.path.join(lib.DATA, "nec")
check = lib.Checks(quiet=True)

# (nec2++ file, deck): what each adds (see Testing/Data/nec/README.md).
CASES = [("box_sm.necpp.out", "box_sm.nec"),                  # 1.7.7 -c: patches + wire
         ("dipole_near_fields.necpp.out", "dipole_near_fields.nec"),  # 1.7.7 -c: NE/NH
         ("sweep.necpp.out", "sweep.nec"),                    # 1.7.7 -c: 3 frequencies, patterns
         ("two_sources.necpp.out", "two_sources.nec"),        # 2.3.4 -c: two EX
         ("two_dipoles_loaded.necpp.out", "two_dipoles_loaded.nec"),  # 2.3.4 plain: loads
         ("vehicle.necpp.out", "vehicle.nec")]                # 1.7.7 -c: the bundled vehicle


def array(obj, name, assoc="cell"):
    a = (obj.GetCellData() if assoc == "cell" else obj.GetPointData()).GetArray(name)
    return [a.GetTuple(i) for i in range(a.GetNumberOfTuples())] if a is not None else None


def peak(table):
    g = table.GetColumnByName("Gain")
    return max(g.GetValue(i) for i in range(table.GetNumberOfRows())) if g is not None else None


def close(a, b, tol):
    return a is not None and b is not None and len(a) == len(b) and all(
        abs(x - y) <= tol for ta, tb in zip(a, b) for x, y in zip(ta, tb))


def largest(values):
    return max([math.hypot(*t[:2]) if len(t) >= 2 else abs(t[0]) for t in values] or [0.0])


def compare_step(name, a, b, t):
    at = "%s at %.6g Hz" % (name, t)
    a.UpdatePipeline(t)
    b.UpdatePipeline(t)
    pa = [sm.Fetch(a, idx=k) for k in range(5)]
    pb = [sm.Fetch(b, idx=k) for k in range(5)]
    # Port 0: patches; port 1: wire segments.
    for port, tol in ((0, 1e-2), (1, 5e-3)):
        check(pa[port].GetNumberOfCells() == pb[port].GetNumberOfCells(),
              "%s: port %d has %d cells, nec2c's %d" % (at, port, pa[port].GetNumberOfCells(),
                                                        pb[port].GetNumberOfCells()))
    ja, jb = array(pa[0], "J_real"), array(pb[0], "J_real")
    if jb:
        check(close(ja, jb, 1e-2 * largest(array(pb[0], "|J|"))), "%s: J_real differs" % at)
    ia, ib = array(pa[1], "I_real"), array(pb[1], "I_real")
    imax = largest([(x[0], y[0]) for x, y in zip(ib or [], array(pb[1], "I_imag") or [])])
    check(close(ia, ib, 5e-3 * imax) and close(array(pa[1], "I_imag"), array(pb[1], "I_imag"), 5e-3 * imax),
          "%s: wire currents differ" % at)
    # Port 2: the pattern table.
    check(pa[2].GetNumberOfRows() == pb[2].GetNumberOfRows(), "%s: pattern rows" % at)
    if pb[2].GetNumberOfRows():
        check(abs(peak(pa[2]) - peak(pb[2])) <= 0.02, "%s: peak %.2f vs nec2c %.2f dBi" % (at, peak(pa[2]), peak(pb[2])))
    # Port 4: near fields.
    check(pa[4].GetNumberOfPoints() == pb[4].GetNumberOfPoints(), "%s: near-field points" % at)
    return pa[2].GetNumberOfRows(), pa[1].GetNumberOfCells(), pa[0].GetNumberOfCells()


for necpp, deck in CASES:
    with open(os.path.join(data, deck)) as f:
        out = lib.run_nec2c(tmp, "necpp_oracle_" + os.path.splitext(deck)[0], f.read())
    a = simple.OpenDataFile(os.path.join(data, necpp))
    check(a is not None and a.GetXMLName() == "CloudMapNECReader",
          "%s: OpenDataFile picked %r" % (necpp, a and a.GetXMLName()))
    b = simple.NEC2OutputReader(FileName=out)
    ta, tb = list(a.TimestepValues or []), list(b.TimestepValues or [])
    check(ta == tb, "%s: time steps %r, nec2c %r" % (necpp, ta, tb))
    for t in tb or [0.0]:
        rows, segs, patches = compare_step(necpp, a, b, t)
    # Port 3 against the nec2c printed rows (read apart from the reader).
    a.UpdatePipeline(ta[-1] if ta else 0.0)
    ports = lib.table_columns(sm.Fetch(a, idx=3))
    printed = lib.nec2c_solves(out)
    z = [complex(r, x) for r, x in zip(ports.get("R", []), ports.get("X", []))]
    first = [s["z"] for s in printed if s["tag"] == printed[0]["tag"] and s["seg"] == printed[0]["seg"]]
    mine = [zz for zz, tag, seg in zip(z, ports.get("Tag", []), ports.get("Segment", []))
            if tag == printed[0]["tag"] and seg == printed[0]["seg"]]
    check(len(mine) == len(first) and all(abs(p - q) <= 2e-3 * abs(q) for p, q in zip(mine, first)),
          "%s: Z %r, nec2c printed %r" % (necpp, mine, first))
    lib.say("%-30s %d steps, %d patches, %d segments, %d pattern rows, Z %s (nec2c %s)"
            % (necpp, max(1, len(ta)), patches, segs, rows,
               "%.3f%+.3fj" % (mine[0].real, mine[0].imag) if mine else "-",
               "%.3f%+.3fj" % (first[0].real, first[0].imag) if first else "-"))
    simple.Delete(a)
    simple.Delete(b)

check.finish("%d problems")
lib.say("nec2++ outputs: OK")
