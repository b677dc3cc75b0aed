"""Far fields whose values are fields, not gains, and grids openEMS writes beyond
theta in [0, 180], read and used downstream:

 - a CST ASCII export in volts (cst/dipole_ludwig3_volts.txt, a look-alike in the layout
   of CST's [V] exports of a short dipole): no Gain column, GainKind E-Field, FieldUnit V,
   its columns named with their unit; Pattern Metrics finds the short dipole's
   directivity (1.5 = 1.761 dBi) from |E| alone and no peak gain; Antenna Pattern
   Surface draws it;
 - a CST farfield source file (cst/dipole_source.ffs, the same dipole at two
   frequencies): the frequencies are time steps, Gain = directivity from the stated
   radiated power, whose peak and Pattern Metrics' integral both give 1.5;
 - openEMS's Simple_Patch_Antenna tutorial grid (openems/patch_nf2ff.h5, theta
   -180..178 degrees at phi 0 and 90, made by openEMS here): theta in [0, 180], phi in
   [0, 360), equal at every sample to the same recording taken on theta 0..180 at phi
   0/90/180/270 (patch_nf2ff_full.h5), peak directivity = the file's Dmax, and both
   filters run on it."""
import math
import os
import sys

import cloudmap_testlib as lib
column = lib.column
field = lib.field_value

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
data = lib.DATA
D15 = 10 * math.log10(1.5)


def metrics(src, time=None):
    pm = simple.PatternMetrics(Input=src)
    pm.UpdatePipeline() if time is None else pm.UpdatePipeline(time)
    t = sm.Fetch(pm)
    # One row per time step of the input: the row of the requested frequency.
    freq = [t.GetColumnByName("Frequency[Hz]").GetValue(r) for r in range(t.GetNumberOfRows())]
    r = freq.index(time) if time is not None and time in freq else t.GetNumberOfRows() - 1
    row = {t.GetColumnName(c): t.GetColumn(c).GetValue(r) for c in range(t.GetNumberOfColumns())}
    simple.Delete(pm)
    return row


def surface(src, time=None):
    ps = simple.AntennaPatternSurface(Input=src)
    ps.UpdatePipeline() if time is None else ps.UpdatePipeline(time)
    n = sm.Fetch(ps).GetNumberOfPoints()
    simple.Delete(ps)
    return n


# CST [V] export.
v = simple.OpenDataFile(os.path.join(data, "cst/dipole_ludwig3_volts.txt"))
if v.GetXMLName() != "CSTFarFieldReader":
    lib.fail("volts export opened with %s" % v.GetXMLName())
v.UpdatePipeline()
t = sm.Fetch(v)
names = [t.GetColumnName(c) for c in range(t.GetNumberOfColumns())]
print("volts columns:", names)
if any(n.startswith("Gain") for n in names):
    lib.fail("a [V] export has a Gain column: %r" % names)
for n in ("Abs(V)_V", "Abs(Horiz)_V", "Abs(Verti)_V", "|E|"):
    if n not in names:
        lib.fail("no column %s" % n)
if field(t, "GainKind") != "E-Field" or field(t, "FieldUnit") != "V":
    lib.fail("volts: GainKind %s FieldUnit %s" % (field(t, "GainKind"), field(t, "FieldUnit")))
m = metrics(v)
print("volts metrics:", m)
if abs(m["Directivity[dBi]"] - D15) > 0.05 or not math.isnan(m["PeakGain[dBi]"]):
    lib.fail("volts: Pattern Metrics directivity %.4f (short dipole %.4f), peak gain %r"
             % (m["Directivity[dBi]"], D15, m["PeakGain[dBi]"]))
if surface(v) == 0:
    lib.fail("volts: Antenna Pattern Surface is empty")

# CST farfield source file.
s = simple.OpenDataFile(os.path.join(data, "cst/dipole_source.ffs"))
if s is None or s.GetXMLName() != "CSTFarFieldReader":
    lib.fail(".ffs opened with %s" % (s and s.GetXMLName()))
if list(s.TimestepValues) != [1.0e9, 1.5e9]:
    lib.fail(".ffs time steps %r" % list(s.TimestepValues))
