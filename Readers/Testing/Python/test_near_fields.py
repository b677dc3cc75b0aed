"""The NEC reader's Near Fields output (port 4) in pvpython, against independent oracles.

nec2c runs on a half-wave dipole (lambda = 1 m at 299.8 MHz, 41 segments, along z) with
two pairs of NE/NH cards: a rectangular xz plane (40 x 1 x 40 points, 5 cm apart, through
the wire's axis but never on it) and a spherical volume (r = 2, 11, 20 lambda; phi = 0, 90,
180, 270 deg; theta = 0..180 deg in 5 deg steps: 3 x 4 x 37 points).

1. The grids equal nec2c's printed tables (parsed here from the text): dimensions, points,
   E = |E_c| exp(j phase_c) and H per component, and |E|, |H| (relative 1e-9).
2. The closed-form near field of a sinusoidal current (Balanis, Antenna Theory, sec. 8.2,
   with I0 from nec2c's printed feed current) on the plane points at least 0.1 lambda
   from the wire. The tolerance is 20 %: NEC's current differs from the sinusoid by its
   quadrature part (King's three-term theory), worst about 9-14 % here.
3. Energy conservation: the real Poynting flux 1/2 Re(E x H*) through each of the three
   spheres (Simpson over theta, mean over phi) equals nec2c's printed RADIATED POWER
   within 1 %, at 2 lambda as at 20 (the reactive near field carries no real power).
4. Far zone (r = 20 lambda): |E_t|/|H| = eta (376.73 ohm) within 0.1 % (E_t: the transverse
   part), E and H transverse (radial parts below 2 % of the sphere's maximum; the
   dipole's E_r is 2 cot(theta)/(kr) of E_theta), and the normalised |E| equals the half-wave
   pattern cos(pi/2 cos theta)/sin theta within 0.02 (of the maximum).
5. Banded Color Map (24 bands) on |E| of the plane: the band of every point equals
   floor(24 (v - min)/(max - min)) (the last band closed) from the grid's own range; the
   band table has 24 rows from min to max. And on a 20 log10 |E| field (the figure).
6. Time Harmonic on E_real/E_imag (12 steps): the structured grid stays a structured grid,
   frame 0 is E_real, and at every point the mean of |Re{E e^{jwt}}|^2 over the steps is
   |E|^2 / 2 (relative 1e-9); no frame exceeds its InstantaneousRange.
7. An image baseline of the plane as a 24-band cloud map (dB scale) with the dipole drawn.
8. Pieces, as under MPI: the plane in 3 extent pieces, with 0 and 1 ghost levels; the
   owned (not DUPLICATECELL) cells partition the grid exactly and every piece's points and
   values are the whole grid's.
9. Examples/nearfield_vehicle.py (the main command's figure) runs on this output.
"""
import cmath
import math
import os
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
baseline = os.path.join(lib.BASELINES,
                        "near_field_dipole_24.png")
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

check = lib.Checks()
ETA = 376.73  # the free-space impedance nec2c uses (59.96 pi)

DECK = """CM half-wave dipole near fields (CloudMap Readers.PyNearFields)
CE
GW 1 41 0 0 -0.25 0 0 0.25 5e-4
GE 0
FR 0 1 0 0 299.8 0
EX 0 1 21 0 1 0
NE 0 40 1 40 -0.975 0 -0.975 0.05 0 0.05
NH 0 40 1 40 -0.975 0 -0.975 0.05 0 0.05
NE 1 3 4 37 2 0 0 9 90 5
NH 1 3 4 37 2 0 0 9 90 5
EN
"""
out = lib.run_nec2c(tmp, "near_fields", DECK)
text = open(out).read().splitlines()


# ---- nec2c's own printout, parsed here -------------------------------------------------
def printed_tables():
    """Every NEAR ELECTRIC/MAGNETIC FIELDS table: (electric, [(x, y, z, [c0, c1, c2])])."""
    tables = []
    for i, l in enumerate(text):
        if "NEAR ELECTRIC FIELDS" in l or "NEAR MAGNETIC FIELDS" in l:
            rows = []
            start = next(j for j in range(i, i + 8) if "METERS" in text[j]) + 1
            for r in text[start:]:
                f = r.split()
                if len(f) != 9:
                    break
                v = [float(x) for x in f]
                comp = [cmath.rect(v[3 + 2 * c], math.radians(v[4 + 2 * c])) for c in range(3)]
                rows.append((v[0], v[1], v[2], comp))
            tables.append(("ELECTRIC" in l, rows))
    return tables


