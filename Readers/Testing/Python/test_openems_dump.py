"""openEMS HDF5 field dumps through the OpenEMS Field Dump Reader: the dipole of
openems_dipole.py (2 x 71 mm strip at 1 GHz) runs with two E-field dump boxes on the
plane y = 0 (|x| <= 100 mm, |z| <= 120 mm), one in the time domain (dump type 0) and
one at f0 (dump type 10), stopping at -20 dB of energy (about 20 s). Checks:
- OpenDataFile picks the dump reader for both dumps and still the NF2FF reader for an
  nf2ff file (CanReadFile sniffs the groups; both readers claim .h5);
- the grid against h5py's raw file: coordinates = /Mesh/x, y, z; E_real, E_imag at every
  point = the datasets' [component, z, y, x] values (float32, so within 1e-6 relative);
  |E| = sqrt(sum re^2 + im^2) recomputed here;
- the time steps of the TD dump = the datasets' time attributes;
- an independent oracle of the FD dump: openEMS's own running DFT at f0 against a DFT
  computed here from the TD dump read through the reader, step by step, sum E(t) e^{-j w t}:
  the two complex fields must agree in shape (normalised correlation |<a, b>| / |a||b|
  above 0.99) -- a transposed axis, a component mix-up or a wrong step order drops it to
  well below 0.9;
  and its scale: openEMS's FD dump is 2 dt sum over every FDTD step, so |FD| / |DFT| =
  2 x the dump interval within 1 % (measured -0.06 %);
- physics: on y = 0 the dipole's field is even in z for E_z and odd for E_x; checked on
  the FD dump where the mesh is symmetric (E_z lies half a cell up: Yee positions).
Skips (exit 77) without openEMS unless CLOUDMAP_REQUIRE_OPENEMS=1
(set where the release ships openEMS: Debian 12)."""
import math
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1:3]
here = os.path.dirname(os.path.abspath(__file__))
# h5py and numpy are needed here too: the grid is compared with h5py's raw file.
fields = lib.run_openems_dipole(tmp, "openems_dump", ["dumps"], local_modules=("h5py", "numpy"))
import h5py
import numpy as np
td_path, fd_path, f0 = fields["td"], fields["fd"], float(fields["f0"])

simple = lib.load_plugin(plugin)
from vtkmodules.util.numpy_support import vtk_to_numpy

problems = []
nf2ff = os.path.join(lib.DATA, "openems", "dipole_nf2ff.h5")
for path, want in ((td_path, "CloudMapOpenEMSDumpReader"), (fd_path, "CloudMapOpenEMSDumpReader"),
                   (nf2ff, "CloudMapOpenEMSReader")):
    r = simple.OpenDataFile(path)
    if r is None or r.GetXMLName() != want:
        problems.append("OpenDataFile picked %s for %s, expected %s"
                        % (r.GetXMLName() if r else None, os.path.basename(path), want))
    if r is not None:
        simple.Delete(r)

# FD dump against h5py.
fd = simple.OpenEMSFieldDumpReader(FileName=fd_path)
fd.UpdatePipeline()
# The reader's own output (builtin session): sm.Fetch's reduction of a vtkRectilinearGrid
# in ParaView 5.11 returns the x coordinates repeated per point.
g = fd.GetClientSideObject().GetOutputDataObject(0)
h = h5py.File(fd_path, "r")
mx, my, mz = (np.asarray(h["Mesh/" + a][:], dtype=float) for a in "xyz")
raw_re = np.asarray(h["FieldData/FD/f0_real"][:], dtype=float)  # {3, nz, ny, nx}
raw_im = np.asarray(h["FieldData/FD/f0_imag"][:], dtype=float)
h.close()
dims = g.GetDimensions()
if tuple(dims) != (len(mx), len(my), len(mz)):
    lib.fail("grid dimensions %s, expected %s from /Mesh" % (dims, (len(mx), len(my), len(mz))))
for axis, coords, lines in (("x", g.GetXCoordinates(), mx), ("y", g.GetYCoordinates(), my),
                            ("z", g.GetZCoordinates(), mz)):
    if np.max(np.abs(vtk_to_numpy(coords) - lines)) > 0:
        problems.append("the %s coordinates differ from /Mesh/%s" % (axis, axis))
