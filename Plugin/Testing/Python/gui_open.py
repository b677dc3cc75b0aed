"""Run inside the ParaView GUI (paraview --script=gui_open.py --exit): the
plugin is loaded through PV_PLUGIN_PATH, a .cmom opens with File → Open's
reader factory, Surface Cloud Map applies, and a screenshot of the GUI's
render view is written. Arguments come through the environment because the
GUI takes no script arguments: CLOUDMAP_GUI_INPUT, CLOUDMAP_GUI_PNG,
CLOUDMAP_GUI_STATUS (a file that receives OK or the failure)."""
import os
import traceback

from paraview.simple import *

status = os.environ["CLOUDMAP_GUI_STATUS"]
try:
    reader = OpenDataFile(os.environ["CLOUDMAP_GUI_INPUT"])
    assert reader is not None, "no reader for the file"
    cm = SurfaceCloudMap(Input=reader)
    cm.UpdatePipeline()
    n = cm.GetDataInformation().GetNumberOfCells()
    assert n > 0, "the cloud map is empty"
    view = GetActiveViewOrCreate("RenderView")
    disp = Show(cm, view)
    ColorBy(disp, ("CELLS", "BandColor"))
    disp.MapScalars = 0
    ResetCamera(view)
    Render(view)
    SaveScreenshot(os.environ["CLOUDMAP_GUI_PNG"], view, ImageResolution=[600, 400])
    with open(status, "w") as f:
        f.write("OK %d\n" % n)
except Exception:
    with open(status, "w") as f:
        f.write(traceback.format_exc())
