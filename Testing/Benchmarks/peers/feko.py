"""FEKO .out (currents), .ffe and .os for reader_peers.py: each file is written in the
layout of the files under Testing/Data/feko that copy real FEKO runs (strip_altair.out,
dipole_format3.ffe, strip_altair.os; the public files behind them are listed in
docs/formats/solver-files.md), as Testing/Benchmarks/bench_reader_files.cxx writes them
for cloudmap_bench. The peer is numpy.loadtxt on the numeric tables (for the .out the
current density tables only: the triangle table carries labels). Both sides return the
rows of one frequency (ours: the cells or rows of the output's time step; the peer: the
rows it read over the number of frequencies)."""
import math
import os

import numpy as np

FREQUENCIES_OUT = 4
BLOCKS_FFE = 8


def _ours(path):
    from paraview import simple
    reader = simple.OpenDataFile(path)
    if reader is None:
        raise RuntimeError("no reader for " + path)
    reader.UpdatePipeline()
    info = reader.GetDataInformation()
    n = info.GetNumberOfCells()
    if hasattr(info, "GetNumberOfRows") and info.GetNumberOfRows() > n:
        n = info.GetNumberOfRows()  # a table output
    simple.Delete(reader)
    return float(n)


def _plate(triangles):
    cells = max(1, triangles // 2)
    nx = max(1, int(math.sqrt(cells)))
    return nx, max(1, cells // nx)


def _corners(nx, ny):
    """Corners (t, 3, 3) of the 2*nx*ny triangles of 1 cm cells, as the C++ writer's."""
    cell = np.arange(2 * nx * ny) // 2
    i, j = cell % nx, cell // nx
    lower = np.array([[0, 0], [1, 0], [1, 1]])
    upper = np.array([[0, 0], [1, 1], [0, 1]])
    c = np.where((np.arange(2 * nx * ny) % 2 == 0)[:, None, None], lower, upper)
    p = np.zeros((2 * nx * ny, 3, 3))
    p[:, :, 0] = 0.01 * (i[:, None] + c[:, :, 0])
    p[:, :, 1] = 0.01 * (j[:, None] + c[:, :, 1])
    return p


def write_out(path, scale):
    nx, ny = _plate(max(2, scale * 11 // 20))
    p = _corners(nx, ny)
    t = len(p)
    head = ("Altair Feko - Solver (seq) Version 2022.1-123 from 2022-03-01\n"
            "          Altair Feko - PREFEKO Version 2022.1-45 from 2022-03-01 [FEK: default 170; "
            "used 170] BINARY\n"
            "          CADFEKO version 2022.1-200 (x64) from 2022-03-02\n"
            "          Copyright (c) 1999-2014 Altair Development S.A. (Pty) Ltd\n"
            "          Copyright (c) 2014-2022 Altair Engineering, Inc.\n"
            "Computer: PC WIN64 EM64T MKL -- reader_peers\n"
            "Threads:  OpenMP threading not used\n"
            "Date:     2026-12-07 10:00:00\n"
            "File:     bench_plate\n"
            " Licence:  Altair Simulation Products\n\n"
            "          Surface of all triangles in m*m:     %.5E\n\n\n"
            "                         DATA OF THE METALLIC TRIANGLES\n\n"
            " no.       label     x1 in m     y1 in m     z1 in m       edges \n"
            "          medium     x2 in m     y2 in m     z2 in m\n"
            "          medium     x3 in m     y3 in m     z3 in m\n"
            "                       nx          ny          nz          area in m*m\n") % (t * 5e-5)
    with open(path, "w") as f:
        f.write(head)
        f.write("".join(
            "%9d  strip%12.4E%12.4E%12.4E%13d\n          Free s%12.4E%12.4E%12.4E\n"
            "          Free s%12.4E%12.4E%12.4E\n                %12.4E%12.4E%12.4E%17.4E\n"
            % (k + 1, *p[k, 0], k + 1, *p[k, 1], *p[k, 2], 0.0, 0.0, 1.0, 5e-5)
            for k in range(t)))
        f.write("\n\n                                DATA FOR MEMORY USAGE\n\n"
                " Number of metallic triangles:    %12d\n"
                " Number of metallic segments:                0\n" % t)
        c = p.mean(axis=1)
        for k in range(FREQUENCIES_OUT):
            hz = 5e8 + 1e8 * k
            f.write("\n\n                    EXCITATION BY INCIDENT PLANE ELECTROMAGNETIC WAVE\n\n"
                    " Name:                          PlaneWave1\n"
                    " Excitation index:              1\n"
                    " Frequency in Hz:               FREQ =    %.5E\n"
                    " Wavelength in m:               LAMBDA =  %.5E\n\n\n"
                    " Current request with name: Currents1\n\n\n"
                    "           VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES in A/m "
                    "(no averaging)          \n\n"
                    "Triangle        centre                                     JX           "
                    "     JY                JZ         Current magnitude in the\n"
                    "number           x/m          y/m          z/m      magn.    phase    "
                    "magn.    phase    magn.    phase    3 corner points\n"
                    % (hz, 299792458.0 / hz))
            jx = 1e-2 * (1.5 + np.sin(3 * c[:, 0] + k) * np.cos(2 * c[:, 1]))
            jy = 1e-1 * (1.2 + np.cos(c[:, 1] - k))
            ph = np.fmod(40.0 * c[:, 0] + 7 * k, 180)
            f.write("".join(
                "%9d%14.5E%13.5E%13.5E%10.3E%8.2f%10.3E%8.2f%10.3E%8.2f%13.3E%11.3E%11.3E\n"
                % (r + 1, c[r, 0], c[r, 1], c[r, 2], jx[r], ph[r], jy[r], -ph[r], 0.0, 0.0,
                   jy[r], jy[r], jx[r]) for r in range(t)))
            f.write("\n\n\n          VALUES OF THE SURFACE CHARGE DENSITY ON TRIANGLES in As/m^2\n\n"
                    "Triangle            SIGMA\nnumber         magn.      phase\n")
            f.write("".join("%9d%15.5E%8.2f\n" % (r + 1, 1e-8 * (1 + r % 7), 84.0)
                            for r in range(t)))
            f.write("\n\n\n                              SUMMARY OF LOSSES\n\n"
                    "          Metallic elements:                          0.0000E+00 W\n"
                    "                Sum of all losses:                    0.0000E+00 W\n")
        f.write("\n\n                    SUMMARY OF REQUIRED TIMES IN SECONDS\n\n"
                "                         total times:           0.118         0.118\n\n"
                "Finished: 2026-12-07 10:00:01\n")


def peer_out(path):
    """numpy.loadtxt on each current density table (the lines between its two header
    lines and the blank line after it)."""
    with open(path) as f:
        lines = f.read().split("\n")
    rows = 0
    k = 0
    while k < len(lines):
        if "VALUES OF THE CURRENT DENSITY VECTOR ON TRIANGLES" in lines[k]:
            first = k + 4
            last = first
            while last < len(lines) and lines[last].strip():
                last += 1
            rows += len(np.loadtxt(lines[first:last], ndmin=2))
            k = last
        k += 1
    return rows / FREQUENCIES_OUT


def _exp3(text):
    """FEKO's 3-digit exponents (E+009) in a block of %.8E numbers."""
    return text.replace("E+", "E+0").replace("E-", "E-0")


def write_ffe(path, scale):
    n_theta = 91
    n_phi = max(2, scale * 560 // 170 // BLOCKS_FFE // n_theta)
    theta = np.tile(2.0 * np.arange(n_theta), n_phi)
    phi = np.repeat(360.0 * np.arange(n_phi) / n_phi, n_theta)
    s = np.sin(np.radians(theta))
    with open(path, "w") as f:
        f.write("##File Type: Far field\n##File Format: 3\n##Source: bench_array\n"
                "##Date: 2026-12-07 10:00:00\n** File exported by FEKO kernel version 7.0.1-482\n")
        for b in range(BLOCKS_FFE):
            et = s * np.cos(np.radians(phi) + b)
            ep = 0.3 * s * np.sin(np.radians(phi))
            db = lambda x: np.maximum(10 * np.log10(np.maximum(1e-30, 1.64 * x)), -300.0)
            cols = np.column_stack([theta, phi, et, -0.5 * et, ep, 0.25 * ep, db(et * et),
                                    db(ep * ep), db(et * et + ep * ep)])
            f.write(_exp3("\n#Request Name: FarField1\n#Frequency:   %.8E\n" % (1e9 + 1e8 * b)))
            f.write("#Coordinate System: Spherical\n#No. of Theta Samples: %d\n"
                    "#No. of Phi Samples: %d\n#Result Type: Gain\n#No. of Header Lines: 1\n"
                    "#                 \"Theta\"           \"Phi\"             \"Re(Etheta)\"      "
                    "\"Im(Etheta)\"      \"Re(Ephi)\"        \"Im(Ephi)\"        \"Gain(Theta)\"     "
                    "\"Gain(Phi)\"       \"Gain(Total)\"\n" % (n_theta, n_phi))
            f.write(_exp3("".join("   %.8E   %.8E   %.8E   %.8E   %.8E   %.8E   %.8E   %.8E   "
                                  "%.8E\n" % tuple(r) for r in cols.tolist())))


def peer_table(blocks):
    def read(path):
        return len(np.loadtxt(path, comments=["#", "**"], ndmin=2)) / blocks
    return read


def write_os(path, scale):
    nx, ny = _plate(max(2, scale * 11 // 20))
    c = _corners(nx, ny).mean(axis=1)
    t = len(c)
    with open(path, "w") as f:
        f.write("##File Type: Currents\n##File Format: 6\n##Source: bench_plate\n"
                "##Date: 2026-12-07 10:00:00\n** File exported by Altair Feko - Solver (seq) "
                "Version 2022.1-123 from 2022-03-01\n\n")
        for k in range(FREQUENCIES_OUT):
            f.write(_exp3("\n#Configuration Name: StandardConfiguration1\n#Request Name: "
                          "Currents1\n#Frequency:   %.8E\n" % (5e8 + 1e8 * k)))
            f.write("#No. of Electric Current Triangle Samples: %d\n#No. of Header Lines: 1\n"
                    "#     \"Num\"                \"X\"                \"Y\"                \"Z\"  "
                    "         \"Re(Jx)\"           \"Im(Jx)\"           \"Re(Jy)\"           "
                    "\"Im(Jy)\"           \"Re(Jz)\"           \"Im(Jz)\"      \"Abs(Jcorn1)\"    "
                    "  \"Abs(Jcorn2)\"      \"Abs(Jcorn3)\"\n" % t)
            jx = 1e-2 * (1.5 + np.sin(3 * c[:, 0] + k) * np.cos(2 * c[:, 1]))
            jy = 1e-1 * (1.2 + np.cos(c[:, 1] - k))
            z = np.zeros(t)
            cols = np.column_stack([c[:, 0], c[:, 1], c[:, 2], jx, -0.3 * jx, jy, 0.1 * jy, z, z,
                                    jy, jy, jx])
            f.write(_exp3("".join(("%12d" % (r + 1)) + "".join("%19.8E" % v for v in row) + "\n"
                                  for r, row in enumerate(cols.tolist()))))


def cases(workdir, scale):
    out = os.path.join(workdir, "peers_%d.feko.out" % scale)
    ffe = os.path.join(workdir, "peers_%d.ffe" % scale)
    os_ = os.path.join(workdir, "peers_%d.os" % scale)
    for path, write in ((out, write_out), (ffe, write_ffe), (os_, write_os)):
        if not os.path.exists(path):
            write(path + ".part", scale)
            os.replace(path + ".part", path)
    return [
        {"name": ".out currents", "file": out, "ours": _ours, "peer": peer_out,
         "peer_name": "numpy.loadtxt (current tables)"},
        {"name": ".ffe", "file": ffe, "ours": _ours, "peer": peer_table(BLOCKS_FFE),
         "peer_name": "numpy.loadtxt"},
        {"name": ".os", "file": os_, "ours": _ours, "peer": peer_table(FREQUENCIES_OUT),
         "peer_name": "numpy.loadtxt"},
    ]
