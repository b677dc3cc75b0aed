"""The example state files (Examples/states/*.pvsm) load in pvpython and
render without errors: each with LoadState(..., data_directory=...) from a
scratch directory (the portable route), the vehicle cloud map also as it is
from the repository root (its stored relative path). Every shown source is
non-empty, the console has no errors or warnings, and the Fig. 9.8 state's
image matches its baseline (Testing/Baselines/states_vehicle_cloudmap.png).
No state holds a label format (printf "%-#6.3g" or std::format "{:<#6.3g}"):
ParaView 6.1 warns about printf formats (deprecated) and 5.11 cannot read
std::format ones, so the states leave them at each version's default
(Examples/states/portable_state.py).

  pvpython test_states.py <CloudMap plugin> <scratch dir>"""
import glob
import os
import re
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
root = lib.ROOT
states_dir = os.path.join(root, "Examples", "states")
data_dir = os.path.join(states_dir, "data")
baseline = os.path.join(root, "Testing", "Baselines", "states_vehicle_cloudmap.png")
pvpython = sys.executable if "pvpython" in os.path.basename(sys.executable) else "pvpython"
work = os.path.join(tmp, "states")
os.makedirs(work, exist_ok=True)

expected = ["fractal_terrain", "lsystem_plant", "vehicle_cloudmap", "vehicle_pattern"]
found = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(states_dir, "*.pvsm")))
if found != expected:
    lib.fail("Examples/states holds %s, expected %s" % (found, expected))


sys.path.insert(0, states_dir)
import portable_state  # noqa: E402
for name in expected:
    text = open(os.path.join(states_dir, name + ".pvsm")).read()
    formats = [(p, v) for p, v in re.findall(r'<Property name="([^"]*Format)"[^>]*>\s*<Element index="0" value="([^"]*)"', text)
               if portable_state.FORMAT.search(v)]
    if formats:
        lib.fail("%s.pvsm holds label formats %s (run Examples/states/portable_state.py)" % (name, formats[:3]))


def load(state, data, png, cwd):
    for attempt in (1, 2):
        p = subprocess.run([pvpython, os.path.join(here, "states_load.py"), plugin, state, data, png],
                           cwd=cwd, capture_output=True, text=True, timeout=600)
        out = p.stdout + p.stderr
        # Only a lost X connection (seen once on the shared machine's Xvfb) is retried.
        if "bad X server connection" not in out:
            break
        print("X connection lost, retrying %s" % os.path.basename(state))
    print(out[-2000:])
    bad = [l for l in out.splitlines() if "ERROR" in l or "Warning" in l or "Error" in l
           or "WARN|" in l or "ERR|" in l]
    if p.returncode != 0 or "STATE OK" not in out or bad:
        lib.fail("loading %s failed (exit %d): %s" % (os.path.basename(state), p.returncode, bad[:3]))


for name in expected:
    png = os.path.join(work, "states_%s.png" % name)
    load(os.path.join(states_dir, name + ".pvsm"), data_dir, png, work)
    print("%s: OK" % name)

# As stored: the relative data path from the repository root.
load(os.path.join(states_dir, "vehicle_cloudmap.pvsm"), "-",
     os.path.join(work, "states_vehicle_cloudmap_root.png"), root)

ok, err = lib.compare_image(os.path.join(work, "states_vehicle_cloudmap.png"), baseline)
if not ok:
    lib.fail("the Fig. 9.8 state does not match its baseline (error %.2f)" % err)
print("states: OK")
