# SPDX-License-Identifier: BSD-3-Clause
"""Gmsh 4.1 meshes (ASCII and binary, with a $NodeData and an $ElementData view) beside
Gmsh's own Python API (gmsh.open, then the nodes fetched). Same work: the number of
nodes."""
from _files import bench_file, read_with


def ours_count(proxy, info):
    return info.GetNumberOfPoints()


STATE = []  # gmsh 4.8 has no isInitialized()


def gmsh_open(path):
    import gmsh as api  # Debian: python3-gmsh
    if not STATE:
        api.initialize()
        api.option.setNumber("General.Terminal", 0)
        STATE.append(api)
    api.clear()
    api.open(path)
    tags, _, _ = api.model.mesh.getNodes()
    n = len(tags)
    api.clear()
    return n


def cases(workdir, scale):
    from paraview import simple
    ours = read_with(simple.GmshMSHReader, ours_count)
    out = []
    for name, suffix in (("Gmsh 4.1 ASCII", "_ascii.msh"), ("Gmsh 4.1 binary", "_bin.msh")):
        out.append({"name": name, "file": bench_file(workdir, scale, suffix), "ours": ours,
                    "peer": gmsh_open, "peer_name": "gmsh.open (API)"})
    return out
