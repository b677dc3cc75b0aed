"""The NEC reader's Network output (port 5: the N-port S, Z, Y over frequency) against
independent oracles, on decks with one solve per port that nec2c solves here.

1. Two side-by-side half-wave dipoles (radius 1e-5 wavelength) at d = 0.1, 0.25, 0.5
   and 1 wavelength: Z12 of the network against the induced-EMF closed form (Balanis
   eq. 8.71, Si/Ci by series) within 12 % (the moment method sits 8.7-9.3 % away, as in
   test_port_parameters.py).
2. By hand (numpy) from nec2c's printed tables, parsed here: Y_ij = I_i / V_j from the
   ANTENNA INPUT PARAMETERS and CURRENTS AND LOCATION rows, Z = inv(Y),
   S = (1 - Z0 Y) inv(1 + Z0 Y), Z0 = 50 and 75 ohm; every S/Z/Y column equal (1e-9).
3. Reciprocity |S21| = |S12| within 0.01 dB; passivity: every singular value of S
   <= 1 + 1e-9 (numpy.linalg.svd), on a 3-frequency sweep of a 2-, 3- and 5-port.
4. Lossless check: nec2c solves port 1 driven by 1 V behind 50 ohm (LD on its segment)
   with 50 ohm on port 2; its POWER BUDGET's RADIATED POWER over the available power
   |V|^2 / (8 Z0) equals 1 - |S11|^2 - |S21|^2 within 1 %, and the power in port 2's
   load (1/2 |I|^2 50 from the printed current) equals |S21|^2 within 1 %. And the Port
   Parameters output's S21 into a 50 ohm load (another code path, another solve) equals
   the network's S21 within 0.2 %.
5. Worst-isolated pair: the largest off-diagonal |S_ij| of the numpy matrix.
6. Touchstone writer: the 2-, 3- and 5-port (rows wrap after 4 pairs), version 1.1 and 2.0, read back by
   scikit-rf (python3-scikit-rf) equal to the table (1e-9), with its port names; the
   .s2p also by CloudMap's Touchstone reader. (scikit-rf 0.15, Debian 12, predates the
   2.0 keyword [Two-Port Data Order]: the test checks it says 21_12, then removes it.)
7. Errors: solves at different frequencies give a warning naming file and line and an
   empty Network output.
8. `mpirun -np 2 pvbatch` gives the same Network table as serial pvbatch.

  pvpython test_nport.py <CloudMap plugin> <scratch dir>"""
import math
import os
import sys

import cloudmap_testlib as lib
from em_oracles import z12_induced_emf
import numpy as np

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm
from vtkmodules.vtkCommonCore import vtkOutputWindow, vtkStringOutputWindow

check = lib.Checks()


solve = lib.nec2c_solver(tmp, "nport_")


def network(out, z0=50.0):
    reader = simple.OpenDataFile(out)
    reader.ReferenceImpedance = z0
    reader.UpdatePipeline()
    t = sm.Fetch(reader, idx=5)
    cols = lib.table_columns(t)
    names = t.GetFieldData().GetAbstractArray("PortNames")
    cols["_names"] = [names.GetValue(k) for k in range(names.GetNumberOfValues())] if names else []
    return reader, cols


def matrix(t, letter, r, n):
    name = (lambda i, j: "%s%d%d" % (letter, i + 1, j + 1)) if n < 10 else \
        (lambda i, j: "%s_%d_%d" % (letter, i + 1, j + 1))
    return np.array([[complex(t[name(i, j) + "_re"][r], t[name(i, j) + "_im"][r]) for j in range(n)]
                     for i in range(n)])


def dipoles(d, extra="", ports=(1, 2), fr="FR 0 1 0 0 299.8 0\n", third=None):
    """Side-by-side half-wave dipoles d wavelengths apart (lambda = 1 m at 299.8 MHz)."""
    deck = "CM dipoles %g wavelength apart, one solve per port\nCM PORT 1 11 left\nCM PORT 2 11 right\n" % d
    if third is not None:
        deck += "CM PORT 3 11 third\n"
    deck += "CE\nGW 1 21 0 0 -0.25 0 0 0.25 1e-5\nGW 2 21 %g 0 -0.25 %g 0 0.25 1e-5\n" % (d, d)
    if third is not None:
        deck += "GW 3 21 %g %g -0.25 %g %g 0.25 1e-5\n" % (third[0], third[1], third[0], third[1])
    deck += "GE 0\n" + extra
    for p in ports:
        deck += "EX 0 %d 11 0 1 0\n%sXQ\n" % (p, fr)
    return deck + "EN\n"


