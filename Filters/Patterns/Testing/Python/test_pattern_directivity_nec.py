"""Pattern Metrics on nec2c's own patterns (RP with 5-degree and 2.5-degree
steps and averaging on): a half-wave dipole (0.5 m at 299.8 MHz) and a short
dipole (0.05 m). The integrated directivity must agree with the textbook
value (2.15 dBi; 1.76 dBi) within 0.1 dB AND with nec2c's own figure:
for a lossless antenna D = max power gain - 10 log10(AVERAGE POWER GAIN),
both parsed independently from nec2c's printout. The E-plane half-power
beamwidths are 78 +- 1 and 90 +- 1 degrees; the H-plane is omnidirectional."""
import math
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm


def deck(half_length, step):
    n = int(round(180 / step)) + 1
    m = int(round(360 / step)) + 1
    return ("CM dipole along z\nCE\nGW 1 21 0 0 %g 0 0 %g 0.0001\nGE 0\nFR 0 1 0 0 299.8 0\n"
            "EX 0 1 11 0 1 0\nRP 0 %d %d 1001 0 0 %g %g\nEN\n" % (-half_length, half_length, n, m, step, step))


def nec_figures(path):
    """Largest TOTAL gain (dBi) and the AVERAGE POWER GAIN, from the printout."""
    lines = open(path).read().splitlines()
    start = next(i for i, l in enumerate(lines) if "RADIATION PATTERNS" in l) + 5
    gmax = -1e9
    for l in lines[start:]:
        f = l.split()
        if len(f) < 10:
            break
        gmax = max(gmax, float(f[4]))
    avg = next(float(l.split(":")[1].split()[0]) for l in lines if "AVERAGE POWER GAIN" in l)
    return gmax, avg


cases = [("half-wave", 0.25, 2.15, 78.0), ("short", 0.025, 10 * math.log10(1.5), 90.0)]
problems = []
for name, half, textbook, hpbw in cases:
    for step in (5.0, 2.5):
        tag = "%s_%g" % (name, step)
        out = lib.run_nec2c(tmp, "dir_" + tag, deck(half, step))
        gmax, avg = nec_figures(out)
        nec_d = gmax - 10 * math.log10(avg)
        reader = simple.OpenDataFile(out)
        pm = simple.PatternMetrics(Input=simple.OutputPort(reader, 2))
        pm.UpdatePipeline()
        t = sm.Fetch(pm)
        row = {t.GetColumnName(c): t.GetColumn(c).GetValue(0) for c in range(t.GetNumberOfColumns())}
        d = row["Directivity[dBi]"]
        print("%-9s %4.1f deg: directivity %.3f dBi (textbook %.3f), nec2c max gain %.2f dBi, "
              "average power gain %.5f -> %.3f dBi; peak gain column %.2f; HPBW %.2f / %.1f deg; "
              "F/B %.2f dB" % (name, step, d, textbook, gmax, avg, nec_d, row["PeakGain[dBi]"],
                               row["HPBWPlane1[deg]"], row["HPBWPlane2[deg]"], row["FrontToBack[dB]"]))
        checks = [("directivity vs textbook", d, textbook, 0.1),
                  ("directivity vs nec2c average gain", d, nec_d, 0.05),
                  ("peak gain vs nec2c's largest TOTAL", row["PeakGain[dBi]"], gmax, 1e-9),
                  ("HPBW plane 1 (E-plane)", row["HPBWPlane1[deg]"], hpbw, 1.0),
                  ("HPBW plane 2 (H-plane, omni)", row["HPBWPlane2[deg]"], 360.0, 1e-9),
                  ("front-to-back (symmetric)", row["FrontToBack[dB]"], 0.0, 0.05)]
        problems += ["%s %s: %s = %.4f, expected %.4f +- %g" % (name, step, n, v, w, tol)
                     for n, v, w, tol in checks if not abs(v - w) <= tol]
        simple.Delete(pm)
        simple.Delete(reader)
if problems:
    lib.fail("; ".join(problems))
print("directivity vs nec2c: OK")
