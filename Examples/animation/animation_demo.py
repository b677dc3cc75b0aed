"""CloudMap animation demo: writes a few frames of each feature through
ParaView's own Save Animation.

    pvbatch Examples/animation/animation_demo.py <CloudMap.so> [out dir] [frames]

Writes <out>/fire.NNNN.png (Particle System, Point Gaussian), morph.NNNN.png
(Mesh Morph sphere -> box, eased in time), ffd.NNNN.png (Free Form
Deformation squash and stretch with its lattice), wiggle.NNNN.png (a wiggling
3-D logo) and walker.NNNN.png (Skeleton with a skinned body). The default is
6 frames per movie; pass more for smooth playback.
"""
import os
import sys

from paraview import simple

plugin = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "out/animation"
frames = int(sys.argv[3]) if len(sys.argv) > 3 else 6
os.makedirs(out, exist_ok=True)
simple.LoadPlugin(plugin)


def movie(name, view, start, end):
    """Saves `frames` frames between start and end with Save Animation."""
    scene = simple.GetAnimationScene()
    scene.PlayMode = "Sequence"
    scene.StartTime = start
    scene.EndTime = end
    scene.NumberOfFrames = frames
    simple.SaveAnimation(os.path.join(out, name + ".png"), view, ImageResolution=[480, 480],
                         FrameWindow=[0, frames - 1])
    print("wrote %d frames of %s" % (frames, name))


def new_view(camera, focal, up=(0, 0, 1)):
    view = simple.CreateRenderView()
    view.ViewSize = [480, 480]
    view.OrientationAxesVisibility = 0
    try:
        view.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    view.Background = [0.05, 0.05, 0.08]
    view.CameraPosition = camera
    view.CameraFocalPoint = focal
    view.CameraViewUp = up
    return view


# 1. Particle fire (with a little smoke above it).
view = new_view([0, -7, 1.5], [0, 0, 1.5])
fire = simple.ParticleSystem(Preset="Fire", Seed=1, EndTime=4, EmissionEndTime=4)
smoke = simple.ParticleSystem(Preset="Smoke", Seed=2, EndTime=4, EmissionEndTime=4, StartTime=-2)
for src in (fire, smoke):
    rep = simple.Show(src, view)
    rep.SetRepresentationType("Point Gaussian")
    rep.ColorArrayName = ["POINTS", "RGBA"]
    rep.MapScalars = 0
    rep.ScaleByArray = 1
    rep.SetScaleArray = ["POINTS", "Size"]
    rep.GaussianRadius = 0.5
    rep.Opacity = 0.9 if src is fire else 0.25
movie("fire", view, 0.5, 3.5)

# 2. Morph: a sphere into a box of the same point count (a cube's faces are
#    spheres' points pushed to the L-infinity sphere), eased with Sine.
view = new_view([4, -5, 3], [0, 0, 0])
sphere = simple.Sphere(ThetaResolution=40, PhiResolution=40, Radius=1.0)
box = simple.Calculator(Input=sphere, ResultArrayName="Box", CoordinateResults=1,
                        Function="coords/max(max(abs(coordsX),abs(coordsY)),abs(coordsZ))")
morph = simple.MeshMorph(Input=sphere, Target=box, UseTime=1, TimeRange=[0, 1], Easing="Sine")
rep = simple.Show(morph, view)
rep.AmbientColor = rep.DiffuseColor = [0.9, 0.6, 0.3]
movie("morph", view, 0.0, 1.0)

# 3. FFD squash and stretch: the ball squashes, stretches and settles.
view = new_view([4, -6, 2], [0, 0, 0])
ball = simple.Sphere(ThetaResolution=48, PhiResolution=32, Radius=1.0)
ffd = simple.FreeFormDeformation(Input=ball, LatticeSize=[3, 3, 3])
keys = []
for t, squash in ((0.0, 0.0), (0.5, -0.6), (1.0, 0.5), (1.5, -0.15), (2.0, 0.0)):
    keys.append(t)
    for k in range(3):
        for j in range(3):
            for i in range(3):
                bulge = -0.5 * squash * (1 if k == 1 else 0)   # volume-ish: wider when squashed
                keys += [(i - 1) * bulge, (j - 1) * bulge, squash * k / 2.0]
ffd.DisplacementKeys = keys
rep = simple.Show(ffd, view)
simple.ColorBy(rep, ("POINTS", "Normals", "Z"))
lat = simple.Show(simple.OutputPort(ffd, 1), view)
lat.SetRepresentationType("Wireframe")
lat.AmbientColor = lat.DiffuseColor = [1.0, 0.8, 0.2]
movie("ffd", view, 0.0, 2.0)

# 4. A wiggling logo: 3-D text moved rigidly, with per-point jitter on top.
view = new_view([3.4, -1.5, 14], [3.4, 0.5, 0], up=(0, 1, 0))
text = simple.a3DText(Text="CloudMap")
whole = simple.Wiggle(Input=text, Mode="Translate", Frequency=2, Amplitude=0.2, Octaves=2,
                      Directions=[1, 1, 0.3])
jitter = simple.Wiggle(Input=whole, Mode="Per Point", Frequency=4, Amplitude=0.05, Seed=9)
rep = simple.Show(jitter, view)
rep.AmbientColor = rep.DiffuseColor = [0.3, 0.7, 1.0]
movie("wiggle", view, 0.0, 2.0)

# 5. The walker with a skinned body: tubes around the bones of the rest pose
#    (t = 0, held by Force Time) are bound to the bones and follow them.
view = new_view([1.1, -6, 1.0], [1.1, 0, 0.9])
walker = simple.Skeleton(Preset="Walker")
bind = simple.Skeleton(Preset="Walker")  # its own proxy: one output cannot hold two times
rest = simple.ForceTime(Input=bind, ForcedTime=0.0, IgnorePipelineTime=1)
body = simple.Tube(Input=rest, Radius=0.06, NumberofSides=12)
skinned = simple.Skeleton(Input=body, Preset="Walker")
rep = simple.Show(simple.OutputPort(skinned, 1), view)
rep.AmbientColor = rep.DiffuseColor = [0.7, 0.8, 1.0]
joints = simple.Show(walker, view)
joints.SetRepresentationType("Points")
joints.RenderPointsAsSpheres = 1
joints.PointSize = 10
joints.AmbientColor = joints.DiffuseColor = [1.0, 0.3, 0.2]
movie("walker", view, 0.0, 2.0)
