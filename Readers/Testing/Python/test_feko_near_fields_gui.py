"""File -> Open of FEKO near-field files in the real ParaView GUI (ParaView's XML test
playback, as test_readers_gui.py drives it): an .efe and an .hfe open with the FEKO Near
Field Reader (FEKONearFieldReader), as does a spherical .efe, and no "Open Data With..." dialog (the playback goes
straight on to the next event; a dialog would leave no new reader, or block it until the
timeout), and the opened grid has the arrays of both files (Read Companion is on by
default)."""
import os
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
paraview = shutil.which("paraview")
if not paraview:
    lib.fail("paraview not found")
data = os.path.join(lib.DATA, "feko", "nearfield")
opens = [("efe", os.path.realpath(os.path.join(data, "dipole_2019_cartesian.efe"))),
         ("hfe", os.path.realpath(os.path.join(data, "dipole_2019_cartesian.hfe"))),
         ("spherical", os.path.realpath(os.path.join(data, "dipole_2017_spherical.efe")))]
status = os.path.join(tmp, "gui_feko_nf_status.txt")
if os.path.exists(status):
    os.remove(status)
shell = "pqClientMainWindow/pythonShellDock/pythonShell/consoleWidget"
xml = os.path.join(tmp, "gui_feko_nf_events.xml")
with open(xml, "w") as f:
    f.write('<?xml version="1.0" ?>\n<pqevents>\n')
    for step, path in opens:
        f.write(lib.pq_event("pqClientMainWindow/menubar/menu_File", "activate", "actionFileOpen"))
        f.write(lib.pq_event("pqClientMainWindow/FileOpenDialog", "filesSelected", path))
        # The active source's proxy, the number of sources, the point arrays it shows.
        f.write(lib.pq_event(shell, "executeCommand",
                             "s = GetActiveSource(); s.UpdatePipeline(); open(%r, 'a').write('%s %%s %%d %%s\\n' %% "
                             "(s.GetXMLName() if s else None, len(GetSources()), "
                             "','.join(sorted(s.PointData.keys())) if s else ''))" % (status, step)))
    f.write("</pqevents>\n")
env = dict(os.environ, PV_PLUGIN_PATH=os.path.dirname(plugin))
try:
    p = subprocess.run([paraview, "--dr", "--test-script=" + xml, "--exit"], env=env,
                       capture_output=True, text=True, timeout=150)
except subprocess.TimeoutExpired:
    lib.fail("File -> Open hung: a dialog asked which reader to use (%s)" % (
        open(status).read() if os.path.exists(status) else "no file opened"))
got = open(status).read() if os.path.exists(status) else "no status file"
lib.say(got)
want = ["efe CloudMapFEKONearFieldReader 1 E_imag,E_real,H_imag,H_real,|E|,|H|",
        "hfe CloudMapFEKONearFieldReader 2 E_imag,E_real,H_imag,H_real,|E|,|H|",
        "spherical CloudMapFEKONearFieldReader 3 E_imag,E_real,|E|"]
if got.split("\n")[:3] != want:
    lib.fail("File -> Open of .efe files: got %r, expected %r\n%s" % (got, want, (p.stdout + p.stderr)[-3000:]))
if p.returncode != 0:
    lib.fail("the playback failed (exit %d): a dialog appeared?\n%s" % (p.returncode, (p.stdout + p.stderr)[-3000:]))
lib.say("GUI File -> Open of .efe: OK (no dialog, E and H on one grid)")