pd = g.GetPointData()
ere = vtk_to_numpy(pd.GetArray("E_real"))  # points x fastest, 3 components
eim = vtk_to_numpy(pd.GetArray("E_imag"))
mag = vtk_to_numpy(pd.GetArray("|E|"))
want_re = raw_re.reshape(3, -1).T  # [c, z, y, x] -> point (x fastest), component
want_im = raw_im.reshape(3, -1).T
scale = np.max(np.abs(want_re)) + np.max(np.abs(want_im))
err = max(np.max(np.abs(ere - want_re)), np.max(np.abs(eim - want_im))) / scale
magerr = np.max(np.abs(mag - np.sqrt(np.sum(want_re ** 2 + want_im ** 2, axis=1)))) / scale
freq = g.GetFieldData().GetArray("Frequency").GetValue(0)
if err > 1e-6 or magerr > 1e-6:
    problems.append("E_real/E_imag/|E| differ from the file's raw values (%.3g, %.3g relative)" % (err, magerr))
if abs(freq - f0) > 1e-6 * f0:
    problems.append("Frequency field data %g, expected %g" % (freq, f0))

# TD dump: time steps and a DFT at f0 through the reader.
td = simple.OpenEMSFieldDumpReader(FileName=td_path)
td.UpdatePipelineInformation()
times = list(td.TimestepValues)
h = h5py.File(td_path, "r")
file_times = sorted(float(h["FieldData/TD"][k].attrs["time"][0]) for k in h["FieldData/TD"])
h.close()
if len(times) != len(file_times) or max(abs(a - b) for a, b in zip(times, file_times)) > 1e-15:
    problems.append("TD time steps (%d) differ from the datasets' time attributes (%d)"
                    % (len(times), len(file_times)))
dft = np.zeros((len(mx) * len(my) * len(mz), 3), dtype=complex)
for t in times:
    td.UpdatePipeline(t)
    gt = td.GetClientSideObject().GetOutputDataObject(0)
    shown = gt.GetFieldData().GetArray("Time").GetValue(0)
    if abs(shown - t) > 1e-15:
        problems.append("step %g shows Time %g" % (t, shown))
        break
    dft += vtk_to_numpy(gt.GetPointData().GetArray("E")) * np.exp(-2j * math.pi * f0 * t)
fdc = (ere + 1j * eim).ravel()
corr = abs(np.vdot(dft.ravel(), fdc)) / (np.linalg.norm(dft) * np.linalg.norm(fdc))
ratio = np.linalg.norm(fdc) / np.linalg.norm(dft)

# Symmetry in z on y = 0 (E_z even, E_x odd) where the z lines are symmetric.
sym = ""
if np.max(np.abs(mz + mz[::-1])) < 1e-6:
    e3 = (ere + 1j * eim).reshape(len(mz), len(my), len(mx), 3)
    # Dump mode 0 (no interpolation) keeps the Yee positions: E_x at the z lines, E_z
    # half a cell up, between lines k and k + 1, so its mirror image of k is nz - 2 - k.
    ez = e3[..., 2][:-1]
    ez_odd = np.linalg.norm(ez - ez[::-1]) / np.linalg.norm(ez)
    ex_even = np.linalg.norm(e3[..., 0] + e3[::-1][..., 0]) / max(np.linalg.norm(e3[..., 0]), 1e-300)
    sym = "; z symmetry: E_z even within %.2g, E_x odd within %.2g" % (ez_odd, ex_even)
    if ez_odd > 0.05 or ex_even > 0.05:
        problems.append("the field is not symmetric in z" + sym)
print("openEMS dumps: FD grid %s, raw-value error %.2g, |E| error %.2g; TD %d steps "
      "(%.4g to %.4g s); DFT of the TD dump vs openEMS's FD dump: correlation %.6f, "
      "|FD| / |DFT| = %.4g%s" % (tuple(dims), err, magerr, len(times), times[0], times[-1],
                                  corr, ratio, sym))
# openEMS sums E(n dt) e^{-j w n dt} 2 dt over every FDTD step; the TD dump keeps every
# k-th step, so the FD dump is 2 (t1 - t0) times the DFT here.
if not abs(ratio / (2 * (times[1] - times[0])) - 1) < 0.01:
    problems.append("|FD| / |DFT of TD| = %.5g, expected 2 x the dump interval %.5g within 1 %%"
                    % (ratio, 2 * (times[1] - times[0])))
if not corr > 0.99:
    problems.append("the DFT of the TD dump does not match the FD dump (correlation %.4f)" % corr)
if problems:
    lib.fail("; ".join(problems))
print("openEMS field dumps through the reader: OK")
