#!/usr/bin/env python3
"""Writes binary twins of the ASCII Gmsh test files, in the byte layout Gmsh 4.8 writes
(checked by hand against `gmsh -bin` output and read back by gmsh itself):

  plate_v22_bin.msh / plate_v22_bin_be.msh   MSH 2.2 binary, little / big endian, of
                                              plate_v22.msh (views and all)
  plate_v41_bin.msh / plate_v41_bin_be.msh   MSH 4.1 binary of plate_v41.msh
  steps_v41.msh, steps_v41_bin.msh           a 3-step view "current" (times 0, 0.5, 1)
                                              on the plate_v41 mesh, ASCII and binary
  plate_v20.msh                              plate_v22.msh with the "2 0 8" header of
                                              MSH 2.0

MSH 2 binary: after "$MeshFormat\\n2.2 1 8\\n" the int 1 (the endianness check), "\\n";
$Nodes: the count in ASCII, then per node int tag + 3 doubles; $Elements: the count,
then blocks (int type, int count, int ntags) of (int tag, ntags ints, node ints);
$NodeData/$ElementData: ASCII tags, then per entry int tag + doubles.
MSH 4.1 binary: $Entities, $Nodes, $Elements as size_t/int/double blocks (see gmsh's
manual, "MSH file format"); data entries int tag + doubles, as in MSH 2. Each binary part is
followed by "\\n" before its $End line."""
import os
import struct

here = os.path.dirname(os.path.abspath(__file__))
NODES = {2: 3, 3: 4, 1: 2, 15: 1}


def sections(text):
    """[(name, [lines])] of an ASCII MSH file."""
    out, cur, body = [], None, []
    for l in text.split("\n"):
        t = l.strip()
        if cur is None:
            if t.startswith("$"):
                cur, body = t[1:], []
        elif t == "$End" + cur:
            out.append((cur, body))
            cur = None
        else:
            body.append(l)
    return out


class W:
    def __init__(self, be):
        self.e = ">" if be else "<"
        self.b = bytearray()

    def s(self, text):
        self.b += text.encode()

    def i(self, *v):
        self.b += struct.pack(self.e + "%di" % len(v), *v)

    def z(self, *v):
        self.b += struct.pack(self.e + "%dQ" % len(v), *v)

    def d(self, *v):
        self.b += struct.pack(self.e + "%dd" % len(v), *v)


def data_section(w, name, body, v4):
    # string, real and integer tags stay ASCII; the count is the 3rd integer tag
    k, out = 0, []
    for group in range(3):
        n = int(body[k]); out += body[k:k + n + 1]; k += n + 1
    count = int(out[-1])
    w.s("$%s\n%s\n" % (name, "\n".join(out)))
    for row in body[k:k + count]:
        f = row.split()
        w.i(int(f[0]))  # an int tag in both versions (as gmsh writes it)
        w.d(*[float(x) for x in f[1:]])
    w.s("\n$End%s\n" % name)


def binary(text, be):
    w = W(be)
    secs = sections(text)
    v4 = secs[0][1][0].split()[0].startswith("4")
    for name, body in secs:
        if name == "MeshFormat":
            w.s("$MeshFormat\n%s 1 8\n" % body[0].split()[0]); w.i(1); w.s("\n$EndMeshFormat\n")
        elif name == "Nodes" and not v4:
            w.s("$Nodes\n%s\n" % body[0])
            for row in body[1:]:
                f = row.split(); w.i(int(f[0])); w.d(*map(float, f[1:4]))
            w.s("\n$EndNodes\n")
        elif name == "Elements" and not v4:
            w.s("$Elements\n%s\n" % body[0])
            for row in body[1:]:  # one block per element: the simplest valid blocking
                f = list(map(int, row.split()))
                w.i(f[1], 1, f[2]); w.i(f[0], *f[3:])
            w.s("\n$EndElements\n")
        elif name == "Entities":
            f = [r.split() for r in body]
            n = list(map(int, f[0])); w.s("$Entities\n"); w.z(*n)
            k = 1
            for dim in range(4):
                for _ in range(n[dim]):
                    r = f[k]; k += 1
                    if dim == 0:
                        w.i(int(r[0])); w.d(*map(float, r[1:4])); np_ = int(r[4]); w.z(np_); w.i(*map(int, r[5:5 + np_]))
                    else:
                        w.i(int(r[0])); w.d(*map(float, r[1:7])); np_ = int(r[7]); w.z(np_)
                        w.i(*map(int, r[8:8 + np_]))
                        # the bounding entities actually listed (plate_v41.msh announces one more)
                        b = r[9 + np_:9 + np_ + int(r[8 + np_])]
                        w.z(len(b)); w.i(*map(int, b))
            w.s("\n$EndEntities\n")
        elif name == "Nodes":
            f = [r.split() for r in body]
            w.s("$Nodes\n"); w.z(*map(int, f[0])); k = 1
            for _ in range(int(f[0][0])):
                dim, tag, par, n = map(int, f[k]); k += 1
                w.i(dim, tag, par); w.z(n)
                w.z(*[int(f[k + j][0]) for j in range(n)]); k += n
                for j in range(n):
                    w.d(*map(float, f[k + j]))
                k += n
            w.s("\n$EndNodes\n")
        elif name == "Elements":
            f = [r.split() for r in body]
            w.s("$Elements\n"); w.z(*map(int, f[0])); k = 1
            for _ in range(int(f[0][0])):
                dim, tag, typ, n = map(int, f[k]); k += 1
                w.i(dim, tag, typ); w.z(n)
                for j in range(n):
                    w.z(*map(int, f[k + j]))
                k += n
            w.s("\n$EndElements\n")
        elif name in ("ElementData", "NodeData"):
            data_section(w, name, body, v4)
        else:
            w.s("$%s\n%s\n$End%s\n" % (name, "\n".join(body), name))
    return bytes(w.b)


def steps(mesh41):
    """The plate_v41 mesh with a 3-step element view "current" (|J|-like scalar)."""
    head = mesh41[:mesh41.index("$ElementData")]
    out = [head]
    for step, t in enumerate([0.0, 0.5, 1.0]):
        out.append('$ElementData\n1\n"current"\n1\n%g\n3\n%d\n1\n4\n' % (t, step))
        for k, tag in enumerate([10, 11, 20, 35]):
            out.append("%d %g\n" % (tag, (k + 1) * (1 + step)))
        out.append("$EndElementData\n")
    return "".join(out)


def read(name):
    with open(os.path.join(here, name)) as f:
        return f.read()


def write(name, data):
    with open(os.path.join(here, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


v22, v41 = read("plate_v22.msh"), read("plate_v41.msh")
write("plate_v22_bin.msh", binary(v22, False))
write("plate_v22_bin_be.msh", binary(v22, True))
write("plate_v41_bin.msh", binary(v41, False))
write("plate_v41_bin_be.msh", binary(v41, True))
s41 = steps(v41)
write("steps_v41.msh", s41)
write("steps_v41_bin.msh", binary(s41, False))
write("plate_v20.msh", v22.replace("2.2 0 8", "2 0 8", 1))
