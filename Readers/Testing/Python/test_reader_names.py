"""Every reader and writer of the plugin created by its pvpython name (the
label without spaces and punctuation, as docs/user/names.md gives them), not
through OpenDataFile or SaveData, and checked against the file itself:

 - MoMReader: as many points and elements as the native file holds, and |J|
   of each element = the length of the J written on its line;
 - NEC2OutputReader on nec2c's box_sm.out and NEC2OutputReadertext on the same
   output saved as .txt: the patches and wire segments nec2c prints
   ("TOTAL PATCHES USED", "TOTAL SEGMENTS USED");
 - FEKOOutputReader: the rows of FEKO's "DATA OF THE METALLIC TRIANGLES"
   table, and the total area their printed areas add up to;
 - FEKOFarFieldReader: No. of Theta Samples x No. of Phi Samples rows (.ffe);
 - FEKOSurfaceCurrentsReader: the electric and magnetic triangle sample counts
   of the .os header;
 - GmshMSHReader: the nodes of $Nodes and the triangles and quads of $Elements;
 - OpenEMSNF2FFReader: one row per (theta, phi) of the file's Mesh (h5py);
 - NECDeckWriter: one SP card (and its SC) per quad of a plane;
 - TouchstoneWriter: the reflection coefficients of rlc_series_ri.s1p, written
   again and parsed back with plain python, equal the file's to 1e-9.

  pvpython test_reader_names.py <CloudMap plugin> <scratch dir>
"""
import cmath
import math
import os
import re
import shutil
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm  # noqa: E402
from paraview.vtk.util.numpy_support import vtk_to_numpy  # noqa: E402

work = os.path.join(tmp, "reader_names")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
data = lib.DATA
check = lib.Checks(quiet=True)


def cells_points(proxy, port=0):
    info = proxy.GetDataInformation(port)
    return info.GetNumberOfCells(), info.GetNumberOfPoints()


def rows(proxy, port=0):
    return proxy.GetDataInformation(port).GetNumberOfRows()


def polygon_area(poly):
    """Total area of a polydata's polygons (fan triangulation)."""
    pts = vtk_to_numpy(poly.GetPoints().GetData())
    cells = poly.GetPolys()
    off = vtk_to_numpy(cells.GetOffsetsArray())
    conn = vtk_to_numpy(cells.GetConnectivityArray())
    total = 0.0
    for c in range(len(off) - 1):
        ids = conn[off[c]:off[c + 1]]
        a = [0.0, 0.0, 0.0]
        for k in range(1, len(ids) - 1):
            u = pts[ids[k]] - pts[ids[0]]
            v = pts[ids[k + 1]] - pts[ids[0]]
            cr = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
            a = [a[i] + 0.5 * cr[i] for i in range(3)]
        total += math.sqrt(sum(x * x for x in a))
    return total


# MoMReader: the native format, written here.
cmom = os.path.join(work, "sphere.cmom")
nverts, nelems = lib.write_sphere_cmom(cmom, nlat=6, nlon=10)
expect_j = []
with open(cmom) as f:
    for line in f:
        parts = line.split()
        if parts and parts[0] in ("T", "Q"):
            n = 3 if parts[0] == "T" else 4
            re_im = [float(x) for x in parts[1 + n:1 + n + 6]]
            expect_j.append(math.sqrt(sum(x * x for x in re_im)))
mom = simple.MoMReader(FileName=cmom)
mom.UpdatePipeline()
check(cells_points(mom) == (nelems, nverts),
      "MoMReader: %r cells/points, the file holds %d elements and %d vertices"
      % (cells_points(mom), nelems, nverts))
jmag = sm.Fetch(mom).GetCellData().GetArray("|J|")
check(jmag is not None and jmag.GetNumberOfTuples() == len(expect_j)
      and max(abs(jmag.GetValue(i) - expect_j[i]) for i in range(len(expect_j))) < 1e-12,
      "MoMReader: |J| differs from the J written on the element lines")

# NEC2OutputReader and NEC2OutputReadertext: the counts nec2c prints.
box = os.path.join(data, "nec", "box_sm.out")
text = open(box).read()
patches = int(re.search(r"TOTAL PATCHES USED:\s*(\d+)", text).group(1))
segments = int(re.search(r"TOTAL SEGMENTS USED:\s*(\d+)", text).group(1))
box_txt = os.path.join(work, "box_sm.txt")
shutil.copyfile(box, box_txt)
for name, path in (("NEC2OutputReader", box), ("NEC2OutputReadertext", box_txt)):
    r = getattr(simple, name)(FileName=path)
    r.UpdatePipeline()
    check(cells_points(r, 0)[0] == patches,
          "%s: %d patches, nec2c printed %d" % (name, cells_points(r, 0)[0], patches))
    check(cells_points(r, 1)[0] == segments,
          "%s: %d wire segments, nec2c printed %d" % (name, cells_points(r, 1)[0], segments))

# FEKOOutputReader: the metallic triangles FEKO prints, and their areas.
plate = os.path.join(data, "feko", "plate.out")
lines = open(plate).read().split("\n")
start = next(i for i, s in enumerate(lines) if "DATA OF THE METALLIC TRIANGLES" in s)
areas = []
i = start + 1
while i < len(lines) and "EXCITATION" not in lines[i]:
    if re.match(r"^\s+\d+\s+\S+\s+[-0-9.E+]+\s", lines[i]):
        areas.append(float(lines[i + 3].split()[-1]))
        i += 4
    else:
        i += 1
feko = simple.FEKOOutputReader(FileName=plate)
feko.UpdatePipeline()
check(areas and cells_points(feko)[0] == len(areas),
      "FEKOOutputReader: %d triangles, the file lists %d" % (cells_points(feko)[0], len(areas)))
