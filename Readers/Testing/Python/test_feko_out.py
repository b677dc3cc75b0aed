"""The FEKO Output Reader on whole .out files of wire models (issue 41), through pvpython.

Files: Testing/Data/feko/dipole_wire_2017.out (a 9-segment dipole, FEKO 2017.2 layout)
and wires_plate_2021.out (a monopole of 4 segments on a plate of 4 triangles, FEKO 2021.1
layout), and wires_plate_ff_2021.out (the same moved to (0.3, 0.2, 0) m with a far
field, FEKO 2021.2 layout); all written by make_feko_wires.py. Oracles are what each file prints about
itself, parsed here with regular expressions, independently of the reader:
1. Wires (port 2): one line per segment ("Number of metallic segments:"), the segment
   ends of DATA OF THE SEGMENTS, I = the printed IZ of each row (the wires lie along z)
   and |I| = |I_real + j I_imag|; the wire-only dipole gives an empty surface and no
   error; the plate model gives its 4 triangles beside its 4 segments.
2. Sources: SourceName and SourcePosition[m] on ports 0 and 2: the fed segment is the one
   whose printed current equals the printed "Current in A" of the voltage source, and the
   position is that segment's centre.
3. Port Parameters (port 1): R + jX = the printed "Impedance in Ohm".
4. Network (port 3): S11 = the printed S-parameter row; Z11 from it = the printed
   impedance; PortNames "Port1".
5. Radiation Pattern (port 4): the far-field table, 19 x 36 (the FF card's counts), Gain
   = the printed total directivity, |E| from the printed magnitudes, ActivePower[W] = the
   printed active power; Antenna Pattern Surface with Source Index 0 (what the toolbar's
   one-click Antenna Pattern sets) is centred on the fed segment's printed centre.
6. Near Field (port 5): a 4 x 5 x 1 structured grid, |E| from the printed magnitudes at
   each point, InputPower[W] = the printed "Power in Watt"; Exposure Ratio runs on it
   (FCC general public) and gives its ExposureRatio array.
"""
import math
import os
import re
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

check = lib.Checks()
FEKO = os.path.join(lib.DATA, "feko")
NUM = r"[-+]?\d+\.\d*(?:[eE][-+]?\d+)?"


def printed(text, key, n=2):
    m = re.search(re.escape(key) + r"\s*" + r"\s+".join(["(%s)" % NUM] * n), text)
    return [float(v) for v in m.groups()] if m else None


def segment_rows(text):
    """{segment: (centre z, IZ complex)} of the first VALUES OF THE CURRENT IN THE SEGMENTS."""
    part = text[text.index("VALUES OF THE CURRENT IN THE SEGMENTS"):]
    rows = {}
    for line in part.splitlines()[4:]:
        f = line.split()
        if len(f) != 10:
            break
        rows[int(f[0])] = (float(f[3]), float(f[8]) * complex(math.cos(math.radians(float(f[9]))),
                                                            math.sin(math.radians(float(f[9])))))
    return rows


def sources(data):
    names = lib.string_values(data.GetFieldData(), "SourceName")
    xyz = data.GetFieldData().GetArray("SourcePosition[m]")
    return names, ([xyz.GetTuple3(i) for i in range(xyz.GetNumberOfTuples())] if xyz else None)


# 1-4 on the dipole
path = os.path.join(FEKO, "dipole_wire_2017.out")
text = open(path).read()
reader = simple.OpenDataFile(path)
check(reader is not None and reader.GetXMLName() == "CloudMapFEKOReader",
      "OpenDataFile picks the FEKO Output Reader for a wire-only .out")
reader.UpdatePipeline()
surface = sm.Fetch(reader, idx=0)
wires = sm.Fetch(reader, idx=2)
count = int(re.search(r"Number of metallic segments:\s+(\d+)", text).group(1))
check(surface.GetNumberOfCells() == 0, "a wire-only model gives an empty surface")
check(wires.GetNumberOfCells() == count == 9, "one line per printed segment (%d)" % wires.GetNumberOfCells())
cd = wires.GetCellData()
for name in ("I_real", "I_imag", "|I|", "I_phase", "Tag"):
    check(cd.GetArray(name) is not None, "Wires has the NEC reader's array %s" % name)
rows = segment_rows(text)
worst = centre = 0.0
for i in range(wires.GetNumberOfCells()):
    c = complex(cd.GetArray("I_real").GetValue(i), cd.GetArray("I_imag").GetValue(i))
    z, iz = rows[i + 1]
    p0, p1 = wires.GetPoint(2 * i), wires.GetPoint(2 * i + 1)
    worst = max(worst, abs(c - iz) / abs(iz))
    centre = max(centre, abs(0.5 * (p0[2] + p1[2]) - z))  # ends printed to 5 digits
    worst = max(worst, abs(cd.GetArray("|I|").GetValue(i) - abs(c)))
