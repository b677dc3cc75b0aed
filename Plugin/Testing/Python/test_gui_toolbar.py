"""The Cloud Map toolbar in the real ParaView GUI (under the suite's Xvfb),
driven by ParaView's XML test playback:

1. gui_toolbar_setup.py (--script) opens a .cmom sphere and selects it, and
   checks that the plugin's start-up added the CloudMap colour presets;
2. the playback clicks Cloud Map > Surface Cloud Map and Edit > Undo, and
   gui_toolbar_check.py, run in the GUI's Python shell, finds no cloud map and
   the input shown again; it clicks Surface Cloud Map again and the check
   finds the filter with the chapter's defaults, the band lookup table, the
   legend and the hidden input, and saves a screenshot of the view and one of
   the whole main window (1600x1000 on Qt 5 and Qt 6: the window is sized
   through X, as Qt 6 ignores -geometry);
3. the same for Cloud Map > Antenna Pattern on a far-field table: undone,
   then the pattern at 40 % opacity in its band colours;
4. the chapter's Fig. 9.10 in two clicks: the communication vehicle (made by
   Examples/vehicle/make_vehicle.py, solved by nec2c here) is opened, Surface
   Cloud Map is clicked (the wires shown as tubes), then Antenna Pattern with the
   cloud map selected; Edit > Undo removes the pattern alone (one step), a second
   click makes it again, and gui_toolbar_check.py checks the pattern's centre
   against the fed segment's centre that nec2c printed in SEGMENTATION DATA (read
   here, independently of the reader), its radius (0.35 x the vehicle's
   bounding-box diagonal, measured on the 0 dB circles of the Pattern Grid), its
   dB scale and legend, the tubes, and saves gui_antenna_pattern.png next to
   gui_toolbar.png.

Passes when every step reports OK, the console has no warnings or errors,
and the screenshot shows the banded colours.

  pvpython test_gui_toolbar.py <CloudMap plugin> <scratch dir>"""
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib
import gui_toolbar_driver as gui

plugin, tmp = sys.argv[1:3]
here = os.path.dirname(os.path.abspath(__file__))
paraview = shutil.which("paraview") or lib.fail("paraview is not on PATH")
nec2c = shutil.which("nec2c") or lib.fail("nec2c is not on PATH")
os.makedirs(tmp, exist_ok=True)
root = lib.ROOT
deck, vehicle = os.path.join(tmp, "gui_vehicle.nec"), os.path.join(tmp, "gui_vehicle.out")
subprocess.run([shutil.which("python3") or lib.fail("python3 is not on PATH"), os.path.join(root, "Examples", "vehicle", "make_vehicle.py"), deck],
               check=True, stdout=subprocess.DEVNULL)
lib.nec2c(deck, vehicle, timeout=600)


def printed_feed(path):
    """The fed segment (first ANTENNA INPUT PARAMETERS row) and its centre as nec2c
    printed it in SEGMENTATION DATA (metres, 4 decimals)."""
    lines = open(path).read().splitlines()
    seg = None
    for i, l in enumerate(lines):
        if "ANTENNA INPUT PARAMETERS" in l:
            tag, seg = (int(x) for x in lines[i + 3].split()[:2])
            break
    table = False
    for l in lines:
        table = table or "SEGMENTATION DATA" in l
        f = l.split()
        if table and seg and len(f) >= 12 and f[0] == str(seg):
            return tag, seg, [float(x) for x in f[1:4]]
    lib.fail("no fed segment in %s" % path)


tag, seg, feed = printed_feed(vehicle)
print("nec2c feeds tag %d segment %d at %s" % (tag, seg, feed))
mesh = os.path.join(tmp, "gui_toolbar_sphere.cmom")
lib.write_sphere_cmom(mesh, nlat=16, nlon=32)
status = os.path.join(tmp, "gui_toolbar_status.txt")
png = os.path.join(tmp, "gui_toolbar.png")
pattern_png = os.path.join(tmp, "gui_toolbar_pattern.png")
antenna_png = os.path.join(tmp, "gui_antenna_pattern.png")
window_png = os.path.join(tmp, "gui_toolbar_window.png")
for f in (status, png, pattern_png, window_png, antenna_png):
    if os.path.exists(f):
        os.remove(f)

events = []
for action, step in (("actionSurfaceCloudMap", "cloudmap"), ("actionAntennaPattern", "pattern")):
    # Click, undo, check; then click again and check what the click made.
    events += [gui.click(action), gui.undo(), gui.run_check(step + "_undone"),
               gui.click(action), gui.run_check(step)]
# The vehicle: cloud map, then the pattern (undone once, then made again).
events += gui.vehicle_events()
gui.run_gui(paraview, plugin, tmp, "gui_toolbar", events, dict(
    CLOUDMAP_GUI_INPUT=mesh, CLOUDMAP_GUI_PNG=png, CLOUDMAP_GUI_PATTERN_PNG=pattern_png,
    CLOUDMAP_GUI_STATUS=status, CLOUDMAP_GUI_WINDOW_PNG=window_png,
    CLOUDMAP_GUI_VEHICLE=vehicle, CLOUDMAP_GUI_ANTENNA_PNG=antenna_png,
    CLOUDMAP_GUI_FEED="%r,%r,%r" % tuple(feed), CLOUDMAP_GUI_FEED_NAME="tag%d_seg%d" % (tag, seg)),
    ("cloudmap_undone", "cloudmap", "pattern_undone", "pattern") + gui.VEHICLE_STEPS)

gui.distinct_colours(png, "toolbar cloud map", 20)
# The pattern over the vehicle: the translucent bands and the body's bands.
gui.distinct_colours(antenna_png, "antenna pattern", 40)
size = gui.png_image(window_png).GetDimensions()[:2]
if tuple(size) != (1600, 1000):
    lib.fail("the main window's screenshot is %dx%d, not 1600x1000" % tuple(size))
print("GUI toolbar: OK")