# 1 and 2: Z12 against the closed form; every matrix against numpy from the printed tables.
for d in (0.1, 0.25, 0.5, 1.0):
    out = solve("d%g" % d, dipoles(d))
    for z0 in (50.0, 75.0):
        reader, t = network(out, z0)
        simple.Delete(reader)
        check(len(t["Frequency"]) == 1 and t["_names"] == ["left", "right"],
              "d = %g: one frequency, ports %s" % (d, t["_names"]))
        sol = lib.nec2c_solves(out)  # per solve: V and the currents nec2c printed
        seg = {0: (1, 11), 1: (2, 32)}  # (tag, segment) of each port's feed
        y = np.array([[sol[j]["currents"][seg[i]] / sol[j]["v"] for j in range(2)] for i in range(2)])
        z = np.linalg.inv(y)
        s = (np.eye(2) - z0 * y) @ np.linalg.inv(np.eye(2) + z0 * y)
        worst = max(np.max(np.abs(matrix(t, L, 0, 2) - M)) / np.max(np.abs(M))
                    for L, M in (("Y", y), ("Z", z), ("S", s)))
        check(worst < 1e-9, "d = %g, Z0 %g: Y, Z, S equal numpy from the printed currents (max rel. "
              "diff %.1e)" % (d, z0, worst))
        if z0 == 50.0:
            z12 = matrix(t, "Z", 0, 2)[0, 1]
            ref = z12_induced_emf(d)
            err = abs(z12 - ref) / abs(ref)
            check(err < 0.12, "d = %g: Z12 = %.2f%+.2fj ohm, induced EMF %.2f%+.2fj, %.1f %% apart"
                  % (d, z12.real, z12.imag, ref.real, ref.imag, 100 * err))

# 3 and 5: reciprocity and passivity over a sweep, 2 and 3 ports; worst pair.
sweep = "FR 0 3 0 0 280 20\n"
out2 = solve("sweep2", dipoles(0.25, fr=sweep))
out3 = solve("sweep3", dipoles(0.25, fr=sweep, ports=(1, 2, 3), third=(0.1, 0.3)))
# Five dipoles on a circle: records wrap after 4 pairs in the .s5p (Touchstone 1.1 rule).
five = "CM five dipoles on a circle of radius 0.4 wavelength\nCE\n"
for k in range(5):
    a = 2 * math.pi * k / 5
    x, y = 0.4 * math.cos(a), 0.4 * math.sin(a)
    five += "GW %d 21 %.6f %.6f -0.25 %.6f %.6f 0.25 1e-5\n" % (k + 1, x, y, x, y)