def printed_feed_current():
    j = next(i for i, l in enumerate(text) if "CURRENTS AND LOCATION" in l)
    for l in text[j + 5:]:
        f = l.split()
        if len(f) == 10 and int(f[0]) == 21:
            return complex(float(f[6]), float(f[7]))
    raise RuntimeError("no current on segment 21")


radiated = next(float(l.split("=")[1].split()[0]) for l in text if "RADIATED POWER" in l)
tables = printed_tables()
check(len(tables) == 4 and [len(t[1]) for t in tables] == [1600, 1600, 444, 444] and
      [t[0] for t in tables] == [True, False, True, False],
      "nec2c printed 4 near-field tables: E and H on 1600 plane points, E and H on 444 sphere points")


# ---- the reader's port 4 ---------------------------------------------------------------------
def grid(index):
    r = simple.NEC2OutputReader(FileName=out, NearFieldIndex=index)
    r.UpdatePipeline()
    return r, sm.Fetch(r, idx=4)


def vec(ds, name, p):
    a = ds.GetPointData().GetArray(name)
    return [a.GetComponent(p, c) for c in range(a.GetNumberOfComponents())]


def cvec(ds, base, p):
    return [complex(a, b) for a, b in zip(vec(ds, base + "_real", p), vec(ds, base + "_imag", p))]


def norm(v):
    return math.sqrt(sum(abs(c) ** 2 for c in v))


def rel(got, want):
    """|got - want| / |want| of two complex vectors (0 when both are zero: the axis' H)."""
    d = norm([a - b for a, b in zip(got, want)])
    return d / norm(want) if d else 0.0


def dims(ds):
    e = ds.GetExtent()
    return [e[1] - e[0] + 1, e[3] - e[2] + 1, e[5] - e[4] + 1]


reader, plane = grid(0)
_, sphere = grid(1)
check(plane.GetClassName() == "vtkStructuredGrid" and dims(plane) == [40, 1, 40] and
      sphere.GetClassName() == "vtkStructuredGrid" and dims(sphere) == [3, 4, 37],
      "port 4: a %s of %s points (plane) and %s (sphere: r, phi, theta)"
      % (plane.GetClassName(), dims(plane), dims(sphere)))
check(abs(plane.GetFieldData().GetArray("Frequency").GetValue(0) - 299.8e6) < 1,
      "field data Frequency = 299.8 MHz")

# 1. the grids against the printed tables
for label, ds, (_, te), (_, th) in (("plane", plane, tables[0], tables[1]),
                                    ("sphere", sphere, tables[2], tables[3])):
    worst_p = worst_e = worst_h = worst_m = 0.0
    for p in range(ds.GetNumberOfPoints()):
        x, y, z, pe = te[p]
        ph = th[p][3]
        worst_p = max(worst_p, max(abs(a - b) for a, b in zip(ds.GetPoint(p), (x, y, z))))
        e, h = cvec(ds, "E", p), cvec(ds, "H", p)
        worst_e = max(worst_e, rel(e, pe))
        worst_h = max(worst_h, rel(h, ph))
        me = ds.GetPointData().GetArray("|E|").GetValue(p)
        mh = ds.GetPointData().GetArray("|H|").GetValue(p)
        worst_m = max(worst_m, rel([me], [norm(pe)]), rel([mh], [norm(ph)]))
    check(ds.GetNumberOfPoints() == len(te) and worst_p < 1e-12 and worst_e < 1e-9 and worst_h < 1e-9
          and worst_m < 1e-9,
          "%s equals nec2c's printed tables: %d points, worst point %.1e m, E %.1e, H %.1e, |E| |H| %.1e "
          "(relative)" % (label, ds.GetNumberOfPoints(), worst_p, worst_e, worst_h, worst_m))

# 2. the closed-form sinusoidal-current field on the plane
k, hh = 2 * math.pi, 0.25
I0 = printed_feed_current() / math.sin(k * hh)
worst = [0.0, 0.0]
used = 0
for p in range(plane.GetNumberOfPoints()):
    x, y, z = plane.GetPoint(p)
    rho = math.hypot(x, y)
    if rho < 0.1 and abs(z) < hh + 0.1:
        continue  # closer than 0.1 lambda to the wire
    used += 1
    R1, R2, r = math.hypot(rho, z - hh), math.hypot(rho, z + hh), math.hypot(rho, z)
    e = lambda d: cmath.exp(-1j * k * d)
    c = math.cos(k * hh)
    ez = -1j * ETA * I0 / (4 * math.pi) * (e(R1) / R1 + e(R2) / R2 - 2 * c * e(r) / r)
    er = 1j * ETA * I0 / (4 * math.pi * rho) * ((z - hh) * e(R1) / R1 + (z + hh) * e(R2) / R2 -
                                               2 * z * c * e(r) / r)
    hp = 1j * I0 / (4 * math.pi * rho) * (e(R1) + e(R2) - 2 * c * e(r))
    E = [er * x / rho, er * y / rho, ez]
    H = [-hp * y / rho, hp * x / rho, 0]
    for n, (got, want) in enumerate(((cvec(plane, "E", p), E), (cvec(plane, "H", p), H))):
        worst[n] = max(worst[n], norm([a - b for a, b in zip(got, want)]) / norm(want))
