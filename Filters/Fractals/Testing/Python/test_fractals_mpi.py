"""Serial pvbatch and `mpirun -np 2 pvbatch` give bit-identical Fractal
Terrain (constrained by a control grid, peak cut, with normals and
displacements) and Fractional Brownian Curve: the counter-based random
numbers and the extent splitting make every rank compute exactly the
serial values. Run as `pvpython test_fractals_mpi.py <plugin> <scratch>`."""
import os
import sys

import cloudmap_testlib as lib
import fractal_testdata as data

plugin, tmp = sys.argv[1:3]
pvbatch, mpirun = lib.pvbatch_and_mpirun()
if not pvbatch or not mpirun:
    lib.fail("pvbatch or mpirun not found")
here = os.path.dirname(os.path.abspath(__file__))
pts = os.path.join(tmp, "fractal_mpi_points.vtp")
data.write_points_vtp(pts, data.crater_points())
a, b = (text.splitlines() for text in lib.serial_and_two_ranks(
    pvbatch, mpirun, os.path.join(here, "mpi_fractal_terrain.py"), [plugin, pts],
    os.path.join(tmp, "fractal_mpi_serial.txt"), os.path.join(tmp, "fractal_mpi_two.txt")))
if a[0] != "# partitions 1" or b[0] != "# partitions 2":
    lib.fail("expected 1 and 2 partitions, got %r and %r" % (a[0], b[0]))
# Each rank computed only its own extent: the fetched pieces repeat the rows
# they share, so the 2-rank raw count exceeds the unique count.
raw_a, raw_b = int(a[1].split()[-1]), int(b[1].split()[-1])
print("raw terrain points: serial %d, 2 ranks %d" % (raw_a, raw_b))
if raw_a != 129 * 129 or raw_b <= 129 * 129:
    lib.fail("the terrain was not split into extents across the 2 ranks")
nt = sum(1 for r in a if r.startswith("T "))
if nt != 129 * 129:
    lib.fail("serial terrain has %d points, expected 129^2" % nt)
if len(a) != len(b):
    lib.fail("serial has %d points, 2 ranks %d" % (len(a) - 2, len(b) - 2))
bad = [(x, y) for x, y in zip(a[2:], b[2:]) if x != y]
if bad:
    lib.fail("%d of %d points differ, first: %s | %s" % (len(bad), len(a) - 2, *bad[0]))
print("serial == 2 ranks, bit for bit, on %d points: OK" % (len(a) - 2))
