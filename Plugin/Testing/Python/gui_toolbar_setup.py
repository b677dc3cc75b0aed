"""Runs first inside the ParaView GUI (paraview --script=gui_toolbar_setup.py):
opens the test mesh, shows it and makes it the active source, so the Cloud Map
toolbar's Surface Cloud Map action is enabled when the XML playback clicks it.
It also records whether the plugin's start-up put the colour presets into
ParaView's preset manager. Arguments come through the environment:
CLOUDMAP_GUI_INPUT, CLOUDMAP_GUI_STATUS (a file that receives the lines
"setup OK ..." or the failure)."""
import os
import traceback

from paraview.simple import *
from paraview import servermanager as sm

status = os.environ["CLOUDMAP_GUI_STATUS"]
try:
    presets = sm.vtkSMTransferFunctionPresets.GetInstance()
    names = ["CloudMap 24 Bands (Blue to Red)", "CloudMap 24 Bands (Viridis)"]
    missing = [n for n in names if not presets.HasPreset(n)]
    assert not missing, "presets not in the preset manager: %s" % missing
    reader = OpenDataFile(os.environ["CLOUDMAP_GUI_INPUT"])
    assert reader is not None, "no reader for the file"
    view = GetActiveViewOrCreate("RenderView")
    Show(reader, view)
    ResetCamera(view)
    Render(view)
    # A far-field table for the Antenna Pattern action, selected later.
    AnalyticAntennaPattern(registrationName="FarField", Pattern="Half-Wave Dipole").UpdatePipeline()
    SetActiveSource(reader)
    with open(status, "w") as f:
        f.write("setup OK %d presets\n" % presets.GetNumberOfPresets())
except Exception:
    with open(status, "w") as f:
        f.write("setup FAILED\n" + traceback.format_exc())
