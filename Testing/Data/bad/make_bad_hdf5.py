#!/usr/bin/python3
"""The HDF5 part of the malformed-input corpus: damaged copies of the openEMS nf2ff
result Testing/Data/openems/dipole_nf2ff.h5 (written by openEMS, see
Testing/Data/openems/README.md), made with h5py, and their MANIFEST.tsv rows
(format "openems"; HDF5 has no lines, so the line is 0). Replaces the openems rows of
MANIFEST.tsv and keeps the others; make_bad.py keeps these rows when it rewrites the
manifest. Needs h5py (Debian's python3-h5py): run it with /usr/bin/python3."""
import os
import shutil

import h5py
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
clean = os.path.normpath(os.path.join(here, "..", "openems", "dipole_nf2ff.h5"))
REF = "../openems/dipole_nf2ff.h5"
rows = []


def copy(name):
    path = os.path.join(here, name)
    shutil.copyfile(clean, path)
    return path


def add(name, cls, expect, frags, ref="-"):
    rows.append((name, "openems", cls, expect, "0", "|".join(frags) if frags else "-", ref))


def damaged(name, cls, frags, change):
    """A copy of the clean file changed by change(h5py.File) and refused with frags."""
    path = copy(name)
    with h5py.File(path, "r+") as f:
        change(f)
    add(name, cls, "error", frags)


def rewrite(f, path, data, **kw):
    del f[path]
    f.create_dataset(path, data=data, **kw)


with open(os.path.join(here, "openems_empty.h5"), "wb"):
    pass
add("openems_empty.h5", "empty", "error", ["not an HDF5 file"])
with open(os.path.join(here, "openems_garbage.h5"), "wb") as f:
    f.write(b"theta phi E_theta\n0 0 1\n")
add("openems_garbage.h5", "garbage", "error", ["not an HDF5 file"])
with open(clean, "rb") as f:
    whole = f.read()
