"""The shared test helpers' output survives every pvpython: pvpython 5.13 and
later wrap sys.stdout, and what a script prints through the wrapper just
before os._exit is lost (seen on Debian 13's 5.13.2: a check's last line
vanished, exit code 0). A child pvpython here reports through
cloudmap_testlib and leaves with os._exit (lib.leave); its lines must all
arrive, in order, with the status it chose:

- say() then leave(0): the line on stdout, status 0;
- say() then fail(): the FAIL line on stderr, status 1;
- skip(): the SKIP line, status 77;
- Checks: every check printed ("ok   ..."/"FAIL ..."; quiet: the failures
  only), finish() silent with status 0 when all passed, else the summary and
  the failed checks on stderr and status 1 (sys.exit, or os._exit with hard).

A bare print() then os._exit is run too and its fate reported (lost on
5.13+, kept on 5.11), not asserted: that is what the helpers avoid.

  pvpython test_testlib_output.py <CloudMap plugin> <scratch dir>"""
import os
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
here = os.path.dirname(os.path.abspath(__file__))
pvpython = sys.executable if "pvpython" in os.path.basename(sys.executable) else "pvpython"
os.makedirs(tmp, exist_ok=True)
script = os.path.join(tmp, "testlib_output_child.py")
with open(script, "w") as f:
    f.write("""import os, sys
sys.path.insert(0, %r)
from paraview import simple  # pvpython's stdout wrapper is in place once paraview is imported
import cloudmap_testlib as lib
mode = sys.argv[1]
if mode == "bare":
    print("BARE LINE")
    os._exit(0)
for i in range(3):
    lib.say("line %%d" %% i)
if mode == "ok":
    lib.say("RESULT ok")
    lib.leave(0)
if mode == "fail":
    lib.fail("the check failed")
if mode == "skip":
    lib.skip("no such tool here")
if mode.startswith("checks"):
    check = lib.Checks(quiet=mode.endswith("quiet"))
    check(1 + 1 == 2, "first holds")
    check(mode.startswith("checks_pass"), "second holds")
    check.finish("%%d thing(s) wrong", hard=mode.endswith("quiet"))
    lib.say("RESULT finished")
    lib.leave(0)
""" % here)


def run(mode):
    p = subprocess.run([pvpython, script, mode], capture_output=True, text=True, timeout=300,
                       env=lib.mpi_free_env())
    return p.returncode, p.stdout, p.stderr


problems = []
rc, out, err = run("ok")
lines = [l for l in out.splitlines() if l.startswith(("line ", "RESULT"))]
if rc != 0 or lines != ["line 0", "line 1", "line 2", "RESULT ok"]:
    problems.append("say + leave(0): status %d, lines %s (stderr %s)" % (rc, lines, err[-300:]))
rc, out, err = run("fail")
if rc != 1 or "FAIL: the check failed" not in err:
    problems.append("fail(): status %d, stderr %r" % (rc, err[-300:]))
rc, out, err = run("skip")
if rc != 77 or "SKIP: no such tool here" not in out:
    problems.append("skip(): status %d, stdout %r" % (rc, out[-300:]))
rc, out, err = run("checks_pass")
lines = [l for l in out.splitlines() if l.startswith(("ok ", "FAIL", "RESULT"))]
if rc != 0 or lines != ["ok   first holds", "ok   second holds", "RESULT finished"] or "FAIL" in err:
    problems.append("Checks all passing: status %d, lines %s (stderr %r)" % (rc, lines, err[-300:]))
for mode, shown in (("checks", ["ok   first holds", "FAIL second holds"]),
                    ("checks_quiet", ["FAIL second holds"])):
    rc, out, err = run(mode)
    lines = [l for l in out.splitlines() if l.startswith(("ok ", "FAIL", "RESULT"))]
    if rc != 1 or lines != shown or "FAIL: 1 thing(s) wrong (of 2):\n  second holds" not in err:
        problems.append("Checks %s with a failure: status %d, lines %s, stderr %r" % (mode, rc, lines, err[-300:]))
rc, out, err = run("bare")
lib.say("a bare print before os._exit is %s on this pvpython"
        % ("kept" if "BARE LINE" in out else "LOST"))
if problems:
    lib.fail("; ".join(problems))
lib.say("testlib output: OK")
