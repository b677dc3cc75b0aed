"""The malformed-input corpus (Testing/Data/bad/MANIFEST.tsv) through the
plugin's VTK readers in pvpython. Each reader first reads a clean file of its
format (so there is something to lose), then the bad one: the error must reach
vtkOutputWindow naming the file, the line and the problem, as the only error,
and every output port must be empty afterwards (no half-filled or stale output). Accepted files
(CRLF, BOM, tabs) must give the same output as their clean reference. "warn"
files (an optional block damaged, the partial-result rule) must give one
warning naming the file, the line and the problem, no error, the rest of the
output, and only the port the reference column names ("port:N") empty. Then a
directory, a missing file and a file without read permission, per reader."""
import os
import re
import subprocess
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
bad = os.path.normpath(os.path.join(lib.DATA, "bad"))

READERS = {  # format: (XML name, clean file)
    "mom": ("CloudMapMoMReader", "clean_plate.cmom"),
    "nec": ("CloudMapNECReader", "../nec/box_sm.out"),
    "feko_ffe": ("CloudMapFEKOFarFieldReader", "../feko/dipole_format3.ffe"),
    "feko_os": ("CloudMapFEKOCurrentsReader", "../feko/plate_currents.os"),
    "feko_nf": ("CloudMapFEKONearFieldReader", "../feko/nearfield/dipole_2019_cartesian.efe"),
    "feko_out": ("CloudMapFEKOReader", "../feko/plate.out"),
    "cst": ("CSTFarFieldReader", "../cst/dipole_spherical_dbi.txt"),
    "cst_ffs": ("CSTFarFieldReader", "../cst/dipole_source.ffs"),
    "msi": ("MSIPlanetAntennaReader", "../msi/sector_65_18.msi"),
    "pafx": ("PlanetPAFXAntennaReader", "../pafx/sector_65_18.pafx"),
    "gmsh": ("CloudMapGmshReader", "../gmsh/plate_v22.msh"),
    "hfss": ("CloudMapHFSSFarFieldReader", "../hfss/exportfield_0.ffd"),
    "grasp": ("GRASPReader", "grasp_reference.cut"),
    "palace": ("CMPalaceFarFieldReader", "../palace/dipole_nsample100.csv"),
    "palace_s": ("CMPalacePortReader", "../palace/cpw_lumped_uniform/port-S.csv"),
    "touchstone": ("CloudMapTouchstoneReader", "../touchstone/pad_6db_ma.s2p"),
    "feko_ports": ("CloudMapFEKOReader", "../feko/strip_ports.out"),
    "feko_wires": ("CloudMapFEKOReader", "../feko/dipole_wire_2017.out"),
    "openems": ("CloudMapOpenEMSReader", "../openems/dipole_nf2ff.h5"),
    "openems_dump": ("CloudMapOpenEMSDumpReader", "../openems/dipole_efd.h5"),
}

# pvpython sends Python's sys.stdout through vtkOutputWindow too, so this test
# prints to the real stdout (lib.say) and keeps the string window for VTK's messages.
window = lib.capture_vtk_messages()
check = lib.Checks(quiet=True)


def make_reader(fmt, path):
    proxy = sm.CreateProxy("sources", READERS[fmt][0])
    r = sm._getPyProxy(proxy)
    r.FileName = path
    return r


def summary(r):
    """Per output port: (points, cells, rows, array checksums)."""
    algo = r.GetClientSideObject()
    out = []
    for port in range(algo.GetNumberOfOutputPorts()):
        d = algo.GetOutputDataObject(port)
        pts = d.GetNumberOfPoints() if hasattr(d, "GetNumberOfPoints") else 0
        cells = d.GetNumberOfCells() if hasattr(d, "GetNumberOfCells") else 0
        rows = d.GetNumberOfRows() if hasattr(d, "GetNumberOfRows") else 0
        sums = []
        attrs = []
        if hasattr(d, "GetPointData"):
            attrs += [d.GetPointData(), d.GetCellData()]
        if hasattr(d, "GetRowData"):
            attrs.append(d.GetRowData())
        for a in attrs:
            for i in range(a.GetNumberOfArrays()):
                arr = a.GetArray(i)
                if arr is None:
                    continue
                s = 0.0
                for t in range(arr.GetNumberOfTuples()):
                    for c in range(arr.GetNumberOfComponents()):
                        v = arr.GetComponent(t, c)
                        s += v * (1 + (t % 7) + c) if v == v else 0.5
                sums.append((arr.GetName(), round(s, 9)))
        if pts and hasattr(d, "GetPoint"):
            sums.append(("points", round(sum(sum(d.GetPoint(k)) * (1 + k % 5) for k in range(pts)), 9)))
        out.append((pts, cells, rows, tuple(sums)))
    return out


