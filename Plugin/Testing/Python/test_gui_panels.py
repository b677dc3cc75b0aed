"""CloudMap's custom property panels in the real ParaView GUI (under Xvfb),
driven by ParaView's XML test playback; <pqcheck> events assert on the Qt
state of the panels, the Python-shell steps (gui_panels_check.py) on the
pipeline after Apply:

1. L-System rule editor: the default rule has no error; typing a rule with
   an unclosed '[' shows the error at once (hasError, the marked offset,
   before any Apply); closing the bracket clears it; Apply passes the text.
2. IFS map table: three rows, sum 1.0000; editing a p cell turns the sum to
   1.1600 and invalid (red); fixing a second p brings it back to 1.0000 and
   the "used" column shows the probabilities; Apply writes the table back as
   text and the source runs.
3. FFD lattice handle: selecting control point 7 puts the handle on it
   (the handle's X shows the rest position), typing a new X and Apply moves
   that control point, and the deformed sphere's bounds grow.

4. Help: the Properties panel's "?" button opens ParaView's help window
   (on the FFD's page); its screenshot is kept.

Screenshots of the main window with each panel open, 1600x1000 on Qt 5 and
Qt 6 alike (the first step sizes the window through X: Qt 6 ignores
-geometry), are saved in the scratch dir and copied to
/work/notes/gui-screenshots/ when that exists.

  pvpython test_gui_panels.py <CloudMap plugin> <scratch dir>"""
import glob
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
here = os.path.dirname(os.path.abspath(__file__))
paraview = shutil.which("paraview") or lib.fail("paraview is not on PATH")
shots = os.path.join(tmp, "gui_panels")
os.makedirs(shots, exist_ok=True)
for f in glob.glob(os.path.join(shots, "*")):
    os.remove(f)
status = os.path.join(tmp, "gui_panels_status.txt")
if os.path.exists(status):
    os.remove(status)

shell = "pqClientMainWindow/pythonShellDock/pythonShell/consoleWidget"
panel = ("pqClientMainWindow/propertiesDock/propertiesPanel/scrollArea/qt_scrollarea_viewport/"
         "scrollAreaWidgetContents/PropertiesFrame/ProxyPanel")
apply_button = "pqClientMainWindow/propertiesDock/propertiesPanel/Accept"
help_button = "pqClientMainWindow/propertiesDock/propertiesPanel/Help"
check = os.path.join(here, "gui_panels_check.py")
rules = panel + "/Rules"
maps = panel + "/Maps"
lattice = panel + "/cloudmap_ffd_lattice"  # a group widget is named by its panel_widget


event, expect = lib.pq_event, lib.pq_check  # <pqevent>, <pqcheck> lines


def step(name):
    return event(shell, "executeCommand",
                 "CLOUDMAP_GUI_STEP = %r; exec(open(%r).read())" % (name, check))


bad = "F -> F[+F]F[-F]F\nX -> F[+X"
good = "F -> F[+F]F[-F]F\nX -> F[+X]"
events = [
    step("select_plant"),
    expect(rules, "hasError", "false"),
    event(rules + "/RulesEditor", "set_string", bad),
    expect(rules, "hasError", "true"),
    # rule 2 starts at offset 17; its '[' is column 7 of "X -> F[+X"
    expect(rules, "errorStart", "23"),
    step("rules_error"),
    event(rules + "/RulesEditor", "set_string", good),
    expect(rules, "hasError", "false"),
    expect(rules, "errorStart", "-1"),
    event(apply_button, "activate"),
    step("rules_applied"),

    step("select_gasket"),
    expect(maps, "numberOfMaps", "3"),
    expect(maps, "probabilitySum", "1.0000"),
    expect(maps, "probabilitiesValid", "true"),
    event(maps + "/MapTable", "editAccepted", "0.6,0.5"),
    expect(maps, "probabilitySum", "1.1600"),
    expect(maps, "probabilitiesValid", "false"),
    step("maps_bad_sum"),
    event(maps + "/MapTable", "editAccepted", "1.6,0.17"),
    expect(maps, "probabilitySum", "1.0000"),
    expect(maps, "probabilitiesValid", "true"),
    expect(maps + "/MapTable", "modelItemData", "0.7,0.5000"),
    event(apply_button, "activate"),
    step("maps_applied"),

    step("select_ffd"),
    step("ffd_pick_point"),
    expect(lattice, "controlPoint", "1 1 1"),
    event(lattice + "/HandleX", "set_string", "1.5"),
    event(apply_button, "activate"),
    step("ffd_applied"),

    event(help_button, "activate"),
    step("help_open"),
]
xml = os.path.join(tmp, "gui_panels_events.xml")
lib.write_pq_events(xml, events)

env = dict(os.environ)
env.update(PV_PLUGIN_PATH=os.path.dirname(os.path.abspath(plugin)), CLOUDMAP_GUI_STATUS=status,
           CLOUDMAP_GUI_SHOTS=shots)
# -geometry (Qt X11): a window as large as the private Xvfb screen, so the
# panels are readable in the screenshots.
cmd = [paraview, "-geometry", "1600x1000+0+0", "--dr",
       "--script=" + os.path.join(here, "gui_panels_setup.py"),
       "--test-script=" + xml, "--exit"]
p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
console = p.stdout + p.stderr
with open(os.path.join(tmp, "gui_panels_console.txt"), "w") as f:
    f.write(console)
print(console[-6000:])
steps = open(status).read() if os.path.exists(status) else "no status"
print(steps)
for name in ("setup", "select_plant", "rules_error", "rules_applied", "select_gasket",
             "maps_bad_sum", "maps_applied", "select_ffd", "ffd_pick_point", "ffd_applied",
             "help_open"):
    if not any(l.startswith(name + " OK") for l in steps.splitlines()):
        lib.fail("GUI step %s did not pass:\n%s" % (name, steps))
if p.returncode != 0:
    lib.fail("paraview exited with %d (a <pqcheck> failed?)" % p.returncode)
bad_lines = [l for l in console.splitlines()
             if "WARN|" in l or "ERR|" in l or "Warning" in l or "ERROR" in l or "Error" in l]
if bad_lines:
    lib.fail("the GUI printed warnings or errors: %s" % bad_lines[:3])

pngs = sorted(glob.glob(os.path.join(shots, "*.png")))
if len(pngs) != 6:
    lib.fail("expected 6 screenshots, found %s" % pngs)
import struct  # noqa: E402
for png in pngs:
    with open(png, "rb") as f:
        w, h = struct.unpack(">II", f.read(24)[16:24])
    if "help" not in png and (w, h) != (1600, 1000):
        lib.fail("%s is %dx%d, not the main window's 1600x1000" % (os.path.basename(png), w, h))
    if "help" in png and (w < 200 or h < 200):
        lib.fail("the help window is only %dx%d" % (w, h))
notes = "/work/notes/gui-screenshots"
if os.path.isdir(notes):
    for png in pngs:
        shutil.copy(png, notes)
print("GUI panels: OK (%d screenshots in %s)" % (len(pngs), shots))
