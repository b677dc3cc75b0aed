# SPDX-License-Identifier: BSD-3-Clause
"""CST far fields beside numpy.loadtxt: the .ffs farfield source file (per frequency the
nphi x ntheta rows of 6 numbers) and the ASCII export (.txt, 8 columns), both in CST's
own layout as the C++ benchmark writes them. Same work: the number of samples read."""
import io

import numpy as np

from _files import bench_file, read_with

FFS_ROWS = "// >> Phi, Theta, Re(E_Theta), Im(E_Theta), Re(E_Phi), Im(E_Phi): \n"


def ours_count(proxy, info):
    # The reader parses every frequency; a step's table is one frequency's samples.
    steps = max(1, len(proxy.TimestepValues or []))
    return info.GetNumberOfRows() * steps


def loadtxt_ffs(path):
    # What a numpy user writes: each frequency's block of rows through loadtxt.
    with open(path) as f:
        text = f.read()
    n = 0
    for block in text.split(FFS_ROWS)[1:]:
        end = block.find("//")
        rows = np.loadtxt(io.StringIO(block if end < 0 else block[:end]))
        n += rows.shape[0]
    return n


def loadtxt_txt(path):
    return np.loadtxt(path, skiprows=2).shape[0]


def cases(workdir, scale):
    from paraview import simple
    ours = read_with(simple.CSTFarFieldReader, ours_count)
    return [
        {"name": "CST .ffs", "file": bench_file(workdir, scale, ".ffs"), "ours": ours,
         "peer": loadtxt_ffs, "peer_name": "numpy.loadtxt"},
        {"name": "CST .txt", "file": bench_file(workdir, scale, ".txt"), "ours": ours,
         "peer": loadtxt_txt, "peer_name": "numpy.loadtxt"},
    ]