check(worst < 1e-9, "every segment's current is its printed IZ (worst %.2g)" % worst)
check(centre < 1e-5, "every line's midpoint is its printed centre (worst %.2g m)" % centre)
fed = printed(text, "Current   in A")
names, xyz = sources(wires)
check(names == ["VoltageSource1"], "SourceName on Wires: %s" % names)
best = min(rows, key=lambda k: abs(rows[k][1] - complex(*fed)))
check(xyz is not None and abs(xyz[0][2] - rows[best][0]) < 1e-9 and best == 5,
      "the source sits at the centre of segment %d, which carries the printed source current" % best)
check(sources(surface)[0] == ["VoltageSource1"], "the empty surface carries the source too")
z = printed(text, "Impedance in Ohm")
pp = lib.table_columns(sm.Fetch(reader, idx=1))
check(abs(pp["R"][0] - z[0]) < 1e-9 and abs(pp["X"][0] - z[1]) < 1e-9,
      "Port Parameters: Z = %.4f%+.4fj, printed %.4f%+.4fj" % (pp["R"][0], pp["X"][0], z[0], z[1]))
net_table = sm.Fetch(reader, idx=3)
net = lib.table_columns(net_table)
s11 = printed(text, " S     1      1")
check(net_table.GetNumberOfRows() == 1 and abs(net["S11_re"][0] - s11[0]) < 1e-12
      and abs(net["S11_im"][0] - s11[1]) < 1e-12, "Network: S11 as printed %s" % s11)
check(abs(complex(net["Z11_re"][0], net["Z11_im"][0]) - complex(*z)) < 2e-4 * abs(complex(*z)),
      "Network: Z11 from S11 and the printed reference impedance is the printed impedance")
check(lib.string_values(net_table.GetFieldData(), "PortNames") == ["Port1"], "PortNames")

# 5. the far field, and Antenna Pattern centred on the source
ff = sm.Fetch(reader, idx=4)
cols = lib.table_columns(ff)
rows_ff = [l.split() for l in text[text.index("FAR FIELD in V"):].splitlines()[5:]]
rows_ff = [r for r in rows_ff[:rows_ff.index([])]]
check(ff.GetNumberOfRows() == len(rows_ff) == 19 * 36, "far field: %d rows" % ff.GetNumberOfRows())
check(lib.string_values(ff.GetFieldData(), "GainKind") == ["Directivity"], "GainKind Directivity")
bad = 0
for k, r in enumerate(rows_ff):
    printed_e = math.hypot(float(r[2]), float(r[4]))
    g = float(r[8])
    bad += abs(cols["|E|"][k] - printed_e) > 1e-12 or (g > -999 and abs(cols["Gain"][k] - g) > 1e-12)
    bad += abs(cols["Theta"][k] - float(r[0])) > 1e-12 or abs(cols["Phi"][k] - float(r[1])) > 1e-12
check(bad == 0, "every row's angles, |E| and directivity are the printed ones (%d differ)" % bad)
active = printed(text, "based on an active power of", 1)[0]
check(ff.GetFieldData().GetArray("ActivePower[W]").GetValue(0) == active, "ActivePower[W] %g W" % active)
check(sources(ff)[0] == ["VoltageSource1"], "the pattern table carries the source")
ps = simple.AntennaPatternSurface(Input=simple.OutputPort(reader, 4), Scale="Decibels",
                                  DynamicRange=30, Radius=0.2, SourceIndex=0)
ps.UpdatePipeline()
centre = sm.Fetch(ps).GetFieldData().GetArray("PatternCenter[m]").GetTuple3(0)
fed_seg = [l.split() for l in text.splitlines() if re.match(r"\s+%d\s+wire\s" % best, l)][0]
seg_start = [float(v) for v in fed_seg[2:5]]
check(abs(centre[0] - seg_start[0]) < 1e-9 and abs(centre[1] - seg_start[1]) < 1e-9
      and abs(centre[2] - rows[best][0]) < 1e-9,
      "Antenna Pattern centred on the fed segment's centre %s (printed x y, z = %g)" % (centre, rows[best][0]))
simple.Delete(ps)

# 6. the near field and Exposure Ratio
nf = sm.Fetch(reader, idx=5)
ext = nf.GetExtent()
dims = tuple(ext[2 * d + 1] - ext[2 * d] + 1 for d in range(3))
check(dims == (4, 5, 1), "near field: a 4 x 5 x 1 grid %s" % (dims,))
part = text[text.index("FIELD STRENGTH in V/m"):].splitlines()[6:26]
bad = 0
for k, l in enumerate(part):
    f = [float(v) for v in l.split()]
    bad += abs(nf.GetPointData().GetArray("|E|").GetValue(k) - math.sqrt(f[4] ** 2 + f[6] ** 2 + f[8] ** 2)) > 1e-12
    bad += abs(math.sqrt(sum(x * x for x in nf.GetPoint(k))) - f[1]) > 1e-9
