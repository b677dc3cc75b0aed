"""The FEKO Near Field Reader (.efe/.hfe) in pvpython, against independent oracles.

The look-alikes of Testing/Data/feko/nearfield (the layouts of real FEKO 2017.2, 2019 and
2022 exports, see its README) carry the exact near field of a z-directed Hertzian dipole
(I l = 1e-2 A m at the origin) in their own components: spherical, Cartesian (.efe and
.hfe side by side, two frequencies) and cylindrical (CRLF).

1. File -> Open by content: OpenDataFile picks FEKONearFieldReader for .efe and .hfe with
   no choice to make; the frequencies are the time steps (Hz).
2. At every point of every file the reader's E (or H) equals the dipole's field computed
   here in Cartesian vector form (Jackson 9.18), relative 1e-7 of the grid's maximum (the
   files print 9 digits); the point count equals the header's #No. of ... Samples product.
3. Read Companion (default on): the .efe gives E and H on one grid; off: E alone. The
   wave impedance |E|/|H| at the grid's points equals the dipole's.
4. Exposure Ratio on a FEKO-layout spherical file written here at r = 10 lambda (the far
   zone of the same dipole): ExposureRatio_S equals the far-field estimate
   P G / (4 pi r^2) / S_L with G = 1.5 sin^2(theta), P the transmit power and the input
   power the dipole's radiated power eta (k I l)^2 / (12 pi), S_L = 2 W/m^2 (ICNIRP 2020
   general public, 30-400 MHz), within 0.5 % (the near-field terms at 10 lambda are
   below 1e-3).
5. Banded Color Map (24 bands, every point in band floor(24 t)) and Time Harmonic (mean of
   |Re E e^{jwt}|^2 over 8 steps = |E|^2/2) on the cylindrical (curvilinear) grid.
"""
import cmath
import math
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm
from vtkmodules.util.numpy_support import vtk_to_numpy

check = lib.Checks()
data = os.path.join(lib.DATA, "feko", "nearfield")
C0, ETA, IL = 299792458.0, 376.730313668, 1e-2


def dipole(f, x, electric):
    """E or H of the dipole at x, Jackson's vector form (e^{jwt})."""
    w = 2 * math.pi * f
    k = w / C0
    eps0 = 1 / (ETA * C0)
    r = math.sqrt(sum(c * c for c in x))
    n = [c / r for c in x]
    p = IL / (1j * w)
    e = cmath.exp(-1j * k * r)
    if electric:
        z = (0, 0, 1)
        return [(k * k * p * (z[c] - n[c] * n[2]) * e / r +
                 p * (3 * n[c] * n[2] - z[c]) * (1 / r ** 3 + 1j * k / r ** 2) * e) / (4 * math.pi * eps0)
                for c in range(3)]
    s = C0 * k * k / (4 * math.pi) * p * e / r * (1 + 1 / (1j * k * r))
    return [s * n[1], -s * n[0], 0]


def header_count(path):
    counts = [int(l.split(":")[1]) for l in open(path, newline="") if l.startswith("#No. of") and "Samples" in l]
    return counts


def fetch(reader, t):
    reader.UpdatePipeline(t)
    return sm.Fetch(reader)


def worst_error(grid, f, electric):
    name = "E" if electric else "H"
    pts = vtk_to_numpy(grid.GetPoints().GetData())
    re = vtk_to_numpy(grid.GetPointData().GetArray(name + "_real"))
    im = vtk_to_numpy(grid.GetPointData().GetArray(name + "_imag"))
    peak = err = 0.0
    for k in range(len(pts)):
        want = dipole(f, pts[k], electric)
        d = math.sqrt(sum(abs(complex(re[k][c], im[k][c]) - want[c]) ** 2 for c in range(3)))
        peak = max(peak, math.sqrt(sum(abs(w) ** 2 for w in want)))
        err = max(err, d)
    return err / peak


