"""Particle System in ParaView's time: the source reports one time step per
frame, the animation scene picks them up, frames requested in shuffled order
through the animation scene equal the in-order ones exactly, ballistic
particles satisfy x = x0 + v0 a + 1/2 g a^2, and bad parameters give an error
and no output."""
import math
import random
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

ps = simple.ParticleSystem(Preset="Fire", Seed=7, FrameRate=24, StartTime=0, EndTime=5,
                           EmissionEndTime=4)
ps.UpdatePipelineInformation()
steps = list(ps.TimestepValues)
if len(steps) != 121 or abs(steps[-1] - 5.0) > 1e-12 or abs(steps[1] - 1 / 24) > 1e-12:
    lib.fail("expected 121 time steps from 0 to 5, got %d: %s" % (len(steps), steps[:3]))

scene = simple.GetAnimationScene()
scene.UpdateAnimationUsingDataTimeSteps()
if abs(scene.EndTime - 5.0) > 1e-12 or len(scene.TimeKeeper.TimestepValues) != 121:
    lib.fail("the animation scene did not pick up the source's times (end %g)" % scene.EndTime)

forced = simple.ForceTime(Input=ps, IgnorePipelineTime=1)


def snapshot(t):
    """The particles at time t, through the animation scene and ForceTime."""
    scene.AnimationTime = t
    forced.ForcedTime = scene.TimeKeeper.Time
    forced.UpdatePipeline()
    out = sm.Fetch(forced)
    ids = out.GetPointData().GetArray("Id")
    age = out.GetPointData().GetArray("Age")
    return {ids.GetValue(i): (out.GetPoint(i), age.GetValue(i)) for i in range(out.GetNumberOfPoints())}


times = [steps[k] for k in (0, 12, 24, 48, 60, 95, 100, 120)] + [1.2345, 3.21]
in_order = {t: snapshot(t) for t in sorted(times)}
shuffled = list(times)
random.Random(3).shuffle(shuffled)
for t in shuffled:
    if snapshot(t) != in_order[t]:
        lib.fail("time %g differs between in-order and shuffled requests" % t)
counts = [len(in_order[t]) for t in sorted(times)]
print("particles at", sorted(times), "->", counts)
if counts[0] > 200 or max(counts) < 500:
    lib.fail("implausible fire particle counts %s" % counts)
for t in sorted(times):
    for pid, (p, a) in in_order[t].items():
        if a < 0:
            lib.fail("negative age")

# Ballistic oracle: a point emitter without drag.
g = (0.5, 0.0, -9.81)
c = (1.0, 2.0, 3.0)
bal = simple.ParticleSystem(Preset="Custom", GenerationShape="Point", Center=c, Gravity=g,
                            Drag=0.0, Speed=[4, 1], Lifetime=[3, 0.5], EndTime=4,
                            EmissionEndTime=4)
bal.UpdatePipeline(2.5)
out = sm.Fetch(bal)
vel = out.GetPointData().GetArray("Velocity")
age = out.GetPointData().GetArray("Age")
worst = 0.0
for i in range(out.GetNumberOfPoints()):
    a = age.GetValue(i)
    v = vel.GetTuple3(i)
    v0 = [v[k] - g[k] * a for k in range(3)]
    speed = math.sqrt(sum(x * x for x in v0))
    if not 3 - 1e-4 <= speed <= 5 + 1e-4:
        lib.fail("initial speed %g outside 4 +/- 1" % speed)
    p = out.GetPoint(i)
    for k in range(3):
        worst = max(worst, abs(p[k] - (c[k] + v0[k] * a + 0.5 * g[k] * a * a)))
print("ballistic: %d particles, worst |x - (x0 + v0 a + g a^2/2)| = %.2e" % (out.GetNumberOfPoints(), worst))
if out.GetNumberOfPoints() < 1000 or worst > 1e-4:  # Velocity and Age are stored as float
    lib.fail("ballistic oracle failed")

# Generation from an input mesh: motionless particles stay where they were born,
# on the mesh's points (Input Points) or inside its polygons (Input Cells).
plane = simple.Plane(Origin=[0, 0, 0], Point1=[2, 0, 0], Point2=[0, 1, 0], XResolution=4,
                     YResolution=3)
plane_pts = {tuple(round(c, 9) for c in sm.Fetch(plane).GetPoint(i))
             for i in range(sm.Fetch(plane).GetNumberOfPoints())}
for shape in ("Input Points", "Input Cells"):
    still = simple.ParticleSystem(Input=plane, Preset="Custom", GenerationShape=shape,
                                  Speed=[0, 0], Gravity=[0, 0, 0], Lifetime=[5, 1])
    still.UpdatePipeline(1.0)
    out = sm.Fetch(still)
    if out.GetNumberOfPoints() < 500:
        lib.fail("%s: too few particles (%d)" % (shape, out.GetNumberOfPoints()))
    for i in range(out.GetNumberOfPoints()):
        p = out.GetPoint(i)
        if shape == "Input Points" and tuple(round(c, 9) for c in p) not in plane_pts:
            lib.fail("Input Points: particle at %s is not a mesh point" % (p,))
        if shape == "Input Cells" and not (-1e-9 <= p[0] <= 2 + 1e-9 and -1e-9 <= p[1] <= 1 + 1e-9
                                           and abs(p[2]) < 1e-9):
            lib.fail("Input Cells: particle at %s is off the plane" % (p,))
print("generation from an input mesh: OK")

# Bad parameters: an error and no output.
bad = simple.ParticleSystem(Preset="Custom", Lifetime=[1, 2])
try:
    bad.UpdatePipeline(1.0)
except Exception:
    pass
if bad.GetDataInformation().GetNumberOfPoints() != 0:
    lib.fail("a lifetime variance above the mean should produce no output")
print("OK")
