"""TICRA GRASP cuts (.cut) and grids (.grd) opened by File -> Open (OpenDataFile) and
used downstream, on GRASP 10.0.1's own files (Testing/Data/grasp, python-graspfile):

 - every file is claimed by the GRASP Reader alone (no "Open Data With..." dialog);
 - the reflector's polar cuts (three frequencies, three phi cuts of theta -7.2..7.2):
   three time steps, the Frequency property (GHz) in each step's field data, a table of
   81 theta x 6 phi; the peak Gain equals 20 log10 of the largest |E| the ICOMP 9 file
   prints (read here with plain Python); Pattern Metrics, Antenna Pattern Surface, Pattern
   Polarization and Pattern Cuts run on it;
 - without a Frequency, Exposure Ratio's error names the reader's Frequency property;
 - the planar grid (square_aperture.grd, IGRID 3): one warning, an empty Far Field, the
   21 x 21 samples per set on port 1, the header's 82, 97, 112 GHz as time steps;
 - an x-directed short dipole written here as a theta/phi grid: Pattern Metrics' own
   integral gives the directivity 10 log10(1.5) = 1.761 dBi."""
import math
import os
import sys

import cloudmap_testlib as lib
column = lib.column
field = lib.field_value

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm  # noqa: E402

check = lib.Checks()
data = os.path.join(lib.DATA, "grasp")
factory = sm.vtkSMProxyManager.GetProxyManager().GetReaderFactory()
session = sm.ActiveConnection.Session


def readers(path):
    l = factory.GetReaders(path, session)
    return [l.GetString(i) for i in range(1, l.GetLength(), 3)]


for name in sorted(os.listdir(data)):
    if name.endswith((".cut", ".grd")):
        got = readers(os.path.join(data, name))
        check(got == ["GRASPReader"], "%s: claimed by %s" % (name, got))

# The reflector's polar cuts at 10, 12, 14 GHz (the project's frequency_list).
polar = os.path.join(data, "example_GRASP_10-0-1_spherical_polar_thetaphi_farfield.cut")
r = simple.OpenDataFile(polar)
check(r.GetXMLName() == "GRASPReader", "opened with %s" % r.GetXMLName())
r.Frequency = [10, 12, 14]
check(list(r.TimestepValues) == [0, 1, 2], "time steps %r" % list(r.TimestepValues))
printed = []  # the largest |E| of each frequency in the ICOMP 9 file, by hand
lines = open(os.path.join(data, "example_GRASP_10-0-1_spherical_polar_power_farfield.cut")).read().split("\n")
k = 0
while k < len(lines):
    if len(lines[k].split()) == 7:
        n = int(lines[k].split()[2])
        e = max(float(lines[k + 1 + i].split()[0]) for i in range(n))
        printed.append(e)
        k += n + 1
    else:
        k += 1
peaks = [max(printed[3 * s:3 * s + 3]) for s in range(3)]
for step in range(3):
    r.UpdatePipeline(step)
    t = sm.Fetch(r)
    g = max(column(t, "Gain"))
    lib.say("step %d: %g Hz, %d rows, peak %.6f dBi (printed |E| %.10g)"
            % (step, field(t, "Frequency"), t.GetNumberOfRows(), g, peaks[step]))
    check(field(t, "Frequency") == [10e9, 12e9, 14e9][step], "step %d frequency" % step)
    check(t.GetNumberOfRows() == 81 * 6 and field(t, "NumberOfTheta") == 81, "step %d: 81 x 6" % step)
    check(abs(g - 20 * math.log10(peaks[step])) < 1e-6, "step %d: peak gain" % step)
r.UpdatePipeline(0)
m = simple.PatternMetrics(Input=r)
m.UpdatePipeline(0)
mt = sm.Fetch(m)
check(abs(mt.GetColumnByName("PeakGain[dBi]").GetValue(0) - 20 * math.log10(peaks[0])) < 1e-6,
      "Pattern Metrics peak gain")
