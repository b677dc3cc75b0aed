"""Shared helpers for CloudMap's pvpython tests (no test logic here).

A test's result is its exit status. What a test prints goes through say(),
fail() and skip(), which write to the process's own stdout/stderr and flush:
pvpython 5.13 and later wrap sys.stdout, and what was printed through the
wrapper just before os._exit is lost. leave() flushes every stream and then
leaves with the status (os._exit, which skips VTK's teardown)."""
import math
import os
import shutil
import subprocess
import sys

# The repository's folders, found from this file (Testing/Python): the tests
# beside their modules (<module>/Testing/Python) reach the shared data and
# baselines through these. Testing/Python itself is on every test's PYTHONPATH
# (cloudmap_add_python_test, cmake/CloudMapTesting.cmake).
TESTING = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TESTING)
DATA = os.path.join(TESTING, "Data")
BASELINES = os.path.join(TESTING, "Baselines")


def _flush_all():
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            stream.flush()
        except Exception:
            pass


def _emit(stream, text):
    """Writes a line to the process's own stream (sys.__stdout__ or
    sys.__stderr__, not pvpython's wrapper) and flushes, after flushing
    whatever went through the wrappers first (so the order is kept)."""
    _flush_all()
    stream.write(text + "\n")
    stream.flush()


def say(*args):
    """print(), to the real stdout, flushed: survives os._exit on any pvpython."""
    _emit(sys.__stdout__, " ".join(str(a) for a in args))


def leave(status=0):
    """Flushes sys.stdout/stderr (pvpython's wrappers too) and the real
    streams, then leaves with `status` at once (os._exit)."""
    _flush_all()
    os._exit(status)


def load_plugin(path):
    from paraview import simple
    simple.LoadPlugin(path)
    return simple


def write_sphere_cmom(path, nlat=12, nlon=24, radius=1.0, freq=120e6):
    """A UV sphere of quads with triangle fans at the poles (counter-clockwise
    seen from outside), carrying J = sin(theta) * phi_hat, so |J| = sin(theta)
    at each element centroid direction."""
    verts = [(0.0, 0.0, radius)]
    for i in range(1, nlat):
        th = math.pi * i / nlat
        for j in range(nlon):
            ph = 2 * math.pi * j / nlon
            verts.append((radius * math.sin(th) * math.cos(ph),
                          radius * math.sin(th) * math.sin(ph), radius * math.cos(th)))
    verts.append((0.0, 0.0, -radius))
    south = len(verts) - 1

    def ring(i, j):
        return 1 + (i - 1) * nlon + (j % nlon)

    elems = []
    for j in range(nlon):
        elems.append(("T", [0, ring(1, j), ring(1, j + 1)]))
    for i in range(1, nlat - 1):
        for j in range(nlon):
            elems.append(("Q", [ring(i, j), ring(i + 1, j), ring(i + 1, j + 1), ring(i, j + 1)]))
    for j in range(nlon):
        elems.append(("T", [ring(nlat - 1, j), south, ring(nlat - 1, j + 1)]))
    lines = ["CLOUDMAP-MOM 1", "# test sphere, J = sin(theta) phi_hat", "FREQUENCY %r" % freq,
             "VERTICES %d" % len(verts)]
    lines += ["%.17g %.17g %.17g" % v for v in verts]
    lines.append("ELEMENTS %d" % len(elems))
    for kind, ids in elems:
        c = [sum(verts[k][d] for k in ids) / len(ids) for d in range(3)]
        r = math.sqrt(sum(x * x for x in c))
        th = math.acos(max(-1.0, min(1.0, c[2] / r)))
        ph = math.atan2(c[1], c[0])
        mag = math.sin(th)
        j = (-mag * math.sin(ph), mag * math.cos(ph), 0.0)
        lines.append("%s %s %.17g 0 %.17g 0 %.17g 0" % (kind, " ".join(map(str, ids)), *j))
    lines.append("SOURCES 1")
    lines.append("north 0 0 %r" % radius)
    lines.append("END")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return len(verts), len(elems)


def render_view(size, background=(1, 1, 1)):
    """A new render view of `size` pixels for a baseline image: no orientation
    axes, `background` (not the colour palette's, where ParaView has one)."""
    from paraview import simple
    view = simple.CreateRenderView()
    view.ViewSize = list(size)
    view.OrientationAxesVisibility = 0
    view.Background = list(background)
    try:
        view.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    return view


