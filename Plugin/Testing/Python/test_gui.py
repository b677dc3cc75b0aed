"""The plugin in the real ParaView GUI (under the suite's Xvfb): it loads via
PV_PLUGIN_PATH with no warnings or errors on the console, a .cmom file opens
and Surface Cloud Map runs inside the GUI, and the GUI's screenshot shows the
banded colours (many distinct band colours, not a blank view)."""
import os
import subprocess
import sys

import cloudmap_testlib as lib

paraview, plugin, tmp = sys.argv[1:4]
mesh = os.path.join(tmp, "gui_sphere.cmom")
lib.write_sphere_cmom(mesh, nlat=16, nlon=32)
env = dict(os.environ)
env.update(PV_PLUGIN_PATH=os.path.dirname(plugin), CLOUDMAP_GUI_INPUT=mesh,
           CLOUDMAP_GUI_PNG=os.path.join(tmp, "gui.png"),
           CLOUDMAP_GUI_STATUS=os.path.join(tmp, "gui_status.txt"))
if os.path.exists(env["CLOUDMAP_GUI_STATUS"]):
    os.remove(env["CLOUDMAP_GUI_STATUS"])
script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gui_open.py")
p = subprocess.run([paraview, "--script=" + script, "--exit"], env=env, capture_output=True,
                   text=True, timeout=300)
console = p.stdout + p.stderr
print(console[-3000:])
status = open(env["CLOUDMAP_GUI_STATUS"]).read() if os.path.exists(env["CLOUDMAP_GUI_STATUS"]) else "no status"
if not status.startswith("OK"):
    lib.fail("the GUI script failed: " + status)
bad = [l for l in console.splitlines() if "WARN|" in l or "ERR|" in l or "Warning" in l]
if bad:
    lib.fail("the GUI printed warnings or errors: %s" % bad[:3])
from vtkmodules.vtkIOImage import vtkPNGReader
r = vtkPNGReader()
r.SetFileName(env["CLOUDMAP_GUI_PNG"])
r.Update()
img = r.GetOutput()
px = img.GetPointData().GetScalars()
colors = set()
for i in range(0, px.GetNumberOfTuples(), 7):
    colors.add(tuple(int(px.GetComponent(i, c)) for c in range(3)))
print("GUI screenshot has %d distinct colours; status %s" % (len(colors), status.strip()))
if len(colors) < 20:
    lib.fail("the GUI's view does not show a banded cloud map")
print("GUI: OK")
