#!/usr/bin/python3
"""Makes the real-Gmsh corpus of this folder with the gmsh program itself (Debian's gmsh
4.8.4 and python3-gmsh), and its oracle, gmsh_corpus_oracle.tsv, from gmsh's own reading
of each file it wrote:

  gmsh gmsh_corpus.geo -2 -order 1|2 -format msh1|msh22|msh3|msh40|msh41 [-bin] -o ...

gmsh_corpus.geo is an L-shaped plate of area 0.75: triangles on a 1 x 0.5 strip, quads
on a 0.5 x 0.5 square, plus boundary lines and a point (skipped by the reader). Also:
  gmsh_corpus_tri6_v41.msh        gmsh_plate.geo at order 2: second-order triangles only
  gmsh_corpus_quad8_v22.msh       order 2 with Mesh.SecondOrderIncomplete (8-node quads, 16)
  gmsh_corpus_views_*.msh         a mesh with views written by gmsh.view.write: $NodeData
                                  "potential" = x + 2y, $ElementData "J (real)" = (tag, 0, 0)
                                  and "J (imag)" = (0, 2 tag, 0), $ElementNodeData "phi" =
                                  x + 2y at each node of each surface element
  gmsh_corpus_views_mesh_*.msh    the same views, each written with gmsh.view.write's
                                  default PostProcessing.SaveMesh = 1: every view appended
                                  repeats $MeshFormat, $Entities, $Nodes and $Elements
                                  (gmsh reads the file as one mesh; so must CloudMap)
Gmsh 4.8 writes binary MSH 1 as 2.2 and MSH 4.0 in ASCII only, so those are not made.

The oracle row of a file: its name, the version in its header, gmsh's node count, its
surface (2D) element count, the number of distinct corner nodes of those elements, their
area as gmsh integrates it (sum of Jacobian determinants times weights), how many of them
are of order 2 or more, how many 0D/1D elements the file holds (skipped by CloudMap), and
"yes" where meshio (python3-meshio, an independent parser) read the file too and its node
and 2D cell counts agree (the script stops when they do not); "-" where it cannot read it.
Run: python3 make_gmsh_corpus.py (with /usr/bin/python3, which has the gmsh module)."""
import os
import subprocess

import gmsh

here = os.path.dirname(os.path.abspath(__file__))
os.chdir(here)

MESHES = []  # (file, geo, order, format, binary, extra gmsh arguments)
for fmt, tag in (("msh22", "v22"), ("msh41", "v41")):
    for order in (1, 2):
        for binary in (False, True):
            name = "gmsh_corpus_%s%s%s.msh" % (tag, "_o2" if order == 2 else "", "_bin" if binary else "")
            MESHES.append((name, "gmsh_corpus.geo", order, fmt, binary, []))
for fmt, tag in (("msh1", "v1"), ("msh3", "v3"), ("msh40", "v40")):
    for order in (1, 2):
        MESHES.append(("gmsh_corpus_%s%s.msh" % (tag, "_o2" if order == 2 else ""), "gmsh_corpus.geo", order, fmt, False, []))
MESHES.append(("gmsh_corpus_v3_o2_bin.msh", "gmsh_corpus.geo", 2, "msh3", True, []))
MESHES.append(("gmsh_corpus_tri6_v41.msh", "gmsh_plate.geo", 2, "msh41", False, []))
MESHES.append(("gmsh_corpus_quad8_v22.msh", "gmsh_corpus.geo", 2, "msh22", False,
               ["-string", "Mesh.SecondOrderIncomplete = 1;"]))
VIEWS = [("gmsh_corpus_views_v22_o2.msh", "gmsh_corpus_v22_o2.msh", 2.2, 0),
         ("gmsh_corpus_views_v41_o2_bin.msh", "gmsh_corpus_v41_o2_bin.msh", 4.1, 1),
         ("gmsh_corpus_views_v41.msh", "gmsh_corpus_v41.msh", 4.1, 0)]
# (out, src, version, binary, PostProcessing.SaveMesh): the mesh repeated before each view
VIEWS_MESH = [("gmsh_corpus_views_mesh_v22.msh", "gmsh_corpus_v22.msh", 2.2, 0, 1),
              ("gmsh_corpus_views_mesh_v41.msh", "gmsh_corpus_v41.msh", 4.1, 0, 1),
              ("gmsh_corpus_views_mesh_v41_bin.msh", "gmsh_corpus_v41_bin.msh", 4.1, 1, 1)]


