"""Touchstone reader and writer in pvpython.

* rlc_series_ri.s1p (a series R = 25 ohm, L = 100 nH, C = 20 pF on 75 ohm): the reader's
  R and X equal R and wL - 1/(wC) computed here, and at resonance VSWR = 3 (Gamma = -0.5).
* pad_6db_ma.s2p (a matched 6 dB pad in MA, with a wrapped record and noise data):
  S21_dB = S12_dB = -6.0206, S11 = 0, VSWR = 1, three rows (the noise block skipped).
* File > Save Data: a nec2c dipole sweep's Port Parameters saved as .s1p (RI, MA and DB;
  Hz and GHz) reads back with S11 = the reader's Gamma and R + jX = nec2c's printed
  impedance; the pad table saved as .s2p reads back equal. A table of several
  excitations (frequencies not increasing) is refused and nothing is written.
* Apply shows the Network output in a spreadsheet and not the Noise output.
"""
import math
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
data = os.path.join(lib.DATA, "touchstone")
check = lib.Checks()


def table(proxy, port=0):
    proxy.UpdatePipeline()
    t = sm.Fetch(proxy, idx=port)
    cols = lib.table_columns(t)
    z0 = t.GetFieldData().GetArray("ReferenceImpedance")
    return cols, (z0.GetValue(0) if z0 else None)


rlc, z0 = table(simple.TouchstoneReader(FileName=os.path.join(data, "rlc_series_ri.s1p")))
for r, f in enumerate(rlc["Frequency"]):
    w = 2 * math.pi * f
    x = w * 100e-9 - 1 / (w * 20e-12)
    check(abs(rlc["R"][r] - 25) < 1e-8 and abs(rlc["X"][r] - x) < 1e-8,
          "rlc %.4f MHz: Z = %.6f%+.6fj, hand 25%+.6fj" % (f * 1e-6, rlc["R"][r], rlc["X"][r], x))
check(z0 == 75 and abs(rlc["VSWR"][1] - 3) < 1e-9, "rlc: R 75 and VSWR 3 at resonance (%.9f)" % rlc["VSWR"][1])

pad_reader = simple.TouchstoneReader(FileName=os.path.join(data, "pad_6db_ma.s2p"))
pad, z0 = table(pad_reader)
six = 20 * math.log10(0.5)
check(len(pad["Frequency"]) == 3 and pad["Frequency"][2] == 500e6, "pad: 3 rows, noise block skipped")
check(all(abs(v - six) < 1e-12 for v in pad["S21_dB"] + pad["S12_dB"]) and
      all(v == 0 for v in pad["S11_re"] + pad["S22_im"]) and all(v == 1 for v in pad["VSWR"]),
      "pad: S21 = S12 = %.4f dB, S11 = S22 = 0, VSWR 1" % six)

# Save Data of the NEC Port Parameters
out = lib.run_nec2c(tmp, "ts_dipole", "CM dipole sweep\nCE\nGW 1 21 0 0 -0.25 0 0 0.25 0.001\nGE 0\n"
                    "FR 0 4 0 0 280 10\nEX 0 1 11 0 1 0\nXQ\nEN\n")
printed = [s["z"] for s in lib.nec2c_solves(out)]
nec = simple.OpenDataFile(out)
ports, _ = table(nec, 3)
for fmt, name in ((0, "RI"), (1, "MA"), (2, "DB")):
    for unit, uname in ((0, "Hz"), (3, "GHz")):
        path = os.path.join(tmp, "ts_dipole_%s_%s.s1p" % (name, uname))
        simple.SaveData(path, proxy=simple.OutputPort(nec, 3), Format=fmt, FrequencyUnit=unit)
        back, z0 = table(simple.TouchstoneReader(FileName=path))
        text = open(path).read()
        ok = ("# %s S %s R 50" % (uname, name)) in text and len(back["Frequency"]) == 4 and z0 == 50
        for r in range(4):
            ok = ok and abs(back["Frequency"][r] - ports["Frequency"][r]) < 1e-3
            ok = ok and abs(back["S11_re"][r] - ports["Gamma_re"][r]) < 1e-9
            ok = ok and abs(back["S11_im"][r] - ports["Gamma_im"][r]) < 1e-9
            ok = ok and abs(complex(back["R"][r], back["X"][r]) - printed[r]) < 1e-6 * abs(printed[r])
        check(ok, "NEC Port Parameters -> %s %s .s1p -> reader: S11 = Gamma, Z = nec2c's printed "
              "(%.2f%+.2fj at %.0f MHz)" % (name, uname, back["R"][0], back["X"][0], back["Frequency"][0] * 1e-6))

path = os.path.join(tmp, "ts_pad_copy.s2p")
simple.SaveData(path, proxy=pad_reader, Format=1)
copy, z0 = table(simple.TouchstoneReader(FileName=path))
check(all(abs(copy[k][r] - pad[k][r]) < 1e-9 for k in ("S11_re", "S21_re", "S12_im", "S22_re", "Frequency")
          for r in range(3)) and z0 == 50, "pad -> .s2p (MA) -> reader: equal")

# several excitations at one frequency: refused, nothing written
multi = lib.run_nec2c(tmp, "ts_two", "CM two solves\nCE\nGW 1 11 0 0 -0.25 0 0 0.25 0.001\nGE 0\n"
                      "FR 0 1 0 0 300 0\nEX 0 1 6 0 1 0\nXQ\nEX 0 1 5 0 1 0\nXQ\nEN\n")
bad = os.path.join(tmp, "ts_refused.s1p")
if os.path.exists(bad):
    os.remove(bad)
r2 = simple.OpenDataFile(multi)
t2, _ = table(r2, 3)
check(len(t2["Frequency"]) == 2, "two solves at 300 MHz give 2 rows")
simple.SaveData(bad, proxy=simple.OutputPort(r2, 3))
check(not os.path.exists(bad) or os.path.getsize(bad) == 0, "a table with a repeated frequency is not written")

# Apply in the GUI shows the Network table, never the Noise table in its place: the
# reader's <View type="None" port="1"/> hint, as pqApplyBehavior applies it.
pad = simple.TouchstoneReader(FileName=os.path.join(data, "pad_6db_ma.s2p"))
pad.UpdatePipeline()
controller = sm.vtkSMParaViewPipelineControllerWithRendering()
render = simple.CreateRenderView()
shown = [controller.ShowInPreferredView(pad.SMProxy, port, render.SMProxy) for port in (0, 1)]
check(shown[0] is not None and shown[0].GetXMLName() == "SpreadSheetView",
      "Apply shows the Network table in a spreadsheet (got %s)" % (shown[0] and shown[0].GetXMLName()))
check(shown[1] is None, "Apply does not show the Noise table (got %s)" % (shown[1] and shown[1].GetXMLName()))

check.finish("%d problem(s)")
print("touchstone: all checks passed")