def pq_event(obj, command, arguments=""):
    """One <pqevent> line of a ParaView XML test script (paraview --test-script)."""
    from xml.sax.saxutils import quoteattr
    return "  <pqevent object=%s command=%s arguments=%s/>\n" % (
        quoteattr(obj), quoteattr(command), quoteattr(arguments))


def pq_check(obj, prop, value):
    """One <pqcheck> line: the playback fails unless obj's Qt property equals value."""
    from xml.sax.saxutils import quoteattr
    return "  <pqcheck object=%s property=%s arguments=%s/>\n" % (
        quoteattr(obj), quoteattr(prop), quoteattr(value))


def write_pq_events(path, events):
    """Writes the XML test script of the <pqevent>/<pqcheck> lines `events` to path."""
    with open(path, "w") as f:
        f.write('<?xml version="1.0" ?>\n<pqevents>\n' + "".join(events) + "</pqevents>\n")


def compare_image(png, baseline, threshold=10.0):
    """Compares two PNGs with vtkImageDifference. Returns (ok, error).
    With CLOUDMAP_UPDATE_BASELINES=1 the baseline is (re)written and the test passes."""
    import shutil
    if os.environ.get("CLOUDMAP_UPDATE_BASELINES") == "1":
        shutil.copyfile(png, baseline)
        print("baseline written:", baseline)
        return True, 0.0
    if not os.path.exists(baseline):
        print("no baseline at %s; run with CLOUDMAP_UPDATE_BASELINES=1 to create it" % baseline)
        return False, float("inf")
    from vtkmodules.vtkIOImage import vtkPNGReader
    from vtkmodules.vtkImagingCore import vtkImageDifference
    a, b = vtkPNGReader(), vtkPNGReader()
    a.SetFileName(png)
    b.SetFileName(baseline)
    diff = vtkImageDifference()
    diff.SetInputConnection(a.GetOutputPort())
    diff.SetImageConnection(b.GetOutputPort())
    diff.Update()
    err = diff.GetThresholdedError()
    print("image difference %s vs %s: %.3f (threshold %.1f)" % (png, baseline, err, threshold))
    return err <= threshold, err


def mpi_free_env():
    """os.environ without the MPI launcher's variables. pvpython (running a
    test) is itself an MPI singleton; a nested mpirun or pvbatch must not
    inherit its Open MPI/PMIx state."""
    import os
    prefixes = ("OMPI_", "PMIX_", "OPAL_", "PRTE_", "HYDRA_", "PMI_")
    return {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}


def pvbatch_and_mpirun():
    """pvbatch and mpirun (or mpiexec) from PATH, each None where missing."""
    return shutil.which("pvbatch"), shutil.which("mpirun") or shutil.which("mpiexec")


def serial_and_two_ranks(pvbatch, mpirun, script, args, serial, parallel, timeout=600):
    """Runs `pvbatch script *args serial`, then `mpirun -np 2 pvbatch script
    *args parallel` (both with mpi_free_env()), and returns the texts the
    script wrote into `serial` and `parallel`."""
    env = mpi_free_env()
    subprocess.run([pvbatch, script] + list(args) + [serial], check=True, timeout=timeout, env=env)
    subprocess.run([mpirun, "--allow-run-as-root", "--oversubscribe", "-np", "2", pvbatch, script]
                   + list(args) + [parallel], check=True, timeout=timeout, env=env)
    with open(serial) as a, open(parallel) as b:
        return a.read(), b.read()


def apply_preset(lut, *names):
    """Applies the first of the colour-map presets `names` that this ParaView
    has (6.1 renamed "Inferno (matplotlib)" to "Inferno"); fails if none."""
    from paraview import servermanager
    presets = servermanager.vtkSMTransferFunctionPresets.GetInstance()
    for name in names:
        if presets.HasPreset(name):
            if not lut.ApplyPreset(name, True):
                fail("preset %r did not apply" % name)
            return name
    fail("none of the presets %s exists" % (names,))


def fail(msg):
    """The test fails (exit status 1) with `msg` on stderr, flushed."""
    _emit(sys.__stderr__, "FAIL: %s" % msg)
    sys.exit(1)


def capture_vtk_messages():
    """For a test that checks VTK's messages: returns a vtkStringOutputWindow,
    now VTK's output window (read it with GetOutput()), with vtkLogger's echo
    on stderr turned off. pvpython sends sys.stdout and sys.stderr through
    vtkOutputWindow, so print through say() (the real stdout); an uncaught
    exception's traceback goes to the real stderr and the test leaves with 1."""
    from vtkmodules.vtkCommonCore import vtkLogger, vtkOutputWindow, vtkStringOutputWindow

    def excepthook(kind, value, tb):
        import traceback
        _emit(sys.__stderr__, "".join(traceback.format_exception(kind, value, tb)).rstrip("\n"))
        leave(1)

    sys.excepthook = excepthook
    vtkLogger.SetStderrVerbosity(vtkLogger.VERBOSITY_OFF)
    window = vtkStringOutputWindow()
    vtkOutputWindow.SetInstance(window)
    return window


