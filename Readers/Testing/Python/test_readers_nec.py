"""NEC-2 in pvpython: OpenDataFile picks the NEC-2 reader for nec2c output, its three
ports (patches, wires, pattern table) and its frequency time steps; then the NEC Deck Writer
closes the loop: a cube written with SaveData, solved by nec2c, read back with
the same patch count (+3 for the patch under the wire) and total area."""
import math
import os
import shutil
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

nec2c = shutil.which("nec2c")
if not nec2c:
    lib.fail("nec2c not found")


def solve(deck_text, name):
    deck = os.path.join(tmp, name + ".nec")
    out = os.path.join(tmp, name + ".out")
    if deck_text is not None:
        with open(deck, "w") as f:
            f.write(deck_text)
    if os.path.exists(out):
        os.remove(out)
    lib.nec2c(deck, out)
    return deck, out


# 1. A dipole swept over 3 frequencies.
_, out = solve("CM sweep\nCE\nGW 1 21 0 0 -0.5 0 0 0.5 0.001\nGE 0\nFR 0 3 0 0 130 10\n"
               "EX 0 1 11 0 1 0\nRP 0 19 5 1000 0 0 10 90\nEN\n", "py_sweep")
r = simple.OpenDataFile(out)
if r is None or r.GetXMLName() != "CloudMapNECReader":
    lib.fail("OpenDataFile did not pick the NEC-2 reader: %r" % (r and r.GetXMLName()))
steps = list(r.TimestepValues)
if steps != [130e6, 140e6, 150e6]:
    lib.fail("time steps %r" % steps)
for f in steps:
    r.UpdatePipeline(f)
    table = sm.Fetch(r, idx=2)
    wires = sm.Fetch(r, idx=1)
    if table.GetNumberOfRows() != 95:
        lib.fail("pattern rows %d at %g" % (table.GetNumberOfRows(), f))
    if table.GetFieldData().GetArray("Frequency").GetValue(0) != f:
        lib.fail("table frequency at %g" % f)
    if wires.GetNumberOfCells() != 21:
        lib.fail("wire segments %d" % wires.GetNumberOfCells())
    gain = table.GetColumnByName("Gain")
    e = table.GetColumnByName("|E|")
    th = table.GetColumnByName("Theta")
    best = max(range(95), key=lambda i: gain.GetValue(i))
    if abs(th.GetValue(best) - 90) > 1e-9:
        lib.fail("dipole maximum not broadside")
    for i in range(95):
        if gain.GetValue(i) == -999.99 and e.GetValue(i) != 0:
            lib.fail("-999.99 row with a non-zero field")
    print("%.0f MHz: max gain %.2f dBi" % (f / 1e6, gain.GetValue(best)))
simple.Delete(r)

# 2. Deck writer round trip on a cube of quads (5 faces) and triangles (bottom face).
a, n = 0.2, 4
verts, index, elems = [], {}, []


def vid(p):
    key = tuple(round(c * 1e6) for c in p)
    if key not in index:
        index[key] = len(verts)
        verts.append(p)
    return index[key]


X, Y, Z = (1, 0, 0), (0, 1, 0), (0, 0, 1)
faces = [((-a, -a, a), X, Y, False), ((-a, -a, -a), Y, X, True), ((a, -a, -a), Y, Z, False),
         ((-a, -a, -a), Z, Y, False), ((-a, a, -a), Z, X, False), ((-a, -a, -a), X, Z, False)]
h = 2 * a / n
for o, u, v, tri in faces:
    for j in range(n):
        for i in range(n):
            c = [vid(tuple(o[d] + (i + di) * h * u[d] + (j + dj) * h * v[d] for d in range(3)))
                 for di, dj in ((0, 0), (1, 0), (1, 1), (0, 1))]
            if tri:
                elems += [("T", c[:3]), ("T", [c[0], c[2], c[3]])]
            else:
                elems.append(("Q", c))
cmom = os.path.join(tmp, "py_cube.cmom")
with open(cmom, "w") as f:
    f.write("CLOUDMAP-MOM 1\nFREQUENCY 300e6\nVERTICES %d\n" % len(verts))
    f.writelines("%r %r %r\n" % p for p in verts)
    f.write("ELEMENTS %d\n" % len(elems))
    f.writelines("%s %s 0 0 0 0 0 0\n" % (k, " ".join(map(str, ids))) for k, ids in elems)
    f.write("END\n")
cube = simple.OpenDataFile(cmom)
deck = os.path.join(tmp, "py_cube.nec")
writer = simple.CreateWriter(deck, cube)
if writer.GetXMLName() != "CloudMapNECDeckWriter":
    lib.fail("the .nec writer is %s" % writer.GetXMLName())
writer.Frequency = 300e6
writer.AttachPatch = 10
writer.AntennaName = "roof monopole"
writer.WireLength = 0.25
writer.WireSegments = 5
writer.ThetaSamples = 7
writer.PhiSamples = 5
writer.UpdatePipeline()
del writer
with open(deck) as f:
    text = f.read()
if text.count("\nSP 0 3 ") != 80 or text.count("\nSP 0 2 ") != 32 or "'roof monopole'" not in text:
    lib.fail("deck cards:\n" + text[:400])
_, out = solve(None, "py_cube")
back = simple.OpenDataFile(out)
back.UpdatePipeline()
pd = sm.Fetch(back)
if pd.GetNumberOfCells() != len(elems) + 3:
    lib.fail("read back %d patches, expected %d" % (pd.GetNumberOfCells(), len(elems) + 3))
area = 0.0
for c in range(pd.GetNumberOfCells()):
    ids = pd.GetCell(c).GetPointIds()
    p = [pd.GetPoint(ids.GetId(k)) for k in range(ids.GetNumberOfIds())]
    for k in range(1, len(p) - 1):
        u = [p[k][d] - p[0][d] for d in range(3)]
        v = [p[k + 1][d] - p[0][d] for d in range(3)]
        x = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        area += 0.5 * math.sqrt(sum(t * t for t in x))
if abs(area - 0.96) > 1e-9:
    lib.fail("total area %.12f, expected 0.96" % area)
print("deck round trip: %d patches, area %.9f m^2" % (pd.GetNumberOfCells(), area))

# 3. The sweep of 1. cut right after its third FREQUENCY line (a run stopped there): the
# reader shows the two complete frequencies and warns, naming the file and that line.
lines = open(os.path.join(tmp, "py_sweep.out")).read().split("\n")
third = [i for i, l in enumerate(lines) if "FREQUENCY :" in l][2]
cut = os.path.join(tmp, "py_sweep_cut.out")
with open(cut, "w") as f:
    f.write("\n".join(lines[:third + 1]) + "\n")
window = lib.capture_vtk_messages()  # (print goes through VTK from here: lib.say)
c = simple.OpenDataFile(cut)
c.UpdatePipeline(130e6)
msg = window.GetOutput()
named = [l for l in msg.splitlines() if "%s:%d: truncated sweep" % (cut, third + 1) in l]
lib.say("cut after line %d: time steps %r; %s" % (third + 1, list(c.TimestepValues),
                                                   named[0][:160] if named else msg[-300:]))
if list(c.TimestepValues) != [130e6, 140e6] or len(named) != 1 or "ERROR" in msg.upper():
    lib.fail("a sweep cut after a FREQUENCY line: not 2 frequencies with one warning naming "
             "%s:%d" % (cut, third + 1))
lib.say("OK")