for name, electric, steps in (("dipole_2017_spherical.efe", True, [2.99792458e8]),
                              ("dipole_2019_cartesian.efe", True, [3e8, 6e8]),
                              ("dipole_2019_cartesian.hfe", False, [3e8, 6e8]),
                              ("dipole_2022_cylindrical.efe", True, [1.5e8])):
    path = os.path.join(data, name)
    r = simple.OpenDataFile(path)
    check(r is not None and r.GetXMLName() == "CloudMapFEKONearFieldReader",
          "%s opens with the FEKO Near Field Reader (%s)" % (name, r and r.GetXMLName()))
    r.ReadCompanion = 0
    times = list(r.TimestepValues) if hasattr(r.TimestepValues, "__len__") else [r.TimestepValues]
    # One frequency is no time step (as every CloudMap reader); its Frequency field data says it.
    check(times == (steps if len(steps) > 1 else []),
          "%s: time steps %s, the file's frequencies %s" % (name, times, steps))
    counts = header_count(path)
    for b, f in enumerate(steps):
        g = fetch(r, f)
        n = counts[3 * b] * counts[3 * b + 1] * counts[3 * b + 2]
        check(g.GetNumberOfPoints() == n, "%s at %g Hz: %d points, the header's product %d"
              % (name, f, g.GetNumberOfPoints(), n))
        err = worst_error(g, f, electric)
        check(err < 1e-7, "%s at %g Hz: worst error against the dipole %.3g (< 1e-7)" % (name, f, err))
        freq = g.GetFieldData().GetArray("Frequency")
        check(freq is not None and freq.GetValue(0) == f, "%s: field data Frequency %s" % (name, freq and freq.GetValue(0)))
        other = "H" if electric else "E"
        check(g.GetPointData().GetArray(other + "_real") is None, "%s: no %s arrays with Read Companion off"
              % (name, other))
    simple.Delete(r)

# 3. The pair on one grid.
r = simple.FEKONearFieldReader(FileName=os.path.join(data, "dipole_2019_cartesian.efe"))
g = fetch(r, 6e8)
pd = g.GetPointData()
check(all(pd.GetArray(a) is not None for a in ("E_real", "E_imag", "|E|", "H_real", "H_imag", "|H|")),
      "Read Companion: E and H arrays on one grid")
err = max(worst_error(g, 6e8, True), worst_error(g, 6e8, False))
check(err < 1e-7, "E and H of the pair against the dipole: worst %.3g" % err)
pts = vtk_to_numpy(g.GetPoints().GetData())
zmax = 0.0
for k in range(len(pts)):
    e, h = dipole(6e8, pts[k], True), dipole(6e8, pts[k], False)
    want = math.sqrt(sum(abs(c) ** 2 for c in e)) / math.sqrt(sum(abs(c) ** 2 for c in h))
    got = pd.GetArray("|E|").GetValue(k) / pd.GetArray("|H|").GetValue(k)
    zmax = max(zmax, abs(got / want - 1))
check(zmax < 1e-7, "|E|/|H| equals the dipole's wave impedance at every point: worst %.3g" % zmax)
system = g.GetFieldData().GetAbstractArray("CoordinateSystem")
check(system is not None and system.GetValue(0) == "Cartesian", "field data CoordinateSystem")
simple.Delete(r)

# 4. Exposure Ratio against the far-field estimate, on a spherical FEKO-layout file.
f, rad = 2.99792458e8, 10.0
k = 2 * math.pi * f / C0
lines = ["##File Type: Electric near field", "##File Format: 5", "##Source: hertz_dipole",
         "##Date: 2019-09-07 16:21:41  ", "** File exported by FEKO kernel version 2018-309", "",
         "#Frequency:   2.99792458E+008", "#Coordinate System: Spherical", "#No. of Radius Samples: 1",
         "#No. of Theta Samples: 7", "#No. of Phi Samples: 4", "#Result Type: Electric Field Values",
         "#No. of Header Lines: 1",
         '#       "Radius"           "Theta"             "Phi"             "Re(Er)"           "Im(Er)"'
         '         "Re(Etheta)"       "Im(Etheta)"        "Re(Ephi)"         "Im(Ephi)"   ']


def num(v):
    m, e = ("%.8E" % v).split("E")
    return "%19s" % ("%sE%s%03d" % (m, e[0], abs(int(e))))


