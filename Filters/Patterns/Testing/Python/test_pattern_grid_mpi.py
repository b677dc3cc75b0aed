"""Serial pvbatch and `mpirun -np 2 pvbatch` give the same Antenna Pattern
Surface with Reference Mode Global on a 3-frequency nec2c sweep (the pre-pass
over the time steps runs on every rank and reduces once) and the same pattern
grid (built only where the pattern table is, piece 0): the same reference,
points, radii and grid lines with their labels in every frame."""
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
pvbatch, mpirun = lib.pvbatch_and_mpirun()
if not pvbatch or not mpirun:
    lib.fail("pvbatch or mpirun not found (Testing/setup-debian.sh installs them)")
here = os.path.dirname(os.path.abspath(__file__))
out = lib.run_nec2c(tmp, "grid_mpi", "CM dipole sweep\nCE\nGW 1 21 0 0 -0.25 0 0 0.25 0.001\nGE 0\n"
                    "FR 0 3 0 0 200 100\nEX 0 1 11 0 1 0\nRP 0 19 37 1000 0 0 10 10\nEN\n")
a, b = (text.splitlines() for text in lib.serial_and_two_ranks(
    pvbatch, mpirun, os.path.join(here, "pattern_grid_mpi.py"), [plugin, out],
    os.path.join(tmp, "grid_mpi_serial.txt"), os.path.join(tmp, "grid_mpi_two.txt")))
heads = [l for l in a if l.startswith(("time", "grid"))]
print("\n".join(heads))
if len(a) < 50 or sum(l.startswith("time") for l in a) != 3:
    lib.fail("the serial run wrote too little: %d lines" % len(a))
bad = [(x, y) for x, y in zip(a, b) if x != y]
if len(a) != len(b) or bad:
    lib.fail("serial and 2 ranks differ (%d vs %d lines), first: %s" % (len(a), len(b), bad[:1]))
print("pattern surface and grid, serial == 2 ranks: OK")
