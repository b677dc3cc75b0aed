"""AWS Palace's farfield-rE.csv and port-S.csv opened by File -> Open (OpenDataFile), on
Palace's own reference outputs (Testing/Data/palace, Apache-2.0) and analytic dipoles in
their layout:

 - OpenDataFile picks the Palace Far Field Reader for a farfield-rE.csv and the Palace Port
   Reader for a port-S.csv (by their headers), and ParaView's CSV Reader for any other .csv;
 - the Directions output holds the file's rows as they are (|E| from the raw row by hand);
 - the Pattern output is the far-field table on the 2 degree grid: its peak Gain equals
   4 pi max|rE|^2 / (2 eta0 P) with the table's own IntegratedPower, Pattern Metrics'
   directivity (its own integral) agrees, and on the analytic z dipole the grid equals
   10 sin(theta) to the error TestPalace measures;
 - Antenna Pattern Surface, Pattern Cuts and Pattern Polarization run on it;
 - several frequencies are time steps, Excitation Index picks the excitation, an
   eigenmode file's modes are time steps;
 - port-S.csv gives the Network table: S11 equals V/V_inc - 1 of port-V.csv (by hand), the
   reference impedance V_inc/I_inc = 50 ohm stated by port-V/port-I, Z11 from it."""
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
data = os.path.join(lib.DATA, "palace")
ETA0 = 376.730313668
os.makedirs(tmp, exist_ok=True)


def rows(path):
    out = []
    for line in open(path).read().split("\n")[1:]:
        if line.strip():
            out.append([float(x) for x in line.split(",")])
    return out


# --- File -> Open by content: Palace's files and an ordinary CSV.
ff_path = os.path.join(tmp, "farfield-rE.csv")
shutil.copy(os.path.join(data, "antenna_short_dipole", "farfield-rE.csv"), ff_path)
plain = os.path.join(tmp, "plain.csv")
with open(plain, "w") as f:
    f.write("theta,phi,value\n1,2,3\n4,5,6\n")
r = simple.OpenDataFile(ff_path)
check(r.GetXMLName() == "CMPalaceFarFieldReader", "farfield-rE.csv opened with %s" % r.GetXMLName())
c = simple.OpenDataFile(plain)
check(c is not None and c.GetXMLName() == "CSVReader",
      "an ordinary CSV opened with %s" % (c.GetXMLName() if c else None))
if c is not None:
    c.UpdatePipeline()
    check(sm.Fetch(c).GetNumberOfRows() == 2, "the ordinary CSV reads its 2 rows")
s = simple.OpenDataFile(os.path.join(data, "antenna_halfwave_dipole", "port-S.csv"))
check(s.GetXMLName() == "CMPalacePortReader", "port-S.csv opened with %s" % s.GetXMLName())
v = simple.OpenDataFile(os.path.join(data, "antenna_halfwave_dipole", "port-V.csv"))
check(v is not None and v.GetXMLName() == "CSVReader", "port-V.csv stays with the CSV Reader")

# --- The short dipole: directions as printed, the grid's gain, the pattern filters.
r.UpdatePipeline()
raw = rows(ff_path)
d = sm.Fetch(r, idx=1)
check(d.GetNumberOfPoints() == len(raw) == 101, "Directions: %d points" % d.GetNumberOfPoints())
emag = d.GetPointData().GetArray("|E|")
worst = max(abs(emag.GetValue(k) - math.sqrt(sum(x * x for x in raw[k][4:10]))) for k in range(len(raw)))
check(worst < 1e-15, "Directions |E| = the raw rows' |rE| (%.2e)" % worst)
t = sm.Fetch(r, idx=0)
check(t.GetNumberOfRows() == 91 * 180, "Pattern: %d rows on the 2 degree grid" % t.GetNumberOfRows())
p = field(t, "IntegratedPower")
e = column(t, "|E|")
peak = max(column(t, "Gain"))
want = 10 * math.log10(4 * math.pi * max(e) ** 2 / (2 * ETA0 * p))
check(abs(peak - want) < 1e-9, "peak Gain %.6f = 4 pi max|E|^2/(2 eta0 P) %.6f" % (peak, want))
check(field(t, "GainKind") == "Directivity" and field(t, "SourceFormat") == "Palace", "GainKind, SourceFormat")
lib.say("  short dipole: peak directivity %.4f dBi, P = %.6g W" % (peak, p))
m = simple.PatternMetrics(Input=simple.OutputPort(r, 0))
m.UpdatePipeline()
md = sm.Fetch(m).GetColumnByName("Directivity[dBi]").GetValue(0)
lib.say("  Pattern Metrics: directivity %.4f dBi" % md)
check(abs(md - peak) < 0.05, "Pattern Metrics %.4f against %.4f dBi" % (md, peak))
ps = simple.AntennaPatternSurface(Input=simple.OutputPort(r, 0), Scale="Decibels", NumberOfLevels=1)
ps.SelectInputArray = ["ROWS", "Gain"]
ps.UpdatePipeline()
check(sm.Fetch(ps).GetNumberOfPoints() > 90 * 180, "Antenna Pattern Surface")
cuts = simple.PatternCuts(Input=simple.OutputPort(r, 0))
cuts.UpdatePipeline()
check(sm.Fetch(cuts).GetNumberOfRows() > 0, "Pattern Cuts")
pol = simple.PatternPolarization(Input=simple.OutputPort(r, 0))
pol.UpdatePipeline()
check(sm.Fetch(pol).GetNumberOfRows() == 91 * 180, "Pattern Polarization")
for x in (pol, cuts, ps, m):
    simple.Delete(x)

