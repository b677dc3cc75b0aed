"""Legends and band edges for people (issue 34):

1. cloudmap_figures.nice_labels: round label spacings (1, 2, 2.5, 5 x 10^k)
   at band boundaries, anchored at 0, printed with just the decimals they
   need: no "-0", no "0." (hand-written expectations).
2. cloudmap_figures.legend snaps a label a rounding error from zero to 0.
3. Examples/cloudmap_vehicle.py's dB figure: the bands span exactly
   [-48, 0] dB (top edge 0 dB, not the vertex maximum) with labels every
   10 dB (a nec2c surface-patch output, Testing/Data/nec/box_sm.out).
4. Antenna Pattern Surface with FixedBandRange: bands over exactly
   [-DynamicRange, 0] dB (the scale's definition); without it, the data's.

  pvpython test_figure_labels.py <CloudMap plugin> <scratch dir>
"""
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
import cloudmap_testlib as lib  # noqa: E402

plugin, tmp = sys.argv[1:3]
root = lib.ROOT
sys.path.insert(0, os.path.join(root, "Examples"))
simple = lib.load_plugin(plugin)
import cloudmap_figures as figures  # noqa: E402
from paraview import servermanager as sm  # noqa: E402

check = lib.Checks()


# 1. nice labels
cases = [
    ((-30, 0, 24), [-30, -25, -20, -15, -10, -5, 0], ["-30", "-25", "-20", "-15", "-10", "-5", "0"]),
    ((-48, 0, 24), [-40, -30, -20, -10, 0], ["-40", "-30", "-20", "-10", "0"]),
    ((-20, 0, 24), [-20, -17.5, -15, -12.5, -10, -7.5, -5, -2.5, 0],
     ["-20.0", "-17.5", "-15.0", "-12.5", "-10.0", "-7.5", "-5.0", "-2.5", "0.0"]),
    ((-1e-17, 5, 10), [0, 1, 2, 3, 4, 5], ["0", "1", "2", "3", "4", "5"]),
]
for (lo, hi, n), want, text in cases:
    labels, fmt = figures.nice_labels(lo, hi, n)
    printed = [(fmt % v).strip() for v in labels]
    check(len(labels) == len(want) and all(abs(a - b) < 1e-9 for a, b in zip(labels, want))
          and printed == text,
          "nice_labels(%g, %g, %d) = %s printed %s" % (lo, hi, n, labels, printed))
# Any range: never "-0", never a trailing point.
for lo, hi, n in ((-40, -0.0979, 24), (0, 0.0327561, 24), (-2.5e-17, 0.1, 4), (-30, 0, 32)):
    labels, fmt = figures.nice_labels(lo, hi, n)
    printed = [(fmt % v).strip() for v in labels]
    check(not any(re.fullmatch(r"-0(\.0*)?", p) or p.endswith(".") for p in printed),
          "nice_labels(%g, %g, %d) prints %s" % (lo, hi, n, printed))

# 2. legend() snaps labels at zero
view = figures.white_view(200, 200)
lut = simple.GetColorTransferFunction("LabelsTest")
bar = figures.legend(lut, view, "test (V)", "%-.0f", labels=[-1e-17, 1.0])
check(list(bar.CustomLabels) == [0.0, 1.0] and ("%-.0f" % bar.CustomLabels[0]) == "0",
      "legend() makes -1e-17 a plain 0 (%s)" % list(bar.CustomLabels))

# 3. the dB cloud-map figure script
pvbatch = "pvbatch"
run = subprocess.run([pvbatch, os.path.join(root, "Examples", "cloudmap_vehicle.py"),
                      "--input", os.path.join(root, "Testing", "Data", "nec", "box_sm.out"),
                      "--outdir", tmp, "--plugin", plugin, "--figures", "db:24", "--size", "600,400",
                      "--prefix", "labels_test"], capture_output=True, text=True, timeout=600,
                     env=lib.mpi_free_env())
m = re.search(r"db:24 legend: bands (\S+) \.\. (\S+), labels \[([^\]]*)\] \((\S+)\)", run.stdout)
check(run.returncode == 0 and m is not None, "cloudmap_vehicle.py db:24 runs and reports its legend")
if m:
    lo, hi = float(m.group(1)), float(m.group(2))
    labels = [float(x) for x in m.group(3).split(",")]
    check(lo == -48.0 and hi == 0.0, "the dB bands span exactly [-48, 0] dB (%s .. %s)" % (lo, hi))
    check(labels == [-40.0, -30.0, -20.0, -10.0, 0.0] and m.group(4) == "%-.0f",
          "labels every 10 dB printed without decimals (%s, %s)" % (labels, m.group(4)))

# 4. Antenna Pattern Surface: FixedBandRange
pattern = simple.AnalyticAntennaPattern()
for fixed in (1, 0):
    ps = simple.AntennaPatternSurface(Input=pattern, Scale="Decibels", DynamicRange=30,
                                      NumberOfBands=24, FixedBandRange=fixed)
    ps.SelectInputArray = ["ROWS", "|E|"]
    ps.UpdatePipeline()
    table = sm.Fetch(ps, idx=1)
    lower, upper = table.GetColumnByName("Lower"), table.GetColumnByName("Upper")
    lo, hi = lower.GetValue(0), upper.GetValue(table.GetNumberOfRows() - 1)
    if fixed:
        check(lo == -30.0 and hi == 0.0 and abs(upper.GetValue(0) - lower.GetValue(0) - 1.25) < 1e-12,
              "FixedBandRange: 24 bands of 1.25 dB over exactly [-30, 0] (%r .. %r)" % (lo, hi))
    else:
        check(-30.0 <= lo and hi < 0.0, "without it, the drawn values' range (%r .. %r)" % (lo, hi))

check.finish("%d checks failed")
print("OK")
