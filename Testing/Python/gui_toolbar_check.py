"""Runs inside the ParaView GUI's Python shell, between the XML playback's
toolbar clicks (exec'd by a pqConsoleWidget "executeCommand" event), with
CLOUDMAP_GUI_STEP naming the step:

- cloudmap: the click made exactly one CloudMapSurfaceCloudMap with the
  chapter defaults, shown coloured by |J| through a discretized 24-value
  lookup table with the band colours and a visible legend, and hid the input;
  writes the screenshot CLOUDMAP_GUI_PNG; then selects a far-field table
  made by the setup script for the next click;
- pattern: the Antenna Pattern click made a CloudMapAntennaPatternSurface
  shown at 40 % opacity in BandColor with Map Scalars off, and saves the
  screenshot CLOUDMAP_GUI_PATTERN_PNG;
- cloudmap_undone, pattern_undone: Edit > Undo right after the click
  removed the filter (and showed the input again); each reselects the input
  for the next click. The checks come straight after the undo because the
  Python shell clears the undo stack when it runs a command.

The first step (cloudmap_undone) also sets the main window to 1600x1000
through X (Qt 6 ignores -geometry) and the cloudmap step keeps a screenshot of
the whole main window, CLOUDMAP_GUI_WINDOW_PNG, that size on Qt 5 and Qt 6.

Each step appends "<step> OK" or its failure to CLOUDMAP_GUI_STATUS."""
import os
import sys
import traceback

from paraview.simple import *
from paraview import servermanager as sm

sys.path.insert(0, os.environ["CLOUDMAP_GUI_HERE"])
import gui_grab  # noqa: E402

MAIN = r"ParaView \d"  # the main window's title: "ParaView 5.11.0"


def proxies_of(xml_name):
    pxm = sm.ProxyManager()
    return [p for p in pxm.GetProxiesInGroup("sources").values() if p.GetXMLName() == xml_name]


def step_cloudmap():
    maps = proxies_of("CloudMapSurfaceCloudMap")
    assert len(maps) == 1, "expected one Surface Cloud Map, found %d" % len(maps)
    cm = maps[0]
    assert cm.NumberOfBands == 24 and cm.Palette == "Blue to Red Rainbow", "not the defaults"
    assert cm.SelectInputArray[1] == "|J|", "maps %s" % cm.SelectInputArray
    view = GetActiveView()
    disp = GetDisplayProperties(cm, view)
    assert disp.Visibility == 1, "the cloud map is not shown"
    assert disp.ColorArrayName[1] == "|J|", "coloured by %s" % disp.ColorArrayName
    lut = disp.LookupTable
    assert lut.Discretize == 1 and lut.NumberOfTableValues == 24, "not a 24-band table"
    assert len(lut.RGBPoints) == 4 * 2 * 24, "%d RGB points" % len(lut.RGBPoints)
    bar = GetScalarBar(lut, view)
    assert bar.Visibility == 1, "no legend"
    assert bar.UseCustomLabels == 1 and len(bar.CustomLabels) >= 9, "legend labels"
    reader = cm.Input
    assert GetDisplayProperties(reader, view).Visibility == 0, "the input is still shown"
    ResetCamera(view)
    Render(view)
    SaveScreenshot(os.environ["CLOUDMAP_GUI_PNG"], view, ImageResolution=[800, 600])
    box = gui_grab.find_window(MAIN)
    assert box is not None, "no main window"
    gui_grab.grab(os.environ["CLOUDMAP_GUI_WINDOW_PNG"], box)
    # Select the far-field table (made by gui_toolbar_setup.py) for the next click.
    SetActiveSource(FindSource("FarField"))
    return "%d cells; main window %dx%d" % (cm.GetDataInformation().GetNumberOfCells(), box[2], box[3])


def step_pattern():
    pats = proxies_of("CloudMapAntennaPatternSurface")
    assert len(pats) == 1, "expected one Antenna Pattern Surface, found %d" % len(pats)
    assert pats[0].SelectInputArray[1] == "|E|", "draws %s" % pats[0].SelectInputArray
    b = pats[0].GetDataInformation().GetBounds()
    assert b[1] - b[0] > 1.9, "the pattern is not drawn at radius 1: bounds %s" % (b,)
    disp = GetDisplayProperties(pats[0], GetActiveView())
    assert disp.Visibility == 1, "the pattern is not shown"
    assert abs(disp.Opacity - 0.4) < 1e-12, "opacity %s" % disp.Opacity
    assert disp.ColorArrayName[1] == "BandColor" and disp.MapScalars == 0, "not the band colours"
    # For the artifact only: a pattern larger than the unit sphere, seen from the side.
    pats[0].Radius = 2.0
    view = GetActiveView()
    view.CameraPosition, view.CameraFocalPoint, view.CameraViewUp = [0, -10, 4], [0, 0, 0], [0, 0, 1]
    ResetCamera(view)
    Render(view)
    SaveScreenshot(os.environ["CLOUDMAP_GUI_PATTERN_PNG"], view, ImageResolution=[800, 600])
    return "%d cells" % pats[0].GetDataInformation().GetNumberOfCells()


def step_cloudmap_undone():
    assert gui_grab.resize_window(MAIN, 1600, 1000), "no main window to resize"
    assert not proxies_of("CloudMapSurfaceCloudMap"), "Undo left the Surface Cloud Map"
    # By its XML name: the Pipeline Browser name follows the label (MoMReader1).
    reader = proxies_of("CloudMapMoMReader")[0]
    assert GetDisplayProperties(reader, GetActiveView()).Visibility == 1, "Undo left the input hidden"
    SetActiveSource(reader)
    return "the Surface Cloud Map click undone"


def step_pattern_undone():
    assert not proxies_of("CloudMapAntennaPatternSurface"), "Undo left the Antenna Pattern Surface"
    SetActiveSource(FindSource("FarField"))
    return "the Antenna Pattern click undone"


step = CLOUDMAP_GUI_STEP  # noqa: F821 (set on the same shell line, before the exec)
try:
    result = {"cloudmap": step_cloudmap, "pattern": step_pattern,
              "cloudmap_undone": step_cloudmap_undone,
              "pattern_undone": step_pattern_undone}[step]()
    line = "%s OK %s" % (step, result)
except Exception:
    line = "%s FAILED %s" % (step, traceback.format_exc().replace("\n", " | "))
with open(os.environ["CLOUDMAP_GUI_STATUS"], "a") as f:
    f.write(line + "\n")