# --- The analytic z dipole (1 GHz) and x dipole (2 GHz): time steps, the grid.
a = simple.PalaceFarFieldReader(FileName=os.path.join(data, "dipole_nsample1000.csv"))
a.UpdatePipelineInformation()
steps = list(a.TimestepValues)
check(steps == [1e9, 2e9], "analytic file's time steps %s" % steps)
a.UpdatePipeline(1e9)
at = sm.Fetch(a, idx=0)
th, et = column(at, "Theta"), column(at, "Etheta_re")
err = max(abs(et[k] - 10 * math.sin(math.radians(th[k]))) for k in range(len(th))) / 10
check(err < 2e-4, "z dipole on the grid: largest error %.2e of the peak" % err)
check(abs(field(at, "Frequency") - 1e9) < 1e-3, "Frequency 1 GHz")

# --- Several excitations and an eigenmode. The cpw run samples 4 directions only, so its
# pattern is extrapolated over most of the sphere, and the reader says so (once per block).
window = lib.capture_vtk_messages()
u = simple.PalaceFarFieldReader(FileName=os.path.join(data, "cpw_lumped_uniform", "farfield-rE.csv"))
u.UpdatePipelineInformation()
freqs = sorted(set(round(x[0] * 1e9) for x in rows(os.path.join(data, "cpw_lumped_uniform", "farfield-rE.csv"))))
check([round(x) for x in u.TimestepValues] == freqs, "cpw time steps %s" % list(u.TimestepValues))
u.ExcitationIndex = 1
u.UpdatePipeline(freqs[0])
check(field(sm.Fetch(u, idx=0), "Excitation") == 2, "Excitation Index 1 is exc 2")
check("extrapolated" in window.GetOutput() and field(sm.Fetch(u, idx=0), "LargestGap[deg]") > 90,
      "cpw (4 directions): the sparse-sampling warning, gap %.0f deg" % field(sm.Fetch(u, idx=0), "LargestGap[deg]"))
eg = simple.PalaceFarFieldReader(FileName=os.path.join(data, "cpw_lumped_eigen", "farfield-rE.csv"))
eg.UpdatePipeline()
et_ = sm.Fetch(eg, idx=0)
check(field(et_, "Mode") == 1 and abs(field(et_, "Frequency") - 17.04920657498e9) < 1,
      "eigenmode 1 at 17.049 GHz")

# --- port-S.csv: S11 against port-V.csv, the stated reference impedance.
s.UpdatePipeline()
st = sm.Fetch(s)
vrow = rows(os.path.join(data, "antenna_halfwave_dipole", "port-V.csv"))[0]
s11 = complex(vrow[2], vrow[3]) / vrow[1] - 1
got = complex(column(st, "S11_re")[0], column(st, "S11_im")[0])
check(abs(got - s11) < 1e-9, "S11 %s against V/V_inc - 1 %s" % (got, s11))
check(abs(field(st, "ReferenceImpedance") - 50) < 1e-9 and
      field(st, "ReferenceImpedanceSource").startswith("port-V.csv"), "R = V_inc/I_inc = 50 ohm")
z11 = complex(column(st, "Z11_re")[0], column(st, "Z11_im")[0])
check(abs(z11 - 50 * (1 + s11) / (1 - s11)) < 1e-6, "Z11 %s" % z11)
cp = simple.PalacePortReader(FileName=os.path.join(data, "cpw_lumped_uniform", "port-S.csv"), ReferenceImpedance=75)
cp.UpdatePipeline()
ct = sm.Fetch(cp)
check(ct.GetNumberOfRows() == 7 and ct.GetFieldData().GetAbstractArray("PortNames").GetNumberOfValues() == 4,
      "cpw: 7 frequencies, 4 ports")
check(field(ct, "ReferenceImpedance") == 75, "cpw: 2 of 4 ports stated, the property's 75 ohm")
check(math.isnan(column(ct, "S13_re")[0]) and not math.isnan(column(ct, "S21_re")[0]), "S13 NaN, S21 given")

# --- A single cut leaves most of the sphere extrapolated: one warning says so, naming the
# file; a file that covers the sphere gives none.
full = os.path.join(data, "dipole_nsample1000.csv")
lines = open(full).read().split("\n")
cut = os.path.join(tmp, "palace_single_cut.csv")
with open(cut, "w") as f:
    f.write("\n".join([lines[0]] + [l for l in lines[1:] if l.strip() and float(l.split(",")[3]) in (0.0, 180.0)]) + "\n")
for path, warned in ((full, False), (cut, True)):
    before = len(window.GetOutput())
    c = simple.PalaceFarFieldReader(FileName=path)
    c.UpdatePipeline()
    gap = field(sm.Fetch(c, idx=0), "LargestGap[deg]")
    text = window.GetOutput()[before:]
    check(("extrapolated" in text and os.path.basename(path) in text) == warned,
          "%s: largest gap %.1f deg, %s" % (os.path.basename(path), gap,
                                            "warned" if "extrapolated" in text else "no warning"))
    simple.Delete(c)

check.finish("%d check(s) failed")
