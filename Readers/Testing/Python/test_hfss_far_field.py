"""HFSS far-field data files (.ffd) opened by File -> Open (OpenDataFile) and used
downstream, on the real HFSS 2026.1 export of pyaedt-examples (Testing/Data/hfss: two
elements of a 3 x 3 patch array, their pyaedt metadata and the array's .s8p):

 - OpenDataFile picks the HFSS Far Field Reader with no dialog; theta -180..180 x
   phi -180..180 in 73 x 73 becomes theta 0..180 (37) x phi 0..355 (72);
 - Gain is the gain from the metadata's accepted power: its peak equals
   4 pi max|rE|^2 / (2 eta0 Pacc) computed here from the file's raw rows with plain
   Python, RealizedGain the same with the incident power, Directivity the same with the
   power integrated here (trapezoid over the rows with theta >= 0), and Pattern Metrics'
   own integral of |E| gives the same directivity;
 - the metadata's accepted power of each element equals 1 - sum_i |S_i1|^2 of its port
   in the .s8p (read by the Touchstone Reader) to 1 %;
 - Antenna Pattern Surface draws it, Pattern Polarization and Pattern Cuts run on it;
 - without the metadata (the file copied alone, opened as HFSSFarFieldReader) Gain is
   the directivity;
 - malformed metadata beside it is one warning (file and line) and Gain the directivity;
 - a file of two frequency blocks gives two time steps, each its own block."""
import json
import math
import os
import shutil
import sys

import cloudmap_testlib as lib
column = lib.column
field = lib.field_value

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm  # noqa: E402

check = lib.Checks()
data = os.path.join(lib.DATA, "hfss")
ETA0 = 376.730313668
meta = json.load(open(os.path.join(data, "pyaedt_antenna_metadata.json")))


