"""The FEKO Output Reader on whole .out files of wire models (issue 41), through pvpython.

Files: Testing/Data/feko/dipole_wire_2017.out (a 9-segment dipole, FEKO 2017.2 layout)
and wires_plate_2021.out (a monopole of 4 segments on a plate of 4 triangles, FEKO 2021.1
layout); both written by make_feko_wires.py. Oracles are what each file prints about
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
check.finish()