check(used > 1400 and worst[0] < 0.20 and worst[1] < 0.20,
      "plane vs the sinusoidal-current closed form (I0 = %.4g%+.4gj A from the printed feed current), "
      "%d points >= 0.1 lambda from the wire: worst relative vector error E %.3f, H %.3f (tolerance 0.20)"
      % (I0.real, I0.imag, used, worst[0], worst[1]))

# 3. and 4. the spheres: conservation of energy, far zone
nr, nphi, nth = 3, 4, 37
fluxes = []
ratio_worst = radial_worst = pattern_worst = 0.0
for ir in range(nr):
    per_phi = []
    for ip in range(nphi):
        s = []
        for it in range(nth):
            p = ir + nr * (ip + nphi * it)
            pt = sphere.GetPoint(p)
            rr = math.sqrt(sum(v * v for v in pt))
            rhat = [v / rr for v in pt]
            E, H = cvec(sphere, "E", p), cvec(sphere, "H", p)
            Hc = [v.conjugate() for v in H]
            S = [0.5 * (E[1] * Hc[2] - E[2] * Hc[1]).real, 0.5 * (E[2] * Hc[0] - E[0] * Hc[2]).real,
                 0.5 * (E[0] * Hc[1] - E[1] * Hc[0]).real]
            s.append((sum(a * b for a, b in zip(S, rhat)), rr, it * 5.0, E, H, rhat))
        # Simpson over theta (36 intervals of 5 degrees) of S_r r^2 sin(theta)
        dth = math.radians(5)
        f = [sr * rr * rr * math.sin(math.radians(th)) for sr, rr, th, *_ in s]
        simpson = dth / 3 * (f[0] + f[-1] + 4 * sum(f[1:-1:2]) + 2 * sum(f[2:-1:2]))
        per_phi.append(2 * math.pi * simpson)
        if ir == nr - 1:
            emax = max(norm(E) for *_, E, H, rh in s)
            hmax = max(norm(H) for *_, E, H, rh in s)
            for sr, rr, th, E, H, rh in s:
                er, hr = sum(a * b for a, b in zip(E, rh)), sum(a * b for a, b in zip(H, rh))
                # E_r ~ 2 cot(theta)/(kr) E_theta: 1.6 % of the maximum at 20 lambda
                radial_worst = max(radial_worst, abs(er) / emax, abs(hr) / hmax)
                if 10 <= th <= 170:
                    et = [a - er * b for a, b in zip(E, rh)]  # the transverse E
                    ratio_worst = max(ratio_worst, abs(norm(et) / norm(H) / ETA - 1))
                t = math.radians(th)
                shape = math.cos(math.pi / 2 * math.cos(t)) / math.sin(t) if 0 < th < 180 else 0.0
                pattern_worst = max(pattern_worst, abs(norm(E) / emax - shape))
    fluxes.append(sum(per_phi) / nphi)
for ir, P in enumerate(fluxes):
    rr = 2 + 9 * ir
    check(abs(P / radiated - 1) < 0.01,
          "r = %g lambda: real Poynting flux %.5e W, nec2c RADIATED POWER %.5e W (%.3f %%)"
          % (rr, P, radiated, 100 * (P / radiated - 1)))
check(ratio_worst < 0.001, "r = 20 lambda: |E_t|/|H| = eta within %.4f %% (tolerance 0.1 %%)" % (100 * ratio_worst))
check(radial_worst < 0.02, "r = 20 lambda: radial parts of E and H at most %.4f of the sphere's maximum "
      "(2/kr = %.4f)" % (radial_worst, 2 / (2 * math.pi * 20)))
check(pattern_worst < 0.02, "r = 20 lambda: |E|/max vs cos(pi/2 cos theta)/sin theta: worst %.4f" % pattern_worst)

