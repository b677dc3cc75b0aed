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
import sys

import cloudmap_testlib as lib
import gui_toolbar_driver as gui

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

# The Properties panel itself: the read-only Center Used under Center shows the feed.
panel = ("pqClientMainWindow/propertiesDock/propertiesPanel/scrollArea/qt_scrollarea_viewport/"
         "scrollAreaWidgetContents/PropertiesFrame/ProxyPanel")
centre_used = [lib.pq_check(panel + "/CenterUsed/DoubleLineEdit%d" % k, "text", "%g" % feed[k]) for k in range(3)]
gui.run_gui(paraview, plugin, tmp, "gui_feko", gui.vehicle_events() + centre_used, dict(
    CLOUDMAP_GUI_INPUT=mesh, CLOUDMAP_GUI_STATUS=status, CLOUDMAP_GUI_VEHICLE=model,
    CLOUDMAP_GUI_ANTENNA_PNG=png, CLOUDMAP_GUI_READER="CloudMapFEKOReader", CLOUDMAP_GUI_PORTS="2,4",
    CLOUDMAP_GUI_FEED="%r,%r,%r" % tuple(feed), CLOUDMAP_GUI_FEED_NAME="%s_seg%d" % (name, seg)),
    gui.VEHICLE_STEPS)
gui.distinct_colours(png, "FEKO antenna pattern", 40)
print("GUI toolbar on a FEKO .out: OK")
