"""Every ```python block of README.md runs as written with pvpython.

A block runs in a scratch folder laid out like the source tree after
`run-demo.sh`: `build/` is the build tree holding the plugin, `out/vehicle.out`
is a nec2c surface-patch output (Testing/Data/nec/box_sm.out stands in for the
demo's vehicle), `dipole.out` a nec2c near-field output. A block that cannot
run here is marked on the line before it with
`<!-- readme-test: skip <reason> -->`; the reason is printed.
A block fails on a non-zero exit or on a VTK/ParaView "ERROR" in its output.

  pvpython test_readme_snippets.py <CloudMap plugin> <scratch dir>
"""
import os
import re
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import cloudmap_testlib as lib  # noqa: E402

plugin, tmp = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.dirname(os.path.dirname(here))
readme = open(os.path.join(root, "README.md")).read()

blocks = []  # (line, code, skip reason or None)
lines = readme.split("\n")
i = 0
while i < len(lines):
    if lines[i].strip() == "```python":
        start = i
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        prev = lines[start - 1].strip() if start > 0 else ""
        m = re.match(r"<!--\s*readme-test:\s*skip\s+(.*?)\s*-->", prev)
        blocks.append((start + 1, "\n".join(lines[start + 1:j]), m.group(1) if m else None))
        i = j
    i += 1
if len(blocks) < 2:
    lib.fail("only %d python blocks found in README.md" % len(blocks))

# plugin = <build>/lib/paraview-X.Y/plugins/CloudMap/CloudMap.so
build = plugin
for _ in range(5):
    build = os.path.dirname(build)
pvdir = os.path.basename(os.path.dirname(os.path.dirname(os.path.dirname(plugin))))

work = os.path.join(tmp, "readme_snippets")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(os.path.join(work, "out"))
os.symlink(build, os.path.join(work, "build"))
data = os.path.join(root, "Testing", "Data", "nec")
shutil.copy(os.path.join(data, "box_sm.out"), os.path.join(work, "out", "vehicle.out"))
shutil.copy(os.path.join(data, "dipole_near_fields.out"), os.path.join(work, "dipole.out"))

pvpython = shutil.which("pvpython") or lib.fail("no pvpython on PATH")
ran = 0
for line, code, skip in blocks:
    if skip:
        print("README.md:%d: skipped: %s" % (line, skip))
        continue
    # The README names the 5.11 plugin folder; other releases have their own.
    code = code.replace("paraview-5.11", pvdir)
    script = os.path.join(work, "block_%d.py" % line)
    with open(script, "w") as f:
        f.write(code + "\n")
    run = subprocess.run([pvpython, script], cwd=work, capture_output=True, text=True,
                         timeout=300, env=lib.mpi_free_env())
    out = run.stdout + run.stderr
    if run.returncode != 0 or "ERROR" in out:
        lib.fail("README.md:%d: the python block fails (exit %d):\n%s\n--- output ---\n%s"
                 % (line, run.returncode, code, out[-3000:]))
    print("README.md:%d: ran (%d lines)" % (line, code.count("\n") + 1))
    ran += 1
print("OK: %d README python blocks ran, %d skipped" % (ran, len(blocks) - ran))
