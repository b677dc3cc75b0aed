"""Every documented resource limit refuses an oversized request before
allocating: the error states the projected size and the limit, and the output
stays empty. Each case is run at a size just inside the limit too, so the
test cannot pass by refusing everything."""
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
data = lib.DATA


window = lib.capture_vtk_messages()  # pvpython routes sys.stdout there too: print with lib.say
check = lib.Checks(quiet=True)


def size(proxy):
    d = proxy.GetClientSideObject().GetOutputDataObject(0)
    n = 0
    for m in ("GetNumberOfPoints", "GetNumberOfCells", "GetNumberOfRows"):
        if hasattr(d, m):
            n += getattr(d, m)()
    return n


def run(label, xml, props, refuse, fragments, inp=None, time=None):
    mark = len(window.GetOutput())
    p = sm._getPyProxy(sm.CreateProxy("filters" if inp else "sources", xml))
    if inp is not None:
        p.Input = inp
    for k, v in props.items():
        setattr(p, k, v)
    if time is None:
        p.UpdatePipeline()
    else:
        p.UpdatePipeline(time)
    msg = window.GetOutput()[mark:]
    errors = [l for l in msg.splitlines() if "vtkCloudMap" in l and "(0x" in l]
    n = size(p)
    if refuse:
        lib.say("  %-34s refused: %s" % (label, errors[0][errors[0].find("): ") + 3:][:230] if errors else "<nothing>"))
        check("ERROR" in msg and errors, "%s: not refused" % label)
        for f in fragments:
            check(f in msg, "%s: the message lacks '%s'" % (label, f))
        check(n == 0, "%s: the refused request left %d items of output" % (label, n))
    else:
        lib.say("  %-34s accepted: %d points/cells/rows" % (label, n))
        check("ERROR" not in msg, "%s: refused inside the limit: %s" % (label, msg[:400]))
        check(n > 0, "%s: no output inside the limit" % label)
    simple.Delete(p)


# L-System: Koch curve (1 F -> 8 symbols... length 4^n F plus turns).
run("L-System 30 steps", "CloudMapLSystem", {"Preset": 1, "NumberOfIterations": 30}, True,
    ["30 derivation steps would produce", "symbols", "the limit is 5e+07", "MaximumLength"])
run("L-System within the limit", "CloudMapLSystem", {"Preset": 1, "NumberOfIterations": 4}, False, [])
run("L-System lowered limit", "CloudMapLSystem",
    {"Preset": 1, "NumberOfIterations": 4, "MaximumLength": 100}, True,
    ["4 derivation steps would produce", "the limit is 100"])

# Fractal Terrain: 2^15+1 squared points against the default 1.1e8.
run("Fractal Terrain 15 levels", "CloudMapFractalTerrain", {"NumberOfLevels": 15}, True,
    ["32769 x 32769", "1.07", "the limit is 110000000", "MaximumNumberOfPoints"])
run("Fractal Terrain 5 levels", "CloudMapFractalTerrain", {"NumberOfLevels": 5}, False, [])

# Chaos game.
run("IFS points", "CloudMapIteratedFunctionSystem",
    {"Preset": 1, "NumberOfPoints": 5000, "MaximumNumberOfPoints": 4000}, True,
    ["5000 points", "the limit is 4000", "MaximumNumberOfPoints"])
run("IFS within", "CloudMapIteratedFunctionSystem",
    {"Preset": 1, "NumberOfPoints": 4000, "MaximumNumberOfPoints": 4000}, False, [])

# Escape-time image.
run("Escape Time image", "CloudMapEscapeTimeFractal",
    {"Dimensions": [3000, 2000], "MaximumNumberOfPixels": 5e6}, True,
    ["3000 x 2000 = 6e+06 pixels", "limit of 5e+06", "MaximumNumberOfPixels"])
run("Escape Time within", "CloudMapEscapeTimeFractal",
    {"Dimensions": [200, 100], "MaximumNumberOfPixels": 5e6}, False, [])