area = polygon_area(sm.Fetch(feko, 0))
check(abs(area - sum(areas)) < 1e-9 * max(1.0, sum(areas)),
      "FEKOOutputReader: area %.12g, the file's triangles add up to %.12g" % (area, sum(areas)))

# FEKOFarFieldReader: theta x phi samples of the .ffe header.
ffe = os.path.join(data, "feko", "dipole_format3.ffe")
head = open(ffe).read()
nth = int(re.search(r"#No\. of Theta Samples:\s*(\d+)", head).group(1))
nph = int(re.search(r"#No\. of Phi Samples:\s*(\d+)", head).group(1))
ff = simple.FEKOFarFieldReader(FileName=ffe)
ff.UpdatePipeline()
check(rows(ff) == nth * nph, "FEKOFarFieldReader: %d rows, the header says %d x %d" % (rows(ff), nth, nph))

# FEKOSurfaceCurrentsReader: the sample counts of the .os header.
os_path = os.path.join(data, "feko", "plate_currents.os")
head = open(os_path).read()
ne = int(re.search(r"#No\. of Electric Current Triangle Samples:\s*(\d+)", head).group(1))
nm = int(re.search(r"#No\. of Magnetic Current Triangle Samples:\s*(\d+)", head).group(1))
cur = simple.FEKOSurfaceCurrentsReader(FileName=os_path)
cur.UpdatePipeline()
check(cells_points(cur, 0)[0] == ne and cells_points(cur, 1)[0] == nm,
      "FEKOSurfaceCurrentsReader: %d electric and %d magnetic samples, the header says %d and %d"
      % (cells_points(cur, 0)[0], cells_points(cur, 1)[0], ne, nm))

# GmshMSHReader: $Nodes and the triangles (2) and quads (3) of $Elements (MSH 2.2).
msh = os.path.join(data, "gmsh", "gmsh_plate_v22.msh")
lines = open(msh).read().split("\n")
nnodes = int(lines[lines.index("$Nodes") + 1])
e0 = lines.index("$Elements")
nel = int(lines[e0 + 1])
surface = sum(1 for s in lines[e0 + 2:e0 + 2 + nel] if s.split()[1] in ("2", "3"))
gmsh = simple.GmshMSHReader(FileName=msh)
gmsh.UpdatePipeline()
check(cells_points(gmsh) == (surface, nnodes),
      "GmshMSHReader: %r cells/points, the file holds %d triangles and quads and %d nodes"
      % (cells_points(gmsh), surface, nnodes))

# OpenEMSNF2FFReader: one row per direction of the file's mesh.
nf2ff = os.path.join(data, "openems", "dipole_nf2ff.h5")
try:
    import h5py
    with h5py.File(nf2ff, "r") as h5:
        directions = h5["Mesh"]["theta"].shape[0] * h5["Mesh"]["phi"].shape[0]
except ImportError:
    directions = None
    lib.say("h5py is not importable here: OpenEMSNF2FFReader checked for a non-empty table only")
em = simple.OpenEMSNF2FFReader(FileName=nf2ff)
em.UpdatePipeline()
check(rows(em) > 0 and (directions is None or rows(em) == directions),
      "OpenEMSNF2FFReader: %d rows, the file's mesh has %r directions" % (rows(em), directions))

# NECDeckWriter: one SP card per quad, each followed by its SC card.
plane = simple.Plane(XResolution=3, YResolution=2)
deck = os.path.join(work, "plane.nec")
writer = sm.writers.NECDeckWriter(Input=plane, FileName=deck)
writer.UpdatePipeline()
cards = [s.split()[0] for s in open(deck).read().split("\n") if s.strip()]
check(cards.count("SP") == 6 and cards.count("SC") == 6,
      "NECDeckWriter: %d SP and %d SC cards for the 6 quads of a 3 x 2 plane"
      % (cards.count("SP"), cards.count("SC")))


# TouchstoneWriter: the file's reflection coefficients, written and parsed back.
def touchstone(path):
    """{frequency in Hz: S11} of a one-port Touchstone 1 file (RI, MA or DB)."""
    scale = {"HZ": 1.0, "KHZ": 1e3, "MHZ": 1e6, "GHZ": 1e9}
    unit, fmt, out = 1e9, "MA", {}
    for line in open(path):
        line = line.split("!")[0].strip()
        if not line:
            continue
        if line.startswith("#"):
            opts = line[1:].upper().split()
            for o in opts:
                if o in scale:
                    unit = scale[o]
                elif o in ("RI", "MA", "DB"):
                    fmt = o
            continue
        f, a, b = (float(x) for x in line.split()[:3])
        if fmt == "RI":
            s = complex(a, b)
        elif fmt == "MA":
            s = cmath.rect(a, math.radians(b))
        else:
            s = cmath.rect(10 ** (a / 20), math.radians(b))
        out[round(f * unit)] = s
    return out


s1p = os.path.join(data, "touchstone", "rlc_series_ri.s1p")
expect = touchstone(s1p)
ts = simple.TouchstoneReader(FileName=s1p)
written = os.path.join(work, "rlc_again.s1p")
tw = sm.writers.TouchstoneWriter(Input=ts, FileName=written)
tw.UpdatePipeline()
got = touchstone(written)
check(sorted(got) == sorted(expect) and all(abs(got[f] - expect[f]) < 1e-9 for f in expect),
      "TouchstoneWriter: %s wrote %r, the source file holds %r" % (written, got, expect))

check.finish("%d reader/writer check(s) failed")
lib.say("reader names: OK (%d patches, %d FEKO triangles, %d far-field rows)" % (patches, len(areas), rows(em)))
