"""Run inside the ParaView GUI by test_animation_gui.py (paraview
--script=... --exit): creates every animation source and filter (so the
Properties panel builds their widgets), checks that the time keeper took the
sources' time steps, and updates the particle source at a time. (Playing the
scene from a --script hung under Xvfb here; the pvpython tests cover time.) The status file named
by CLOUDMAP_ANIM_GUI_STATUS receives OK or the failure."""
import os
import traceback

from paraview.simple import *

status = os.environ["CLOUDMAP_ANIM_GUI_STATUS"]


def step(msg):
    with open(status + ".log", "a") as f:
        f.write(msg + "\n")


try:
    step("start")
    fire = ParticleSystem(Preset="Fire", EndTime=2, EmissionEndTime=2)
    SetActiveSource(fire)
    view = GetActiveViewOrCreate("RenderView")
    Show(fire, view)
    step("fire shown")
    walker = Skeleton(Preset="Walker")
    SetActiveSource(walker)
    Show(walker, view)
    step("walker shown")
    sphere = Sphere()
    for make in (lambda: FreeFormDeformation(Input=sphere),
                 lambda: MeshMorph(Input=sphere, Target=sphere),
                 lambda: Wiggle(Input=sphere),
                 lambda: KeyframeInterpolator(Input=sphere)):
        f = make()
        SetActiveSource(f)
        Show(f, view)
        step("filter %s shown" % f.GetXMLLabel())
    wave = Wavelet(WholeExtent=[0, 31, 0, 31, 0, 0])
    im = ImageMorph(Input=wave, Target=wave)
    SetActiveSource(im)
    step("image morph made")
    # The GUI's time keeper collects the sources' time steps by itself.
    steps = list(GetTimeKeeper().TimestepValues)
    step("time keeper has %d time steps" % len(steps))
    assert 2.0 in steps and 0.5 in steps, "time steps %r" % steps[:5]
    fire.UpdatePipeline(1.5)
    n = fire.GetDataInformation().GetNumberOfPoints()
    assert n > 500, "only %d particles at t = 1.5" % n
    with open(status, "w") as f:
        f.write("OK %d\n" % n)
except Exception:
    with open(status, "w") as f:
        f.write(traceback.format_exc())
