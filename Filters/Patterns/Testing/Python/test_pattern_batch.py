"""Examples/batch/render_batch.py on a 3-frequency nec2c sweep (200, 300,
400 MHz) and a folder of 2 current files (.cmom at 120 and 150 MHz): every
PNG exists and is not blank (coloured pixels, a dark title band at the top, a
legend at the right), the legend of the sweep is pixel-identical in every
frame (one global scale), the titles' frequencies match the frequencies
parsed from the inputs independently, index.html shows every picture, and
the sweep strip is the frames side by side."""
import json
import os
import re
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
root = lib.ROOT
work = os.path.join(tmp, "batch_test")
shutil.rmtree(work, ignore_errors=True)
currents = os.path.join(work, "currents")
outdir = os.path.join(work, "pictures")
os.makedirs(currents)

deck = ("CM dipole sweep\nCE\nGW 1 21 0 0 -0.25 0 0 0.25 0.001\nGE 0\nFR 0 3 0 0 200 100\n"
        "EX 0 1 11 0 1 0\nRP 0 19 37 1000 0 0 10 10\nEN\n")
out = lib.run_nec2c(work, "sweep", deck)
sweep_mhz = [float(l.split(":")[1].split()[0]) for l in open(out) if "FREQUENCY :" in l]
# The largest TOTAL gain over every table: the sweep's one reference.
gmax = -1e9
for l in open(out):
    f = l.split()
    if len(f) >= 10 and all(re.fullmatch(r"-?[0-9]+\.[0-9]+", x) for x in f[:5]):
        gmax = max(gmax, float(f[4]))
lib.write_sphere_cmom(os.path.join(currents, "sphere_a.cmom"), freq=120e6)
lib.write_sphere_cmom(os.path.join(currents, "sphere_b.cmom"), nlat=8, nlon=16, freq=150e6)
current_mhz = {}
for name in ("sphere_a.cmom", "sphere_b.cmom"):
    line = next(l for l in open(os.path.join(currents, name)) if l.upper().startswith("FREQUENCY"))
    current_mhz[name] = float(line.split()[1]) / 1e6
print("inputs: sweep at %s MHz (largest gain %.2f dBi), currents %s" % (sweep_mhz, gmax, current_mhz))

strip_png = os.path.join(outdir, "strip.png")
env = lib.mpi_free_env()
pvbatch = shutil.which("pvbatch")
subprocess.run([pvbatch, os.path.join(root, "Examples", "batch", "render_batch.py"), "--plugin", plugin,
                "--outdir", outdir, "--sweep", out, "--currents", currents, "--size", "480,400",
                "--levels", "1", "--sweep-strip", strip_png, "--strip-height", "200"],
               check=True, timeout=600, env=env)

from vtkmodules.vtkIOImage import vtkPNGReader
from vtkmodules.util.numpy_support import vtk_to_numpy


def pixels(path):
    r = vtkPNGReader()
    r.SetFileName(path)
    r.Update()
    img = r.GetOutput()
    w, h, _ = img.GetDimensions()
    a = vtk_to_numpy(img.GetPointData().GetScalars()).reshape(h, w, -1)[::-1, :, :3]  # row 0 = top
    return a.astype(int)


problems = []
manifest = json.load(open(os.path.join(outdir, "index.json")))
page = open(os.path.join(outdir, "index.html")).read()
sweeps = [m for m in manifest if m["kind"] == "sweep"]
cur = [m for m in manifest if m["kind"] == "currents"]
if len(sweeps) != 3 or len(cur) != 2:
    problems.append("expected 3 sweep and 2 current pictures, got %d and %d" % (len(sweeps), len(cur)))


def title_mhz(title):
    m = re.search(r"([0-9.]+) MHz", title)
    return float(m.group(1)) if m else None


for m, want in zip(sweeps, sweep_mhz):
    if title_mhz(m["title"]) is None or abs(title_mhz(m["title"]) - want) > 1e-3:
        problems.append("sweep title %r, input frequency %g MHz" % (m["title"], want))
    if abs(m.get("reference", 1e9) - gmax) > 1e-9:
        problems.append("sweep frame %s drawn against %s dBi, the sweep's largest gain is %g dBi"
                        % (m["file"], m.get("reference"), gmax))
for m in cur:
    want = current_mhz.get(m["source"])
    if want is None or abs(title_mhz(m["title"]) - want) > 1e-3 or m["source"] not in m["title"]:
        problems.append("current title %r, input %s at %s MHz" % (m["title"], m["source"], want))
legends = []
for m in manifest:
    path = os.path.join(outdir, m["file"])
    if not os.path.exists(path):
        problems.append("missing %s" % m["file"])
        continue
    if ('src="%s"' % m["file"]) not in page:
        problems.append("index.html does not show %s" % m["file"])
    a = pixels(path)
    h, w, _ = a.shape
    nonwhite = (a.sum(axis=2) < 720).mean()
    colours = len({tuple(p) for p in a[::4, ::4].reshape(-1, 3)})
    title_dark = (a[: int(0.1 * h), :, :].sum(axis=2) < 300).sum()
    legend = a[int(0.1 * h): int(0.9 * h), int(0.8 * w):, :]
    legend_ink = (legend.sum(axis=2) < 720).mean()
    print("%-40s %dx%d non-white %.3f colours %d title pixels %d legend ink %.3f"
          % (m["file"], w, h, nonwhite, colours, title_dark, legend_ink))
    if nonwhite < 0.03 or colours < 20 or title_dark < 50 or legend_ink < 0.05:
        problems.append("%s looks blank or lacks a title or legend" % m["file"])
    if m["kind"] == "sweep":
        legends.append(legend)
if len(legends) == 3 and any((l != legends[0]).any() for l in legends[1:]):
    problems.append("the sweep's legend differs between frames: not one global scale")
s = pixels(strip_png)
print("strip %dx%d" % (s.shape[1], s.shape[0]))
if s.shape[0] != 200 or s.shape[1] != 3 * 240:
    problems.append("strip is %dx%d, expected 720x200" % (s.shape[1], s.shape[0]))
if problems:
    lib.fail("; ".join(problems))
print("batch rendering: OK")