check(bad == 0, "every point's |E| and R are the printed ones (%d differ)" % bad)
watt = printed(text, "Power in Watt:", 1)[0]
check(abs(nf.GetFieldData().GetArray("InputPower[W]").GetValue(0) - watt) < 1e-12 * watt,
      "InputPower[W] = the printed source power %g W" % watt)
ex = simple.ExposureRatio(Input=simple.OutputPort(reader, 5), TransmitPower=100.0)
ex.UpdatePipeline()
out = sm.Fetch(ex)
check(out.GetPointData().GetArray("ExposureRatio") is not None and out.GetNumberOfPoints() == 20,
      "Exposure Ratio runs on the FEKO near field")
simple.Delete(ex)
simple.Delete(reader)

# a wire model without DATA OF THE SEGMENTS (FEKO 2021.2, geometry output off)
path = os.path.join(FEKO, "dipole_nogeom_2021.out")
text = open(path).read()
reader = simple.OpenDataFile(path)
reader.UpdatePipeline()
wires = sm.Fetch(reader, idx=2)
check(sm.Fetch(reader, idx=0).GetNumberOfCells() == 0 and wires.GetNumberOfVerts() == 9
      and wires.GetNumberOfLines() == 0, "no segment data: the 9 segments as points at their printed centres")
rows = segment_rows(text)
worst = max(abs(wires.GetCellData().GetArray("|I|").GetValue(i) - abs(rows[i + 1][1])) for i in range(9))
check(worst < 1e-12, "|I| of each point is the printed current's (worst %.2g)" % worst)
loc = [float(v.rstrip(",")) for v in re.search(r"Location of the port in m:\s+x =\s*(\S+)\s+y =\s*(\S+)\s+z =\s*(\S+)", text).groups()]
names, xyz = sources(wires)
check(names == ["VoltageSource1"] and max(abs(a - b) for a, b in zip(xyz[0], loc)) < 1e-12,
      "the source at its printed 'Location of the port in m:' %s: %s" % (loc, xyz))
check(sm.Fetch(reader, idx=4).GetNumberOfRows() == 7 * 12 and sm.Fetch(reader, idx=3).GetNumberOfRows() == 1,
      "its far field (7 x 12) and network are read")
simple.Delete(reader)

# wires beside triangles
path = os.path.join(FEKO, "wires_plate_2021.out")
text = open(path).read()
reader = simple.OpenDataFile(path)
reader.UpdatePipeline()
surface = sm.Fetch(reader, idx=0)
wires = sm.Fetch(reader, idx=2)
check(surface.GetNumberOfCells() == 4 and surface.GetCellData().GetArray("J_real") is not None,
      "the plate's 4 triangles with their currents")
check(wires.GetNumberOfCells() == 4, "beside the monopole's 4 segments")
names, xyz = sources(surface)
check(names == ["WirePort"] and abs(xyz[0][2] - 0.03) < 1e-9,
      "the segment source at the first segment's centre (z = 0.03 m): %s %s" % (names, xyz))
check(sm.Fetch(reader, idx=3).GetNumberOfRows() == 0, "no SCATTERING PARAMETERS block: an empty Network")
simple.Delete(reader)

# the same moved to (0.3, 0.2, 0) m with a far field (FEKO 2021.2; Plugin.GuiToolbarFeko's model)
path = os.path.join(FEKO, "wires_plate_ff_2021.out")
text = open(path).read()
reader = simple.OpenDataFile(path)
reader.UpdatePipeline()
loc = [float(v.rstrip(",")) for v in re.search(r"Location of the port in m:\s+x =\s*(\S+)\s+y =\s*(\S+)\s+z =\s*(\S+)", text).groups()]
ff = sm.Fetch(reader, idx=4)
for port, data in ((0, sm.Fetch(reader, idx=0)), (2, sm.Fetch(reader, idx=2)), (4, ff)):
    names, xyz = sources(data)
    check(names == ["WirePort"] and max(abs(a - b) for a, b in zip(xyz[0], loc)) < 1e-12,
          "port %d: the source at its printed location %s: %s %s" % (port, loc, names, xyz))
rows_ff = [l.split() for l in text[text.index("FAR FIELD in V"):].splitlines()[5:]]
rows_ff = rows_ff[:rows_ff.index([])]
gain = lib.table_columns(ff)["Gain"]
check(ff.GetNumberOfRows() == len(rows_ff) == 13 * 24 and
      abs(max(gain) - max(float(r[8]) for r in rows_ff)) < 1e-12,
      "far field: %d rows (13 x 24), peak directivity %.4f dB as printed" % (ff.GetNumberOfRows(), max(gain)))
simple.Delete(reader)
check.finish()
