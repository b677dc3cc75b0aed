"""Driving any ParaView property from keyframes with the Keyframe
Interpolator: the filter turns (time, value, easing) keys into KeyframeValue
at the animation time, and a Python animation cue copies it into a property
(here a sphere's radius and the camera's distance) on every frame.

    pvbatch Examples/animation/keyframe_drive_property.py <CloudMap.so> [out dir] [frames]
"""
import os
import sys

from paraview import simple
from paraview import servermanager as sm

plugin = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 else "out/animation"
frames = int(sys.argv[3]) if len(sys.argv) > 3 else 6
os.makedirs(out, exist_ok=True)
simple.LoadPlugin(plugin)

sphere = simple.Sphere(ThetaResolution=32, PhiResolution=32)
# Keys: (time, x, y, z, easing). x drives the radius, y the camera distance.
# Easing 10 = Bounce on the first segment, 5 = Sine on the second.
keys = simple.KeyframeInterpolator(Input=sphere, TranslatePoints=0, Interpolation="Linear",
                                   Keys=[0, 0.3, 6, 0, 10,
                                         1, 1.2, 4, 0, 5,
                                         2, 0.5, 8, 0, 0])
view = simple.CreateRenderView()
view.ViewSize = [400, 400]
simple.Show(sphere, view)


def value_at(t):
    keys.UpdatePipeline(t)
    data = keys.GetClientSideObject().GetOutputDataObject(0)  # builtin session
    return data.GetFieldData().GetArray("KeyframeValue").GetTuple3(0)


scene = simple.GetAnimationScene()
scene.PlayMode = "Sequence"
scene.StartTime, scene.EndTime, scene.NumberOfFrames = 0.0, 2.0, frames
for f in range(frames):
    t = scene.StartTime + f * (scene.EndTime - scene.StartTime) / (frames - 1)
    scene.AnimationTime = t
    radius, distance, _ = value_at(t)
    sphere.Radius = radius                      # any property can be driven this way
    view.CameraPosition = [0, -distance, 0]
    view.CameraFocalPoint = [0, 0, 0]
    view.CameraViewUp = [0, 0, 1]
    simple.SaveScreenshot(os.path.join(out, "keyframe.%04d.png" % f), view)
    print("t = %.2f: radius %.3f, camera distance %.3f" % (t, radius, distance))
