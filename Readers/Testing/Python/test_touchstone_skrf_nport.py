"""The Touchstone reader against scikit-rf (python3-scikit-rf) as the oracle, on every
Touchstone file scikit-rf ships (.sNp for any N, anywhere in its package: VNAs from
Agilent and Rohde & Schwarz, CST 1.1 and 2.0 exports, HFSS and ANSYS Circuit exports
with "! Port Impedance" comments, Qucs), and ours in Testing/Data/touchstone.

For every file scikit-rf reads: the frequencies and every S parameter equal
scikit-rf's Network.f and Network.s (relative difference below 1e-12), and each port's
reference equals Network.z0: the PortImpedance<k> columns where the file gives
per-frequency port impedances other than R, else the field data PortReferenceImpedance.
The files scikit-rf accepts but Touchstone does not (a repeated frequency, a complex R)
must be refused with one error naming the file and the line. The field data PortNames
equals scikit-rf's Network.port_names where it reads them (HFSS and ANSYS Designer's
"! Port[1] = 1:1" after the option line), else "1", "2", ... (a CST file's
"! Touchstone port 1 = CST MWS port 1 ("")" names no port).

Then our Touchstone writer's 3- and 4-port files, version 1.1 and 2.0, written from a
scikit-rf 4-port and 3-port file read here, are read back by our reader and by
scikit-rf equal to the source (to the writer's 10 digits).

Skips (77) when scikit-rf is not installed.

  pvpython test_touchstone_skrf_nport.py <CloudMap plugin> <scratch dir>"""
import glob
import os
import re
import sys

import cloudmap_testlib as lib

skrf, np = lib.import_skrf()

import warnings

warnings.filterwarnings("ignore")  # scikit-rf's deprecation chatter

plugin, tmp = sys.argv[1:3]
from paraview import simple
from paraview import servermanager as sm

simple.LoadPlugin(plugin)
window = lib.capture_vtk_messages()
check = lib.Checks(quiet=True)


def name_of(i, j, n):
    """cmNecNetwork.h's NetworkParameterName: S21 below 10 ports, S_12_3 from 10."""
    return "S%d%d" % (i + 1, j + 1) if n < 10 else "S_%d_%d" % (i + 1, j + 1)


def read(path):
    """Our reader's table (name → numpy array), its field data, and the messages."""
    mark = len(window.GetOutput())
    r = simple.TouchstoneReader(FileName=path)
    r.UpdatePipeline()
    t = sm.Fetch(r)
    cols = {k: np.array(v) for k, v in lib.table_columns(t).items()}
    fd = {}
    for k in range(t.GetFieldData().GetNumberOfArrays()):
        a = t.GetFieldData().GetArray(k)
        if a is not None:
            fd[a.GetName()] = np.array([a.GetValue(i) for i in range(a.GetNumberOfTuples())])
    names = lib.string_values(t.GetFieldData(), "PortNames")
    if names is not None:
        fd["PortNames"] = names
    simple.Delete(r)
    return cols, fd, window.GetOutput()[mark:]


def matrix(cols, n):
    rows = len(cols["Frequency"])
    s = np.zeros((rows, n, n), dtype=complex)
    for i in range(n):
        for j in range(n):
            b = name_of(i, j, n)
            s[:, i, j] = cols[b + "_re"] + 1j * cols[b + "_im"]
    return s


def rel(a, b):
    return float(np.max(np.abs(a - b) / np.maximum(np.abs(b), 1e-300))) if np.size(b) else 0.0


root = os.path.dirname(skrf.__file__)
shipped = sorted(f for f in glob.glob(os.path.join(root, "**", "*"), recursive=True)
                 if re.search(r"\.s\d+p$", f, re.I))
ours = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                     "Testing", "Data", "touchstone"))
files = shipped + sorted(glob.glob(os.path.join(ours, "*.s*p")))
# Files scikit-rf reads although Touchstone refuses them: the error's words.
REFUSED = {"ntwk_noise.s2p": "does not increase",  # 1.5 GHz twice
           "simple_touchstone.s2p": "complex reference impedance"}  # R (50+50j)
