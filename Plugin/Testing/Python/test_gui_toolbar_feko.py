"""The toolbar's Antenna Pattern on a FEKO .out in the real ParaView GUI (issue 41,
"FEKO .out whole"), clicked as Plugin.GuiToolbar clicks it on the NEC-2 vehicle:

the model is Testing/Data/feko/wires_plate_ff_2021.out (a plate of triangles with
currents, a monopole of 4 segments fed by a voltage source at its first segment, the
segment currents and a far-field table, written by make_feko_wires.py in FEKO 2021.2's
layout). gui_toolbar_setup.py starts the GUI (a .cmom sphere, as there); the playback
opens the .out with OpenDataFile in the Python shell (no dialog; it must be read by
the FEKO .out reader), clicks Cloud Map > Surface Cloud Map (the wires become tubes),
then Antenna Pattern with the cloud map selected, Edit > Undo (the pattern alone goes),
and Antenna Pattern again. gui_toolbar_check.py then checks the pattern is made from
the reader's Radiation Pattern (port 4), centred on the port location the file prints
("Location of the port in m", read here, independently of the reader, and checked
against the fed segment's centre in DATA OF THE SEGMENTS), with radius 0.35 x the
bounding-box diagonal of the plate and wires (measured on the Pattern Grid's 0 dB
circles), on the dB scale with its legend at 40 % opacity, the cloud map and the wire
tubes shown, and saves gui_feko_antenna_pattern.png. Finally <pqcheck> events read the
Properties panel itself: the read-only Center Used under Center shows the port location
(0.3, 0.2, 0.03), while Center is 0 0 0.

Passes when every step reports OK, the console has no warnings or errors and the
screenshot shows the bands.

  pvpython test_gui_toolbar_feko.py <CloudMap plugin> <scratch dir>"""
import os
import re
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
here = os.path.dirname(os.path.abspath(__file__))
paraview = shutil.which("paraview") or lib.fail("paraview is not on PATH")
os.makedirs(tmp, exist_ok=True)
model = os.path.join(lib.ROOT, "Testing", "Data", "feko", "wires_plate_ff_2021.out")
NUM = r"([-+]?\d+\.\d+E[-+]\d+)"


def printed_port(path):
    """The port's name, segment and location as the file prints them, and the centre
    of that segment from DATA OF THE SEGMENTS (start on its row, end on the next)."""
    text = open(path).read()
    name = re.search(r"^ Name:\s+(\S+)", text, re.M).group(1)
    seg = int(re.search(r"Absolute number of segment:\s+(\d+)", text).group(1))
    loc = re.search(r"Location of the port in m:\s+x =\s*%s, y =\s*%s, z =\s*%s" % (NUM, NUM, NUM), text)
    lines = text[text.index("DATA OF THE SEGMENTS"):].splitlines()
    for i, l in enumerate(lines):
        f = l.split()
        if len(f) >= 5 and f[0] == str(seg):
            a = [float(x) for x in f[2:5]]
            b = [float(x) for x in lines[i + 1].split()[2:5]]
            return name, seg, [float(x) for x in loc.groups()], [(p + q) / 2 for p, q in zip(a, b)]
    lib.fail("segment %d is not in DATA OF THE SEGMENTS of %s" % (seg, path))


name, seg, feed, centre = printed_port(model)
print("%s prints port %s at segment %d, location %s; the segment's centre %s" % (
    os.path.basename(model), name, seg, feed, centre))
if max(abs(p - q) for p, q in zip(feed, centre)) > 1e-6:
    lib.fail("the printed port location %s is not the fed segment's centre %s" % (feed, centre))
mesh = os.path.join(tmp, "gui_feko_sphere.cmom")
lib.write_sphere_cmom(mesh, nlat=8, nlon=16)
status = os.path.join(tmp, "gui_feko_status.txt")
png = os.path.join(tmp, "gui_feko_antenna_pattern.png")
for f in (status, png):
    if os.path.exists(f):
        os.remove(f)

toolbar = "pqClientMainWindow/CloudMapToolbar"
panel = ("pqClientMainWindow/propertiesDock/propertiesPanel/scrollArea/qt_scrollarea_viewport/"
         "scrollAreaWidgetContents/PropertiesFrame/ProxyPanel")
shell = "pqClientMainWindow/pythonShellDock/pythonShell/consoleWidget"
undo = ("pqClientMainWindow/menubar/menu_Edit", "actionEditUndo")
check = os.path.join(here, "gui_toolbar_check.py")
event = lib.pq_event


def run_check(step):
    return event(shell, "executeCommand",
                 "CLOUDMAP_GUI_STEP = %r; exec(open(%r).read())" % (step, check))


xml = os.path.join(tmp, "gui_feko_events.xml")
with open(xml, "w") as f:
    f.write('<?xml version="1.0" ?>\n<pqevents>\n')
    f.write(run_check("vehicle_open"))
    f.write(event(toolbar + "/actionSurfaceCloudMap", "activate"))
    f.write(event(toolbar + "/actionAntennaPattern", "activate"))
    f.write(event(undo[0], "activate", undo[1]))
    f.write(run_check("vehicle_pattern_undone"))
    f.write(event(toolbar + "/actionAntennaPattern", "activate"))
    f.write(run_check("vehicle_pattern"))
    # The Properties panel itself: the read-only Center Used under Center shows the feed.
    for k in range(3):
        f.write(lib.pq_check(panel + "/CenterUsed/DoubleLineEdit%d" % k, "text", "%g" % feed[k]))
    f.write("</pqevents>\n")

env = dict(os.environ)
env.update(PV_PLUGIN_PATH=os.path.dirname(os.path.abspath(plugin)), CLOUDMAP_GUI_INPUT=mesh,
           CLOUDMAP_GUI_STATUS=status, CLOUDMAP_GUI_VEHICLE=model, CLOUDMAP_GUI_ANTENNA_PNG=png,
           CLOUDMAP_GUI_READER="CloudMapFEKOReader", CLOUDMAP_GUI_PORTS="2,4",
           CLOUDMAP_GUI_FEED="%r,%r,%r" % tuple(feed), CLOUDMAP_GUI_FEED_NAME="%s_seg%d" % (name, seg))
cmd = [paraview, "--dr", "--script=" + os.path.join(here, "gui_toolbar_setup.py"),
       "--test-script=" + xml, "--exit"]
p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
console = p.stdout + p.stderr
with open(os.path.join(tmp, "gui_feko_console.txt"), "w") as f:
    f.write(console)
print(console[-4000:])
steps = open(status).read() if os.path.exists(status) else "no status"
print(steps)
for step in ("setup", "vehicle_open", "vehicle_pattern_undone", "vehicle_pattern"):
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
print("FEKO antenna pattern screenshot %s has %d distinct colours" % (png, len(colors)))
if len(colors) < 40:
    lib.fail("the antenna pattern screenshot does not show the bands")
print("GUI toolbar on a FEKO .out: OK")