class Checks:
    """A test's checks, each printed, the failures collected:

        check = lib.Checks()
        check(ok, "what was checked (with the values seen)")
        ...
        check.finish("%d check(s) failed")

    check(ok, what) prints "ok   what" or "FAIL what" (quiet=True: only the
    failures) and returns bool(ok). finish(summary) does nothing when every
    check passed; otherwise it prints "FAIL: <summary>" (a %d in it gets the
    number of failures) and the failed checks again, on stderr, and exits
    with status 1: sys.exit, or os._exit through leave() with hard=True."""

    def __init__(self, quiet=False):
        self.quiet = quiet
        self.count = 0
        self.failures = []

    def __call__(self, ok, what):
        ok = bool(ok)
        self.count += 1
        if not ok:
            self.failures.append(what)
        if not ok or not self.quiet:
            say(("ok   " if ok else "FAIL ") + str(what))
        return ok

    def finish(self, summary="%d check(s) failed", hard=False):
        if not self.failures:
            return
        if "%d" in summary:
            summary = summary % len(self.failures)
        _emit(sys.__stderr__, "FAIL: %s (of %d):\n  %s" % (
            summary, self.count, "\n  ".join(str(w) for w in self.failures)))
        if hard:
            leave(1)
        sys.exit(1)


def skip(reason):
    """The test is skipped: exit status 77 (ctest's SKIP_RETURN_CODE for the
    tests that may skip), with "SKIP: <reason>" on stdout, flushed."""
    say("SKIP: %s" % reason)
    sys.exit(77)


def debian_release():
    """"12", "13", ... or "unstable" (no VERSION_ID), from /etc/os-release."""
    try:
        with open("/etc/os-release") as f:
            info = dict(l.rstrip("\n").split("=", 1) for l in f if "=" in l)
    except OSError:
        return "unknown"
    return info.get("VERSION_ID", "").strip('"') or "unstable"


