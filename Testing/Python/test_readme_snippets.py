"""Every ```python block of README.md and of docs/**/*.md runs as written with pvpython.

A block runs in a scratch folder laid out like the repository root after
`run-demo.sh`: `build/` is the build tree holding the plugin, `out/vehicle.out`
is a nec2c surface-patch output (Testing/Data/nec/box_sm.out stands in for the
demo's vehicle), `dipole.out` a nec2c near-field output, and `Testing/` and
`Examples/` are the source tree's (links). A block that cannot run here is
marked on the line before it with `<!-- readme-test: skip <reason> -->`; the
reason is printed. A block fails on a non-zero exit or on a VTK/ParaView
"ERROR" in its output.

  pvpython test_readme_snippets.py <CloudMap plugin> <scratch dir>
"""
import os
import re
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
import cloudmap_testlib as lib  # noqa: E402

plugin, tmp = os.path.abspath(sys.argv[1]), sys.argv[2]
root = lib.ROOT


def markdown_files():
    """README.md, then every docs/**/*.md in a fixed order (paths relative to root)."""
    files = ["README.md"]
    for d, dirs, names in os.walk(os.path.join(root, "docs")):
        dirs.sort()
        files += sorted(os.path.relpath(os.path.join(d, n), root) for n in names if n.endswith(".md"))
    return files


def python_blocks(text):
    """(line, code, skip reason or None) of every ```python block."""
    blocks = []
    lines = text.split("\n")
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
    return blocks


blocks = []  # (file, line, code, skip reason or None)
for name in markdown_files():
    with open(os.path.join(root, name), encoding="utf-8") as f:
        blocks += [(name,) + b for b in python_blocks(f.read())]
in_readme = sum(1 for b in blocks if b[0] == "README.md")
if in_readme < 1 or len(blocks) - in_readme < 2:
    lib.fail("only %d python blocks in README.md and %d in docs/ (expected >= 1 and >= 2)"
             % (in_readme, len(blocks) - in_readme))

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
# out/vehicle_2port.out (docs/user/network.md): the demo's 2-port run takes minutes, so a
# real nec2c run of two parallel half-wave dipoles, one solve per port, stands in for it.
deck = os.path.join(work, "out", "two_port.nec")
with open(deck, "w") as f:
    f.write("CM PORT 1 11 left\nCM PORT 2 11 right\nCE\n"
            "GW 1 21 0 0 -0.25 0 0 0.25 0.001\nGW 2 21 0.25 0 -0.25 0.25 0 0.25 0.001\nGE 0\n"
            "EX 0 1 11 0 1 0\nFR 0 2 0 0 290 10\nXQ\n"
            "EX 0 2 11 0 1 0\nFR 0 2 0 0 290 10\nXQ\nEN\n")
lib.nec2c(deck, os.path.join(work, "out", "vehicle_2port.out"))
for d in ("Testing", "Examples"):
    os.symlink(os.path.join(root, d), os.path.join(work, d))

pvpython = shutil.which("pvpython") or lib.fail("no pvpython on PATH")
ran = 0
for name, line, code, skip in blocks:
    where = "%s:%d" % (name, line)
    if skip:
        lib.say("%s: skipped: %s" % (where, skip))
        continue
    # The snippets name the 5.11 plugin folder; other releases have their own.
    code = code.replace("paraview-5.11", pvdir)
    script = os.path.join(work, "block_%d.py" % ran)
    with open(script, "w") as f:
        f.write(code + "\n")
    run = subprocess.run([pvpython, script], cwd=work, capture_output=True, text=True,
                         timeout=300, env=lib.mpi_free_env())
    out = run.stdout + run.stderr
    if run.returncode != 0 or "ERROR" in out:
        lib.fail("%s: the python block fails (exit %d):\n%s\n--- output ---\n%s"
                 % (where, run.returncode, code, out[-3000:]))
    lib.say("%s: ran (%d lines)" % (where, code.count("\n") + 1))
    ran += 1
lib.say("OK: %d python blocks of README.md and docs/ ran, %d skipped" % (ran, len(blocks) - ran))