def mesh(name, geo, order, fmt, binary, extra):
    cmd = ["gmsh", geo, "-2", "-order", str(order), "-format", fmt] + (["-bin"] if binary else []) + extra + ["-o", name]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def add_views(out, src, version, binary, save_mesh=0):
    """Gmsh writes the views after the mesh of `src` (PostProcessing.SaveMesh = 0); with
    save_mesh, gmsh.view.write writes the mesh before each view itself, into a new file."""
    with open(src, "rb") as f, open(out, "wb") as g:
        g.write(b"" if save_mesh else f.read())
    gmsh.initialize()
    gmsh.option.setNumber("General.Terminal", 0)
    gmsh.option.setNumber("Mesh.MshFileVersion", version)
    gmsh.option.setNumber("Mesh.Binary", binary)
    gmsh.open(src)  # (out may be empty: the mesh comes from src)
    gmsh.option.setNumber("PostProcessing.SaveMesh", save_mesh)
    model = gmsh.model.list()[0]
    ntags, coord, _ = gmsh.model.mesh.getNodes()
    xy = {int(t): (coord[3 * i], coord[3 * i + 1]) for i, t in enumerate(ntags)}
    views = []
    v = gmsh.view.add("potential")
    gmsh.view.addModelData(v, 0, model, "NodeData", [int(t) for t in ntags],
                           [[xy[int(t)][0] + 2 * xy[int(t)][1]] for t in ntags])
    views.append(v)
    etypes, etags, enodes = gmsh.model.mesh.getElements(2)
    tags = [int(t) for ts in etags for t in ts]
    v = gmsh.view.add("J (real)")
    gmsh.view.addModelData(v, 0, model, "ElementData", tags, [[t, 0, 0] for t in tags])
    views.append(v)
    v = gmsh.view.add("J (imag)")
    gmsh.view.addModelData(v, 0, model, "ElementData", tags, [[0, 2 * t, 0] for t in tags])
    views.append(v)
    en_tags, en_data = [], []
    for ts, ns in zip(etags, enodes):
        nn = len(ns) // len(ts)
        for k, t in enumerate(ts):
            en_tags.append(int(t))
            en_data.append([xy[int(n)][0] + 2 * xy[int(n)][1] for n in ns[k * nn:(k + 1) * nn]])
    v = gmsh.view.add("phi")
    gmsh.view.addModelData(v, 0, model, "ElementNodeData", en_tags, en_data)
    views.append(v)
    for v in views:
        gmsh.view.write(v, out, append=True)
    gmsh.finalize()


def oracle(name):
    """gmsh's own reading of the file."""
    with open(name, "rb") as f:
        head = f.read(64).split(b"\n")
    version = head[1].split()[0].decode() if head[0].strip() == b"$MeshFormat" else "1"
    gmsh.initialize()
    gmsh.option.setNumber("General.Terminal", 0)
    gmsh.open(name)
    ntags, _, _ = gmsh.model.mesh.getNodes()
    cells = corners = high = skipped = 0
    area = 0.0
    corner_set = set()
    for dim in (0, 1, 2, 3):
        types, etags, enodes = gmsh.model.mesh.getElements(dim)
        for ty, ts, ns in zip(types, etags, enodes):
            _, d, order, nn, _, npn = gmsh.model.mesh.getElementProperties(ty)
            if d != 2:
                skipped += len(ts)
                continue
            cells += len(ts)
            high += len(ts) if order >= 2 else 0
            for k in range(len(ts)):
                corner_set.update(int(n) for n in ns[k * nn:k * nn + npn])
            pts, w = gmsh.model.mesh.getIntegrationPoints(ty, "Gauss4")
            _, dets, _ = gmsh.model.mesh.getJacobians(ty, pts)
            area += sum(abs(dets[i]) * w[i % len(w)] for i in range(len(dets)))
    gmsh.finalize()
    corners = len(corner_set)
    agree = "-"
    try:
        import meshio
        m = meshio.read(name)
    except BaseException:  # meshio does not read MSH 1 or 3 (it exits on some)
        m = None
    if m is not None:
        mcells = sum(len(c.data) for c in m.cells if c.type.startswith(("triangle", "quad")))
        assert len(m.points) == len(ntags) and mcells == cells, (name, len(m.points), mcells)
        agree = "yes"
    return [name, version, str(len(ntags)), str(cells), str(corners), "%.15g" % area, str(high), str(skipped), agree]


rows = []
for m in MESHES:
    mesh(*m)
for out, src, version, binary in VIEWS:
    add_views(out, src, version, binary)
for v in VIEWS_MESH:
    add_views(*v)
for name in [m[0] for m in MESHES] + [v[0] for v in VIEWS] + [v[0] for v in VIEWS_MESH]:
    rows.append(oracle(name))
with open("gmsh_corpus_oracle.tsv", "w") as f:
    f.write("# file\tversion\tnodes\tsurface_elements\tcorner_nodes\tarea\thigher_order\tskipped\tmeshio\n")
    for r in rows:
        f.write("\t".join(r) + "\n")
print("\n".join("\t".join(r) for r in rows))