five += "GE 0\n" + "".join("EX 0 %d 11 0 1 0\n%sXQ\n" % (k + 1, sweep) for k in range(5)) + "EN\n"
out5 = solve("sweep5", five)
for out, n in ((out2, 2), (out3, 3), (out5, 5)):
    reader, t = network(out)
    simple.Delete(reader)
    check(len(t["Frequency"]) == 3, "%d-port sweep: 3 rows" % n)
    for r in range(len(t["Frequency"])):
        s = matrix(t, "S", r, n)
        sv = np.linalg.svd(s, compute_uv=False)
        recip = max(abs(20 * math.log10(abs(s[i, j]) / abs(s[j, i]))) for i in range(n) for j in range(n) if i != j)
        check(recip < 0.01, "%d-port %.0f MHz: |S_ij| = |S_ji| within %.4f dB" % (n, t["Frequency"][r] * 1e-6, recip))
        check(max(sv) <= 1 + 1e-9, "%d-port %.0f MHz: singular values of S %s <= 1" % (
            n, t["Frequency"][r] * 1e-6, np.array2string(sv, precision=4)))
        off = [(max(abs(s[i, j]), abs(s[j, i])), i, j) for i in range(n) for j in range(i + 1, n)]
        c, i, j = max(off)
        # A symmetric ring has ties to the last bit: the reported pair must couple as much.
        wi, wj = int(t["WorstPair_i"][r]) - 1, int(t["WorstPair_j"][r]) - 1
        mine = max(abs(s[wi, wj]), abs(s[wj, wi])) if 0 <= wi < wj < n else -1
        check(abs(mine - c) <= 1e-12 * c and
              abs(t["WorstIsolation[dB]"][r] + 20 * math.log10(c)) < 1e-9 and
              t["WorstPair"][r] == "%s / %s" % (t["_names"][wi], t["_names"][wj]),
              "%d-port %.0f MHz: worst pair %s, %.2f dB (numpy: ports %d, %d)" % (
                  n, t["Frequency"][r] * 1e-6, t["WorstPair"][r], t["WorstIsolation[dB]"][r], i + 1, j + 1))

# 4: the lossless two-port check against nec2c's power budget of a terminated solve.
reader, t = network(out2)
simple.Delete(reader)
term = solve("terminated", "CM port 1 behind 50 ohm, 50 ohm on port 2\nCE\n"
             "GW 1 21 0 0 -0.25 0 0 0.25 1e-5\nGW 2 21 0.25 0 -0.25 0.25 0 0.25 1e-5\nGE 0\n"
             "LD 4 1 11 11 50 0\nLD 4 2 11 11 50 0\nEX 0 1 11 0 1 0\n" + sweep + "XQ\nEN\n")
text = open(term).read()
import re
prad = [float(v) for v in re.findall(r"RADIATED POWER=\s*(\S+)", text)]
sol = lib.nec2c_solves(term)
for r in range(3):
    s = matrix(t, "S", r, 2)
    pavs = 1.0 / (8 * 50.0)
    lhs = 1 - abs(s[0, 0]) ** 2 - abs(s[1, 0]) ** 2
    frac = prad[r] / pavs
    pload = 0.5 * abs(sol[r]["currents"][(2, 32)]) ** 2 * 50 / pavs
    check(abs(lhs - frac) < 0.01 * frac and abs(pload - abs(s[1, 0]) ** 2) < 0.01 * abs(s[1, 0]) ** 2,
          "%.0f MHz: 1 - |S11|^2 - |S21|^2 = %.5f, nec2c radiated / available = %.5f; |S21|^2 = %.5f, "
          "load power / available = %.5f" % (t["Frequency"][r] * 1e-6, lhs, frac, abs(s[1, 0]) ** 2, pload))

# 4b: a second code path: the Port Parameters output's S21 into a 50 ohm load on port 2
# (port 1 driven alone, cmPortTable.h) equals the network's S21 from the shorted solves.
loaded = solve("loaded2", "CM port 1 driven, 50 ohm on port 2\nCE\n"
               "GW 1 21 0 0 -0.25 0 0 0.25 1e-5\nGW 2 21 0.25 0 -0.25 0.25 0 0.25 1e-5\nGE 0\n"
               "LD 4 2 11 11 50 0\nEX 0 1 11 0 1 0\n" + sweep + "XQ\nEN\n")
lr = simple.OpenDataFile(loaded)
lr.UpdatePipeline()
pt = sm.Fetch(lr, idx=3)
simple.Delete(lr)
for r in range(3):
    direct = complex(pt.GetColumnByName("S21_re_tag2_seg11").GetValue(r),
                     pt.GetColumnByName("S21_im_tag2_seg11").GetValue(r))
    s21 = matrix(t, "S", r, 2)[1, 0]
    check(abs(direct - s21) < 2e-3 * abs(s21), "%.0f MHz: network S21 %.5f%+.5fj = Port Parameters S21 into "
          "50 ohm %.5f%+.5fj" % (t["Frequency"][r] * 1e-6, s21.real, s21.imag, direct.real, direct.imag))

