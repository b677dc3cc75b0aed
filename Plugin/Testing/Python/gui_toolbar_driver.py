"""What Plugin.GuiToolbar and Plugin.GuiToolbarFeko share: the Qt object paths of the
Cloud Map toolbar, the XML playback of its clicks, the run of the real ParaView GUI
(gui_toolbar_setup.py, then the playback, each check run in the GUI's Python shell by
gui_toolbar_check.py, which writes one "<step> OK" line per passed step), and the
count of colours in a screenshot."""
import os
import subprocess

import cloudmap_testlib as lib

HERE = os.path.dirname(os.path.abspath(__file__))
# Object paths are the Qt object names from the main window down.
TOOLBAR = "pqClientMainWindow/CloudMapToolbar"
SHELL = "pqClientMainWindow/pythonShellDock/pythonShell/consoleWidget"
UNDO = ("pqClientMainWindow/menubar/menu_Edit", "actionEditUndo")
CHECK = os.path.join(HERE, "gui_toolbar_check.py")
# The steps of vehicle_events(), in order.
VEHICLE_STEPS = ("vehicle_open", "vehicle_pattern_undone", "vehicle_pattern")


def click(action):
    """A click on one of the toolbar's actions."""
    return lib.pq_event(TOOLBAR + "/" + action, "activate")


def undo():
    return lib.pq_event(UNDO[0], "activate", UNDO[1])


def run_check(step):
    """gui_toolbar_check.py run in the GUI's Python shell for one step."""
    return lib.pq_event(SHELL, "executeCommand",
                        "CLOUDMAP_GUI_STEP = %r; exec(open(%r).read())" % (step, CHECK))


def vehicle_events():
    """Open CLOUDMAP_GUI_VEHICLE, click Surface Cloud Map, then Antenna Pattern with the
    cloud map selected; Edit > Undo removes the pattern alone, a second click makes it
    again; each state is checked."""
    return [run_check("vehicle_open"), click("actionSurfaceCloudMap"), click("actionAntennaPattern"),
            undo(), run_check("vehicle_pattern_undone"), click("actionAntennaPattern"),
            run_check("vehicle_pattern")]


def run_gui(paraview, plugin, tmp, name, events, env_extra, steps):
    """Writes the playback <tmp>/<name>_events.xml, runs the GUI on it and fails unless
    every step in `steps` (and "setup") reported OK, ParaView exited with 0 and its
    console has no warning or error. The console is kept in <tmp>/<name>_console.txt."""
    xml = os.path.join(tmp, name + "_events.xml")
    with open(xml, "w") as f:
        f.write('<?xml version="1.0" ?>\n<pqevents>\n' + "".join(events) + "</pqevents>\n")
    status = env_extra["CLOUDMAP_GUI_STATUS"]
    if os.path.exists(status):
        os.remove(status)
    env = dict(os.environ)
    env.update(PV_PLUGIN_PATH=os.path.dirname(os.path.abspath(plugin)), **env_extra)
    # --dr: no user settings are read or written, so the presets and the
    # toolbar come from the plugin alone and the user's configuration is untouched.
    cmd = [paraview, "--dr", "--script=" + os.path.join(HERE, "gui_toolbar_setup.py"),
           "--test-script=" + xml, "--exit"]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    console = p.stdout + p.stderr
    with open(os.path.join(tmp, name + "_console.txt"), "w") as f:
        f.write(console)
    print(console[-4000:])
    report = open(status).read() if os.path.exists(status) else "no status"
    print(report)
    for step in ("setup",) + tuple(steps):
        if not any(l.startswith(step + " OK") for l in report.splitlines()):
            lib.fail("GUI step %s did not pass:\n%s" % (step, report))
    if p.returncode != 0:
        lib.fail("paraview exited with %d" % p.returncode)
    bad = [l for l in console.splitlines()
           if "WARN|" in l or "ERR|" in l or "Warning" in l or "ERROR" in l or "Error" in l]
    if bad:
        lib.fail("the GUI printed warnings or errors: %s" % bad[:3])


def png_image(png):
    from vtkmodules.vtkIOImage import vtkPNGReader
    r = vtkPNGReader()
    r.SetFileName(png)
    r.Update()
    return r.GetOutput()


def distinct_colours(png, what, at_least):
    """Fails unless the screenshot has `at_least` distinct colours (every 7th pixel)."""
    px = png_image(png).GetPointData().GetScalars()
    colours = set()
    for i in range(0, px.GetNumberOfTuples(), 7):
        colours.add(tuple(int(px.GetComponent(i, c)) for c in range(3)))
    print("%s screenshot %s has %d distinct colours" % (what, png, len(colours)))
    if len(colours) < at_least:
        lib.fail("the %s screenshot does not show the bands" % what)
