"""Runs inside the ParaView GUI's Python shell, between the XML playback's
toolbar clicks (exec'd by a pqConsoleWidget "executeCommand" event), with
CLOUDMAP_GUI_STEP naming the step:

- cloudmap: the click made exactly one CloudMapSurfaceCloudMap with the
  chapter defaults, shown coloured by |J| through a discretized 24-value
  lookup table with the band colours and a visible legend, and hid the input;
  writes the screenshot CLOUDMAP_GUI_PNG; then selects a far-field table
  made by the setup script for the next click;
- pattern: the Antenna Pattern click made a CloudMapAntennaPatternSurface
  on a Decibels scale (bands fixed on -30..0 dB) shown at 40 % opacity,
  coloured by PatternValue with a dB legend, and saves the screenshot
  CLOUDMAP_GUI_PATTERN_PNG;
- vehicle_open: hides everything, opens CLOUDMAP_GUI_VEHICLE (nec2c output, or
  the FEKO .out of Plugin.GuiToolbarFeko), checks it is read by
  CLOUDMAP_GUI_READER (default CloudMapNECReader), shows and selects it for the
  Surface Cloud Map click;
- vehicle_pattern_undone: after Surface Cloud Map, Antenna Pattern and one
  Edit > Undo: no pattern, and the cloud map and the wire tubes still shown;
- vehicle_pattern: the second Antenna Pattern click centred the pattern on
  CLOUDMAP_GUI_FEED (nec2c's printed fed-segment centre), which the Properties
  panel's read-only Center Used shows (the information property as the GUI
  holds it, not refreshed by the check), with radius 0.35 x
  the vehicle's bounding-box diagonal (both measured on the Pattern Grid's
  0 dB circles), a visible dB legend beside the cloud map's, the cloud map
  and the wires (as tubes) visible; saves CLOUDMAP_GUI_ANTENNA_PNG. The
  reader's ports come from CLOUDMAP_GUI_PORTS, "wires,pattern" (default "1,2",
  the NEC-2 reader's; "2,4" for the FEKO .out reader);
- cloudmap_undone, pattern_undone: Edit > Undo right after the click
  removed the filter (and showed the input again); each reselects the input
  for the next click. The checks come straight after the undo because the
  Python shell clears the undo stack when it runs a command.

The first step (cloudmap_undone) also sets the main window to 1600x1000
through X (Qt 6 ignores -geometry) and the cloudmap step keeps a screenshot of
the whole main window, CLOUDMAP_GUI_WINDOW_PNG, that size on Qt 5 and Qt 6.

Each step appends "<step> OK" or its failure to CLOUDMAP_GUI_STATUS."""
import math
import os
import traceback

from paraview.simple import *
from paraview import servermanager as sm

import gui_grab  # noqa: E402

MAIN = r"ParaView \d"  # the main window's title: "ParaView 5.11.0"
READER = os.environ.get("CLOUDMAP_GUI_READER", "CloudMapNECReader")
WIRE_PORT, PATTERN_PORT = (int(x) for x in os.environ.get("CLOUDMAP_GUI_PORTS", "1,2").split(","))


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
    check_pattern_display(pats[0])
    # For the artifact only: a pattern larger than the unit sphere, seen from the side.
    pats[0].Radius = 2.0
    view = GetActiveView()
    view.CameraPosition, view.CameraFocalPoint, view.CameraViewUp = [0, -10, 4], [0, 0, 0], [0, 0, 1]
    ResetCamera(view)
    Render(view)
    SaveScreenshot(os.environ["CLOUDMAP_GUI_PATTERN_PNG"], view, ImageResolution=[800, 600])
    return "%d cells" % pats[0].GetDataInformation().GetNumberOfCells()


