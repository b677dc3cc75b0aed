"""A small openEMS half-wave dipole (FDTD, Debian's openems + python3-openems) whose
nf2ff far field is written to an HDF5 file, for the openEMS reader's test and the
example figure. Run with the system python3 (or pvpython):

    python3 openems_dipole.py OUT_DIR [theta_step_deg] [phi_step_deg]
    python3 openems_dipole.py OUT_DIR dumps    # E-field dumps instead (simulate_dumps)

prints one line "nf2ff=<path> f0=<Hz> Dmax_dBi=<x> Prad=<W> Pin=<W>". The model:
a thin PEC strip dipole along z at f0 = 1 GHz (lambda = 300 mm), 2 x 71 mm arms
with a 4 mm gap and a 50-ohm lumped port, lambda/20 mesh graded to 1 mm around
the wire, 8-cell PML, a Gaussian pulse 0.5-1.5 GHz, the nf2ff box recording at f0
only. Its far field on the requested theta/phi grid goes to OUT_DIR/nf2ff.h5. About
half a minute on one core of this machine."""
import os
import sys

import numpy as np

# openEMS 0.0.35's Python code still uses np.float, which numpy 1.24 removed.
if not hasattr(np, "float"):
    np.float = float

from CSXCAD import ContinuousStructure  # noqa: E402
from openEMS import openEMS  # noqa: E402
from openEMS.physical_constants import C0  # noqa: E402

F0 = 1e9


def model(end_criteria=1e-3):
    """The dipole model: (openEMS, ContinuousStructure, lumped port), not yet run."""
    unit = 1e-3  # mm
    lam = C0 / F0 / unit  # 299.8 mm
    arm, gap, width = 71.0, 4.0, 2.0
    fdtd = openEMS(NrTS=30000, EndCriteria=end_criteria)
    fdtd.SetGaussExcite(F0, 0.5e9)
    fdtd.SetBoundaryCond(["PML_8"] * 6)
    csx = ContinuousStructure()
    fdtd.SetCSX(csx)
    mesh = csx.GetGrid()
    mesh.SetDeltaUnit(unit)
    res = lam / 15
    # The 8 PML cells lie inside the mesh: keep 0.6 lambda of air between the dipole
    # axis and the PML, 0.35 lambda beyond its ends.
    half = 0.6 * lam + 8 * res
    for axis in "xyz":
        lines = [-half, half, 0.0]
        if axis == "z":
            lines += [-gap / 2, gap / 2, -gap / 2 - arm, gap / 2 + arm]
        else:
            lines += [-width / 2, width / 2]
        mesh.AddLine(axis, lines)
        mesh.SmoothMeshLines(axis, res, 1.3)
    metal = csx.AddMetal("dipole")
    metal.AddBox([-width / 2, -width / 2, gap / 2], [width / 2, width / 2, gap / 2 + arm], priority=10)
    metal.AddBox([-width / 2, -width / 2, -gap / 2 - arm], [width / 2, width / 2, -gap / 2], priority=10)
    port = fdtd.AddLumpedPort(1, 50, [-width / 2, -width / 2, -gap / 2], [width / 2, width / 2, gap / 2],
                              "z", 1.0, priority=5)
    return fdtd, csx, port


def simulate_dumps(out_dir):
    """Runs the model with two HDF5 E-field dump boxes on the plane y = 0 (|x| <= 100 mm,
    |z| <= 120 mm): E in the time domain (dump type 0) and at f0 (dump type 10). Stops at
    -20 dB of energy (the dumps need no converged port). Returns (Etd.h5, Efd.h5)."""
    sim = os.path.join(out_dir, "sim")
    os.makedirs(sim, exist_ok=True)
    fdtd, csx, _ = model(end_criteria=1e-2)
    td = csx.AddDump("Etd", dump_type=0, file_type=1)
    td.AddBox([-100, 0, -120], [100, 0, 120])
    fd = csx.AddDump("Efd", dump_type=10, file_type=1, frequency=[F0])
    fd.AddBox([-100, 0, -120], [100, 0, 120])
    fdtd.Run(sim, verbose=0, cleanup=True)
    return os.path.join(sim, "Etd.h5"), os.path.join(sim, "Efd.h5")


def simulate(out_dir, theta_step=3.0, phi_step=5.0):
    """Runs the model in out_dir/sim; returns (nf2ff path, f0, Dmax dBi, Prad, Pin)."""
    sim = os.path.join(out_dir, "sim")
    os.makedirs(sim, exist_ok=True)
    fdtd, csx, port = model()
    box = fdtd.CreateNF2FFBox(frequency=[F0])
    fdtd.Run(sim, verbose=0, cleanup=True)
    port.CalcPort(sim, [F0])
    pin = float(np.real(0.5 * port.uf_tot * np.conj(port.if_tot))[0])
    theta = np.arange(0.0, 180.0 + theta_step / 2, theta_step)
    # phi stops one step short of 360: openEMS integrates P_rad over the samples for
    # Prad, so a repeated phi = 360 cut would count twice (Prad 0.8 % high at 10 deg).
    phi = np.arange(0.0, 360.0 - phi_step / 2, phi_step)
    out = os.path.join(out_dir, "nf2ff.h5")
    r = box.CalcNF2FF(sim, F0, theta, phi, outfile=out)
    return out, F0, float(10 * np.log10(r.Dmax[0])), float(r.Prad[0]), pin


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[1:2] == ["dumps"]:
        etd, efd = simulate_dumps(args[0])
        print("td=%s fd=%s f0=%g" % (etd, efd, F0))
        sys.exit(0)
    steps = [float(a) for a in args[1:3]]
    path, f0, dmax, prad, pin = simulate(args[0], *steps)
    print("nf2ff=%s f0=%g Dmax_dBi=%.4f Prad=%.6g Pin=%.6g" % (path, f0, dmax, prad, pin))