def raw(path):
    """Peak |rE|^2 and the power integrated over theta >= 0, phi -180..175, by hand."""
    lines = open(path).read().split("\n")
    t0, t1, nt = lines[0].split()
    p0, p1, np_ = lines[1].split()
    t0, t1, nt, p0, p1, np_ = float(t0), float(t1), int(nt), float(p0), float(p1), int(np_)
    dt, dp = (t1 - t0) / (nt - 1), (p1 - p0) / (np_ - 1)
    umax = s = 0.0
    for k in range(nt * np_):
        u = sum(float(x) ** 2 for x in lines[4 + k].split())
        umax = max(umax, u)
        th, ph = t0 + (k // np_) * dt, p0 + (k % np_) * dp  # theta outer
        if th < -1e-9 or ph > 180 - 1e-9:
            continue
        w = math.radians(dt) * (0.5 if abs(th) < 1e-9 or abs(th - 180) < 1e-9 else 1)
        s += u * math.sin(math.radians(th)) * w * math.radians(dp)
    return umax, s / (2 * ETA0)


def db(x):
    return 10 * math.log10(x)


for i, name in enumerate(("exportfield_0.ffd", "exportfield_1.ffd")):
    path = os.path.join(data, name)
    r = simple.OpenDataFile(path)
    check(r.GetXMLName() == "CloudMapHFSSFarFieldReader", "%s opened with %s" % (name, r.GetXMLName()))
    r.UpdatePipeline()
    t = sm.Fetch(r)
    el = [e for e in meta["element_pattern"].values() if e["file_name"] == name][0]
    pacc = el["accepted_power"]["5000000000.0"]
    pinc = el["incident_power"]["5000000000.0"]
    umax, prad = raw(path)
    g, d, rg = max(column(t, "Gain")), max(column(t, "Directivity")), max(column(t, "RealizedGain"))
    lib.say("%s: %d x %d, gain %.4f, directivity %.4f, realized %.4f dBi; integrated %.6f W, "
            "accepted %.6f W" % (name, field(t, "NumberOfTheta"), field(t, "NumberOfPhi"), g, d, rg, prad, pacc))
    check(field(t, "NumberOfTheta") == 37 and field(t, "NumberOfPhi") == 72, "%s: grid" % name)
    check(field(t, "GainKind") == "Gain" and field(t, "FieldUnit") == "V" and field(t, "Frequency") == 5e9,
          "%s: GainKind %s" % (name, field(t, "GainKind")))
    check(abs(g - db(4 * math.pi * umax / (2 * ETA0 * pacc))) < 1e-9, "%s: peak gain" % name)
    check(abs(rg - db(4 * math.pi * umax / (2 * ETA0 * pinc))) < 1e-9, "%s: peak realized gain" % name)
    check(abs(d - db(4 * math.pi * umax / (2 * ETA0 * prad))) < 1e-6, "%s: peak directivity" % name)
    check(abs(field(t, "IntegratedPower") - prad) < 1e-9 and prad < pacc <= pinc,
          "%s: integrated %.6f <= accepted %.6f <= incident %.6f W" % (name, prad, pacc, pinc))
    m = simple.PatternMetrics(Input=r)
    m.UpdatePipeline()
    mt = sm.Fetch(m)
    md, mg = mt.GetColumnByName("Directivity[dBi]").GetValue(0), mt.GetColumnByName("PeakGain[dBi]").GetValue(0)
    lib.say("  Pattern Metrics: directivity %.4f dBi, peak gain %.4f dBi" % (md, mg))
    check(abs(md - d) < 0.05 and abs(mg - g) < 1e-9, "%s: Pattern Metrics %.4f/%.4f" % (name, md, mg))
    ps = simple.AntennaPatternSurface(Input=r, Scale="Decibels", NumberOfLevels=1)
    ps.SelectInputArray = ["ROWS", "Gain"]
    ps.UpdatePipeline()
    surf = sm.Fetch(ps)
    check(surf.GetNumberOfPoints() >= 37 * 72 - 71, "%s: pattern surface, %d points" % (name, surf.GetNumberOfPoints()))
    pol = simple.PatternPolarization(Input=r)
    pol.UpdatePipeline()
    check(sm.Fetch(pol).GetNumberOfRows() == 37 * 72, "%s: polarization" % name)
    cuts = simple.PatternCuts(Input=r)
    cuts.UpdatePipeline()
    check(sm.Fetch(cuts).GetNumberOfRows() > 0, "%s: pattern cuts" % name)
    for p in (cuts, pol, ps, m, r):
        simple.Delete(p)

# The array's .s8p: accepted power of port k driven alone with 1 W = 1 - sum_i |S_ik|^2.
s8p = simple.OpenDataFile(os.path.join(data, "LastAdaptive_DV30.s8p"))
s8p.UpdatePipeline()
st = sm.Fetch(s8p)
names = [st.GetColumnName(c) for c in range(st.GetNumberOfColumns())]
for port, name in ((1, "exportfield_0.ffd"), (2, "exportfield_1.ffd")):
    s2 = sum(column(st, "S%d%d_re" % (i, port))[0] ** 2 + column(st, "S%d%d_im" % (i, port))[0] ** 2
             for i in range(1, 9))
    el = [e for e in meta["element_pattern"].values() if e["file_name"] == name][0]
    pacc = el["accepted_power"]["5000000000.0"]
    lib.say("port %d: 1 - sum|S_i%d|^2 = %.6f, metadata accepted power %.6f" % (port, port, 1 - s2, pacc))
    check(abs((1 - s2) / pacc - 1) < 0.01, "port %d accepted power" % port)
simple.Delete(s8p)

# The file alone: Gain is the directivity.
alone = os.path.join(tmp, "hfss_alone")
os.makedirs(alone, exist_ok=True)
shutil.copy(os.path.join(data, "exportfield_0.ffd"), alone)
r = simple.HFSSFarFieldReader(FileName=os.path.join(alone, "exportfield_0.ffd"))
r.UpdatePipeline()
t = sm.Fetch(r)
umax, prad = raw(os.path.join(data, "exportfield_0.ffd"))
check(field(t, "GainKind") == "Directivity" and t.GetColumnByName("RealizedGain") is None,
      "alone: GainKind %s" % field(t, "GainKind"))
check(abs(max(column(t, "Gain")) - db(4 * math.pi * umax / (2 * ETA0 * prad))) < 1e-6, "alone: directivity")
simple.Delete(r)

# Malformed metadata beside the file: one warning naming it and its line, Gain the directivity.
broken = os.path.join(tmp, "hfss_broken_metadata")
os.makedirs(broken, exist_ok=True)
shutil.copy(os.path.join(data, "exportfield_0.ffd"), broken)
with open(os.path.join(broken, "pyaedt_antenna_metadata.json"), "w") as f:
    f.write('{\n  "element_pattern": {\n    "a": [1,\n')
window = lib.capture_vtk_messages()
r = simple.HFSSFarFieldReader(FileName=os.path.join(broken, "exportfield_0.ffd"))
r.UpdatePipeline()
t = sm.Fetch(r)
msg = [l for l in window.GetOutput().splitlines() if "pyaedt_antenna_metadata.json:4:" in l]
lib.say("broken metadata: %s" % (msg[0][:160] if msg else "<no warning>"))
check(len(msg) == 1 and field(t, "GainKind") == "Directivity", "broken metadata: %d warnings, GainKind %s"
      % (len(msg), field(t, "GainKind")))
simple.Delete(r)

# Two frequency blocks (the bad-input corpus's reference, fields doubled at 2 GHz): time steps.
r = simple.OpenDataFile(os.path.join(lib.DATA, "bad", "hfss_reference.ffd"))
check(list(r.TimestepValues) == [1e9, 2e9], "time steps %r" % list(r.TimestepValues))
peaks = []
for f in (1e9, 2e9):
    r.UpdatePipeline(f)
    t = sm.Fetch(r)
    peaks.append(max(column(t, "|E|")))
    check(field(t, "Frequency") == f, "frequency %g: field data %g" % (f, field(t, "Frequency")))
check(abs(peaks[1] - 2 * peaks[0]) < 1e-12, "2 GHz block: |E| peak %r, expected twice %r" % (peaks[1], peaks[0]))
simple.Delete(r)
check.finish()
