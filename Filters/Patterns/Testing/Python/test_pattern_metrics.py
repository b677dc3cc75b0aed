"""Pattern Metrics against closed forms: half-wave dipole HPBW 78 deg (plane 1)
and omnidirectional plane 2, directivity 2.15 dBi; short dipole HPBW 90 deg and
1.76 dBi; a 4-element broadside array's first sidelobe at -11.3 dB (and a
dipole's back lobe is no sidelobe); and a
Pattern Cuts of a short dipole follow its closed form."""
import math
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm


def metrics(**kw):
    src = simple.AnalyticAntennaPattern(ThetaStep=1, PhiStep=2, **kw)
    pm = simple.PatternMetrics(Input=src)
    pm.UpdatePipeline()
    t = sm.Fetch(pm)
    return {t.GetColumnName(c): t.GetColumn(c).GetValue(0) for c in range(t.GetNumberOfColumns())}


checks = []
hw = metrics(Pattern="Half-Wave Dipole")
print("half-wave:", {k: round(v, 3) for k, v in hw.items()})
checks += [("half-wave HPBW plane 1", hw["HPBWPlane1[deg]"], 78.1, 1.0),
           ("half-wave HPBW plane 2", hw["HPBWPlane2[deg]"], 360.0, 1e-9),
           ("half-wave directivity", hw["Directivity[dBi]"], 2.15, 0.05),
           ("half-wave peak gain column", hw["PeakGain[dBi]"], 2.15, 0.01),
           ("half-wave peak theta", hw["PeakTheta[deg]"], 90.0, 1e-9)]
sd = metrics(Pattern="Short Dipole")
print("short:", {k: round(v, 3) for k, v in sd.items()})
checks += [("short HPBW plane 1", sd["HPBWPlane1[deg]"], 90.0, 1.0),
           ("short directivity", sd["Directivity[dBi]"], 10 * math.log10(1.5), 0.05)]
iso = metrics(Pattern="Isotropic")
checks += [("isotropic directivity", iso["Directivity[dBi]"], 0.0, 0.01),
           ("isotropic cone fraction (10 deg)", iso["ConePowerFraction"],
            (1 - math.cos(math.radians(10))) / 2, 0.002)]
ula = metrics(Pattern="Uniform Linear Array", NumberOfElements=4, ElementSpacing=0.5)
print("array:", {k: round(v, 3) for k, v in ula.items()})
checks += [("4-element array first sidelobe", ula["FirstSidelobe[dB]"], -11.3, 0.3)]
bad = [(n, v, want) for n, v, want, tol in checks if not abs(v - want) <= tol]
# A dipole's only other lobe is its back lobe, which is the front-to-back
# ratio's business, not a sidelobe.
print("half-wave first sidelobe:", hw["FirstSidelobe[dB]"])
if not (math.isinf(hw["FirstSidelobe[dB]"]) and hw["FirstSidelobe[dB]"] < 0):
    bad.append(("half-wave dipole has no sidelobe", hw["FirstSidelobe[dB]"], float("-inf")))
for n, v, want, tol in checks:
    print("%-34s %9.3f  expected %9.3f +- %g" % (n, v, want, tol))
if bad:
    lib.fail("metrics off: %s" % bad)
# Pattern Cuts: the short dipole's plane 1 is 20 log10|cos(angle)| from the
# peak (theta = 90 + angle), plane 2 is flat at 0 dB, the conical cut at
# theta = 60 sits at 20 log10(sin 60).
src = simple.AnalyticAntennaPattern(Pattern="Short Dipole", ThetaStep=1, PhiStep=2)
cuts = simple.PatternCuts(Input=src, Step=5, UserTheta=60, DynamicRange=60)
cuts.UpdatePipeline()
t = sm.Fetch(cuts)
ang, p1, p2, con = (t.GetColumnByName(n) for n in ("Angle", "Plane1[dB]", "Plane2[dB]", "ConicalCut[dB]"))
worst = 0.0
for i in range(t.GetNumberOfRows()):
    a = math.radians(ang.GetValue(i))
    c = abs(math.cos(a))
    want1 = max(20 * math.log10(c), -60) if c > 1e-9 else -60
    worst = max(worst, abs(p1.GetValue(i) - want1) if want1 > -30 else 0,
                abs(p2.GetValue(i)), abs(con.GetValue(i) - 20 * math.log10(math.sin(math.radians(60)))))
print("pattern cuts: %d angles, worst difference from the closed form %.4f dB" % (t.GetNumberOfRows(), worst))
if t.GetNumberOfRows() != 72 or worst > 0.05:
    lib.fail("pattern cuts differ from the short dipole's closed form by %.4f dB" % worst)
print("pattern metrics: OK")
