"""Antenna Pattern Surface against analytic patterns:
- isotropic → every point at exactly the pattern radius from the centre;
- short dipole, linear field → r = R sin(theta) within the interpolation error,
  the maximum exactly at R;
- half-wave dipole, dB with a 30 dB floor → the nulls at the centre;
- meshing: quads with triangles at the poles, the expected cell counts,
  a closed surface with no seam and no degenerate cell (every edge used by
  two cells at level 0), a partial phi range and a single cut."""
import math
import sys
from collections import Counter

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm
from vtkmodules.vtkCommonCore import vtkDoubleArray
from vtkmodules.vtkCommonDataModel import vtkTable

R, C = 2.5, (1.0, -2.0, 0.5)


def pattern(kind, **kw):
    src = simple.AnalyticAntennaPattern(Pattern=kind, ThetaStep=5, PhiStep=5)
    ps = simple.AntennaPatternSurface(Input=src, Radius=R, Center=list(C), **kw)
    ps.SelectInputArray = ["ROWS", "|E|"]
    ps.UpdatePipeline()
    return sm.Fetch(ps)


def radii(out):
    return [math.dist(out.GetPoint(i), C) for i in range(out.GetNumberOfPoints())]


# Isotropic: a sphere of radius R.
iso = pattern("Isotropic", NumberOfLevels=2)
err = max(abs(r - R) for r in radii(iso))
print("isotropic: largest |r - R| = %.2e" % err)
if err > 1e-12:
    lib.fail("isotropic pattern is not a sphere")
# 36 theta intervals x 72 phi intervals: 2 pole rings of triangles, 34 of quads.
expect = 2 * 72 * 3 * 4 + 34 * 72 * 16
if iso.GetNumberOfCells() != expect:
    lib.fail("expected %d cells at level 2, got %d" % (expect, iso.GetNumberOfCells()))

# Short dipole: r = R sin(theta).
sd = pattern("Short Dipole", NumberOfLevels=2)
th = sd.GetPointData().GetArray("Theta")
rs = radii(sd)
err = max(abs(rs[i] - R * math.sin(math.radians(th.GetValue(i)))) for i in range(len(rs)))
print("short dipole: largest |r - R sin(theta)| = %.2e, max r = %.12f" % (err, max(rs)))
if err > 2e-3 * R or abs(max(rs) - R) > 1e-12:
    lib.fail("short dipole radii do not follow R sin(theta)")

# Half-wave dipole on a 30 dB scale: nulls at the centre, maximum at R.
hw = pattern("Half-Wave Dipole", NumberOfLevels=1, Scale="Decibels", DynamicRange=30)
rs = radii(hw)
th = hw.GetPointData().GetArray("Theta")
pole = [rs[i] for i in range(len(rs)) if th.GetValue(i) < 1e-6 or th.GetValue(i) > 180 - 1e-6]
print("half-wave dB: pole radii %s, max r %.12f" % (sorted(set(round(r, 12) for r in pole)), max(rs)))
if not pole or max(pole) > 1e-12 or abs(max(rs) - R) > 1e-12:
    lib.fail("half-wave dipole nulls are not at the centre or the maximum is not at R")
pv = hw.GetCellData().GetArray("PatternValue")
lo, hi = pv.GetRange()
if lo < -30 - 1e-9 or abs(hi) > 0.5:
    lib.fail("dB pattern values outside [-30, 0]: %s" % ((lo, hi),))

# Level 0: a closed mesh, no seam at phi = 0/360, no degenerate cells.
m0 = pattern("Isotropic", NumberOfLevels=0)
edges = Counter()
for c in range(m0.GetNumberOfCells()):
    ids = [m0.GetCell(c).GetPointId(k) for k in range(m0.GetCell(c).GetNumberOfPoints())]
    if len(set(ids)) != len(ids):
        lib.fail("cell %d repeats a point: %s" % (c, ids))
    for k in range(len(ids)):
        edges[tuple(sorted((ids[k], ids[(k + 1) % len(ids)])))] += 1
bad = [e for e, n in edges.items() if n != 2]
sizes = Counter(m0.GetCell(c).GetNumberOfPoints() for c in range(m0.GetNumberOfCells()))
print("level 0: %d points, cells by size %s, edges not shared by two cells: %d"
      % (m0.GetNumberOfPoints(), dict(sizes), len(bad)))
if bad or sizes != Counter({3: 144, 4: 34 * 72}) or m0.GetNumberOfPoints() != 35 * 72 + 2:
    lib.fail("the sphere mesh is not closed and seamless")


def table_source(rows):
    t = vtkTable()
    cols = {}
    for name in ("Theta", "Phi", "|E|"):
        a = vtkDoubleArray()
        a.SetName(name)
        t.AddColumn(a)
        cols[name] = a
    for th_, ph_, v in rows:
        cols["Theta"].InsertNextValue(th_)
        cols["Phi"].InsertNextValue(ph_)
        cols["|E|"].InsertNextValue(v)
    tp = simple.TrivialProducer()
    tp.GetClientSideObject().SetOutput(t)
    return tp


# A partial range: theta 30..90, phi 0..90 in 10-degree steps, no wrap.
part = table_source([(t, p, 1.0) for p in range(0, 91, 10) for t in range(30, 91, 10)])
ps = simple.AntennaPatternSurface(Input=part, NumberOfLevels=0)
ps.UpdatePipeline()
n = sm.Fetch(ps).GetNumberOfCells()
if n != 6 * 9:
    lib.fail("partial range: expected 54 quads, got %d" % n)
# A single cut (phi = 0): a polyline.
cut = table_source([(t, 0.0, math.sin(math.radians(t))) for t in range(0, 181, 5)])
ps = simple.AntennaPatternSurface(Input=cut)
ps.UpdatePipeline()
o = sm.Fetch(ps)
if o.GetNumberOfLines() != 36 or o.GetNumberOfPolys() != 0:
    lib.fail("single cut: expected 36 line segments, got %d lines" % o.GetNumberOfLines())
# A hole in the grid is refused with a message.
holed = table_source([(t, p, 1.0) for p in range(0, 91, 10) for t in range(30, 91, 10)
                      if not (t == 50 and p == 40)])
ps = simple.AntennaPatternSurface(Input=holed)
ps.UpdatePipeline()
if sm.Fetch(ps).GetNumberOfCells() != 0:
    lib.fail("an incomplete grid was not refused")
# Uniform linear array (4 elements, half a wavelength apart): broadside
# nulls at cos(theta) = +-1/(N d), i.e. 60 and 120 degrees; with a phase
# step of -180 degrees the beam turns end-fire (maximum at theta = 0).
for beta, peak in ((0.0, 90.0), (-180.0, 0.0)):
    ula = simple.AnalyticAntennaPattern(Pattern="Uniform Linear Array", NumberOfElements=4,
                                        ElementSpacing=0.5, PhaseStep=beta, ThetaStep=5, PhiStep=90)
    ula.UpdatePipeline()
    t = sm.Fetch(ula)
    th, e = t.GetColumnByName("Theta"), t.GetColumnByName("|E|")
    vals = {round(th.GetValue(i), 6): e.GetValue(i) for i in range(t.GetNumberOfRows())}
    best = max(vals, key=vals.get)
    if abs(best - peak) > 1e-9 or abs(vals[best] - 1) > 1e-12:
        lib.fail("array with beta %g peaks at %g, expected %g" % (beta, best, peak))
    if beta == 0 and (vals[60.0] > 1e-12 or vals[120.0] > 1e-12):
        lib.fail("broadside array nulls are not at 60 and 120 degrees")
print("pattern surface: OK")