# Particles: candidates at a time step against MaximumNumberOfParticles.
run("Particles", "CloudMapParticleSystem", {"MaximumNumberOfParticles": 10}, True,
    ["particles in this piece", "MaximumNumberOfParticles = 10"], time=2.0)
run("Particles within", "CloudMapParticleSystem", {}, False, [], time=2.0)

# Far field: directions against 10^7.
mom = sm._getPyProxy(sm.CreateProxy("sources", "CloudMapMoMReader"))
mom.FileName = os.path.join(data, "bad", "clean_plate.cmom")
run("Far Field 0.01 deg grid", "CloudMapFarFieldFromCurrents", {"ThetaStep": 0.01, "PhiStep": 0.01},
    True, ["samples", "10^7"], inp=mom)
run("Far Field 5 deg grid", "CloudMapFarFieldFromCurrents", {"ThetaStep": 5, "PhiStep": 5}, False, [],
    inp=mom)

# Refinement (levels multiply the cells by 3-4 each).
run("Refinement 12 levels", "CloudMapCentroidMidpointRefinement",
    {"NumberOfLevels": 12, "MaximumNumberOfCells": 100000}, True, ["100000"], inp=mom)
run("Refinement 2 levels", "CloudMapCentroidMidpointRefinement", {"NumberOfLevels": 2}, False, [],
    inp=mom)



# Progress and abort: long runs report several ProgressEvents, and an abort
# requested from a progress observer ends the run with no output.
def progress_abort(label, xml, props, inp=None, abort=True, at=2):
    """`at`: the progress event at which the abort is requested (the
    executive's own 0.0 is the first), to reach aborts deep in the run."""
    p = sm._getPyProxy(sm.CreateProxy("filters" if inp else "sources", xml))
    if inp is not None:
        p.Input = inp
    for k, v in props.items():
        setattr(p, k, v)
    algo = p.GetClientSideObject()
    seen = []

    def on_progress(obj, event):
        seen.append(obj.GetProgress())
        if abort and len(seen) == at:
            obj.SetAbortExecute(1)

    tag = algo.AddObserver("ProgressEvent", on_progress)
    p.UpdatePipeline()
    algo.RemoveObserver(tag)
    n = size(p)
    lib.say("  %-34s %d progress events, %s, output %d" % (label, len(seen), "aborted" if abort else "ran", n))
    check(len(seen) >= max(2, at), "%s: fewer than %d progress events" % (label, max(2, at)))
    if abort:
        check(n == 0, "%s: %d items of output after the abort" % (label, n))
    else:
        check(n > 0 and seen[-1] >= 0.9, "%s: did not finish (%d, %r)" % (label, n, seen[-1:]))
    simple.Delete(p)


def source(xml, **props):
    p = sm._getPyProxy(sm.CreateProxy("sources", xml))
    for k, v in props.items():
        setattr(p, k, v)
    return p


def refined(inp, levels):
    p = sm._getPyProxy(sm.CreateProxy("filters", "CloudMapCentroidMidpointRefinement"))
    p.Input = inp
    p.NumberOfLevels = levels
    return p


# Inputs big enough for several progress blocks (blocks are >= 65536 items):
# 261,122 points / 522,240 triangles; the plate refined to 655,360 elements
# (cell arrays J_real, J_imag, ParentId); a 512 x 512 image.
sphere = source("SphereSource", ThetaResolution=512, PhiResolution=512)
sphere2 = source("SphereSource", ThetaResolution=300, PhiResolution=200)
plate = refined(mom, 9)
wave = source("RTAnalyticSource", WholeExtent=[0, 511, 0, 511, 0, 0])
pattern = source("CloudMapAnalyticAntennaPattern", ThetaStep=1, PhiStep=1)
ifs = source("CloudMapIteratedFunctionSystem", Preset=1, NumberOfPoints=300000)
scatter = source("CloudMapIteratedFunctionSystem", Preset=1, NumberOfPoints=3000)
sphere2_refined = refined(sphere2, 1)  # 481,600 sub-elements with ParentId/ParentCoordinates
for upstream in (sphere, sphere2, plate, wave, pattern, ifs, scatter, sphere2_refined):
    upstream.UpdatePipeline()

