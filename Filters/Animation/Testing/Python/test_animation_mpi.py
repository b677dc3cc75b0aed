"""Serial pvbatch and `mpirun -np 2 pvbatch` give the same particles: each
rank computes the ids congruent to its rank, and the union, sorted by id,
equals the serial set exactly (counter-based random numbers)."""
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
pvbatch, mpirun = lib.pvbatch_and_mpirun()
if not pvbatch or not mpirun:
    lib.fail("pvbatch or mpirun not found (Testing/setup-debian.sh installs them)")
here = os.path.dirname(os.path.abspath(__file__))
a, b = (text.splitlines() for text in lib.serial_and_two_ranks(
    pvbatch, mpirun, os.path.join(here, "animation_mpi_particles.py"), [plugin],
    os.path.join(tmp, "animation_mpi_serial.txt"), os.path.join(tmp, "animation_mpi_two.txt")))
if a[0] != "# partitions 1" or b[0] != "# partitions 2":
    lib.fail("expected 1 and 2 partitions, got %r and %r" % (a[0], b[0]))
if len(a) != len(b):
    lib.fail("serial has %d particles, 2 ranks %d" % (len(a) - 1, len(b) - 1))
bad = [(x, y) for x, y in zip(a[1:], b[1:]) if x != y]
if bad:
    lib.fail("%d of %d particles differ, first: %s | %s" % (len(bad), len(a) - 1, *bad[0]))
if len(a) < 1000:
    lib.fail("too few particles to be a test: %d" % (len(a) - 1))
print("serial == 2 ranks on %d particles: OK" % (len(a) - 1))