# 5. Banded Color Map, 24 bands
E4 = simple.OutputPort(reader, 4)
bands = simple.BandedColorMap(Input=E4, NumberOfBands=24)
bands.SelectInputArray = ["POINTS", "|E|"]
bands.UpdatePipeline()
b = sm.Fetch(bands)
table = sm.Fetch(bands, idx=1)
mags = [plane.GetPointData().GetArray("|E|").GetValue(p) for p in range(plane.GetNumberOfPoints())]
lo, hi = min(mags), max(mags)
idx = b.GetPointData().GetArray("BandIndex")
wrong = 0
for p, v in enumerate(mags):
    t = (v - lo) / (hi - lo) * 24
    want = min(23, int(t))
    if abs(t - round(t)) > 1e-9 and int(idx.GetValue(p)) != want:
        wrong += 1
counts = [0] * 24
for p in range(len(mags)):
    counts[int(idx.GetValue(p))] += 1
check(b.GetClassName() == "vtkStructuredGrid" and wrong == 0 and table.GetNumberOfRows() == 24 and
      abs(table.GetColumnByName("Lower").GetValue(0) - lo) <= 1e-12 * hi and
      abs(table.GetColumnByName("Upper").GetValue(23) - hi) <= 1e-12 * hi,
      "Banded Color Map on |E| (%.4g..%.4g V/m): every point in band floor(24 t) (%d wrong), 24 table rows; "
      "points per band %s" % (lo, hi, wrong, counts))

# 6. Time Harmonic on the complex E
N = 12
th = simple.TimeHarmonic(Input=E4, RealArrayName="E_real", ImaginaryArrayName="E_imag", NumberOfSteps=N)
th.UpdatePipeline()
times = list(th.TimestepValues)
acc = [0.0] * plane.GetNumberOfPoints()
peak, top, first = 0.0, None, None
for n, t in enumerate(times):
    th.UpdatePipeline(t)
    d = sm.Fetch(th)
    m = d.GetPointData().GetArray("|E_inst|")
    if n == 0:
        first = d
    for p in range(d.GetNumberOfPoints()):
        acc[p] += m.GetValue(p) ** 2 / N
        peak = max(peak, m.GetValue(p))
    top = d.GetFieldData().GetArray("InstantaneousRange").GetValue(1)
worst_avg = max(abs(a / (0.5 * v * v) - 1) for a, v in zip(acc, mags))
inst0 = first.GetPointData().GetArray("E_inst")
worst0 = max(abs(inst0.GetComponent(p, c) - plane.GetPointData().GetArray("E_real").GetComponent(p, c))
             for p in range(plane.GetNumberOfPoints()) for c in range(3))
check(len(times) == N and first.GetClassName() == "vtkStructuredGrid" and worst0 == 0 and worst_avg < 1e-9
      and peak <= top * (1 + 1e-12),
      "Time Harmonic: %d steps on the %s, frame 0 = E_real (%.1e), mean |Re E e^jwt|^2 vs |E|^2/2 worst %.1e, "
      "peak %.4g <= InstantaneousRange %.4g" % (len(times), first.GetClassName(), worst0, worst_avg, peak, top))

# 7. the figure: 24 bands of 20 log10(|E|/max) over 40 dB on the plane, the wire as a tube
db = simple.Calculator(Input=E4, AttributeType="Point Data", ResultArrayName="E_dB")
db.Function = '20*log10(max("|E|"/%r, 0.01))' % hi
dbands = simple.BandedColorMap(Input=db, NumberOfBands=24)
dbands.SelectInputArray = ["POINTS", "E_dB"]
dbands.UpdatePipeline()
dt = sm.Fetch(dbands, idx=1)
check(dt.GetNumberOfRows() == 24 and abs(dt.GetColumnByName("Lower").GetValue(0) + 40) < 1e-9 and
      abs(dt.GetColumnByName("Upper").GetValue(23)) < 1e-9,
      "dB bands: 24 from -40 to 0 dB re the maximum")
view = lib.render_view([640, 560])
disp = simple.Show(dbands, view)
simple.ColorBy(disp, ("POINTS", "E_dB"))
lut = simple.GetColorTransferFunction("E_dB")
points = []
for kk in range(24):
    col = [dt.GetColumnByName(c).GetValue(kk) / 255.0 for c in ("Red", "Green", "Blue")]
    lw, up = dt.GetColumnByName("Lower").GetValue(kk), dt.GetColumnByName("Upper").GetValue(kk)
    points += [lw, *col, up - 1e-6 * (up - lw), *col]
