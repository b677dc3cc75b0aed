"""Antenna Pattern Surface on a 5-frequency nec2c sweep (a 0.5 m dipole at
200, 250, 300, 350 and 400 MHz, read as time steps):
- Reference Mode Global: the reference equals the largest TOTAL gain over all
  five RADIATION PATTERNS tables, parsed here independently; in every frame
  each point's radius is R max(0, 1 + (G - Gref)/D) for its gain G, so the
  same dB value maps to the same radius in every frame; the colour bands span
  the same [-D, 0] in every frame; NEC's -999.99 rows sit at the centre;
- Per Step: the reference is each frame's own maximum (they differ, so the
  global check above can fail);
- Absolute dBi: r = R max(0, 1 + (G - L)/D) with the fixed level L;
- the pattern grid (third output): every level circle has the radius the
  scale gives its level, with Label/Level arrays; contours and graticule."""
import math
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

R, C, D = 2.0, (0.5, -1.0, 0.25), 30.0
deck = ("CM dipole sweep\nCE\nGW 1 21 0 0 -0.25 0 0 0.25 0.001\nGE 0\nFR 0 5 0 0 200 50\n"
        "EX 0 1 11 0 1 0\nRP 0 19 37 1000 0 0 10 10\nEN\n")
out = lib.run_nec2c(tmp, "global_sweep", deck)

# Independent parse: per frequency (MHz), the TOTAL gain column.
tables = []
lines = open(out).read().splitlines()
freq = None
for i, l in enumerate(lines):
    if "FREQUENCY :" in l:
        freq = float(l.split(":")[1].split()[0])
    if "RADIATION PATTERNS" in l:
        gains = {}
        for row in lines[i + 5:]:
            f = row.split()
            try:
                key, g = (float(f[0]), float(f[1])), float(f[4])
            except (ValueError, IndexError):
                break
            if len(f) < 10:
                break
            gains[key] = g
        tables.append((freq, gains))
if len(tables) != 5:
    lib.fail("expected 5 pattern tables, parsed %d" % len(tables))
frame_max = [max(g.values()) for _, g in tables]
gref = max(frame_max)
print("per-frequency maxima (dBi):", ["%.2f MHz: %.2f" % (f, m) for (f, _), m in zip(tables, frame_max)],
      "global %.2f" % gref)
if max(frame_max) - min(frame_max) < 0.3:
    lib.fail("the sweep's maxima hardly differ; the test would not discriminate")

reader = simple.OpenDataFile(out)
port = simple.OutputPort(reader, 2)
ps = simple.AntennaPatternSurface(Input=port, Scale="Decibels", DynamicRange=D, Radius=R,
                                  Center=list(C), NumberOfLevels=0, ReferenceMode="Global")
ps.SelectInputArray = ["ROWS", "Gain"]
ps.UpdatePipeline()
times = list(reader.TimestepValues)
if len(times) != 5:
    lib.fail("the reader reports %d time steps, expected 5" % len(times))


def frame(t, port_index=0):
    ps.UpdatePipeline(t)
    return sm.Fetch(ps, idx=port_index) if port_index else sm.Fetch(ps)


def check_radii(o, ref, label, levels_to_radius):
    g = o.GetPointData().GetArray("Gain")
    worst, nulls = 0.0, 0
    for i in range(o.GetNumberOfPoints()):
        r = math.dist(o.GetPoint(i), C)
        want = levels_to_radius(g.GetValue(i), ref)
        nulls += g.GetValue(i) < -900
        worst = max(worst, abs(r - want))
    return worst, nulls


def rel(gdb, ref):
    return R * max(0.0, 1 + (gdb - ref) / D) if gdb > -300 else 0.0


problems = []
for k, t in enumerate(times):
    o = frame(t)
    ref = o.GetFieldData().GetArray("PatternReference").GetValue(0)
    mode = o.GetFieldData().GetArray("PatternReferenceMode").GetValue(0)
    worst, nulls = check_radii(o, gref, "global", rel)
    band = frame(t, 1)
    lo, hi = band.GetColumnByName("Lower").GetValue(0), band.GetColumnByName("Upper").GetValue(band.GetNumberOfRows() - 1)
    print("global frame %d (%.0f MHz): reference %.2f dBi, worst |r - R(1 + (G - Gref)/D)| = %.2e, "
          "%d null points, bands [%g, %g]" % (k, t / 1e6, ref, worst, nulls, lo, hi))
    if abs(t / 1e6 - tables[k][0]) > 1e-6:
        problems.append("time step %d is %g Hz, the table says %g MHz" % (k, t, tables[k][0]))
    if mode != 1 or abs(ref - gref) > 1e-9:
        problems.append("frame %d: global reference %.4f, expected %.4f" % (k, ref, gref))
    if worst > 1e-9:
        problems.append("frame %d: radius off the global scale by %.3g" % (k, worst))
    if (lo, hi) != (-D, 0.0):
        problems.append("frame %d: band range [%g, %g], expected [-%g, 0]" % (k, lo, hi, D))

