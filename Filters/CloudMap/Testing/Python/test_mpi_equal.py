"""Serial pvbatch and `mpirun -np 2 pvbatch` give the same Surface Cloud Map:
the same sub-elements with the same band indices and values (the band range
is reduced over ranks and vertex averages see ghost elements); and the same
far field (radiation vectors summed over ranks, to rounding) and pattern bands."""
import os
import sys

import cloudmap_testlib as lib

pvbatch, mpirun, plugin, tmp = sys.argv[1:5]
here = os.path.dirname(os.path.abspath(__file__))
mesh = os.path.join(tmp, "mpi_sphere.cmom")
lib.write_sphere_cmom(mesh, nlat=16, nlon=32)
a, b = (text.splitlines() for text in lib.serial_and_two_ranks(
    pvbatch, mpirun, os.path.join(here, "mpi_cloudmap.py"), [plugin, mesh],
    os.path.join(tmp, "mpi_serial.txt"), os.path.join(tmp, "mpi_two.txt")))
if a[0] != "# partitions 1" or b[0] != "# partitions 2":
    lib.fail("expected 1 and 2 partitions, got %r and %r" % (a[0], b[0]))
if len(a) != len(b):
    lib.fail("serial has %d sub-elements, 2 ranks %d" % (len(a) - 1, len(b) - 1))
bad = [(x, y) for x, y in zip(a[1:], b[1:]) if x != y]
if bad:
    lib.fail("%d of %d sub-elements differ, first: %s | %s" % (len(bad), len(a) - 1, *bad[0]))
print("serial == 2 ranks on %d sub-elements: OK" % (len(a) - 1))

# The far field and the pattern surface.
a, b = (text.splitlines() for text in lib.serial_and_two_ranks(
    pvbatch, mpirun, os.path.join(here, "mpi_farfield.py"), [plugin, mesh],
    os.path.join(tmp, "ff_serial.txt"), os.path.join(tmp, "ff_two.txt")))
if a[0] != b[0] or a[-1] != b[-1]:
    lib.fail("far field: serial %r / 2 ranks %r, or the pattern bands differ" % (a[0], b[0]))
# Relative to the peak: at the nulls the values are rounding noise.
peak = max(abs(float(x)) for x in a[1:-1])
worst = max(abs(float(x) - float(y)) for x, y in zip(a[1:-1], b[1:-1])) / peak
print("far field: %s; largest |E| difference relative to the peak %.2e" % (a[0], worst))
if worst > 1e-9:
    lib.fail("far field differs between serial and 2 ranks by %.2e" % worst)
print("far field serial == 2 ranks: OK")