# Not compared: Z parameters, which scikit-rf 0.15 does not read; rlc_series_ri.s1p, whose
# comment "! Gamma = -0.5, VSWR 3" scikit-rf 1.x takes for a variable (Readers.TestTouchstone
# checks it against hand values).
# Not here: mixed_mode_thru_z.s4p, mixed-mode data, which our table keeps in the file's
# order and scikit-rf reorders (Readers.PyTouchstoneSkrf compares it entry by entry).
SKIP = {"shunt_z_db.s1p", "rlc_series_ri.s1p", "mixed_mode_thru_z.s4p"}
counts = {}
with_names = {}
for path in files:
    base = os.path.basename(path)
    if base in SKIP:
        continue
    label = os.path.relpath(path, root) if path.startswith(root) else "Testing/Data/touchstone/" + base
    cols, fd, msg = read(path)
    if base in REFUSED:
        named = [l for l in msg.splitlines() if re.search(re.escape(path) + r":\d+: ", l)]
        check(len(named) == 1 and REFUSED[base] in named[0] and len(cols.get("Frequency", [])) == 0,
              "%s: not refused with one error naming file and line (%s)" % (label, msg[:300]))
        lib.say("  %-58s refused: %s" % (label, named[0][len(path):][:90] if named else "?"))
        continue
    net = skrf.Network(path)
    n = net.s.shape[1]
    check("ERROR" not in msg.upper() and "WARNING" not in msg.upper(), "%s: messages: %s" % (label, msg[:300]))
    if "Frequency" not in cols or len(cols["Frequency"]) != len(net.f):
        check(False, "%s: %d rows, scikit-rf %d" % (label, len(cols.get("Frequency", [])), len(net.f)))
        continue
    df = rel(cols["Frequency"], net.f)
    ds = rel(matrix(cols, n), net.s)
    check(df <= 1e-12, "%s: frequencies differ by %.3g" % (label, df))
    check(ds <= 1e-12, "%s: S differs from scikit-rf by %.3g (relative)" % (label, ds))
    want = list(net.port_names) if net.port_names else [str(k + 1) for k in range(n)]
    check(fd.get("PortNames") == want, "%s: PortNames %s, scikit-rf's port_names %s" % (
        label, fd.get("PortNames"), net.port_names))
    if net.port_names:
        with_names[n] = with_names.get(n, 0) + 1
    if "PortImpedance1_re" in cols:
        zp = np.stack([cols["PortImpedance%d_re" % (k + 1)] + 1j * cols["PortImpedance%d_im" % (k + 1)]
                       for k in range(n)], axis=1)
        where = "PortImpedance columns"
    else:
        zp = np.broadcast_to(fd.get("PortReferenceImpedance", np.zeros(0)), net.z0.shape) \
            if fd.get("PortReferenceImpedance", np.zeros(0)).size == n else None
        where = "field data PortReferenceImpedance"
    dz = rel(zp, net.z0) if zp is not None else float("inf")
    check(dz <= 1e-12, "%s: %s differ from scikit-rf's z0 by %.3g" % (label, where, dz))
    check(fd.get("PortReferenceImpedance", np.zeros(0)).size == n,
          "%s: field data PortReferenceImpedance has not %d values" % (label, n))
    counts[n] = counts.get(n, 0) + 1
    lib.say("  %-58s %d ports, %4d frequencies, S %.1e, z0 %.1e (%s)" % (label, n, len(net.f), ds, dz, where))
lib.say("files per port count:", dict(sorted(counts.items())))
lib.say("files whose port names scikit-rf reads, per port count:", dict(sorted(with_names.items())))
check(len(with_names) >= 3, "port names compared for %s port counts only" % sorted(with_names))
check(len(shipped) >= 15, "only %d scikit-rf files found" % len(shipped))  # 84 on Debian 12
check(len(counts) >= 4 and min(counts) == 1 and max(counts) >= 4,
      "port counts read: %s (expected 1-, 2-, 3- and 4-ports at least)" % sorted(counts))

# Our writer's 3- and 4-port files, 1.1 and 2.0, back through both readers.
# (the committed copies: scikit-rf 1.6 in Debian 13 ships neither file)
for source in ("skrf_designer_wilkinson_splitter.s3p", "skrf_designer_coupler_20deg.s4p"):
    path = os.path.join(ours, source)
    net = skrf.Network(path)
    n = net.s.shape[1]
    src = simple.TouchstoneReader(FileName=path)
    for version in (1, 2):
        for fmt, label in ((0, "RI"), (1, "MA"), (2, "DB")):
            out = os.path.join(tmp, "touchstone_nport_v%d_%s.s%dp" % (version, label, n))
            simple.SaveData(out, proxy=src, Version=version, Format=fmt)
            body = open(out).read()
            check(("[Version] 2.0" in body) == (version == 2), "%s: version %d not written" % (out, version))
            cols, fd, msg = read(out)
            back = matrix(cols, n) if "Frequency" in cols and len(cols["Frequency"]) == len(net.f) else None
            d1 = float(np.max(np.abs(back - net.s))) if back is not None else float("inf")
            theirs = skrf.Network(out)
            d2 = float(np.max(np.abs(theirs.s - net.s)))
            check("ERROR" not in msg.upper() and d1 < 1e-9 and d2 < 1e-9 and rel(cols["Frequency"], net.f) < 1e-9,
                  "%d-port written as %s %s: ours %.1e, scikit-rf %.1e from the source" % (
                      n, "2.0" if version == 2 else "1.1", label, d1, d2))
            lib.say("  writer %d ports, %s %s: read back by ours %.1e, by scikit-rf %.1e" % (
                n, "2.0" if version == 2 else "1.1", label, d1, d2))
    simple.Delete(src)

check.finish("%d problems", hard=True)
lib.say("Touchstone N-port against scikit-rf: OK (%d files)" % sum(counts.values()))