ps = simple.AntennaPatternSurface(Input=r, Scale="Decibels", NumberOfLevels=1)
ps.SelectInputArray = ["ROWS", "Gain"]
ps.UpdatePipeline(0)
check(sm.Fetch(ps).GetNumberOfPoints() > 0, "pattern surface")
pol = simple.PatternPolarization(Input=r)
pol.UpdatePipeline(0)
check(sm.Fetch(pol).GetNumberOfRows() == 81 * 6, "polarization")
cuts = simple.PatternCuts(Input=r)
cuts.UpdatePipeline(0)
check(sm.Fetch(cuts).GetNumberOfRows() > 0, "pattern cuts")
for p in (cuts, pol, ps, m):
    simple.Delete(p)

# No frequency: Exposure Ratio names the reader's Frequency property.
r.Frequency = []
window = lib.capture_vtk_messages()
ps = simple.AntennaPatternSurface(Input=r, Scale="Decibels", NumberOfLevels=1)
ps.SelectInputArray = ["ROWS", "Gain"]
ex = simple.ExposureRatio(Input=ps, TransmitPower=1, InputPower=1)
ex.UpdatePipeline(0)
msg = [l for l in window.GetOutput().splitlines() if "Frequency" in l and "GRASP" in l]
lib.say("no frequency: %s" % (msg[0][:200] if msg else window.GetOutput()[:300]))
check(len(msg) >= 1, "Exposure Ratio without a frequency names the GRASP Reader's Frequency")
for p in (ex, ps, r):
    simple.Delete(p)

# A planar grid: the samples on port 1, one warning, the header's frequencies as steps.
window = lib.capture_vtk_messages()
r = simple.OpenDataFile(os.path.join(data, "square_aperture.grd"))
check(list(r.TimestepValues) == [82e9, 97e9, 112e9], "grid steps %r" % list(r.TimestepValues))
r.UpdatePipeline(97e9)
far, samples = sm.Fetch(r, None, None, 0), sm.Fetch(r, None, None, 1)
warn = [l for l in window.GetOutput().splitlines() if "IGRID 3" in l]
check(len(warn) == 1, "one warning for the planar grid (%d)" % len(warn))
check(far.GetNumberOfRows() == 0 and samples.GetNumberOfRows() == 441, "planar grid: %d/%d rows"
      % (far.GetNumberOfRows(), samples.GetNumberOfRows()))
check(field(samples, "Frequency") == 97e9, "planar grid frequency")
names = [samples.GetColumnName(i) for i in range(samples.GetNumberOfColumns())]
check({"X", "Y", "E_co_re", "E_cx_im", "E_r_re"} <= set(names), "planar grid samples: %s" % names)
simple.Delete(r)

# An x-directed short dipole as a theta/phi grid: Pattern Metrics integrates 1.761 dBi.
path = os.path.join(tmp, "grasp_dipole.grd")
with open(path, "w") as f:
    f.write("VERSION: TICRA-EM-FIELD-V0.1\nField data in grid\nSOURCE_FIELD_NAME: dipole\n"
            "FREQUENCY_NAME: freq\nFREQUENCIES [GHz]:\n  0.3000000000E+01\n++++\n 1\n"
            "           1           1           2           7\n           0           0\n"
            "  0.0000000000E+00  0.0000000000E+00  0.3600000000E+03  0.1800000000E+03\n"
            "          73          91           0\n")
    for j in range(91):
        for i in range(73):
            t, p = math.radians(2 * j), math.radians(5 * i)
            a = math.sqrt(1.5)
            f.write(" %17.10E %17.10E %17.10E %17.10E\n" % (0, a * math.cos(t) * math.cos(p), 0, -a * math.sin(p)))
r = simple.OpenDataFile(path)
m = simple.PatternMetrics(Input=r)
m.UpdatePipeline()
mt = sm.Fetch(m)
d = mt.GetColumnByName("Directivity[dBi]").GetValue(0)
lib.say("dipole grid: Pattern Metrics directivity %.5f dBi, peak gain %.5f dBi"
        % (d, mt.GetColumnByName("PeakGain[dBi]").GetValue(0)))
check(abs(d - 10 * math.log10(1.5)) < 0.01, "dipole directivity %.5f dBi" % d)
check(abs(mt.GetColumnByName("PeakGain[dBi]").GetValue(0) - 10 * math.log10(1.5)) < 1e-6, "dipole peak gain")
check.finish("%d GRASP check(s) failed")