def empty(s):
    return all(p == 0 and c == 0 and r == 0 for p, c, r, _ in s)


def read_bad(fmt, path, label, line, frags):
    """Reads the clean file, then `path`; checks the error and the emptiness."""
    r = make_reader(fmt, os.path.join(bad, READERS[fmt][1]))
    mark = len(window.GetOutput())
    r.UpdatePipeline()
    clean = window.GetOutput()[mark:]
    check("ERROR" not in clean, "%s: the clean file gave errors: %s" % (label, clean))
    check(not empty(summary(r)), "%s: the clean file gave no output" % label)
    mark = len(window.GetOutput())
    r.FileName = path
    r.UpdatePipeline()
    msg = window.GetOutput()[mark:]
    first = [l for l in msg.splitlines() if path in l]
    lib.say("  %-30s %s" % (label, first[0][:200] if first else "<no message naming the file>"))
    check("ERROR" in msg.upper(), "%s: no error reported" % label)
    # One error, not ours followed by "no parsed ..." and the executive's own messages.
    check(msg.count("ERROR: In ") == 1, "%s: %d errors, expected one: %s"
          % (label, msg.count("ERROR: In "), msg[:900]))
    check(path in msg, "%s: the error does not name the file" % label)
    if line > 0:
        check("%s:%d: " % (path, line) in msg, "%s: the error does not name line %d" % (label, line))
    for f in frags:
        check(f in msg, "%s: the error lacks '%s'" % (label, f))
    check(empty(summary(r)), "%s: output not empty after the error: %r" % (label, summary(r)[:1]))
    simple.Delete(r)


def read_partial(fmt, path, label, line, frags, ref):
    """An optional block damaged: one warning (file, line, problem), no error, port 0
    read, the port `ref` names ("port:N") empty."""
    empty_port = int(ref.split(":")[1])
    mark = len(window.GetOutput())  # (setting FileName may already parse the file)
    r = make_reader(fmt, path)
    r.UpdatePipeline()
    msg = window.GetOutput()[mark:]
    got = summary(r)
    warnings = [l for l in msg.splitlines() if path in l]
    lib.say("  %-30s %s" % (label, warnings[0][:200] if warnings else "<no message naming the file>"))
    check("ERROR" not in msg.upper(), "%s: an error for an optional block: %s" % (label, msg[:300]))
    check(msg.upper().count("WARNING") == 1, "%s: not exactly one warning: %s" % (label, msg[:600]))
    check(line <= 0 or "%s:%d: " % (path, line) in msg, "%s: the warning does not name line %d" % (label, line))
    for f in frags:
        check(f in msg, "%s: the warning lacks '%s'" % (label, f))
    # The required part is read: port 0 (the mesh), or for a NEC-2 wire-only model,
    # whose port 0 of patches is empty, port 1 (the wires).
    kept = 1 if fmt == "nec" and got[0][1] == 0 else 0
    # A FEKO wire-only model's wires are on port 2 (its surface, port 0, is empty).
    kept = 2 if fmt == "feko_wires" and got[0][1] == 0 else kept
    # (a table, as the Touchstone reader's port 0, has rows instead)
    check((got[kept][0] > 0 and got[kept][1] > 0) or got[kept][2] > 0,
          "%s: port %d empty after an optional block failed" % (label, kept))
    check(empty_port < len(got) and empty([got[empty_port]]), "%s: port %d not empty, or missing" % (label, empty_port))
    simple.Delete(r)


rows = 0
for row in open(os.path.join(bad, "MANIFEST.tsv")):
    if row.startswith("#") or not row.strip():
        continue
    name, fmt, cls, expect, line, frags, ref = row.rstrip("\n").split("\t")
    rows += 1
    path = os.path.join(bad, name)
    if expect == "warn" and ref.startswith("port:"):
        read_partial(fmt, path, name, int(line), [] if frags == "-" else frags.split("|"), ref)
    elif expect == "warn":
        # The partial-result rule: the mesh is output, the failed block is one warning
        # (reported when the file is parsed: on the reader's first information request).
        mark = len(window.GetOutput())
        r = make_reader(fmt, path)
        r.UpdatePipeline()
        msg = window.GetOutput()[mark:]
        named = [l for l in msg.splitlines() if "%s:%s: " % (path, line) in l]
        if fmt == "pafx":  # a pattern's entry is named after the archive: "path[entry]:line: "
            named = [l for l in msg.splitlines() if re.search(re.escape(path) + r"\[[^]]*\]:%s: " % line, l)]
        lib.say("  %-30s %s" % (name, named[0][:200] if named else "<no warning naming the file and line>"))
        check("ERROR" not in msg.upper(), "%s: errors: %s" % (name, msg))
        check(not empty(summary(r)), "%s: no output" % name)
        check(len(named) == 1, "%s: expected one warning naming %s:%s" % (name, path, line))
        for f in ([] if frags == "-" else frags.split("|")):
            check(any(f in l for l in named), "%s: the warning lacks '%s'" % (name, f))
        simple.Delete(r)
    elif expect == "accept":
        r = make_reader(fmt, path)
        mark = len(window.GetOutput())
        r.UpdatePipeline()
        got = summary(r)
        q = make_reader(fmt, os.path.join(bad, ref))
        q.UpdatePipeline()
        want = summary(q)
        check("ERROR" not in window.GetOutput()[mark:], "%s: errors: %s" % (name, window.GetOutput()[mark:]))
        check(got == want and not empty(got), "%s: output differs from %s" % (name, ref))
        lib.say("  %-30s accepted, same output as %s" % (name, ref))
        simple.Delete(r)
        simple.Delete(q)
    else:
        read_bad(fmt, path, name, int(line), [] if frags == "-" else frags.split("|"))
