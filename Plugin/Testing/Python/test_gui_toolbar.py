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

# Object paths are the Qt object names from the main window down.
toolbar = "pqClientMainWindow/CloudMapToolbar"
shell = "pqClientMainWindow/pythonShellDock/pythonShell/consoleWidget"
undo = ("pqClientMainWindow/menubar/menu_Edit", "actionEditUndo")
check = os.path.join(here, "gui_toolbar_check.py")


event = lib.pq_event  # a <pqevent> line


def run_check(step):
    return event(shell, "executeCommand",
                 "CLOUDMAP_GUI_STEP = %r; exec(open(%r).read())" % (step, check))


xml = os.path.join(tmp, "gui_toolbar_events.xml")
with open(xml, "w") as f:
    f.write('<?xml version="1.0" ?>\n<pqevents>\n')
    for action, step in (("actionSurfaceCloudMap", "cloudmap"), ("actionAntennaPattern", "pattern")):
        # Click, undo, check; then click again and check what the click made.
        f.write(event(toolbar + "/" + action, "activate"))
        f.write(event(undo[0], "activate", undo[1]))
        f.write(run_check(step + "_undone"))
        f.write(event(toolbar + "/" + action, "activate"))
        f.write(run_check(step))
    # The vehicle: cloud map, then the pattern (undone once, then made again).
    f.write(run_check("vehicle_open"))
    f.write(event(toolbar + "/actionSurfaceCloudMap", "activate"))
    f.write(event(toolbar + "/actionAntennaPattern", "activate"))
    f.write(event(undo[0], "activate", undo[1]))
    f.write(run_check("vehicle_pattern_undone"))
    f.write(event(toolbar + "/actionAntennaPattern", "activate"))
    f.write(run_check("vehicle_pattern"))
    f.write("</pqevents>\n")

env = dict(os.environ)
env.update(PV_PLUGIN_PATH=os.path.dirname(os.path.abspath(plugin)), CLOUDMAP_GUI_INPUT=mesh,
           CLOUDMAP_GUI_PNG=png, CLOUDMAP_GUI_PATTERN_PNG=pattern_png, CLOUDMAP_GUI_STATUS=status,
           CLOUDMAP_GUI_WINDOW_PNG=window_png,
           CLOUDMAP_GUI_VEHICLE=vehicle, CLOUDMAP_GUI_ANTENNA_PNG=antenna_png,
           CLOUDMAP_GUI_FEED="%r,%r,%r" % tuple(feed), CLOUDMAP_GUI_FEED_NAME="tag%d_seg%d" % (tag, seg))
# --dr: no user settings are read or written, so the presets and the
# toolbar come from the plugin alone and the user's configuration is untouched.
cmd = [paraview, "--dr", "--script=" + os.path.join(here, "gui_toolbar_setup.py"),
       "--test-script=" + xml, "--exit"]
p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
console = p.stdout + p.stderr
with open(os.path.join(tmp, "gui_toolbar_console.txt"), "w") as f:
    f.write(console)
print(console[-4000:])
steps = open(status).read() if os.path.exists(status) else "no status"
print(steps)
for step in ("setup", "cloudmap_undone", "cloudmap", "pattern_undone", "pattern", "vehicle_open",
             "vehicle_pattern_undone", "vehicle_pattern"):
    if not any(l.startswith(step + " OK") for l in steps.splitlines()):
        lib.fail("GUI step %s did not pass:\n%s" % (step, steps))
if p.returncode != 0:
    lib.fail("paraview exited with %d" % p.returncode)
bad = [l for l in console.splitlines()
       if "WARN|" in l or "ERR|" in l or "Warning" in l or "ERROR" in l or "Error" in l]
if bad:
    lib.fail("the GUI printed warnings or errors: %s" % bad[:3])

from vtkmodules.vtkIOImage import vtkPNGReader
r = vtkPNGReader()
r.SetFileName(png)
r.Update()
px = r.GetOutput().GetPointData().GetScalars()
colors = set()
for i in range(0, px.GetNumberOfTuples(), 7):
    colors.add(tuple(int(px.GetComponent(i, c)) for c in range(3)))
print("toolbar screenshot has %d distinct colours" % len(colors))
if len(colors) < 20:
    lib.fail("the toolbar's cloud map does not show the bands")
# The pattern over the vehicle: the translucent bands and the body's bands.
r.SetFileName(antenna_png)
r.Update()
px = r.GetOutput().GetPointData().GetScalars()
colors = set()
for i in range(0, px.GetNumberOfTuples(), 7):
    colors.add(tuple(int(px.GetComponent(i, c)) for c in range(3)))
print("antenna pattern screenshot %s has %d distinct colours" % (antenna_png, len(colors)))
if len(colors) < 40:
    lib.fail("the antenna pattern screenshot does not show the bands")
r.SetFileName(window_png)
r.Update()
size = r.GetOutput().GetDimensions()[:2]
if tuple(size) != (1600, 1000):
    lib.fail("the main window's screenshot is %dx%d, not 1600x1000" % tuple(size))
print("GUI toolbar: OK")
