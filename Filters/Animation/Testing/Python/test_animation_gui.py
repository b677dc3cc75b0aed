"""The animation proxies in the real ParaView GUI: the plugin loads with no
warning, every animation source and filter is created and shown (the
Properties panel builds its widgets from the XML), the animation scene takes
the sources' time steps, and the console stays clean."""
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
paraview = shutil.which("paraview")
if not paraview:
    print("paraview not found: skipped")
    sys.exit(0)
env = dict(os.environ)
env.update(PV_PLUGIN_PATH=os.path.dirname(plugin),
           CLOUDMAP_ANIM_GUI_STATUS=os.path.join(tmp, "animation_gui_status.txt"))
env = {k: v for k, v in env.items() if not k.startswith(("OMPI_", "PMIX_", "PMI_"))}
if os.path.exists(env["CLOUDMAP_ANIM_GUI_STATUS"]):
    os.remove(env["CLOUDMAP_ANIM_GUI_STATUS"])
script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "animation_gui_script.py")
p = subprocess.run([paraview, "--script=" + script, "--exit"], env=env, capture_output=True,
                   text=True, timeout=120)
console = p.stdout + p.stderr
print(console[-3000:])
path = env["CLOUDMAP_ANIM_GUI_STATUS"]
status = open(path).read() if os.path.exists(path) else "no status"
if not status.startswith("OK"):
    lib.fail("the GUI script failed: " + status)
bad = [l for l in console.splitlines() if "WARN|" in l or "ERR|" in l or "Warning" in l]
if bad:
    lib.fail("the GUI printed warnings or errors: %s" % bad[:3])
print("animation GUI: OK (%s)" % status.strip())
