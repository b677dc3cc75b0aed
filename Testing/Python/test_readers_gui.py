"""Every reader of issue 3 in the real ParaView GUI (paraview --script, under the
suite's Xvfb): File -> Open's reader factory picks the right reader for each format
(.out shared by nec2c and FEKO, .txt shared with the CSV reader), each opens without
errors, and the NEC sweep's frequencies become the GUI's time steps."""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
paraview = shutil.which("paraview")
if not paraview:
    print("paraview not found: skipped")
    sys.exit(0)
data = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Data")
files = {
    "nec/nec2d_sweep.out": "CloudMapNECReader",
    "feko/plate.out": "CloudMapFEKOReader",
    "feko/dipole_format3.ffe": "CloudMapFEKOFarFieldReader",
    "feko/plate_currents.os": "CloudMapFEKOCurrentsReader",
    "cst/helix_circular_realized.txt": "CSTFarFieldReader",
    "gmsh/plate_v22.msh": "CloudMapGmshReader",
}
status = os.path.join(tmp, "gui_readers_status.txt")
script = os.path.join(tmp, "gui_readers_script.py")
with open(script, "w") as f:
    f.write("""import traceback
from paraview.simple import *
out = []
try:
    for path, name in %r:
        r = OpenDataFile(path)
        assert r is not None, "no reader for " + path
        assert r.GetXMLName() == name, "%%s opened with %%s" %% (path, r.GetXMLName())
        r.UpdatePipeline()
        out.append("%%s %%s" %% (name, list(r.TimestepValues) if hasattr(r, "TimestepValues") else []))
    # The time keeper collects the readers' time steps. (Driving the animation scene from
    # a --script would process GUI events and let ParaView's start-up Welcome dialog
    # block the script, so the scene is left alone.)
    out.append("times %%r" %% list(GetTimeKeeper().TimestepValues))
    with open(%r, "w") as f:
        f.write("OK\\n" + "\\n".join(out) + "\\n")
except Exception:
    with open(%r, "w") as f:
        f.write(traceback.format_exc())
""" % ([(os.path.join(data, k), v) for k, v in files.items()], status, status))
if os.path.exists(status):
    os.remove(status)
env = dict(os.environ, PV_PLUGIN_PATH=os.path.dirname(plugin))
p = subprocess.run([paraview, "--script=" + script, "--exit"], env=env, capture_output=True,
                   text=True, timeout=240)
console = p.stdout + p.stderr
text = open(status).read() if os.path.exists(status) else "no status file"
print(text)
if not text.startswith("OK"):
    lib.fail("the GUI script failed:\n" + text + console[-2000:])
errors = [l for l in console.splitlines() if "ERR|" in l]
if errors:
    lib.fail("the GUI printed errors: %s" % errors[:3])
if "1e+08" not in text and "100000000.0" not in text:
    lib.fail("the NEC sweep's 100 MHz step is not a GUI time step")
print("GUI readers: OK")
