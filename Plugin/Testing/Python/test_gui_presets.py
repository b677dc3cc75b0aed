"""L-System's Preset and grammar fields in step in the real ParaView GUI
(under Xvfb, XML test playback; issue 34): choosing "Koch curve" in the
Preset combo box shows the Koch rules in the rule editor before Apply, and
Apply draws the Koch curve (4^4 segments); typing another rule switches the
combo box to Custom, and Apply draws that grammar (F -> F+F-F: 3^4 segments).
Oracles: the Koch grammar of ABOP and the segment counts by hand.

  pvpython test_gui_presets.py <CloudMap plugin> <scratch dir>"""
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
paraview = shutil.which("paraview") or lib.fail("paraview is not on PATH")
work = os.path.join(tmp, "gui_presets")
os.makedirs(work, exist_ok=True)
status = os.path.join(work, "status.txt")
if os.path.exists(status):
    os.remove(status)

setup = os.path.join(work, "setup.py")
with open(setup, "w") as f:
    f.write("""
from paraview.simple import *
view = GetActiveViewOrCreate("RenderView")
plant = LSystem(registrationName="Plant")
Show(plant, view)
Render(view)
SetActiveSource(plant)
open(%r, "w").write("setup OK %%s\\n" %% plant.Preset)
""" % status)
check = os.path.join(work, "check.py")
with open(check, "w") as f:
    f.write("""
from paraview.simple import *
p = FindSource("Plant")
p.UpdatePipeline()
info = p.GetDataInformation()
open(%r, "a").write("%%s Preset=%%s Rules=%%s segments=%%d\\n" %% (
    STEP, p.Preset, p.Rules, info.GetNumberOfPoints() - info.GetNumberOfCells()))
""" % status)

shell = "pqClientMainWindow/pythonShellDock/pythonShell/consoleWidget"
panel = ("pqClientMainWindow/propertiesDock/propertiesPanel/scrollArea/qt_scrollarea_viewport/"
         "scrollAreaWidgetContents/PropertiesFrame/ProxyPanel")
apply_button = "pqClientMainWindow/propertiesDock/propertiesPanel/Accept"
rules = panel + "/Rules"
combo = panel + "/Preset/ComboBox"


event, expect = lib.pq_event, lib.pq_check  # <pqevent>, <pqcheck> lines


def step(name):
    return event(shell, "executeCommand", "STEP = %r; exec(open(%r).read())" % (name, check))


events = [
    event(combo, "set_string", "Koch curve"),
    expect(rules, "rules", "F -> F+F--F+F"),  # shown before Apply
    event(apply_button, "activate"),
    step("koch"),
    event(rules + "/RulesEditor", "set_string", "F -> F+F-F"),
    expect(combo, "currentText", "Custom"),  # switched before Apply
    event(apply_button, "activate"),
    step("custom"),
]
xml = os.path.join(work, "events.xml")
lib.write_pq_events(xml, events)

env = dict(os.environ)
env.update(PV_PLUGIN_PATH=os.path.dirname(os.path.abspath(plugin)))
cmd = [paraview, "-geometry", "1600x1000+0+0", "--dr", "--script=" + setup,
       "--test-script=" + xml, "--exit"]
p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
print((p.stdout + p.stderr)[-4000:])
steps = open(status).read() if os.path.exists(status) else "no status"
print(steps)
want = ["setup OK 'ABOP 1.24a'",
        "koch Preset='Koch curve' Rules=F -> F+F--F+F segments=256",
        "custom Preset='Custom' Rules=F -> F+F-F segments=81"]
if p.returncode != 0 or any(w not in steps for w in want):
    lib.fail("the GUI panel did not keep Preset and rules in step (exit %d)" % p.returncode)
print("OK")
