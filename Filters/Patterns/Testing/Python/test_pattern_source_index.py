"""Antenna Pattern Surface centred on a driven source (Source Index) of a NEC-2
run with two voltage sources, solved by nec2c at test time:
- the NEC-2 reader's pattern table carries SourceName and SourcePosition[m],
  one row per fed segment, equal to the centres nec2c printed in SEGMENTATION
  DATA for the TAG/SEG rows of ANTENNA INPUT PARAMETERS (read here on their own);
- SourceIndex 0 and 1 centre the pattern on them: PatternCenter[m] and the centre
  of the Pattern Grid's 0 dB circles (centre +- Radius on every axis);
- SourceIndex -1 keeps Center, and a row the table does not have warns and keeps
  Center;
- the proxy's information property CenterUsed (shown read-only under Center in the
  Properties panel) is the centre used after the update, not Center's 0 0 0-like value."""
import os
import shutil
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
nec2c = shutil.which("nec2c") or lib.fail("nec2c is not on PATH")
os.makedirs(tmp, exist_ok=True)
deck, out = os.path.join(tmp, "two_fed_dipoles.nec"), os.path.join(tmp, "two_fed_dipoles.out")
with open(deck, "w") as f:
    f.write("CM two dipoles, both fed\nCE\n"
            "GW 1 11 0 0 -0.25 0 0 0.25 0.001\n"
            "GW 2 9 1.0 0.5 -0.2 1.0 0.5 0.3 0.001\n"
            "GE 0\nFR 0 1 0 0 300 0\nEX 0 1 6 0 1 0\nEX 0 2 3 0 1 0\n"
            "RP 0 19 37 1000 0 0 10 10\nEN\n")
lib.nec2c(deck, out, timeout=300)

# The oracle: nec2c's own print.
lines = open(out).read().splitlines()
feeds = []
for i, l in enumerate(lines):
    if "ANTENNA INPUT PARAMETERS" in l:
        for row in lines[i + 3:]:
            f = row.split()
            if len(f) < 2 or not f[0].isdigit():
                break
            feeds.append((int(f[0]), int(f[1])))
        break
segs = {}
table = False
for l in lines:
    table = table or "SEGMENTATION DATA" in l
    f = l.split()
    if table and len(f) >= 12 and f[0].isdigit():
        segs.setdefault(int(f[0]), [float(x) for x in f[1:4]])
want = [segs[s] for _, s in feeds]
print("nec2c feeds %s at %s" % (feeds, want))
if len(feeds) != 2:
    lib.fail("expected two fed segments, nec2c printed %s" % feeds)

simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

reader = simple.OpenDataFile(out)
table = simple.OutputPort(reader, 2)
reader.UpdatePipeline()
R, C = 0.8, [5.0, -4.0, 3.0]


def run(index):
    ps = simple.AntennaPatternSurface(Input=table, Scale="Decibels", Radius=R, Center=C,
                                      SourceIndex=index)
    ps.SelectInputArray = ["ROWS", "|E|"]
    ps.UpdatePipeline()
    surf = sm.Fetch(ps)
    g = ps.GetDataInformation(2).GetBounds()
    grid_centre = [0.5 * (g[2 * a] + g[2 * a + 1]) for a in range(3)]
    grid_r = [0.5 * (g[2 * a + 1] - g[2 * a]) for a in range(3)]
    reported = surf.GetFieldData().GetArray("PatternCenter[m]").GetTuple3(0)
    ps.UpdatePropertyInformation()
    used = list(ps.CenterUsed)
    simple.Delete(ps)
    return grid_centre, grid_r, reported, used


# The reader's field data.
ff = sm.Fetch(simple.PassArrays(Input=table))
names = ff.GetFieldData().GetAbstractArray("SourceName")
pos = ff.GetFieldData().GetArray("SourcePosition[m]")
if names is None or pos is None or pos.GetNumberOfTuples() != 2:
    lib.fail("the pattern table has no two-row SourceName/SourcePosition[m]")
for k, (tag, seg) in enumerate(feeds):
    if names.GetValue(k) != "tag%d_seg%d" % (tag, seg):
        lib.fail("SourceName[%d] = %s" % (k, names.GetValue(k)))
    if max(abs(pos.GetTuple3(k)[a] - want[k][a]) for a in range(3)) > 5e-5:
        lib.fail("SourcePosition[m][%d] = %s, nec2c printed %s" % (k, pos.GetTuple3(k), want[k]))

for index, expect in ((0, want[0]), (1, want[1]), (-1, C)):
    centre, radius, reported, used = run(index)
    print("SourceIndex %d: grid centre %s, radius %s, PatternCenter[m] %s, CenterUsed %s"
          % (index, centre, radius, reported, used))
    if len(used) != 3 or max(abs(used[a] - expect[a]) for a in range(3)) > 1e-12 * (1 + max(map(abs, expect))):
        lib.fail("SourceIndex %d: the information property CenterUsed is %s, not %s" % (index, used, expect))
    if max(abs(centre[a] - expect[a]) for a in range(3)) > 1e-6 * (1 + max(map(abs, expect))):
        lib.fail("SourceIndex %d: the pattern is centred at %s, not %s" % (index, centre, expect))
    if max(abs(reported[a] - expect[a]) for a in range(3)) > 1e-12 * (1 + max(map(abs, expect))):
        lib.fail("SourceIndex %d: PatternCenter[m] %s, not %s" % (index, reported, expect))
    if max(abs(r - R) for r in radius) > 1e-6:
        lib.fail("SourceIndex %d: radius %s" % (index, radius))

# A row the table does not have: a warning naming it, and Center.
print("(a warning about SourceIndex 5 is expected next)")
centre, _, _, used = run(5)
if max(abs(used[a] - C[a]) for a in range(3)) > 1e-12 * (1 + max(map(abs, C))):
    lib.fail("SourceIndex 5 (absent): CenterUsed %s, not Center" % (used,))
if max(abs(centre[a] - C[a]) for a in range(3)) > 1e-6:
    lib.fail("SourceIndex 5 (absent): the pattern is at %s, not Center" % (centre,))
print("pattern source index: OK")