def check_pattern_display(pat):
    """The one-click look: dB scale over -30..0 dB, 40 % opacity, PatternValue
    through the band lookup table, a visible legend with a dB title."""
    assert pat.Scale == "Decibels" and pat.DynamicRange == 30 and pat.FixedBandRange == 1, \
        "scale %s, range %s, fixed %s" % (pat.Scale, pat.DynamicRange, pat.FixedBandRange)
    view = GetActiveView()
    disp = GetDisplayProperties(pat, view)
    assert disp.Visibility == 1, "the pattern is not shown"
    assert abs(disp.Opacity - 0.4) < 1e-12, "opacity %s" % disp.Opacity
    assert disp.ColorArrayName[1] == "PatternValue", "coloured by %s" % disp.ColorArrayName
    lut = disp.LookupTable
    assert lut.Discretize == 1 and lut.NumberOfTableValues == 24, "not a 24-band table"
    rgb = lut.RGBPoints
    assert abs(rgb[0] + 30) < 1e-9 and abs(rgb[-4]) < 1e-3, "bands %s .. %s dB" % (rgb[0], rgb[-4])
    bar = GetScalarBar(lut, view)
    assert bar.Visibility == 1, "no pattern legend"
    assert "dB" in bar.Title, "legend title %r" % bar.Title
    labels = ["%.0f" % x for x in bar.CustomLabels]
    assert rgb[-4] == 0.0, "the lookup table ends at %r dB, not 0" % rgb[-4]
    assert bar.LabelFormat in ("%.0f", "{:.0f}") and bar.AddRangeLabels == 0 and \
        labels == ["-30", "-25", "-20", "-15", "-10", "-5", "0"], \
        "dB legend labels %s as %r (range labels %d)" % (labels, bar.LabelFormat, bar.AddRangeLabels)
    return bar


def step_vehicle_open():
    view = GetActiveView()
    for src in GetSources().values():
        Hide(src, view)
    reader = OpenDataFile(os.environ["CLOUDMAP_GUI_VEHICLE"])
    assert reader.GetXMLName() == READER, "opened with %s" % reader.GetXMLName()
    Show(reader, view)
    SetActiveSource(reader)
    Render(view)
    return "vehicle opened"


def source_of(inp):
    """(proxy, port number) of an input property's value."""
    if isinstance(inp, list):
        inp = inp[0]
    return getattr(inp, "Proxy", inp), getattr(inp, "Port", 0)


def on_reader(proxy, port=None):
    src, p = source_of(proxy.Input)
    return src.GetXMLName() == READER and (port is None or p == port)


def vehicle_objects():
    readers = proxies_of(READER)
    assert len(readers) == 1, "%d %s" % (len(readers), READER)
    maps = [m for m in proxies_of("CloudMapSurfaceCloudMap") if on_reader(m)]
    assert len(maps) == 1, "%d cloud maps of the vehicle" % len(maps)
    tubes = proxies_of("TubeFilter")
    assert len(tubes) == 1, "%d tube filters" % len(tubes)
    view = GetActiveView()
    assert on_reader(tubes[0], WIRE_PORT), "the tubes are not on the reader's wires"
    assert GetDisplayProperties(maps[0], view).Visibility == 1, "the cloud map is hidden"
    assert GetDisplayProperties(tubes[0], view).Visibility == 1, "the wire tubes are hidden"
    assert tubes[0].GetDataInformation().GetNumberOfCells() > 0, "no tubes"
    return readers[0], maps[0], tubes[0]


def step_vehicle_pattern_undone():
    pats = [p for p in proxies_of("CloudMapAntennaPatternSurface") if on_reader(p)]
    assert not pats, "Undo left the vehicle's pattern"
    reader, cloud, tubes = vehicle_objects()
    SetActiveSource(cloud)  # the cloud map selected, as after its click
    return "one Undo removed the pattern; the cloud map and the wire tubes stay"