for abort in (False, True):
    progress_abort("Area Weighted progress", "CloudMapAreaWeightedPointData",
                   {"ProcessAllArrays": 1}, inp=plate, abort=abort, at=4)
    progress_abort("Banded Color Map progress", "CloudMapBandedColorMap",
                   {"SelectInputArray": ["CELLS", "ParentId"]}, inp=plate, abort=abort)
    progress_abort("Exact Bands progress", "CloudMapBandedColorMap",
                   {"SelectInputArray": ["POINTS", "Normals"], "Component": 2, "ExactBands": 1},
                   inp=sphere, abort=abort, at=6)
    progress_abort("Refinement progress", "CloudMapCentroidMidpointRefinement",
                   {"NumberOfLevels": 1}, inp=sphere, abort=abort, at=10)
    progress_abort("Pattern Surface progress", "CloudMapAntennaPatternSurface",
                   {"NumberOfLevels": 1}, inp=pattern, abort=abort, at=4)
    progress_abort("Free Form Deformation progress", "CloudMapFreeFormDeformation",
                   {"LatticeSize": [3, 3, 3]}, inp=sphere, abort=abort)
    progress_abort("Mesh Morph progress", "CloudMapMeshMorph",
                   {"Target": sphere2, "Correspondence": 1, "Parameter": 0.5}, inp=sphere,
                   abort=abort, at=3)
    progress_abort("Image Morph progress", "CloudMapImageMorph",
                   {"Target": wave, "Parameter": 0.5}, inp=wave, abort=abort)
    progress_abort("Fractal Dimension progress", "CloudMapFractalDimension", {}, inp=ifs,
                   abort=abort, at=5)
    progress_abort("Time Harmonic progress", "CloudMapTimeHarmonic", {}, inp=plate, abort=abort)
    progress_abort("Control Grid progress", "CloudMapControlGridFromPoints", {"GridLevel": 8},
                   inp=scatter, abort=abort)
    progress_abort("Far Field progress", "CloudMapFarFieldFromCurrents",
                   {"ThetaStep": 0.5, "PhiStep": 0.5}, inp=mom, abort=abort)
    progress_abort("Escape Time progress", "CloudMapEscapeTimeFractal", {"Dimensions": [600, 400]},
                   abort=abort)
    progress_abort("IFS progress", "CloudMapIteratedFunctionSystem",
                   {"Preset": 1, "NumberOfPoints": 2000000}, abort=abort)
    progress_abort("Terrain progress", "CloudMapFractalTerrain", {"NumberOfLevels": 9}, abort=abort)
    progress_abort("L-System progress", "CloudMapLSystem", {"Preset": 6, "NumberOfIterations": 6},
                   abort=abort)
    # Inner filters (average, refine, interpolate, band): their progress is
    # forwarded, and an abort reaches the one running (early and late).
    progress_abort("Surface Cloud Map progress", "CloudMapSurfaceCloudMap",
                   {"SelectInputArray": ["CELLS", "ParentId"], "NumberOfLevels": 0}, inp=plate,
                   abort=abort, at=4)
    progress_abort("Surface Cloud Map late abort", "CloudMapSurfaceCloudMap",
                   {"SelectInputArray": ["CELLS", "ParentId"], "NumberOfLevels": 0}, inp=plate,
                   abort=abort, at=30)
    progress_abort("Surface Cloud Map exact progress", "CloudMapSurfaceCloudMap",
                   {"SelectInputArray": ["CELLS", "ParentId"], "ExactBands": 1}, inp=plate,
                   abort=abort, at=20)
    progress_abort("Element Interpolation progress", "CloudMapElementInterpolation",
                   {"Parents": sphere2}, inp=sphere2_refined, abort=abort, at=3)

check.finish("%d problems")
lib.say("every limit refuses with the projected size and leaves no output")
