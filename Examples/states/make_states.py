"""Writes the example state files (run from anywhere with pvpython; the
CloudMap plugin is taken from build/ or --plugin):

  vehicle_cloudmap.pvsm   the vehicle's surface-current cloud map, 24 bands
                          blue to red with its legend (the chapter's Fig. 9.8)
  vehicle_pattern.pvsm    antenna 1's 3-D pattern at 40 % opacity over the
                          vehicle's cloud map (Fig. 9.10)
  fractal_terrain.pvsm    a random-midpoint-displacement terrain, coloured by
                          elevation
  lsystem_plant.pvsm      the 3-D bush L-system drawn as tubes

Data files are named relative to the repository root
(Examples/states/data/vehicle.out: nec2c's output for the bundled vehicle),
so `paraview --state=Examples/states/X.pvsm` from the repository root opens
them as they are, and LoadState(X, data_directory=".../Examples/states/data")
finds them from anywhere. The plugin must be loaded first (PV_PLUGIN_PATH).

  pvpython Examples/states/make_states.py [--plugin CloudMap.so]
"""
import argparse
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
sys.path.insert(0, os.path.dirname(here))  # Examples/: the shared figure helpers
sys.path.insert(0, here)  # portable_state
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--plugin", default=None)
ap.add_argument("--outdir", default=here)
args = ap.parse_args()

from paraview import simple  # noqa: E402
import cloudmap_figures as figures  # noqa: E402
import portable_state  # noqa: E402

plugin = figures.load_plugin(args.plugin)
os.chdir(root)  # the data paths stored in the states are relative to the repository root
VEHICLE = "Examples/states/data/vehicle.out"


def fresh_view():
    """A new session with one white 1200 x 800 render view."""
    simple.ResetSession()
    return figures.white_view(1200, 800)


def vehicle_cloud(view, show_legend=True):
    from paraview import servermanager as sm
    reader = simple.OpenDataFile(VEHICLE)
    simple.RenameSource("vehicle.out", reader)
    cloud = simple.SurfaceCloudMap(registrationName="Surface Cloud Map", Input=simple.OutputPort(reader, 0),
                                   NumberOfBands=24, NumberOfLevels=3)
    cloud.SelectInputArray = ["CELLS", "|J|"]
    cloud.UpdatePipeline()
    disp = simple.Show(cloud, view)
    simple.ColorBy(disp, ("CELLS", "|J|"))
    lut, lo, hi = figures.band_lut("|J|", sm.Fetch(cloud, idx=1))
    disp.LookupTable = lut
    if show_legend:
        # No range labels: the custom labels include both ends, and the range
        # label's default format (%-#6.1e) is the only one a state can keep
        # (portable_state.py).
        # The labels clamped to the table's range: one a rounding above its top
        # is not drawn.
        top, bottom = lut.RGBPoints[-4], lut.RGBPoints[0]
        labels = [min(max(v, bottom), top) for v in figures.band_labels(lo, hi, 24)]
        figures.legend(lut, view, "Surface current density (A/m)", labels=labels,
                       range_labels=False, length=0.6)
    tubes = simple.Tube(registrationName="Antennas", Input=simple.OutputPort(reader, 1), Radius=0.02,
                        NumberofSides=12)
    wires = simple.Show(tubes, view)
    simple.ColorBy(wires, None)
    wires.AmbientColor = wires.DiffuseColor = [0.15, 0.15, 0.15]
    return reader, cloud


def camera(view, position, focal, up=(0, 0, 1)):
    view.CameraPosition = list(position)
    view.CameraFocalPoint = list(focal)
    view.CameraViewUp = list(up)
    view.ResetCamera()


def save(name):
    path = os.path.join(args.outdir, name)
    simple.SaveState(path)
    # Without the default label formats, which no one format serves on every
    # ParaView (printf up to 5.13, std::format from 6.0; 6.1 warns on printf).
    n = portable_state.strip(path, portable_state.live_defaults())
    print("wrote", path, "(%d default label formats left out)" % n)


# Fig. 9.8: the vehicle's cloud map.
view = fresh_view()
vehicle_cloud(view)
camera(view, (-6.0, -9.0, 7.0), (0.0, 0.0, 0.0))
save("vehicle_cloudmap.pvsm")

# Fig. 9.10: antenna 1's pattern at 40 % opacity over the vehicle.
view = fresh_view()
reader, cloud = vehicle_cloud(view, show_legend=False)
ps = simple.AntennaPatternSurface(registrationName="Antenna Pattern Surface",
                                  Input=simple.OutputPort(reader, 2), Scale="Decibels",
                                  DynamicRange=30.0, Radius=2.0, NumberOfBands=24,
                                  NumberOfLevels=2, Center=[1.875, 0.125, 2.3])
ps.SelectInputArray = ["ROWS", "|E|"]
ps.UpdatePipeline()
pat = simple.Show(ps, view)
simple.ColorBy(pat, ("CELLS", "BandColor"))
pat.MapScalars = 0
pat.Opacity = 0.4
simple.ColorBy(simple.GetDisplayProperties(cloud, view), ("CELLS", "BandColor"))
simple.GetDisplayProperties(cloud, view).MapScalars = 0
camera(view, (-6.0, -9.0, 7.0), (2.5, 0.0, 1.5))
save("vehicle_pattern.pvsm")

# A fractal terrain.
view = fresh_view()
terrain = simple.FractalTerrain(registrationName="Fractal Terrain", ControlGrid=None,
                                NumberOfLevels=8, HurstExponent=0.8, Sigma=0.25, Seed=7,
                                PeakCutting=1)
disp = simple.Show(terrain, view)
simple.ColorBy(disp, ("POINTS", "Elevation"))
lut = simple.GetColorTransferFunction("Elevation")
lut.ApplyPreset("Rainbow Uniform", True)
lut.RescaleTransferFunction(*terrain.PointData["Elevation"].GetRange())
camera(view, (0.5, -1.3, 1.2), (0.5, 0.5, 0.0))
save("fractal_terrain.pvsm")

# An L-system plant as tubes.
view = fresh_view()
plant = simple.LSystem(registrationName="L-System", Preset="3-D bush (ABOP 1.25)")
tube = simple.Tube(registrationName="Branches", Input=plant, Radius=0.08, NumberofSides=8)
tube.Scalars = ["POINTS", "Width"]
tube.VaryRadius = "By Scalar"
disp = simple.Show(tube, view)
simple.ColorBy(disp, ("POINTS", "Depth"))
simple.GetColorTransferFunction("Depth").ApplyPreset("Viridis (matplotlib)", True)
camera(view, (40.0, 12.0, 40.0), (0.0, 12.0, 0.0), up=(0, 1, 0))  # the turtle grows along +y
save("lsystem_plant.pvsm")