for f in (1.0e9, 1.5e9):
    s.UpdatePipeline(f)
    t = sm.Fetch(s)
    g = column(t, "Gain")
    prad = t.GetFieldData().GetArray("RadiatedPower").GetValue(0)
    if field(t, "GainKind") != "Directivity" or field(t, "FieldUnit") != "V" or field(t, "Frequency") != f:
        lib.fail(".ffs field data at %g" % f)
    if abs(max(g) - D15) > 1e-5:
        lib.fail(".ffs peak directivity %.6f, expected %.6f" % (max(g), D15))
    m = metrics(s, f)
    print(".ffs %g Hz: peak %.6f dBi, Prad %.6g W, metrics %r" % (f, max(g), prad, m))
    if abs(m["Directivity[dBi]"] - D15) > 0.02 or abs(m["PeakGain[dBi]"] - D15) > 1e-5:
        lib.fail(".ffs: Pattern Metrics %r" % m)
    if surface(s, f) == 0:
        lib.fail(".ffs: Antenna Pattern Surface is empty")

# openEMS's tutorial grid.
o = simple.OpenDataFile(os.path.join(data, "openems/patch_nf2ff.h5"))
if o.GetXMLName() != "CloudMapOpenEMSReader":
    lib.fail("patch_nf2ff.h5 opened with %s" % o.GetXMLName())
o.UpdatePipeline()
t = sm.Fetch(o)
full = simple.OpenDataFile(os.path.join(data, "openems/patch_nf2ff_full.h5"))
full.UpdatePipeline()
tf = sm.Fetch(full)
th, ph = column(t, "Theta"), column(t, "Phi")
print("openEMS tutorial grid: %d samples, theta %g..%g, phi %r" % (len(th), min(th), max(th), sorted(set(ph))))
if min(th) < 0 or max(th) > 180 or min(ph) < 0 or max(ph) >= 360 or len(th) != 91 * 4:
    lib.fail("openEMS: theta/phi out of the table's ranges")
if column(tf, "Theta") != th or column(tf, "Phi") != ph:
    lib.fail("openEMS: the mapped grid is not the full recording's grid")
worst = 0.0
scale = max(column(tf, "|E|"))
for name in ("Etheta_re", "Etheta_im", "Ephi_re", "Ephi_im"):
    a, b = column(t, name), column(tf, name)
    worst = max(worst, max(abs(x - y) for x, y in zip(a, b)) / scale)
print("openEMS: worst |E(tutorial grid) - E(full grid)| / max|E| = %.2e" % worst)
if worst > 1e-5:
    lib.fail("openEMS: the tutorial grid's fields differ from the same recording on theta 0..180")
dmax = t.GetFieldData().GetArray("Dmax").GetValue(0)
m = metrics(o)
print("openEMS: file Dmax %.6f dBi, peak Gain %.6f dBi, metrics %r" % (dmax, max(column(t, "Gain")), m))
if abs(max(column(t, "Gain")) - dmax) > 1e-6 or abs(m["PeakGain[dBi]"] - dmax) > 1e-6:
    lib.fail("openEMS: peak directivity is not the file's Dmax")
if surface(o) == 0:
    lib.fail("openEMS: Antenna Pattern Surface is empty")

# CST E-field export ([dBV/m]): its columns are named with the unit, the '/' written "_per_"
# (docs/user/names.md); the name used before, Abs(E)_dBV/m, still selects the column in
# Antenna Pattern Surface (a state's SelectInputArray) and draws the same surface.
h = simple.OpenDataFile(os.path.join(data, "cst/horn_ludwig3_efield.txt"))
h.UpdatePipeline()
th = sm.Fetch(h)
hnames = [th.GetColumnName(c) for c in range(th.GetNumberOfColumns())]
print("E-field columns:", hnames)
if any("/" in n for n in hnames) or "Abs(E)_dBV_per_m" not in hnames:
    lib.fail("CST E-field export: a column name with '/', or no Abs(E)_dBV_per_m: %r" % hnames)
drawn = []
for name in ("Abs(E)_dBV_per_m", "Abs(E)_dBV/m"):
    ps = simple.AntennaPatternSurface(Input=h, SelectInputArray=["ROWS", name])
    ps.UpdatePipeline()
    pv = sm.Fetch(ps).GetCellData().GetArray("PatternValue")
    drawn.append([pv.GetValue(i) for i in range(pv.GetNumberOfTuples())] if pv else [])
    simple.Delete(ps)
print("CST E-field: Antenna Pattern Surface by the new and the old name: %d and %d values"
      % (len(drawn[0]), len(drawn[1])))
if not drawn[0] or drawn[0] != drawn[1]:
    lib.fail("CST E-field: the old column name Abs(E)_dBV/m does not draw the same surface")
print("OK")