# 6: Touchstone 1.1 and 2.0, back through scikit-rf and CloudMap's reader.
skrf, _ = lib.import_skrf("the Touchstone read-back")
for out, n in ((out2, 2), (out3, 3), (out5, 5)):
    reader, t = network(out)
    for version in (1, 2):
        path = os.path.join(tmp, "nport_v%d.s%dp" % (version, n))
        simple.SaveData(path, proxy=simple.OutputPort(reader, 5), Version=version)
        body = open(path).read()
        if version == 2 and n == 2:
            check("[Two-Port Data Order] 21_12\n" in body, "v2.0 .s2p says [Two-Port Data Order] 21_12")
            body = body.replace("[Two-Port Data Order] 21_12\n", "")
            path = os.path.join(tmp, "nport_v2_skrf.s2p")
            open(path, "w").write(body)
        if n == 5:
            records = [l.split() for l in body.splitlines() if l[:1] not in ("!", "#", "[", "")]
            check(len(records) == 3 * 10 and [len(r) for r in records[:3]] == [9, 2, 8],
                  ".s5p (%s): per frequency 10 lines, each matrix row 4 pairs then 1" % version)
        if skrf is None:
            continue
        net = skrf.Network(path)
        want = np.array([matrix(t, "S", r, n) for r in range(len(t["Frequency"]))])
        diff = np.max(np.abs(net.s - want))
        check(net.s.shape == (3, n, n) and diff < 1e-9 and np.allclose(net.f, t["Frequency"]) and
              list(net.port_names or []) == t["_names"] and np.allclose(net.z0, 50),
              "scikit-rf reads the %d-port Touchstone %s back: S max diff %.1e, ports %s" % (
                  n, "1.1" if version == 1 else "2.0", diff, net.port_names))
    if n == 2:
        path = os.path.join(tmp, "nport_v1.s2p")
        back = simple.OpenDataFile(path)
        back.UpdatePipeline()
        b = sm.Fetch(back)
        diff = max(abs(b.GetColumnByName(c).GetValue(r) - t[c][r]) for c in
                   ("S11_re", "S11_im", "S21_re", "S21_im", "S12_re", "S12_im", "S22_re", "S22_im")
                   for r in range(3))
        check(diff < 1e-9, "CloudMap's Touchstone reader reads the .s2p back (max diff %.1e)" % diff)
        simple.Delete(back)
    simple.Delete(reader)

# 7: solves at different frequencies: one warning naming file and line, empty output.
bad = solve("badfreq", dipoles(0.25, fr="FR 0 1 0 0 299.8 0\n").replace(
    "EX 0 2 11 0 1 0\nFR 0 1 0 0 299.8 0\n", "EX 0 2 11 0 1 0\nFR 0 1 0 0 300 0\n"))
sow = vtkStringOutputWindow()
vtkOutputWindow.SetInstance(sow)
reader, t = network(bad)
simple.Delete(reader)
msg = sow.GetOutput()
vtkOutputWindow.SetInstance(None)
check(len(t["Frequency"]) == 0 and msg.count("no N-port network") == 1 and
      re.search(r"nport_badfreq\.out:\d+: port right \(line \d+\) is not driven at 299\.8 MHz", msg) is not None,
      "solves at different frequencies: empty Network and one warning: %s" % msg.strip().splitlines()[-1:])

# 8: serial pvbatch == mpirun -np 2 pvbatch.
pvbatch, mpirun = lib.pvbatch_and_mpirun()
if pvbatch and mpirun:
    here = os.path.dirname(os.path.abspath(__file__))
    a, b = lib.serial_and_two_ranks(pvbatch, mpirun, os.path.join(here, "nport_mpi.py"), [plugin, out3],
                                    os.path.join(tmp, "nport_serial.txt"), os.path.join(tmp, "nport_two.txt"))
    check(a == b and a.startswith("rows 3 columns "), "Network table: serial == 2 ranks (%s)" % a.splitlines()[0])
else:
    check(False, "pvbatch and mpirun are needed for the MPI check (Testing/setup-debian.sh installs them)")

check.finish("%d check(s) failed")
print("N-port network: all checks passed")
