"""openEMS's own Simple_Patch_Antenna tutorial (openEMS/python/Tutorials/Simple_Patch_Antenna.py:
a 32 x 40 mm patch on a 60 x 60 x 1.524 mm substrate (eps_r 3.38), 50-ohm lumped feed at
x = -6 mm, MUR boundaries, 200 x 200 x 150 mm box, f0 = 2 GHz, fc = 1 GHz), made short
for the test data: a coarser mesh (lambda/12 at f0 + fc instead of lambda/20), 2 substrate
cells instead of 4 and EndCriteria 1e-3 instead of 1e-4. The far field is computed as the
tutorial does, at the frequency of least |S11|, on

    theta = np.arange(-180.0, 180.0, 2.0);  phi = [0., 90.]   (degrees; stored in radians)

with center [0, 0, 1e-3], and written to OUT_DIR/patch_nf2ff.h5. The same recording is
also taken to theta = 0..180 by 2 degrees at phi = 0, 90, 180 and 270 degrees
(OUT_DIR/patch_nf2ff_full.h5): the same directions in the table's own ranges, the oracle
for the reader's mapping of negative theta. Run with the system
python3 (Debian 12: openems and python3-openems 0.0.35):

    /usr/bin/python3 make_patch_nf2ff.py OUT_DIR

prints "nf2ff=<path> f=<Hz> Dmax_dBi=<x> Prad=<W>". About two minutes on one core."""
import os
import sys

import numpy as np

if not hasattr(np, "float"):  # openEMS 0.0.35's Python code uses np.float (numpy 1.24 removed it)
    np.float = float

from CSXCAD import ContinuousStructure  # noqa: E402
from openEMS import openEMS  # noqa: E402
from openEMS.physical_constants import C0, EPS0  # noqa: E402

out_dir = sys.argv[1]
sim_path = os.path.join(out_dir, "sim")
os.makedirs(sim_path, exist_ok=True)

patch_width, patch_length = 32, 40
substrate_epsR = 3.38
substrate_kappa = 1e-3 * 2 * np.pi * 2.45e9 * EPS0 * substrate_epsR
substrate_width = substrate_length = 60
substrate_thickness = 1.524
substrate_cells = 2
feed_pos, feed_R = -6, 50
SimBox = np.array([200, 200, 150])
f0, fc = 2e9, 1e9

FDTD = openEMS(NrTS=30000, EndCriteria=1e-3)
FDTD.SetGaussExcite(f0, fc)
FDTD.SetBoundaryCond(["MUR"] * 6)
CSX = ContinuousStructure()
FDTD.SetCSX(CSX)
mesh = CSX.GetGrid()
mesh.SetDeltaUnit(1e-3)
mesh_res = C0 / (f0 + fc) / 1e-3 / 12
mesh.AddLine("x", [-SimBox[0] / 2, SimBox[0] / 2])
mesh.AddLine("y", [-SimBox[1] / 2, SimBox[1] / 2])
mesh.AddLine("z", [-SimBox[2] / 3, SimBox[2] * 2 / 3])

patch = CSX.AddMetal("patch")
start = [-patch_width / 2, -patch_length / 2, substrate_thickness]
stop = [patch_width / 2, patch_length / 2, substrate_thickness]
patch.AddBox(priority=10, start=start, stop=stop)
FDTD.AddEdges2Grid(dirs="xy", properties=patch, metal_edge_res=mesh_res / 2)

substrate = CSX.AddMaterial("substrate", epsilon=substrate_epsR, kappa=substrate_kappa)
start = [-substrate_width / 2, -substrate_length / 2, 0]
stop = [substrate_width / 2, substrate_length / 2, substrate_thickness]
substrate.AddBox(priority=0, start=start, stop=stop)
mesh.AddLine("z", np.linspace(0, substrate_thickness, substrate_cells + 1))

gnd = CSX.AddMetal("gnd")
start[2] = stop[2] = 0
gnd.AddBox(start, stop, priority=10)
FDTD.AddEdges2Grid(dirs="xy", properties=gnd)

port = FDTD.AddLumpedPort(1, feed_R, [feed_pos, 0, 0], [feed_pos, 0, substrate_thickness], "z", 1.0,
                          priority=5, edges2grid="xy")
mesh.SmoothMeshLines("all", mesh_res, 1.4)
nf2ff = FDTD.CreateNF2FFBox()

FDTD.Run(sim_path, verbose=0, cleanup=True)

f = np.linspace(max(1e9, f0 - fc), f0 + fc, 401)
port.CalcPort(sim_path, f)
s11 = port.uf_ref / port.uf_inc
f_res = f[np.argmin(np.abs(s11))]
theta = np.arange(-180.0, 180.0, 2.0)
phi = [0.0, 90.0]
out = os.path.join(out_dir, "patch_nf2ff.h5")
r = nf2ff.CalcNF2FF(sim_path, f_res, theta, phi, center=[0, 0, 1e-3], outfile=out)
nf2ff.CalcNF2FF(sim_path, f_res, np.arange(0.0, 181.0, 2.0), [0.0, 90.0, 180.0, 270.0], center=[0, 0, 1e-3],
                outfile=os.path.join(out_dir, "patch_nf2ff_full.h5"))
print("nf2ff=%s f=%g Dmax_dBi=%.4f Prad=%.6g" % (out, f_res, 10 * np.log10(r.Dmax[0]), r.Prad[0]))
