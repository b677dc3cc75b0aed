"""Image baselines of the animation features, rendered by ParaView at fixed
times: particle fire with the Point Gaussian representation (t = 2), an FFD
squash with its lattice (t = 1) and the walker skeleton with a skinned body
(t = 0.5, body bound in the rest pose). Rewrite with CLOUDMAP_UPDATE_BASELINES=1."""
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
here = os.path.dirname(os.path.abspath(__file__))
baselines = lib.BASELINES


def new_view():
    """A fresh render view per image (views are kept, not deleted, until exit)."""
    return lib.render_view([400, 400], background=[0.08, 0.08, 0.1])


def compare_frame(view, name, t):
    view.ViewTime = t
    simple.Render(view)
    png = os.path.join(tmp, name + ".png")
    simple.SaveScreenshot(png, view, ImageResolution=[400, 400])
    ok, err = lib.compare_image(png, os.path.join(baselines, name + ".png"), threshold=15.0)
    if not ok:
        lib.fail("%s differs from its baseline (%.2f)" % (name, err))


# Particle fire.
view = new_view()
fire = simple.ParticleSystem(Preset="Fire", Seed=3, EndTime=4, EmissionEndTime=4)
rep = simple.Show(fire, view)
rep.SetRepresentationType("Point Gaussian")
rep.ColorArrayName = ["POINTS", "RGBA"]
rep.MapScalars = 0
rep.ScaleByArray = 1
rep.SetScaleArray = ["POINTS", "Size"]
rep.GaussianRadius = 0.5
view.CameraPosition = [0, -6, 1.2]
view.CameraFocalPoint = [0, 0, 1.2]
view.CameraViewUp = [0, 0, 1]
view.CameraParallelScale = 1.5
compare_frame(view, "animation_fire", 2.0)

# FFD squash and stretch of a sphere, with the lattice.
view = new_view()
sphere = simple.Sphere(ThetaResolution=48, PhiResolution=32, Radius=1.0)
ffd = simple.FreeFormDeformation(Input=sphere, LatticeSize=[3, 3, 3])
keys = []
for t, squash in ((0.0, 0.0), (1.0, -0.6), (2.0, 0.4)):
    keys.append(t)
    for k in range(3):
        for j in range(3):
            for i in range(3):
                bulge = -0.5 * squash * (1 if k == 1 else 0)
                keys += [(i - 1) * bulge, (j - 1) * bulge, squash * k / 2.0]
ffd.DisplacementKeys = keys
srep = simple.Show(ffd, view)
simple.ColorBy(srep, ("POINTS", "Normals", "Z"))
lrep = simple.Show(simple.OutputPort(ffd, 1), view)
lrep.SetRepresentationType("Wireframe")
lrep.LineWidth = 2
lrep.AmbientColor = lrep.DiffuseColor = [1.0, 0.8, 0.2]
view.CameraPosition = [4, -6, 3]
view.CameraFocalPoint = [0, 0, -0.2]
view.CameraViewUp = [0, 0, 1]
compare_frame(view, "animation_ffd", 1.0)

# The walker with a skinned body of tubes around its bones.
view = new_view()
walker = simple.Skeleton(Preset="Walker")
bind = simple.Skeleton(Preset="Walker")  # its own proxy: one output cannot hold two times
rest = simple.ForceTime(Input=bind, ForcedTime=0.0, IgnorePipelineTime=1)  # bind pose
body = simple.Tube(Input=rest, Radius=0.05, NumberofSides=12)
skinned = simple.Skeleton(Input=body, Preset="Walker")
brep = simple.Show(simple.OutputPort(skinned, 1), view)
brep.AmbientColor = brep.DiffuseColor = [0.6, 0.8, 1.0]
jrep = simple.Show(walker, view)
jrep.SetRepresentationType("Points")
jrep.PointSize = 8
jrep.RenderPointsAsSpheres = 1
jrep.AmbientColor = jrep.DiffuseColor = [1.0, 0.3, 0.2]
view.CameraPosition = [0.6, -4.5, 1.0]
view.CameraFocalPoint = [0.6, 0, 0.9]
view.CameraViewUp = [0, 0, 1]
compare_frame(view, "animation_walker", 0.5)
print("OK")
