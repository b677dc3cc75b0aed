"""Runs first inside the ParaView GUI for test_gui_panels.py
(paraview --script=gui_panels_setup.py): makes the three sources whose
properties have CloudMap's custom panels, Custom grammars and maps so the
panels are visible, and a sphere under Free Form Deformation:

- "Plant": L-System, Custom (the rule editor);
- "Gasket": Iterated Function System, Custom (the map table);
- "FFD": Free Form Deformation of a sphere, a 2x2x2 lattice (the handle).

Writes "setup OK" or the failure to CLOUDMAP_GUI_STATUS."""
import os
import traceback

from paraview.simple import *

status = os.environ["CLOUDMAP_GUI_STATUS"]
try:
    view = GetActiveViewOrCreate("RenderView")
    plant = LSystem(registrationName="Plant", Preset="Custom", NumberOfIterations=3)
    Show(plant, view)
    gasket = IteratedFunctionSystem(registrationName="Gasket", Preset="Custom", NumberOfPoints=20000)
    gasket.UpdatePipeline()
    ball = Sphere(registrationName="Ball", ThetaResolution=24, PhiResolution=24)
    ffd = FreeFormDeformation(registrationName="FFD", Input=ball, LatticeSize=[2, 2, 2])
    Show(ffd, view)
    Hide(ball, view)
    ResetCamera(view)
    Render(view)
    SetActiveSource(plant)
    with open(status, "w") as f:
        f.write("setup OK\n")
except Exception:
    with open(status, "w") as f:
        f.write("setup FAILED\n" + traceback.format_exc())
