# SPDX-License-Identifier: BSD-3-Clause
"""Touchstone files beside scikit-rf (skrf.Network): a 4-port sweep in HFSS/Designer's
layout and a 64-port Touchstone 2.0 file in CST's, as the C++ benchmark writes them. Same
work: the number of frequencies."""
from _files import bench_file, read_with


def ours_count(proxy, info):
    return info.GetNumberOfRows()


def skrf_network(path):
    import skrf
    return len(skrf.Network(path).f)


def cases(workdir, scale):
    from paraview import simple
    ours = read_with(simple.TouchstoneReader, ours_count)
    return [
        {"name": "Touchstone .s4p sweep", "file": bench_file(workdir, scale, ".s4p"),
         "ours": ours, "peer": skrf_network, "peer_name": "skrf.Network"},
        {"name": "Touchstone 64 ports (2.0)", "file": bench_file(workdir, scale, ".s64p"),
         "ours": ours, "peer": skrf_network, "peer_name": "skrf.Network"},
    ]