for ph in (0.0, 90.0, 180.0, 270.0):
    for th in (30.0, 45.0, 60.0, 90.0, 120.0, 135.0, 150.0):
        t = math.radians(th)
        ex = cmath.exp(-1j * k * rad)
        er = ETA * IL * math.cos(t) / (2 * math.pi * rad ** 2) * (1 + 1 / (1j * k * rad)) * ex
        et = 1j * ETA * k * IL * math.sin(t) / (4 * math.pi * rad) * (1 + 1 / (1j * k * rad) - 1 / (k * rad) ** 2) * ex
        lines.append("".join(num(v) for v in (rad, th, ph, er.real, er.imag, et.real, et.imag, 0.0, 0.0)))
far = os.path.join(tmp, "feko_dipole_far.efe")
with open(far, "w") as out:
    out.write("\n".join(lines) + "\n")
prad = ETA * (k * IL) ** 2 / (12 * math.pi)
power = 50.0
r = simple.FEKONearFieldReader(FileName=far)
x = simple.ExposureRatio(Input=r, TransmitPower=power, InputPower=prad, Standard="ICNIRP 2020 General Public",
                         Quantity="S_eq")
x.UpdatePipeline(f)
g = sm.Fetch(x)
ratio = g.GetPointData().GetArray("ExposureRatio_S")
pts = vtk_to_numpy(g.GetPoints().GetData())
worst = 0.0
for i in range(g.GetNumberOfPoints()):
    p = pts[i]
    sin2 = (p[0] ** 2 + p[1] ** 2) / (rad * rad)
    want = power * 1.5 * sin2 / (4 * math.pi * rad * rad) / 2.0
    worst = max(worst, abs(ratio.GetValue(i) / want - 1))
check(ratio is not None and g.GetNumberOfPoints() == 28 and worst < 5e-3,
      "Exposure Ratio S on the FEKO file = P G/(4 pi r^2)/S_L (far field), worst relative %.3g (< 0.5 %%)" % worst)
lib.say("exposure: ExposureRatio_S at theta = 90 deg: %.6g (far-field estimate %.6g)"
        % (max(ratio.GetValue(i) for i in range(g.GetNumberOfPoints())), power * 1.5 / (4 * math.pi * rad * rad) / 2))
# 5. Banded Color Map and Time Harmonic take the curvilinear (cylindrical) grid unchanged.
r = simple.FEKONearFieldReader(FileName=os.path.join(data, "dipole_2022_cylindrical.efe"))
grid = fetch(r, 1.5e8)
mags = [grid.GetPointData().GetArray("|E|").GetValue(p) for p in range(grid.GetNumberOfPoints())]
lo, hi = min(mags), max(mags)
bands = simple.BandedColorMap(Input=r, NumberOfBands=24)
bands.SelectInputArray = ["POINTS", "|E|"]
bands.UpdatePipeline()
b = sm.Fetch(bands)
idx = b.GetPointData().GetArray("BandIndex")
wrong = sum(1 for p, v in enumerate(mags)
            if abs((v - lo) / (hi - lo) * 24 - round((v - lo) / (hi - lo) * 24)) > 1e-9
            and int(idx.GetValue(p)) != min(23, int((v - lo) / (hi - lo) * 24)))
check(b.GetClassName() == "vtkStructuredGrid" and wrong == 0,
      "Banded Color Map on the cylindrical grid's |E|: every point in band floor(24 t) (%d wrong)" % wrong)
N = 8
th = simple.TimeHarmonic(Input=r, RealArrayName="E_real", ImaginaryArrayName="E_imag", NumberOfSteps=N)
th.UpdatePipeline()
acc = [0.0] * len(mags)
for t in list(th.TimestepValues):
    th.UpdatePipeline(t)
    d = sm.Fetch(th)
    m = d.GetPointData().GetArray("|E_inst|")
    for p in range(d.GetNumberOfPoints()):
        acc[p] += m.GetValue(p) ** 2 / N
worst = max(abs(a / (0.5 * v * v) - 1) for a, v in zip(acc, mags))
check(d.GetClassName() == "vtkStructuredGrid" and worst < 1e-9,
      "Time Harmonic on the cylindrical grid: mean |Re E e^jwt|^2 = |E|^2/2, worst %.1e" % worst)
check.finish()