lut.AutomaticRescaleRangeMode = "Never"
lut.ColorSpace = "RGB"
lut.RGBPoints = points
lut.Discretize = 1
lut.NumberOfTableValues = 24
disp.InterpolateScalarsBeforeMapping = 1
wire = simple.Tube(Input=simple.OutputPort(reader, 1), Radius=0.008, NumberofSides=12)
wd = simple.Show(wire, view)
simple.ColorBy(wd, None)
wd.AmbientColor = wd.DiffuseColor = [0.1, 0.1, 0.1]
view.CameraPosition = [0, -4, 0]
view.CameraFocalPoint = [0, 0, 0]
view.CameraViewUp = [0, 0, 1]
view.CameraParallelProjection = 1
simple.Render(view)
view.ResetCamera()
view.CameraParallelScale = 1.05
png = os.path.join(tmp, "near_field_dipole_24.png")
simple.SaveScreenshot(png, view, ImageResolution=[640, 560])
ok, err = lib.compare_image(png, baseline)
check(ok, "image %s against %s: difference %.2f" % (png, baseline, err))

# 8. pieces (as under MPI): the plane in 3 extent pieces, without and with a ghost level
from vtkmodules.vtkCommonExecutionModel import vtkStreamingDemandDrivenPipeline as SDDP
algo = reader.GetClientSideObject()
whole_e = plane.GetPointData().GetArray("E_real")
ncell = plane.GetNumberOfCells()
for ghosts in (0, 1):
    centres, points, dup, bad_values = set(), 0, 0, 0
    for piece in range(3):
        algo.UpdateInformation()
        info = algo.GetOutputInformation(4)
        info.Set(SDDP.UPDATE_PIECE_NUMBER(), piece)
        info.Set(SDDP.UPDATE_NUMBER_OF_PIECES(), 3)
        info.Set(SDDP.UPDATE_NUMBER_OF_GHOST_LEVELS(), ghosts)
        algo.GetExecutive().Update(4)
        d = algo.GetOutputDataObject(4)
        ext = d.GetExtent()
        g = d.GetCellData().GetArray("vtkGhostType")
        e = d.GetPointData().GetArray("E_real")
        points += d.GetNumberOfPoints()
        for p in range(d.GetNumberOfPoints()):
            # the point's (i, k) in the whole 40 x 1 x 40 grid
            i = ext[0] + p % (ext[1] - ext[0] + 1)
            kk = ext[4] + p // (ext[1] - ext[0] + 1)
            w = i + 40 * kk
            if d.GetPoint(p) != plane.GetPoint(w) or any(e.GetComponent(p, c) != whole_e.GetComponent(w, c)
                                                          for c in range(3)):
                bad_values += 1
        for c in range(d.GetNumberOfCells()):
            if g is not None and int(g.GetValue(c)) & 1:  # DUPLICATECELL
                dup += 1
                continue
            b6 = d.GetCell(c).GetBounds()
            key = (round((b6[0] + b6[1]) * 1e4), round((b6[4] + b6[5]) * 1e4))
            if key in centres:
                dup += 1000000  # a cell owned twice
            centres.add(key)
    check(len(centres) == ncell and bad_values == 0 and (dup == 0) == (ghosts == 0) and dup < 1000000,
          "3 pieces, %d ghost level(s): the owned cells partition the %d cells exactly (%d owned, %d flagged "
          "DUPLICATECELL), %d points in all (the pieces share their boundary points), values as the whole grid"
          % (ghosts, ncell, len(centres), dup, points))

# 9. the main command's near-field figure script (Examples/nearfield_vehicle.py) on this
# output: it runs, writes its PNG, and its 0 dB (no patches here: every point is clear of
# the body) is the grid's largest |E|.
example = os.path.join(lib.ROOT, "Examples",
                       "nearfield_vehicle.py")
exdir = os.path.join(tmp, "near_fields_example")
os.makedirs(exdir, exist_ok=True)
for f in ("vehicle_near_field_24.png", "vehicle_near_field.txt"):
    if os.path.exists(os.path.join(exdir, f)):
        os.remove(os.path.join(exdir, f))
import shutil
res = subprocess.run([shutil.which("pvbatch"), example, "--input", out, "--outdir", exdir, "--plugin", plugin,
                      "--size", "480,320"], env=lib.mpi_free_env(), timeout=300,
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
txt = os.path.join(exdir, "vehicle_near_field.txt")
said = open(txt).read() if os.path.exists(txt) else ""
check(res.returncode == 0 and os.path.getsize(os.path.join(exdir, "vehicle_near_field_24.png")) > 1000 and
      ("E_ref (0 dB) = %.4g V/m" % hi) in said,
      "Examples/nearfield_vehicle.py: exit %s, PNG written, E_ref = %.4g V/m in its report%s"
      % (res.returncode, hi, "" if res.returncode == 0 else ":\n" + res.stdout[-1500:]))

check.finish("%d problem(s)")
print("near fields: all checks passed")
