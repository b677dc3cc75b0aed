"""Writes names_pv511.pvsm: a state saved by ParaView 5.11 with the CloudMap
build of main at 5afc845, before the naming scheme of issue 34 (old labels,
old pvpython names, Pattern Metrics columns with spaces). py.names loads it
with today's build and checks that every proxy, its colouring and its tables
come back. Kept to show how the state was made; rerunning it with a newer
build would save a state of that build, not the old one.

  cd <repository root> && pvpython Testing/Data/states/make_names_pv511.py <CloudMap.so>

Data paths are stored relative to the repository root (load with the
repository root as the working directory)."""
import os
import sys

from paraview import simple

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
simple.LoadPlugin(sys.argv[1], ns=globals())
os.chdir(root)
sys.path.insert(0, os.path.join(root, "Examples", "states"))
import portable_state  # noqa: E402

rv = simple.CreateView("RenderView")
rv.ViewSize = [800, 600]
layout = simple.CreateLayout("names")
simple.AssignViewToLayout(rv, layout, 0)

# The vehicle's cloud map (colour by |J|) and antenna 1's pattern (BandColor).
reader = simple.OpenDataFile("Examples/states/data/vehicle.out")
simple.RenameSource("vehicle.out", reader)
cloud = SurfaceCloudMap(registrationName="Surface Cloud Map", Input=simple.OutputPort(reader, 0),
                               NumberOfBands=12, NumberOfLevels=2)
cloud.SelectInputArray = ["CELLS", "|J|"]
d = simple.Show(cloud, rv)
simple.ColorBy(d, ("CELLS", "|J|"))
d.RescaleTransferFunctionToDataRange(True)
pattern = AntennaPatternSurface(registrationName="Antenna Pattern Surface",
                                       Input=simple.OutputPort(reader, 2), Scale="Decibels",
                                       DynamicRange=30.0, Radius=2.0, NumberOfBands=12, NumberOfLevels=1,
                                       Center=[1.875, 0.125, 2.3])
pattern.SelectInputArray = ["ROWS", "|E|"]
p = simple.Show(pattern, rv)
simple.ColorBy(p, ("CELLS", "BandColor"))
p.MapScalars = 0
p.Opacity = 0.4

# An L-system coloured by Depth.
plant = LSystem(registrationName="L-System", Preset="Koch curve")
lp = simple.Show(plant, rv)
simple.ColorBy(lp, ("POINTS", "Depth"))

# Readers whose pvpython names change (openEMS NF2FF, Touchstone).
nf2ff = openEMSNF2FFReader(registrationName="dipole_nf2ff.h5",  # noqa: F821 (LoadPlugin's name)
                           FileName="Testing/Data/openems/dipole_nf2ff.h5")
ts = TouchstoneReader(registrationName="pad_6db_ma.s2p",  # noqa: F821
                      FileName="Testing/Data/touchstone/pad_6db_ma.s2p")

# The tables a user reads, in spreadsheets and a line chart.
metrics = PatternMetrics(registrationName="Pattern Metrics", Input=simple.OutputPort(reader, 2))
cuts = PatternCuts(registrationName="Pattern Cuts", Input=simple.OutputPort(reader, 2))
dim = FractalDimension(registrationName="Fractal Dimension", Input=plant)
for k, src in enumerate((metrics, nf2ff, ts, dim)):
    sv = simple.CreateView("SpreadSheetView")
    simple.AssignViewToLayout(sv, layout, 0)
    simple.Show(src, sv)
chart = simple.CreateView("XYChartView")
simple.AssignViewToLayout(chart, layout, 0)
cd = simple.Show(cuts, chart)
cd.UseIndexForXAxis = 0
cd.XArrayName = "Angle"
cd.SeriesVisibility = ["Plane 1", "Plane 2"]
for v in simple.GetViews():
    simple.Render(v)

path = os.path.join(here, "names_pv511.pvsm")
simple.SaveState(path)
print("wrote", path, portable_state.strip(path, portable_state.live_defaults()))
