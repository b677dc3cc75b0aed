# SPDX-License-Identifier: BSD-3-Clause
"""openEMS HDF5 beside h5py: an nf2ff far field of many frequencies on a fine grid, and
a frequency-domain field dump on a large plane, written here with h5py in openEMS's own
layout (the groups, attributes, data types and array shapes of the real files
Testing/Data/openems/dipole_nf2ff.h5 and dipole_efd.h5). Same work: the number of values
of the field read (directions x frequencies; mesh points x components)."""
import os

import numpy as np

from _files import read_with


def write_nf2ff(path, scale):
    # 40 bytes per direction and frequency (4 field arrays and P_rad, float64).
    theta = np.radians(np.arange(0.0, 180.25, 0.5)).astype(np.float32)
    phi = np.radians(np.arange(0.0, 360.0, 0.5)).astype(np.float32)
    nf = max(1, int(500 * scale / (40.0 * theta.size * phi.size)))
    import h5py
    with h5py.File(path, "w") as f:
        f["Mesh/phi"] = phi
        f["Mesh/theta"] = theta
        f["Mesh/r"] = np.array([1.0], dtype=np.float32)
        f["Mesh"].attrs["MeshType"] = np.array([2.0], dtype=np.float32)
        th, ph = np.meshgrid(theta.astype(float), phi.astype(float))
        et = np.sin(th) * 1e-3
        for k in range(nf):
            s = 1 + 0.01 * k
            f["nf2ff/E_theta/FD/f%d_real" % k] = s * et * np.cos(ph)
            f["nf2ff/E_theta/FD/f%d_imag" % k] = s * et * np.sin(ph)
            f["nf2ff/E_phi/FD/f%d_real" % k] = 0.1 * s * et
            f["nf2ff/E_phi/FD/f%d_imag" % k] = -0.1 * s * et
            f["nf2ff/P_rad/FD/f%d" % k] = (s * et) ** 2 / 377.0
        a = f["nf2ff"].attrs
        a["Frequency"] = (1e9 + 1e7 * np.arange(nf)).astype(np.float32)
        a["Prad"] = np.array([1e-6 * (1 + 0.01 * k) ** 2 for k in range(nf)])
        a["Dmax"] = np.full(nf, 1.5)
    return nf * theta.size * phi.size


def write_dump(path, scale):
    # E at one frequency on an x-z plane: 24 bytes per mesh point (3 components, re + im).
    n = max(4, int(np.sqrt(500 * scale / 24.0)))
    x = np.linspace(-0.1, 0.1, n).astype(np.float32)
    z = np.linspace(-0.12, 0.12, n).astype(np.float32)
    import h5py
    with h5py.File(path, "w") as f:
        f.attrs["openEMS_HDF5_version"] = np.array([0.2])
        f["Mesh/x"] = x
        f["Mesh/y"] = np.array([0.0], dtype=np.float32)
        f["Mesh/z"] = z
    with h5py.File(path, "r+") as f:
        X, Z = np.meshgrid(x, z)
        field = np.stack([np.sin(10 * X) * np.cos(7 * Z)] * 3)[:, :, None, :].astype(np.float32)
        for part, scale_ in (("real", 1.0), ("imag", 0.5)):
            d = f.create_dataset("FieldData/FD/f0_%s" % part, data=scale_ * field)
            d.attrs["frequency"] = np.array([1e9], dtype=np.float32)
        f["FieldData/FD"].attrs["frequency"] = np.array([1e9])
    return n * n


def h5py_nf2ff(path):
    import h5py
    n = 0
    with h5py.File(path, "r") as f:
        for k in range(len(f["nf2ff"].attrs["Frequency"])):
            arrays = [f["nf2ff/%s/FD/f%d_%s" % (q, k, p)][()] for q in ("E_theta", "E_phi")
                      for p in ("real", "imag")]
            arrays.append(f["nf2ff/P_rad/FD/f%d" % k][()])
            n += arrays[0].size
    return n


def h5py_dump(path):
    import h5py
    with h5py.File(path, "r") as f:
        re = f["FieldData/FD/f0_real"][()]
        f["FieldData/FD/f0_imag"][()]
        return re[0].size


def cases(workdir, scale):
    from paraview import simple
    nf2ff = os.path.join(workdir, "openems_%d_nf2ff.h5" % scale)
    dump = os.path.join(workdir, "openems_%d_efd.h5" % scale)
    if not os.path.exists(nf2ff):
        write_nf2ff(nf2ff, scale)
    if not os.path.exists(dump):
        write_dump(dump, scale)

    def nf2ff_count(proxy, info):
        return info.GetNumberOfRows() * max(1, len(proxy.TimestepValues or []))

    def dump_count(proxy, info):
        return info.GetNumberOfPoints()

    return [
        {"name": "openEMS nf2ff (HDF5)", "file": nf2ff,
         "ours": read_with(simple.OpenEMSNF2FFReader, nf2ff_count), "peer": h5py_nf2ff,
         "peer_name": "h5py"},
        {"name": "openEMS field dump (HDF5)", "file": dump,
         "ours": read_with(simple.OpenEMSFieldDumpReader, dump_count), "peer": h5py_dump,
         "peer_name": "h5py"},
    ]