with open(os.path.join(here, "openems_truncated.h5"), "wb") as f:
    f.write(whole[: len(whole) // 2])
add("openems_truncated.h5", "truncation", "error", ["damaged"])

with h5py.File(os.path.join(here, "openems_no_nf2ff.h5"), "w") as f:
    f.create_dataset("/Mesh/theta", data=np.linspace(0, np.pi, 5, dtype=np.float32))
add("openems_no_nf2ff.h5", "garbage", "error", ["group /nf2ff is missing", "not an openEMS nf2ff"])
damaged("openems_no_etheta.h5", "truncation", ["dataset /nf2ff/E_theta/FD/f0_imag is missing"],
        lambda f: f.__delitem__("/nf2ff/E_theta/FD/f0_imag"))
damaged("openems_no_phi.h5", "truncation", ["dataset /Mesh/phi is missing"],
        lambda f: f.__delitem__("/Mesh/phi"))
damaged("openems_no_prad.h5", "truncation", ["attribute Prad of /nf2ff is missing"],
        lambda f: f["/nf2ff"].attrs.__delitem__("Prad"))
damaged("openems_shape.h5", "count-larger", ["dataset /nf2ff/E_phi/FD/f0_real has the shape {37 x 37}",
                                               "expected {36 x 37} (phi, theta)"],
        lambda f: rewrite(f, "/nf2ff/E_phi/FD/f0_real", np.zeros((37, 37))))
damaged("openems_theta_2d.h5", "element-type", ["dataset /Mesh/theta should be a list of values"],
        lambda f: rewrite(f, "/Mesh/theta", np.zeros((2, 37), dtype=np.float32)))
damaged("openems_theta_empty.h5", "count-smaller", ["dataset /Mesh/theta has 0 values",
                                                     "expected at least 1"],
        lambda f: rewrite(f, "/Mesh/theta", np.zeros(0, dtype=np.float32)))


def nan_in(path, k):
    def change(f):
        a = f[path][()]
        a.flat[k] = np.nan
        rewrite(f, path, a)
    return change


damaged("openems_nan.h5", "nan-inf", ["dataset /nf2ff/P_rad/FD/f0 holds a NaN or infinite value"],
        nan_in("/nf2ff/P_rad/FD/f0", 100))
damaged("openems_nan_theta.h5", "nan-inf", ["dataset /Mesh/theta holds a NaN or infinite value"],
        nan_in("/Mesh/theta", 3))
damaged("openems_inf_dmax.h5", "nan-inf", ["attribute Dmax of /nf2ff holds a NaN or infinite value"],
        lambda f: f["/nf2ff"].attrs.__setitem__("Dmax", np.array([np.inf])))
damaged("openems_prad_count.h5", "count-larger", ["attribute Prad of /nf2ff has 2 values",
                                                   "Frequency has 1"],
        lambda f: f["/nf2ff"].attrs.__setitem__("Prad", np.array([1e-26, 2e-26])))
damaged("openems_prad_zero.h5", "index-range", ["attribute Prad of /nf2ff is 0", "no radiated power"],
        lambda f: f["/nf2ff"].attrs.__setitem__("Prad", np.array([0.0])))
damaged("openems_frequency_text.h5", "element-type", ["attribute Frequency of /nf2ff is not numeric"],
        lambda f: f["/nf2ff"].attrs.__setitem__("Frequency", "1 GHz"))
damaged("openems_phi_text.h5", "element-type", ["dataset /Mesh/phi is not numeric"],
        lambda f: rewrite(f, "/Mesh/phi", np.array([b"0", b"10"])))
damaged("openems_theta_degrees.h5", "index-range", ["dataset /Mesh/theta holds 180", "expected radians in [-2pi, 2pi]"],
        lambda f: rewrite(f, "/Mesh/theta", np.arange(0, 181, 5, dtype=np.float32)))
damaged("openems_phi_repeated.h5", "duplicate-id", ["dataset /Mesh/phi does not increase at value 2"],
        lambda f: rewrite(f, "/Mesh/phi", np.zeros(36, dtype=np.float32)))
damaged("openems_negative_power.h5", "index-range", ["dataset /nf2ff/P_rad/FD/f0 holds a negative power density"],
        lambda f: rewrite(f, "/nf2ff/P_rad/FD/f0", -f["/nf2ff/P_rad/FD/f0"][()]))
# Declared far beyond what the file stores (chunked, never written: fill values only).
damaged("openems_theta_huge.h5", "count-huge", ["dataset /Mesh/theta has 1000000000 values",
                                                 "expected at most 16777216"],
        lambda f: (f.__delitem__("/Mesh/theta"),
                   f.create_dataset("/Mesh/theta", shape=(10 ** 9,), dtype=np.float32, chunks=(1024,))))
damaged("openems_theta_unstored.h5", "count-huge", ["dataset /Mesh/theta declares 10000000 values",
                                                     "more than a file of"],
        lambda f: (f.__delitem__("/Mesh/theta"),
                   f.create_dataset("/Mesh/theta", shape=(10 ** 7,), dtype=np.float32, chunks=(1024,))))


# Accepted variants of the layout: the same values stored otherwise.
def as_float64(f):
    for p in ("/Mesh/theta", "/Mesh/phi"):
        rewrite(f, p, f[p][()].astype(np.float64))
    for k, v in list(f["/nf2ff"].attrs.items()):
        f["/nf2ff"].attrs[k] = np.asarray(v, dtype=np.float64)


def compressed(f):
    for p in ("/nf2ff/E_theta/FD/f0_real", "/nf2ff/E_theta/FD/f0_imag", "/nf2ff/E_phi/FD/f0_real",
              "/nf2ff/E_phi/FD/f0_imag", "/nf2ff/P_rad/FD/f0"):
        rewrite(f, p, f[p][()], chunks=(5, 7), compression="gzip", shuffle=True)


for name, change in (("openems_float64.h5", as_float64), ("openems_gzip.h5", compressed)):
    path = copy(name)
    with h5py.File(path, "r+") as f:
        change(f)
    add(name, "layout-variant", "accept", [], REF)


# openEMS HDF5 field dumps (format "openems_dump"): damaged copies of the real dumps
# Testing/Data/openems/dipole_efd.h5 (E at f0) and dipole_etd.h5 (E, 6 time steps).
FD_CLEAN = os.path.normpath(os.path.join(here, "..", "openems", "dipole_efd.h5"))
TD_CLEAN = os.path.normpath(os.path.join(here, "..", "openems", "dipole_etd.h5"))
FD_REF = "../openems/dipole_efd.h5"


def dump(name, cls, frags, change, clean_file=FD_CLEAN, expect="error", ref="-"):
    path = os.path.join(here, name)
    shutil.copyfile(clean_file, path)
    with h5py.File(path, "r+") as f:
        change(f)
    rows.append((name, "openems_dump", cls, expect, "0", "|".join(frags) if frags else "-", ref))


def td_steps(f):
    return sorted(f["/FieldData/TD"].keys())


def set_attr(path, name, value):
    def change(f):
        f[path].attrs[name] = value
    return change


def nan_field(f):
    v = f["/FieldData/FD/f0_imag"][()]
    v[2, 3, 0, 4] = np.nan
    rewrite(f, "/FieldData/FD/f0_imag", v)


def same_time(f):
    a, b = td_steps(f)[:2]
    f["/FieldData/TD/" + b].attrs["time"] = f["/FieldData/TD/" + a].attrs["time"]


def cylindrical(f):
    f.move("/Mesh/x", "/Mesh/rho")


def huge_mesh(f):
    for a in "xyz":
        rewrite(f, "/Mesh/" + a, np.arange(200, dtype=np.float32))


dump("openems_dump_no_fielddata.h5", "garbage", ["group /FieldData is missing", "not an openEMS field dump"],
     lambda f: f.__delitem__("/FieldData"))
dump("openems_dump_no_z.h5", "truncation", ["dataset /Mesh/z is missing"], lambda f: f.__delitem__("/Mesh/z"))
dump("openems_dump_cylindrical.h5", "layout-variant", ["dataset /Mesh/x is missing", "cylindrical mesh"], cylindrical)
dump("openems_dump_x_decreasing.h5", "duplicate-id", ["dataset /Mesh/x does not increase at value 2"],
     lambda f: rewrite(f, "/Mesh/x", f["/Mesh/x"][()][::-1].copy()))
dump("openems_dump_nan_mesh.h5", "nan-inf", ["dataset /Mesh/y holds a NaN or infinite mesh line"],
     lambda f: rewrite(f, "/Mesh/y", np.array([np.nan], dtype=np.float32)))
dump("openems_dump_shape.h5", "count-smaller",
     ["dataset /FieldData/FD/f0_real has the shape {3 x 27 x 1 x 28}", "expected {3 x 27 x 1 x 29}"],
     lambda f: rewrite(f, "/FieldData/FD/f0_real", f["/FieldData/FD/f0_real"][()][..., :28].copy()))
dump("openems_dump_no_imag.h5", "truncation", ["dataset /FieldData/FD/f0_imag is missing"],
     lambda f: f.__delitem__("/FieldData/FD/f0_imag"))
dump("openems_dump_no_frequency.h5", "truncation", ["attribute frequency of /FieldData/FD is missing"],
     lambda f: f["/FieldData/FD"].attrs.__delitem__("frequency"))
dump("openems_dump_frequency_zero.h5", "index-range", ["attribute frequency of /FieldData/FD holds 0",
                                                        "expected positive Hz"],
     set_attr("/FieldData/FD", "frequency", np.array([0.0])))
dump("openems_dump_frequency_mismatch.h5", "index-range",
     ["attribute frequency of /FieldData/FD/f0_real disagrees"],
     set_attr("/FieldData/FD/f0_real", "frequency", np.array([2e9], dtype=np.float32)))
dump("openems_dump_nan.h5", "nan-inf", ["dataset /FieldData/FD/f0_imag holds a NaN or infinite value"], nan_field)
dump("openems_dump_huge_mesh.h5", "count-huge", ["has 200 x 200 x 200 points", "more than the 4194304"], huge_mesh)
dump("openems_dump_td_and_fd.h5", "duplicate-id", ["groups /FieldData/TD and /FieldData/FD are both present"],
     lambda f: f.create_group("/FieldData/TD"))
dump("openems_dump_td_no_time.h5", "truncation", ["attribute time of /FieldData/TD/", "is missing"],
     lambda f: f["/FieldData/TD/" + td_steps(f)[1]].attrs.__delitem__("time"), TD_CLEAN)
dump("openems_dump_td_same_time.h5", "duplicate-id", ["are at the same time"], same_time, TD_CLEAN)
dump("openems_dump_td_empty.h5", "count-smaller", ["group /FieldData/TD holds 0 steps"],
     lambda f: [f.__delitem__("/FieldData/TD/" + n) for n in td_steps(f)], TD_CLEAN)
dump("openems_dump_td_text_time.h5", "element-type", ["attribute time of /FieldData/TD/", "is not numeric"],
     set_attr("/FieldData/TD/00000396", "time", np.bytes_("soon")), TD_CLEAN)


def fd_float64(f):
    for p in ("/Mesh/x", "/Mesh/y", "/Mesh/z", "/FieldData/FD/f0_real", "/FieldData/FD/f0_imag"):
        attrs = dict(f[p].attrs)
        rewrite(f, p, f[p][()].astype(np.float64))
        for k, v in attrs.items():
            f[p].attrs[k] = v


dump("openems_dump_float64.h5", "layout-variant", [], fd_float64, expect="accept", ref=FD_REF)
dump("openems_dump_gzip.h5", "layout-variant", [],
     lambda f: [rewrite(f, p, f[p][()], chunks=(3, 9, 1, 10), compression="gzip", shuffle=True)
                for p in ("/FieldData/FD/f0_real", "/FieldData/FD/f0_imag")], expect="accept", ref=FD_REF)

manifest = os.path.join(here, "MANIFEST.tsv")
with open(manifest) as f:
    kept = [l for l in f if l.split("\t")[1:2] not in (["openems"], ["openems_dump"])]
with open(manifest, "w") as f:
    f.writelines(kept)
    for r in rows:
        f.write("\t".join(r) + "\n")
print(len(rows), "openems and openems_dump entries")
