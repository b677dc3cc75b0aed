"""Planet 2 .pafx archives (pafx/README.md):

 1. File -> Open by content: OpenDataFile picks PlanetPAFXAntennaReader for the real
    Sinclair SV460-SF2SNM.pafx, with no dialog; its four patterns are time steps 0..3 and
    the Patterns output lists them (890, 920, 940, 960 MHz).
 2. Each step's 3-D pattern equals the MSI Planet reader's on the .msi file that the
    pafx2msi converter wrote from the same pattern (both methods), and its cuts (720 rows)
    carry the pattern's metadata; Pattern Metrics (a row per step) finds the peak at BoresightGain
    15 dBd = 17.15 dBi and the beamwidths antenna.paf states (within the 1-degree sampling).
 3. The look-alike sector_65_18.pafx: two tilts at one frequency are steps 0 and 1.
 4. The partial-result rule: a copy whose first pattern's CRC is damaged warns once,
    naming the archive and the entry, and reads the other pattern."""
import os
import struct
import sys

import cloudmap_testlib as lib
column = lib.column
field = lib.field_value

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm  # noqa: E402

window = lib.capture_vtk_messages()
data = os.path.join(lib.DATA, "pafx")


def check(ok, what):
    if not ok:
        lib.fail(what)
    lib.say("ok:", what)


def metrics(src):
    # Pattern Metrics summarises every time step: one row per step, in step order.
    pm = simple.PatternMetrics(Input=src)
    pm.UpdatePipeline()
    tab = pm.GetClientSideObject().GetOutputDataObject(0)
    rows = [{tab.GetColumnName(c): tab.GetColumn(c).GetValue(k) for c in range(tab.GetNumberOfColumns())}
            for k in range(tab.GetNumberOfRows())]
    simple.Delete(pm)
    return rows


r = simple.OpenDataFile(os.path.join(data, "SV460-SF2SNM.pafx"))
check(r is not None and r.GetXMLName() == "PlanetPAFXAntennaReader",
      "SV460-SF2SNM.pafx opens with the Planet PAFX Antenna Reader (%s)" % (r and r.GetXMLName()))
steps = list(r.TimestepValues)
check(steps == [0, 1, 2, 3], "four patterns as time steps %s" % steps)
r.UpdatePipeline(0)
pats = sm.Fetch(r, idx=2)
check(column(pats, "Frequency") == [890e6, 920e6, 940e6, 960e6],
      "Patterns output: frequencies %s" % column(pats, "Frequency"))
check(field(pats, "Manufacturer") == "Sinclair Technologies Inc.", "Manufacturer")
file_h, file_v = [15.5, 14.5, 13.5, 13.5], [28.5, 29, 28, 26.5]
all_metrics = metrics(r)
check(len(all_metrics) == 4, "Pattern Metrics: a row per pattern (%d rows)" % len(all_metrics))
for k, mhz in enumerate(("0890", "0920", "0940", "0960")):
    m = simple.MSIPlanetAntennaReader(FileName=os.path.join(data, "SV460-SF2SNM_%s_00T.msi" % mhz))
    for method in (0, 1):
        r.Method = method
        m.Method = method
        r.UpdatePipeline(k)
        m.UpdatePipeline()
        a, b = column(sm.Fetch(r), "Gain"), column(sm.Fetch(m), "Gain")
        worst = max(abs(x - y) for x, y in zip(a, b)) if len(a) == len(b) else float("inf")
        check(worst < 1e-12, "step %d method %d: the 3-D pattern equals the pafx2msi .msi's (%d values, worst %.3g dB)"
              % (k, method, len(a), worst))
    cuts = sm.Fetch(r, idx=1)
    check(cuts.GetNumberOfRows() == 720 and field(cuts, "Frequency") == float(mhz) * 1e6,
          "step %d: 720 cut rows at %g Hz" % (k, field(cuts, "Frequency")))
    check(field(cuts, "Entry") == "SV460-SF2SNM_%s.pap" % mhz, "step %d: entry %s" % (k, field(cuts, "Entry")))
    r.Method = 0
    mt = all_metrics[k]
    lib.say("step %d metrics: %s" % (k, mt))
    check(mt["Frequency[Hz]"] == float(mhz) * 1e6, "step %d: Pattern Metrics sees %g Hz" % (k, mt["Frequency[Hz]"]))
    check(abs(mt["PeakGain[dBi]"] - 17.15) < 1e-9, "step %d: peak %.9f dBi = BoresightGain 15 dBd" % (k, mt["PeakGain[dBi]"]))
    check(abs(mt["HPBWPlane2[deg]"] - file_h[k]) < 1.5 and abs(mt["HPBWPlane1[deg]"] - file_v[k]) < 2.0,
          "step %d: HPBW horizontal %.2f (file %g), vertical %.2f (file %g)"
          % (k, mt["HPBWPlane2[deg]"], file_h[k], mt["HPBWPlane1[deg]"], file_v[k]))
    simple.Delete(m)
simple.Delete(r)

s = simple.OpenDataFile(os.path.join(data, "sector_65_18.pafx"))
check(list(s.TimestepValues) == [0, 1], "look-alike: two tilts at 925 MHz as steps %s" % list(s.TimestepValues))
s.UpdatePipeline(1)
check(field(sm.Fetch(s, idx=1), "Tilt") == 6 and field(sm.Fetch(s, idx=1), "Frequency") == 925e6,
      "step 1 is the 6-degree tilt at 925 MHz")
simple.Delete(s)

# The partial-result rule on a copy whose first pattern's CRC-32 is damaged.
raw = bytearray(open(os.path.join(data, "sector_65_18.pafx"), "rb").read())
name = b"SECTOR-65-18_0925_T00.pap"
at = [i for i in range(len(raw)) if raw[i:i + 4] == b"PK\x01\x02" and raw[i + 46:i + 46 + len(name)] == name][0]
raw[at + 16:at + 20] = struct.pack("<I", 0xDEADBEEF)
bad = os.path.join(tmp, "sector_damaged.pafx")
open(bad, "wb").write(bytes(raw))
mark = len(window.GetOutput())
p = simple.PlanetPAFXAntennaReader(FileName=bad)
p.UpdatePipeline(0)
text = window.GetOutput()[mark:]
left = sm.Fetch(p, idx=2)
check(left.GetNumberOfRows() == 1 and column(left, "Tilt") == [6],
      "damaged copy: one pattern left (%d rows, tilts %s)" % (left.GetNumberOfRows(), column(left, "Tilt")))
check(text.count("CRC-32 mismatch") == 1 and "sector_damaged.pafx" in text and name.decode() in text,
      "one warning names the archive and the entry: %s" % [l for l in text.splitlines() if "CRC" in l])
check(field(sm.Fetch(p, idx=1), "Tilt") == 6, "the other pattern (tilt 6) is read")
lib.leave(0)
