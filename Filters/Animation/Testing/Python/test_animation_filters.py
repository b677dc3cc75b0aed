"""The animation filters in ParaView's time: Free Form Deformation with
keyframed displacements, Mesh Morph with an eased time parameter, Wiggle,
Keyframe Interpolator and the Skeleton give identical results whether the
animation visits its times in order or shuffled; t = 0 / 1 of the morph
reproduce its inputs; an undeformed lattice is the identity; the skeleton
reports its time steps; bad input gives no output."""
import math
import random
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)

scene = simple.GetAnimationScene()
scene.PlayMode = "Sequence"
scene.StartTime = 0.0
scene.EndTime = 2.0


def points_at(proxy, t, port=0):
    """Points of the proxy's output at animation time t. In a builtin session
    the client-side object is the pipeline itself, so its output after an
    update at the time keeper's time is the data at that time."""
    scene.AnimationTime = t
    proxy.UpdatePipeline(scene.TimeKeeper.Time)
    out = proxy.GetClientSideObject().GetOutputDataObject(port)
    copy = out.NewInstance()
    copy.DeepCopy(out)
    return [copy.GetPoint(i) for i in range(copy.GetNumberOfPoints())], copy


sphere = simple.Sphere(ThetaResolution=24, PhiResolution=16, Radius=1.0)
cube = simple.Sphere(ThetaResolution=24, PhiResolution=16, Radius=2.0, Center=[3, 0, 0])
ref, _ = points_at(sphere, 0.0)

# --- FFD: identity without displacements; keys animate a squash.
ffd = simple.FreeFormDeformation(Input=sphere, LatticeSize=[2, 2, 3])
pts, _ = points_at(ffd, 0.5)
if max(abs(a - b) for p, q in zip(pts, ref) for a, b in zip(p, q)) > 1e-12:
    lib.fail("an undeformed lattice should be the identity")
n = 2 * 2 * 3
keys = []
for t, squash in ((0.0, 0.0), (1.0, -0.5), (2.0, 0.0)):
    keys.append(t)
    for k in range(3):
        for j in range(2):
            for i in range(2):
                # z squashed towards the bottom; x, y bulge at the middle layer.
                bulge = 0.3 * (-squash) * (1 if k == 1 else 0)
                keys += [(i - 0.5) * 2 * bulge, (j - 0.5) * 2 * bulge, squash * k / 2.0]
ffd.DisplacementKeys = keys
ffd.KeyInterpolation = "Catmull-Rom"

morph = simple.MeshMorph(Input=sphere, Target=cube, UseTime=1, TimeRange=[0.0, 2.0], Easing="Sine")
wig = simple.Wiggle(Input=sphere, Mode="Per Point", Frequency=3, Amplitude=0.1, Octaves=3)
keyf = simple.KeyframeInterpolator(Input=sphere, Keys=[0, 0, 0, 0, 5, 1, 2, 0, 0, 1, 2, 2, 1, 0, 0],
                                   Interpolation="Linear")
skel = simple.Skeleton(Preset="Walker")
skel.UpdatePipelineInformation()
if len(skel.TimestepValues) != 49:
    lib.fail("the walker should report 49 time steps, got %d" % len(skel.TimestepValues))

cases = [("FreeFormDeformation", ffd, 0), ("MeshMorph", morph, 0), ("Wiggle", wig, 0),
         ("KeyframeInterpolator", keyf, 0), ("Skeleton", skel, 0)]
times = [0.0, 0.25, 0.5, 0.8, 1.0, 1.3, 1.75, 2.0]
in_order = {name: {t: points_at(p, t, port)[0] for t in times} for name, p, port in cases}
for name, p, port in cases:  # the outputs really change with time
    if in_order[name][0.25] == in_order[name][1.3]:
        lib.fail("%s does not change between times 0.25 and 1.3" % name)
shuffled = list(times)
random.Random(5).shuffle(shuffled)
for t in shuffled:
    for name, p, port in cases:
        if points_at(p, t, port)[0] != in_order[name][t]:
            lib.fail("%s differs at time %g between in-order and shuffled" % (name, t))
    print("time %.2f: identical in shuffled order" % t)

# FFD keys: t = 0 and t = 2 are the identity, t = 1 squashes the top to z = 0.5.
for t in (0.0, 2.0):
    if max(abs(a - b) for p, q in zip(in_order["FreeFormDeformation"][t], ref) for a, b in zip(p, q)) > 1e-12:
        lib.fail("FFD key %g should be the identity" % t)
top = max(p[2] for p in in_order["FreeFormDeformation"][1.0])
if abs(top - 0.5) > 1e-9:
    lib.fail("the squashed top should be at z = 0.5, got %r" % top)
# Morph: the ends reproduce the inputs exactly; the middle is the eased blend (Sine: 0.5 at 1).
target, _ = points_at(cube, 0.0)
if in_order["MeshMorph"][0.0] != ref or in_order["MeshMorph"][2.0] != target:
    lib.fail("morph ends should reproduce the inputs exactly")
w = (1 - math.cos(math.pi * 0.25)) / 2  # Sine in-out at x = 0.5 / 2 = 0.25 -> time 0.5
mid = in_order["MeshMorph"][0.5]
err = max(abs(m[k] - ((1 - w) * a[k] + w * b[k])) for m, a, b in zip(mid, ref, target) for k in range(3))
if err > 1e-6:
    lib.fail("morph at t = 0.5 is not the eased blend (err %g)" % err)
# Keyframe: linear between (0,0,0) at 0 and (2,0,0) at 1.
pts = in_order["KeyframeInterpolator"][0.5]
if abs(pts[0][0] - ref[0][0] - 1.0) > 1e-6:
    lib.fail("keyframe at 0.5 should translate by 1 in x")
# Skeleton: bone lengths constant in time.
_, bones0 = points_at(skel, 0.0)
_, bones1 = points_at(skel, 1.3)
for c in range(bones0.GetNumberOfCells()):
    ids = bones0.GetCell(c).GetPointIds()
    if ids.GetNumberOfIds() != 2:
        continue  # the joints' vertices
    a, b = ids.GetId(0), ids.GetId(1)
    l0 = math.dist(bones0.GetPoint(a), bones0.GetPoint(b))
    l1 = math.dist(bones1.GetPoint(a), bones1.GetPoint(b))
    if abs(l0 - l1) > 1e-6:
        lib.fail("bone %d changes length: %g vs %g" % (c, l0, l1))

# Bad input: morph of different point counts gives an error and no output.
small = simple.Sphere(ThetaResolution=8, PhiResolution=8)
bad = simple.MeshMorph(Input=sphere, Target=small)
try:
    bad.UpdatePipeline()
except Exception:
    pass
if bad.GetDataInformation().GetNumberOfPoints() != 0:
    lib.fail("morph of different point counts should produce no output")
print("OK")