# The global maximum is cached: once known, a new frame reads one time step,
# not all five; a change of the value column reads them all again.
runs = []
reader.GetClientSideObject().AddObserver("EndEvent", lambda *a: runs.append(1))
frame(times[1])
frame(times[3])
cached = len(runs)
ps.SelectInputArray = ["ROWS", "|E|"]
frame(times[0])
recomputed = len(runs) - cached
ps.SelectInputArray = ["ROWS", "Gain"]
frame(times[0])
print("reader runs: %d for two new frames with the cache, %d after changing the value column"
      % (cached, recomputed))
if cached != 2 or recomputed != 6:
    problems.append("global cache: %d reader runs for 2 frames (expected 2), %d after a change "
                    "(expected 5 + 1)" % (cached, recomputed))

# Per step: each frame's own maximum.
ps.ReferenceMode = "Per Step"
for k, t in enumerate(times):
    o = frame(t)
    ref = o.GetFieldData().GetArray("PatternReference").GetValue(0)
    worst, _ = check_radii(o, frame_max[k], "per step", rel)
    if abs(ref - frame_max[k]) > 1e-9 or worst > 1e-9:
        problems.append("per-step frame %d: reference %.4f (expected %.4f), radius error %.3g"
                        % (k, ref, frame_max[k], worst))
# Back to global: the cached reference is reused and still right.
ps.ReferenceMode = "Global"
o = frame(times[2])
if abs(o.GetFieldData().GetArray("PatternReference").GetValue(0) - gref) > 1e-9:
    problems.append("global reference wrong after switching modes")

# Absolute dBi with a fixed reference level.
L = 5.0
ps.Scale = "Absolute dBi"
ps.ReferenceLevel = L
for k, t in enumerate(times):
    o = frame(t)
    worst, _ = check_radii(o, L, "absolute", rel)
    pv = o.GetPointData().GetArray("PatternValue")
    g = o.GetPointData().GetArray("Gain")
    bad_pv = max(abs(pv.GetValue(i) - max(g.GetValue(i), L - D)) for i in range(o.GetNumberOfPoints()))
    if worst > 1e-9 or bad_pv > 1e-9:
        problems.append("absolute frame %d: radius error %.3g, PatternValue error %.3g" % (k, worst, bad_pv))
print("absolute dBi (L = %g, D = %g): checked %d frames" % (L, D, len(times)))

# The pattern grid, on the dB scale with the global reference.
ps.Scale = "Decibels"
ps.NumberOfLevels = 1
grid = frame(times[0], 2)
kind = grid.GetCellData().GetArray("Kind")
level = grid.GetCellData().GetArray("Level")
label = grid.GetCellData().GetAbstractArray("Label")
plabel = grid.GetPointData().GetAbstractArray("Label")
counts = {}
for c in range(grid.GetNumberOfCells()):
    kd, lv = kind.GetValue(c), level.GetValue(c)
    counts[(kd, lv)] = counts.get((kd, lv), 0) + 1
    if kd <= 2:  # a level circle: every point at R (1 + L/D) from the centre
        want = R * (1 + lv / D)
        cell = grid.GetCell(c)
        err = max(abs(math.dist(grid.GetPoint(cell.GetPointId(j)), C) - want) for j in range(cell.GetNumberOfPoints()))
        if err > 1e-12:
            problems.append("circle %g dB (kind %d): radius off by %.3g" % (lv, kd, err))
        if label.GetValue(c) != "%g dB" % lv:
            problems.append("circle label %r for level %g" % (label.GetValue(c), lv))
circles = sorted({lv for (kd, lv) in counts if kd <= 2})
contours = sorted({lv for (kd, lv) in counts if kd == 3})
print("grid: circle levels %s (3 planes each), contour levels %s, %d theta and %d phi lines, "
      "%d point labels" % (circles, contours, sum(1 for (kd, _) in counts if kd == 4),
                           sum(1 for (kd, _) in counts if kd == 5),
                           sum(1 for i in range(plabel.GetNumberOfValues()) if plabel.GetValue(i))))
if circles != [-20.0, -10.0, -3.0, 0.0] or any(counts[(kd, lv)] != 1 for kd in (0, 1, 2) for lv in circles):
    problems.append("expected one circle per plane at 0, -3, -10, -20 dB (-30 is the floor): %s" % circles)
if not {-3.0, -10.0, -20.0} <= set(contours):
    problems.append("missing contour levels: %s" % contours)
if sum(1 for (kd, _) in counts if kd == 4) != 5 or sum(1 for (kd, _) in counts if kd == 5) != 12:
    problems.append("graticule every 30 degrees should give 5 theta and 12 phi lines")
if problems:
    lib.fail("; ".join(problems))
print("global scale and pattern grid: OK")
