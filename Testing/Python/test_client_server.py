"""Client-server: a pvserver (CloudMap on its PV_PLUGIN_PATH) on a free
port, pvpython connected to it with the plugin loaded on both sides, runs
Surface Cloud Map on a small .cmom file; the band range, the band count,
the cell count and the histogram of BandIndex fetched to the client equal
the builtin session's; Antenna Pattern Surface's information property
CenterUsed reaches the client from the server (the Center it used, not the
default 0 0 0).

  pvpython test_client_server.py <CloudMap plugin> <scratch dir>"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time

import cloudmap_testlib as lib

plugin, tmp = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
pvserver = shutil.which("pvserver") or lib.fail("pvserver is not on PATH")
pvpython = shutil.which("pvpython") or lib.fail("pvpython is not on PATH")
os.makedirs(tmp, exist_ok=True)
mesh = os.path.join(tmp, "client_server_sphere.cmom")
lib.write_sphere_cmom(mesh, nlat=12, nlon=24)
helper = os.path.join(here, "client_server_run.py")


def run(*extra):
    p = subprocess.run([pvpython, helper, plugin, mesh, *extra], capture_output=True, text=True,
                       timeout=300)
    out = p.stdout + p.stderr
    lines = [l for l in out.splitlines() if l.startswith("RESULT ")]
    bad = [l for l in out.splitlines() if "ERR|" in l or "ERROR" in l or "Warning" in l]
    if p.returncode != 0 or not lines or bad:
        print(out[-3000:])
        lib.fail("the %s run failed (exit %d)" % ("client-server" if extra else "builtin", p.returncode))
    return json.loads(lines[-1][len("RESULT "):])


with socket.socket() as s:  # a free port (the kernel's pick)
    s.bind(("localhost", 0))
    port = s.getsockname()[1]
env = dict(os.environ, PV_PLUGIN_PATH=os.path.dirname(plugin))
log = open(os.path.join(tmp, "client_server_pvserver.log"), "w+")
server = subprocess.Popen([pvserver, "--server-port=%d" % port, "--force-offscreen-rendering"],
                          env=env, stdout=log, stderr=subprocess.STDOUT)
try:
    for _ in range(300):
        log.seek(0)
        if "Accepting connection" in log.read() or server.poll() is not None:
            break
        time.sleep(0.1)
    if server.poll() is not None:
        log.seek(0)
        lib.fail("pvserver exited: %s" % log.read()[-2000:])
    remote = run(str(port))
finally:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
    log.seek(0)
    server_log = log.read()
    log.close()
builtin = run()
print("builtin:", builtin)
print("remote: ", remote)
if not remote["remote"] or builtin["remote"]:
    lib.fail("the sessions are not what they should be")
for key in ("bands", "cells", "histogram"):
    if remote[key] != builtin[key]:
        lib.fail("%s differs: %s vs %s" % (key, remote[key], builtin[key]))
for a, b in zip(remote["range"], builtin["range"]):
    if abs(a - b) > 1e-12 * max(1.0, abs(b)):
        lib.fail("band range differs: %s vs %s" % (remote["range"], builtin["range"]))
for name, result in (("remote", remote), ("builtin", builtin)):
    if result["center_used"] != [1.5, -2.0, 3.25]:
        lib.fail("%s: CenterUsed %s, not the Center 1.5 -2 3.25 the server used" % (name, result["center_used"]))
bad = [l for l in server_log.splitlines() if "ERROR" in l or "Warning" in l]
if bad:
    lib.fail("pvserver printed errors: %s" % bad[:3])
print("client-server: OK (port %d, range %s)" % (port, remote["range"]))
