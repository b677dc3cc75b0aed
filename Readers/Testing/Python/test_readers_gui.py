"""Every reader of issue 3 in the real ParaView GUI (paraview --script, under the
suite's Xvfb): File -> Open's reader factory picks the right reader for each format
(.out shared by nec2c and FEKO, .txt shared with the CSV reader), each opens without
errors, and the NEC sweep's frequencies become the GUI's time steps.

Then File -> Open itself (ParaView's XML test playback: the Open action and its file
dialog, as a user clicks them; issue 34): a nec2c .out and a FEKO .out open with
CloudMap's readers and no "Open Data With..." dialog (the playback goes straight on to
the next event; a dialog would leave no new reader, or block it), a VASP .out still
brings up the dialog with both VASP readers (the playback picks VASP Animation Reader
in it, which fails if there is no dialog), and a garbage .out, which no reader claims,
brings up the dialog of every reader (cancelled); an HFSS .ffd opens with the HFSS Far
Field Reader and no dialog."""
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
paraview = shutil.which("paraview")
if not paraview:
    print("paraview not found: skipped")
    sys.exit(0)
data = lib.DATA
files = {
    "nec/nec2d_sweep.out": "CloudMapNECReader",
    "feko/plate.out": "CloudMapFEKOReader",
    "feko/dipole_format3.ffe": "CloudMapFEKOFarFieldReader",
    "feko/plate_currents.os": "CloudMapFEKOCurrentsReader",
    "cst/helix_circular_realized.txt": "CSTFarFieldReader",
    "gmsh/plate_v22.msh": "CloudMapGmshReader",
    "hfss/exportfield_0.ffd": "CloudMapHFSSFarFieldReader",
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

# ---- File -> Open through the GUI's own reaction (pqLoadDataReaction).
vasp = os.path.realpath(os.path.join(tmp, "NPT_Z_ANIMATE.out"))
with open(vasp, "w") as f:  # VASP's animation layout (VTK's vtkVASPAnimationReader)
    f.write("time = 0.5\n 1 0 0\n 0 1 0\n 0 0 1\n1\n1 1 H 0.1 0.2 0.3 0.5 0.01\n")
garbage = os.path.join(tmp, "garbage.out")
with open(garbage, "w") as f:
    f.write("1 2 3\nno solver wrote this\n")
opens = [("nec", os.path.realpath(os.path.join(data, "nec", "feed_loaded.out")), None),
         ("feko", os.path.realpath(os.path.join(data, "feko", "plate.out")), None),
         ("vasp", vasp, "VASP Animation Reader"),
         ("garbage", garbage, "cancel"),
         ("hfss", os.path.realpath(os.path.join(data, "hfss", "exportfield_0.ffd")), None)]
status2 = os.path.join(tmp, "gui_open_out_status.txt")
if os.path.exists(status2):
    os.remove(status2)
shell = "pqClientMainWindow/pythonShellDock/pythonShell/consoleWidget"


event = lib.pq_event  # a <pqevent> line


xml = os.path.join(tmp, "gui_open_out_events.xml")
with open(xml, "w") as f:
    f.write('<?xml version="1.0" ?>\n<pqevents>\n')
    for step, path, answer in opens:
        f.write(event("pqClientMainWindow/menubar/menu_File", "activate", "actionFileOpen"))
        f.write(event("pqClientMainWindow/FileOpenDialog", "filesSelected", path))
        if answer == "cancel":
            f.write(event("pqClientMainWindow/pqSelectReaderDialog/cancelButton", "activate"))
        elif answer:
            f.write(event("pqClientMainWindow/pqSelectReaderDialog/listWidget",
                          "currentChangedbyItemName", answer))
            f.write(event("pqClientMainWindow/pqSelectReaderDialog/okButton", "activate"))
        # What the Open made: the active source's proxy and file, and how many sources.
        f.write(event(shell, "executeCommand",
                      "s = GetActiveSource(); open(%r, 'a').write('%s %%s %%s %%d\\n' %% "
                      "(s.GetXMLName() if s else None, s.FileName if s else None, "
                      "len(GetSources())))" % (status2, step)))
    f.write("</pqevents>\n")
try:
    p = subprocess.run([paraview, "--dr", "--test-script=" + xml, "--exit"], env=env,
                       capture_output=True, text=True, timeout=150)
except subprocess.TimeoutExpired:
    # A modal "Open Data With..." dialog the playback does not answer waits forever.
    lib.fail("File -> Open hung: a dialog asked which reader to use (%s)" % (
        open(status2).read() if os.path.exists(status2) else "no file opened"))
console = p.stdout + p.stderr
got = open(status2).read() if os.path.exists(status2) else "no status file"
print(got)
lines = {}
for l in got.splitlines():
    if l.strip():  # step, proxy, file, number of sources
        f = l.split()
        lines[f[0]] = [f[1], os.path.realpath(f[2]), f[3]]
want = {"nec": ("CloudMapNECReader", opens[0][1], "1"),
        "feko": ("CloudMapFEKOReader", opens[1][1], "2"),
        "vasp": ("VASPAnimationReader", vasp, "3"),
        "garbage": ("VASPAnimationReader", vasp, "3"),  # cancelled: nothing new
        "hfss": ("CloudMapHFSSFarFieldReader", opens[4][1], "4")}
for step, w in want.items():
    if tuple(lines.get(step, ())) != w:
        lib.fail("File -> Open of the %s .out: got %s, expected %s\n%s" % (
            step, lines.get(step), w, console[-3000:]))
if p.returncode != 0:
    lib.fail("the playback failed (exit %d): a dialog appeared where none was expected, or "
             "none where one was:\n%s" % (p.returncode, console[-3000:]))
print("GUI File -> Open of .out files: OK (no dialog for nec2c and FEKO)")