def run_openems_dipole(tmp, name, args, local_modules=()):
    """Runs openems_dipole.py (the half-wave dipole) with `args` in a fresh
    folder tmp/name under a python3 that has openEMS (CSXCAD, openEMS, h5py)
    and returns the key=value pairs of its last output line as a dict.
    Without openEMS, or without `local_modules` in this interpreter, the test
    is skipped (exit 77, the reason printed), except where
    CLOUDMAP_REQUIRE_OPENEMS=1: there a missing openEMS fails.
    Testing/run-tests.sh and Testing/chroot-ci.sh set it only on releases that
    ship openEMS (Debian 12; Debian 13 and unstable have no openems package)."""
    import importlib
    import shutil
    import subprocess
    here = os.path.dirname(os.path.abspath(__file__))
    probe = "import numpy as np; np.float = float; import CSXCAD, openEMS, h5py"
    python = None
    for cand in ("/usr/bin/python3", shutil.which("python3")):
        if cand and subprocess.run([cand, "-c", probe], capture_output=True).returncode == 0:
            python = cand
            break
    try:
        for module in local_modules:
            importlib.import_module(module)
    except ImportError:
        python = None
    if python is None:
        if os.environ.get("CLOUDMAP_REQUIRE_OPENEMS") == "1":
            fail("openEMS (openems, python3-openems, python3-h5py) is required here but missing")
        rel = debian_release()
        skip("openEMS is not installed (openems, python3-openems, python3-h5py)%s" % (
            "; Debian %s ships no openems package" % rel if rel in ("13", "unstable") else ""))
    work = os.path.join(tmp, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    run = subprocess.run([python, os.path.join(here, "openems_dipole.py"), work] + list(args),
                         capture_output=True, text=True, timeout=600, env=mpi_free_env())
    if run.returncode != 0:
        fail("openEMS run failed:\n" + run.stdout[-2000:] + run.stderr[-2000:])
    return dict(kv.split("=") for kv in run.stdout.strip().splitlines()[-1].split())


def import_skrf(part=None):
    """scikit-rf and numpy, or exit 77 (skipped) where scikit-rf is not installed.
    With `part` (what of the test needs scikit-rf), a missing scikit-rf skips
    only that: it is said, and (None, numpy) returned."""
    try:
        import numpy as np
        if not hasattr(np, "complex"):
            np.complex = complex  # Debian 12's scikit-rf 0.15 still uses the alias NumPy 1.24 dropped
        import skrf
    except ImportError:
        if part:
            say("scikit-rf is not installed (Debian: python3-scikit-rf): %s is skipped" % part)
            import numpy as np
            return None, np
        print("scikit-rf is not installed (Debian: python3-scikit-rf): skipped")
        sys.exit(77)
    return skrf, np


def nec2c(deck, out, timeout=300, exe=None):
    """Solve the deck file with nec2c into out.

    nec2c aborts with "Input file name too long" on file names of about 76 characters
    or more (a fixed buffer), which a CI checkout's build tree reaches, so it runs in
    out's directory with relative names."""
    cwd = os.path.dirname(os.path.abspath(out))
    if os.path.dirname(os.path.abspath(deck)) != cwd:  # a deck elsewhere is copied beside out
        shutil.copyfile(deck, os.path.abspath(out) + ".nec")
        deck = out + ".nec"
    subprocess.run([exe or shutil.which("nec2c") or fail("nec2c is not on PATH"),
                    "-i", os.path.basename(deck), "-o", os.path.basename(out)],
                   cwd=cwd, check=True, timeout=timeout, stdout=subprocess.DEVNULL)


def run_nec2c(tmp, name, deck, timeout=300):
    """Write deck to <tmp>/<name>.nec, solve it with nec2c, return <tmp>/<name>.out
    (an .out left by an earlier run is removed first)."""
    nec, out = os.path.join(tmp, name + ".nec"), os.path.join(tmp, name + ".out")
    with open(nec, "w") as f:
        f.write(deck)
    if os.path.exists(out):
        os.remove(out)
    nec2c(nec, out, timeout=timeout)
    return out


def nec2c_solver(tmp, prefix):
    """solve(name, deck): run_nec2c(tmp, prefix + name, deck), for a test that solves many decks."""
    return lambda name, deck: run_nec2c(tmp, prefix + name, deck)


def nec2c_solves(out):
    """What nec2c printed for each solve of its text output `out`, in file order
    (the oracle the NEC reader's tables are checked against, parsed here on its
    own): dicts with
      mhz       the MHz of the FREQUENCY line before it,
      tag, seg  the first ANTENNA INPUT PARAMETERS row's tag and segment,
      v, z      that row's voltage and impedance (complex, the printed numbers),
      power     that row's power,
      currents  {(tag, segment): current} of the CURRENTS AND LOCATION table after it."""
    lines = open(out).read().splitlines()
    solves, mhz = [], None
    for i, l in enumerate(lines):
        if l.strip().startswith("FREQUENCY :"):
            mhz = float(l.split(":")[1].split()[0])
        if "ANTENNA INPUT PARAMETERS" in l:
            f = lines[i + 3].split()
            solves.append({"mhz": mhz, "tag": int(f[0]), "seg": int(f[1]),
                           "v": complex(float(f[2]), float(f[3])), "z": complex(float(f[6]), float(f[7])),
                           "power": float(f[10]), "currents": {}})
        if "CURRENTS AND LOCATION" in l:
            for row in lines[i + 5:]:
                f = row.split()
                if len(f) != 10:
                    break
                solves[-1]["currents"][(int(f[1]), int(f[0]))] = complex(float(f[6]), float(f[7]))
    return solves


def string_values(field_data, name):
    """The values of the vtkStringArray `name` in field_data, or None without one."""
    a = field_data.GetAbstractArray(name)
    return [a.GetValue(i) for i in range(a.GetNumberOfValues())] if a is not None and a.IsA("vtkStringArray") else None


def column(table, name):
    """The values of the column `name` of a vtkTable; fails the test without one."""
    a = table.GetColumnByName(name)
    if a is None:
        fail("no column %s" % name)
    return [a.GetValue(i) for i in range(a.GetNumberOfTuples())]


def field_value(data, name):
    """The first value of the field data array `name`; fails the test without one."""
    a = data.GetFieldData().GetAbstractArray(name)
    if a is None:
        fail("no field data %s" % name)
    return a.GetValue(0)


def table_columns(table):
    """{column name: [value of each row]} of a vtkTable."""
    return {table.GetColumnName(c): [table.GetColumn(c).GetValue(r) for r in range(table.GetNumberOfRows())]
            for c in range(table.GetNumberOfColumns())}