def step_vehicle_pattern():
    reader, cloud, tubes = vehicle_objects()
    pats = [p for p in proxies_of("CloudMapAntennaPatternSurface") if on_reader(p)]
    assert len(pats) == 1, "expected one pattern of the vehicle, found %d" % len(pats)
    pat = pats[0]
    assert on_reader(pat, PATTERN_PORT), "the pattern is not on the reader's Radiation Pattern"
    bar = check_pattern_display(pat)
    view = GetActiveView()
    assert GetScalarBar(GetDisplayProperties(cloud, view).LookupTable, view).Visibility == 1, \
        "the cloud map's legend is gone"
    # The model: the bounding box of the reader's patches and wires.
    box = [1e300, -1e300] * 3
    for port in (0, WIRE_PORT):
        b = reader.GetDataInformation(port).GetBounds()
        for a in range(3):
            box[2 * a] = min(box[2 * a], b[2 * a])
            box[2 * a + 1] = max(box[2 * a + 1], b[2 * a + 1])
    diag = math.sqrt(sum((box[2 * a + 1] - box[2 * a]) ** 2 for a in range(3)))
    # The Pattern Grid's 0 dB circles (xz, yz, xy planes about the centre, radius R)
    # span centre +- R on every axis.
    g = pat.GetDataInformation(2).GetBounds()
    centre = [0.5 * (g[2 * a] + g[2 * a + 1]) for a in range(3)]
    radius = [0.5 * (g[2 * a + 1] - g[2 * a]) for a in range(3)]
    feed = [float(x) for x in os.environ["CLOUDMAP_GUI_FEED"].split(",")]
    err = max(abs(centre[a] - feed[a]) for a in range(3))
    assert err < 1e-3, "pattern centre %s, the file's fed segment at %s" % (centre, feed)
    # The Properties panel's read-only Center Used: the information property as the GUI
    # holds it (refreshed by the plugin after each update; not asked for here), the feed.
    used = [float(x) for x in pat.GetProperty("CenterUsed")]
    assert max(abs(used[a] - feed[a]) for a in range(3)) < 1e-6 * (1 + max(map(abs, feed))), \
        "Center Used shows %s, the pattern sits on %s" % (used, feed)
    want = 0.35 * diag
    assert max(abs(r - want) for r in radius) < 2e-3 * want, \
        "pattern radius %s, want 0.35 x %.4f = %.4f" % (radius, diag, want)
    # The surface itself stays within R of the centre and reaches it (the 0 dB maximum).
    b = pat.GetDataInformation(0).GetBounds()
    assert all(b[2 * a] >= centre[a] - want * 1.001 and b[2 * a + 1] <= centre[a] + want * 1.001
               for a in range(3)), "the pattern surface leaves the sphere of radius R: %s" % (b,)
    view.CameraPosition = [-6.0, -9.0, 7.0]
    view.CameraFocalPoint = [2.5, 0.0, 1.5]
    view.CameraViewUp = [0, 0, 1]
    ResetCamera(view)
    Render(view)
    SaveScreenshot(os.environ["CLOUDMAP_GUI_ANTENNA_PNG"], view, ImageResolution=[1200, 800])
    return ("centre %.4f %.4f %.4f (fed segment %s at %s), Center Used %s; radius %.4f = 0.35 x diagonal %.4f; "
            "legend %r" % (centre[0], centre[1], centre[2], os.environ["CLOUDMAP_GUI_FEED_NAME"], feed, used,
                           radius[0], diag, bar.Title))


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
              "pattern_undone": step_pattern_undone, "vehicle_open": step_vehicle_open,
              "vehicle_pattern_undone": step_vehicle_pattern_undone,
              "vehicle_pattern": step_vehicle_pattern}[step]()
    line = "%s OK %s" % (step, result)
except Exception:
    line = "%s FAILED %s" % (step, traceback.format_exc().replace("\n", " | "))
with open(os.environ["CLOUDMAP_GUI_STATUS"], "a") as f:
    f.write(line + "\n")