check(rows >= 40, "only %d manifest rows" % rows)

# A directory, a missing file; per reader.
scratch = os.path.join(tmp, "bad_inputs_py")
os.makedirs(os.path.join(scratch, "a_directory"), exist_ok=True)
missing = os.path.join(scratch, "no_such_file")
if os.path.exists(missing):
    os.remove(missing)
for fmt in READERS:
    read_bad(fmt, os.path.join(scratch, "a_directory"), fmt + " directory", 0, ["is a directory"])
    read_bad(fmt, missing, fmt + " missing", 0, ["No such file"])

# No read permission. root reads through mode 000, so then the check runs in a
# child pvpython that drops to the "nobody" user first.
locked = os.path.join(scratch, "no_permission")
with open(locked, "w") as f:
    f.write("CLOUDMAP-MOM 1\n")
os.chmod(locked, 0)
if os.geteuid() != 0:
    for fmt in READERS:
        read_bad(fmt, locked, fmt + " no permission", 0, ["Permission denied"])
elif os.environ.get("CLOUDMAP_BAD_INPUTS_CHILD") != "1":
    def drop():
        os.setgid(65534)
        os.setuid(65534)
    script = """
import sys, os
sys.path.insert(0, %r)
from paraview import simple
simple.LoadPlugin(%r)
from paraview import servermanager as sm
from vtkmodules.vtkCommonCore import vtkLogger, vtkOutputWindow, vtkStringOutputWindow
vtkLogger.SetStderrVerbosity(vtkLogger.VERBOSITY_OFF)
w = vtkStringOutputWindow(); vtkOutputWindow.SetInstance(w)
bad = 0
for name in %r:
    mark = len(w.GetOutput())
    r = sm._getPyProxy(sm.CreateProxy("sources", name)); r.FileName = %r
    r.UpdatePipeline()
    a = r.GetClientSideObject()
    msg = w.GetOutput()[mark:]
    ok = "Permission denied" in msg and %r in msg
    for p in range(a.GetNumberOfOutputPorts()):
        d = a.GetOutputDataObject(p)
        n = sum(getattr(d, m)() for m in ("GetNumberOfPoints", "GetNumberOfCells", "GetNumberOfRows") if hasattr(d, m))
        ok = ok and n == 0
    sys.__stdout__.write("  %%-30s %%s\\n" %% (name + " no permission", ([l for l in msg.splitlines() if "Permission" in l] or ["<none>"])[0]))
    if not ok:
        sys.__stdout__.write("FAIL: " + name + ": " + msg.replace(chr(10), " / ")[:600] + chr(10))
    bad += 0 if ok else 1
sys.exit(1 if bad else 0)
""" % (here, plugin, [v[0] for v in READERS.values()], locked, locked)
    readable = all(os.access(p, os.R_OK) for p in (plugin,))
    try:
        import shutil
        res = subprocess.run([shutil.which("pvpython") or "pvpython", "-c", script], preexec_fn=drop, capture_output=True,
                             text=True, timeout=300, env=dict(os.environ, HOME="/tmp",
                                                               CLOUDMAP_BAD_INPUTS_CHILD="1"))
        lib.say(res.stdout)
        if res.returncode != 0 and "no permission" not in res.stdout:
            lib.say("SKIPPED the no-permission case: as 'nobody' pvpython could not run:",
                  res.stderr[-500:])
        else:
            check(res.returncode == 0, "no-permission case failed under the nobody user")
    except (OSError, subprocess.SubprocessError) as e:
        lib.say("SKIPPED the no-permission case: cannot run as 'nobody' (%s)" % e)
os.chmod(locked, 0o644)

check.finish("%d problems")
lib.say("bad inputs through the readers: %d manifest files, all as expected" % rows)
