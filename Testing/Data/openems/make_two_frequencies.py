#!/usr/bin/python3
"""Writes dipole_two_frequencies.h5: dipole_nf2ff.h5 with a second frequency (1.1 GHz,
f1) whose fields are twice f0's (so P_rad and Prad four times), for the reader's
time-step test: at 1.1 GHz the table must hold 2 x f0's r E and the same directivity."""
import os
import shutil

import h5py
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "dipole_two_frequencies.h5")
shutil.copyfile(os.path.join(here, "dipole_nf2ff.h5"), out)
with h5py.File(out, "r+") as f:
    for q in ("E_theta", "E_phi"):
        for part in ("real", "imag"):
            f["/nf2ff/%s/FD/f1_%s" % (q, part)] = 2 * f["/nf2ff/%s/FD/f0_%s" % (q, part)][()]
    f["/nf2ff/P_rad/FD/f1"] = 4 * f["/nf2ff/P_rad/FD/f0"][()]
    a = f["/nf2ff"].attrs
    a["Frequency"] = np.array([1e9, 1.1e9], dtype=np.float32)
    a["Prad"] = np.array([a["Prad"][0], 4 * a["Prad"][0]])
    a["Dmax"] = np.array([a["Dmax"][0], a["Dmax"][0]])
print("wrote", out)
