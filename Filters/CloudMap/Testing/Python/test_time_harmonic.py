"""Time Harmonic on the vehicle-like sphere currents: N time steps over one
period; at every element the time average of |Re{J e^{jwt}}|^2 over the N
steps equals |J|^2 / 2 (within 1e-6 relative), frames requested in shuffled
order equal those requested in order, and no frame exceeds the
InstantaneousRange, which some phase reaches (within the sampling)."""
import math
import os
import random
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

mesh = os.path.join(tmp, "harmonic.cmom")
# A current with a different phase on every element: J = (1 + j c, 0.5 j, c) at element c.
lib.write_sphere_cmom(mesh, nlat=8, nlon=16)
lines = open(mesh).read().splitlines()
out, c = [], 0
for l in lines:
    if l[:2] in ("T ", "Q "):
        f = l.split()
        n = 4 if f[0] == "T" else 5
        k = (c % 7) / 7.0
        f = f[:n] + ["1", "%r" % k, "0", "0.5", "%r" % k, "0"]
        l = " ".join(f)
        c += 1
    out.append(l)
open(mesh, "w").write("\n".join(out) + "\n")

reader = simple.OpenDataFile(mesh)
N = 12
th = simple.TimeHarmonic(Input=reader, NumberOfSteps=N)
th.UpdatePipeline()
times = list(th.TimestepValues)
if len(times) != N:
    lib.fail("expected %d time steps, got %d" % (N, len(times)))


def frame(t):
    th.UpdatePipeline(t)
    d = sm.Fetch(th)
    m = d.GetCellData().GetArray("|J_inst|")
    return [m.GetValue(i) for i in range(d.GetNumberOfCells())], d


frames = {}
for t in times:
    frames[t], d = frame(t)
shuffled = times[:]
random.Random(3).shuffle(shuffled)
for t in shuffled:
    if frame(t)[0] != frames[t]:
        lib.fail("frame at t=%g differs when computed out of order" % t)
jm = d.GetCellData().GetArray("|J|")
top = d.GetFieldData().GetArray("InstantaneousRange").GetValue(1)
worst = 0.0
for i in range(d.GetNumberOfCells()):
    avg = sum(frames[t][i] ** 2 for t in times) / N
    want = 0.5 * jm.GetValue(i) ** 2
    worst = max(worst, abs(avg - want) / want)
highest = max(max(v) for v in frames.values())
print("time average of |Re J|^2 vs |J|^2/2: worst relative error %.2e; frames peak %.6f, range %.6f"
      % (worst, highest, top))
if worst > 1e-6:
    lib.fail("time average differs from |J|^2/2 by %.2e" % worst)
if highest > top * (1 + 1e-12) or highest < top * math.cos(math.pi / N):
    lib.fail("InstantaneousRange %.6f does not bound the frames' peak %.6f" % (top, highest))
print("time harmonic: OK")
