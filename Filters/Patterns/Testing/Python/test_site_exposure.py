"""A vendor-style antenna on a site: the MSI/Planet sector panel
(Testing/Data/msi/sector_65_18.msi: GAIN 15.85 dBd = 18.00 dBi, FREQUENCY 925 MHz)
placed on a mast with Exposure Ratio on its far-field table, at 200 W against ICNIRP
2020 general public (Table 5, >400-2000 MHz: S_L = f_M/200 = 4.625 W/m^2).

Oracle: the far-field estimate on boresight r = sqrt(P G / (4 pi S_L)) (computed here
from the file's own GAIN and FREQUENCY lines and the guideline's formula, not from the
filter). Checks:
- the compliance boundary's farthest point from Center lies along the boresight turned
  by the azimuth and downtilt (cos t cos a, cos t sin a, -sin t), at r within the grid
  spacing;
- turning the azimuth by alpha turns the boundary by alpha (its points' mean direction
  and its farthest point);
- the filter's field data Boresight and FarFieldComplianceDistance[m] equal the oracle;
- ApertureSize flags the points nearer than 2 D^2 / lambda (InFarField = 0);
- Antenna Pattern Surface with the same Azimuth/Downtilt puts its peak (the farthest
  pattern point) along the same boresight;
- a second antenna, the Analytic Antenna Pattern's half-wave dipole (2.15 dBi, 300 MHz,
  S_L = 2 W/m^2): its boundary's farthest point at sqrt(P G/(4 pi S_L)) at 1000 W;
- a table without Theta/Phi/Gain gives one error naming the columns, empty outputs;
- Examples/site_exposure.py (the demo's figure) runs, its boresight distance agrees with
  the oracle, and its image (700 x 450, 81^3 grid) matches
  Testing/Baselines/site_exposure.png."""
import math
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

msi = os.path.join(lib.TESTING, "Data", "msi", "sector_65_18.msi")
head = {}
for line in open(msi, newline=""):
    f = line.split()
    if f and f[0] in ("GAIN", "FREQUENCY"):
        head[f[0]] = f[1:]
gain_dbi = float(head["GAIN"][0]) + 2.15 if head["GAIN"][1].lower() == "dbd" else float(head["GAIN"][0])
f_mhz = float(head["FREQUENCY"][0])
P = 200.0
S_L = f_mhz / 200.0  # ICNIRP 2020 Table 5, general public, >400-2000 MHz
r_oracle = math.sqrt(P * 10 ** (gain_dbi / 10) / (4 * math.pi * S_L))
lib.say("file: %.2f dBi at %.0f MHz; S_L %.3f W/m^2; far-field estimate r = %.4f m"
        % (gain_dbi, f_mhz, S_L, r_oracle))
check = lib.Checks()

reader = simple.MSIPlanetAntennaReader(FileName=msi)
CENTER = [10.0, -5.0, 30.0]
N = 121


def site(azimuth, downtilt, **extra):
    ex = simple.ExposureRatio(Input=simple.OutputPort(reader, 0), TransmitPower=P,
                              Standard="ICNIRP 2020 General Public", Quantity="S_eq",
                              Center=CENTER, Azimuth=azimuth, Downtilt=downtilt,
                              Resolution=N, **extra)
    ex.UpdatePipeline()
    grid = sm.Fetch(ex)
    boundary = sm.Fetch(ex, idx=1)
    simple.Delete(ex)
    return grid, boundary


def farthest(boundary):
    best, far = -1.0, None
    for k in range(boundary.GetNumberOfPoints()):
        p = boundary.GetPoint(k)
        d = math.dist(p, CENTER)
        if d > best:
            best, far = d, p
    return best, [(far[a] - CENTER[a]) / best for a in range(3)]


def mean_direction(boundary):
    n = boundary.GetNumberOfPoints()
    m = [sum(boundary.GetPoint(k)[a] for k in range(n)) / n - CENTER[a] for a in range(3)]
    return math.degrees(math.atan2(m[1], m[0]))


def angle(u, v):
    dot = sum(a * b for a, b in zip(u, v)) / math.sqrt(sum(a * a for a in u) * sum(b * b for b in v))
    return math.degrees(math.acos(max(-1.0, min(1.0, dot))))


def boresight(az, tilt):
    a, t = math.radians(az), math.radians(tilt)
    return [math.cos(t) * math.cos(a), math.cos(t) * math.sin(a), -math.sin(t)]


spacing = None
directions = {}
for az, tilt in ((0.0, 0.0), (0.0, 6.0), (30.0, 6.0), (-75.0, 6.0)):
    grid, boundary = site(az, tilt)
    fd = grid.GetFieldData()
    spacing = grid.GetSpacing()[0]
    d, u = farthest(boundary)
    want = boresight(az, tilt)
    got_b = [fd.GetArray("Boresight").GetComponent(0, c) for c in range(3)]
    est = fd.GetArray("FarFieldComplianceDistance[m]").GetValue(0)
    lib.say("azimuth %5.1f tilt %.1f: farthest boundary point %.4f m (oracle %.4f, spacing %.4f), "
            "%.2f deg off the boresight; %d boundary points"
            % (az, tilt, d, r_oracle, spacing, angle(u, want), boundary.GetNumberOfPoints()))
    check(abs(d - r_oracle) <= spacing,
          "az %g tilt %g: farthest boundary point at %.4f m = sqrt(PG/(4 pi S_L)) %.4f m within "
          "the spacing %.4f" % (az, tilt, d, r_oracle, spacing))
    check(angle(u, want) <= 2.0, "az %g tilt %g: it lies along the turned boresight (%.2f deg off)"
          % (az, tilt, angle(u, want)))
    check(angle(got_b, want) < 1e-9, "az %g tilt %g: field data Boresight %s" % (az, tilt, got_b))
    check(abs(est - r_oracle) < 1e-3 * r_oracle, "FarFieldComplianceDistance[m] %.4f" % est)
    directions[(az, tilt)] = (mean_direction(boundary), u)

# Turning the azimuth by alpha turns the boundary by alpha.
for az in (30.0, -75.0):
    base = directions[(0.0, 6.0)][0]
    turned = directions[(az, 6.0)][0]
    check(abs(((turned - base - az) + 180) % 360 - 180) < 0.5,
          "azimuth %g: the boundary's mean direction %.3f deg = %.3f + %g" % (az, turned, base, az))
base0 = math.degrees(math.atan2(directions[(0.0, 0.0)][1][1], directions[(0.0, 0.0)][1][0]))
check(abs(base0) < 2.0, "azimuth 0: the farthest point is on +x (%.2f deg)" % base0)

# The near zone: a 1.3 m panel at 925 MHz has 2 D^2 / lambda = 10.43 m.
lam = 299792458.0 / (f_mhz * 1e6)
grid, _ = site(0.0, 0.0, ApertureSize=1.3)
ff = grid.GetFieldData().GetArray("FarFieldDistance[m]").GetValue(0)
flag = grid.GetPointData().GetArray("InFarField")
wrong = 0
for k in range(0, grid.GetNumberOfPoints(), 97):
    inside = math.dist(grid.GetPoint(k), CENTER) < 2 * 1.3 ** 2 / lam
    wrong += (flag.GetValue(k) == 0) != inside
check(abs(ff - 2 * 1.3 ** 2 / lam) < 1e-9 and wrong == 0,
      "FarFieldDistance[m] %.4f = 2 D^2/lambda %.4f, InFarField flags agree (%d wrong)"
      % (ff, 2 * 1.3 ** 2 / lam, wrong))

# The pattern drawn with the same mounting: its peak along the same boresight.
ps = simple.AntennaPatternSurface(Input=simple.OutputPort(reader, 0), Scale="Decibels",
                                  Radius=2.0, Center=CENTER, Azimuth=30, Downtilt=6)
ps.SelectInputArray = ["ROWS", "Gain"]
ps.UpdatePipeline()
surf = sm.Fetch(ps)
d, u = farthest(surf)
check(abs(d - 2.0) < 1e-9 and angle(u, boresight(30, 6)) < 1.5,
      "Antenna Pattern Surface azimuth 30 tilt 6: peak at radius %.6f, %.3f deg off the boresight"
      % (d, angle(u, boresight(30, 6))))

# A second antenna: the half-wave dipole along z, G = 1.64 (2.15 dBi), ICNIRP 2 W/m^2 at 300 MHz.
dip = simple.AnalyticAntennaPattern(Pattern="Half-Wave Dipole", ThetaStep=2, PhiStep=5, Frequency=300e6)
ex = simple.ExposureRatio(Input=dip, TransmitPower=1000, Standard="ICNIRP 2020 General Public",
                          Center=CENTER, Resolution=81)
ex.UpdatePipeline()
d, u = farthest(sm.Fetch(ex, idx=1))
r_dip = math.sqrt(1000 * 1.640922 / (4 * math.pi * 2.0))
sp = sm.Fetch(ex).GetSpacing()[0]
check(abs(d - r_dip) <= sp and abs(u[2]) < 0.1,
      "half-wave dipole at 1000 W: farthest boundary point %.4f m (oracle %.4f m, spacing %.3f), "
      "elevation %.1f deg" % (d, r_dip, sp, math.degrees(math.asin(u[2]))))

# A table that is no far-field grid: one error naming the columns, empty outputs.
messages = lib.capture_vtk_messages()
cuts = simple.PatternCuts(Input=dip)
bad = simple.ExposureRatio(Input=cuts, TransmitPower=1)
bad.UpdatePipeline()
said_bad = messages.GetOutput()
check("Theta, Phi and Gain" in said_bad and sm.Fetch(bad).GetNumberOfPoints() == 0,
      "Exposure Ratio on Pattern Cuts' table: %r" % said_bad.strip().splitlines()[:1])

# The demo's figure, small: it runs, says the oracle's distance, and matches its baseline.
demo = os.path.join(tmp, "site_demo")
os.makedirs(demo, exist_ok=True)
res = subprocess.run([shutil.which("pvbatch") or "pvbatch", os.path.join(lib.ROOT, "Examples", "site_exposure.py"),
                      "--outdir", demo, "--plugin", plugin, "--size", "700,450", "--resolution", "81"],
                     capture_output=True, text=True, timeout=600, env=lib.mpi_free_env())
summary = os.path.join(demo, "site_exposure.txt")
said = dict(l.split()[:2] for l in open(summary) if not l.startswith("#")) if os.path.exists(summary) else {}
spacing81 = 4 * r_oracle / 80
check(res.returncode == 0 and abs(float(said.get("BoundaryAlongBoresight", "nan")) - r_oracle) <= spacing81,
      "Examples/site_exposure.py (exit %d): boundary along the boresight %s m, oracle %.4f m, spacing %.3f m"
      % (res.returncode, said.get("BoundaryAlongBoresight"), r_oracle, spacing81)
      + ("" if res.returncode == 0 else res.stderr[-500:]))
png = os.path.join(demo, "site_exposure.png")
ok, err = lib.compare_image(png, os.path.join(lib.TESTING, "Baselines", "site_exposure.png"))
check(ok, "site_exposure.png matches its baseline (difference %.2f)" % err)
check.finish("%d check(s) failed")
lib.say("site exposure: OK")
lib.leave(0)
