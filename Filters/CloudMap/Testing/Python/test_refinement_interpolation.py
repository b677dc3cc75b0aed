"""Centroid Midpoint Refinement and Element Interpolation by their pvpython
names, on a plane of rectangles and the same plane cut into triangles,
carrying the linear point field f = 2x - 3y + 0.5:

 - refinement counts: a quad gives 4^L sub-elements after L levels, a
   triangle 3 * 4^(L-1) (3 quads, then each quad 4);
 - area is conserved: the sub-elements' areas add up to the plane's
   (2 x 1.5, by construction), and every ParentId names an input element;
 - Element Interpolation: on rectangles every sub-element is a rectangle, and
   its value is f at its centre exactly (bilinear interpolation is exact on a
   linear field); on triangles the value is f at a point of the sub-element,
   so it lies within the sub-element's corner values of f.

  pvpython test_refinement_interpolation.py <CloudMap plugin> <scratch dir>
"""
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm  # noqa: E402
import numpy as np  # noqa: E402
from vtkmodules.util.numpy_support import vtk_to_numpy  # noqa: E402

check = lib.Checks(quiet=True)


def f(p):
    return 2.0 * p[..., 0] - 3.0 * p[..., 1] + 0.5


def polys(poly):
    cells = poly.GetPolys()
    return (vtk_to_numpy(poly.GetPoints().GetData()).astype(np.float64),
            vtk_to_numpy(cells.GetOffsetsArray()).astype(np.int64),
            vtk_to_numpy(cells.GetConnectivityArray()).astype(np.int64))


def areas(pts, off, conn):
    out = np.zeros(len(off) - 1)
    for c in range(len(off) - 1):
        ids = conn[off[c]:off[c + 1]]
        a = np.zeros(3)
        for k in range(1, len(ids) - 1):
            a += 0.5 * np.cross(pts[ids[k]] - pts[ids[0]], pts[ids[k + 1]] - pts[ids[0]])
        out[c] = np.linalg.norm(a)
    return out


# The plane [-1, 1] x [-0.75, 0.75] (area 3) in 4 x 3 rectangles, with f on its points.
plane = simple.Plane(Origin=[-1.0, -0.75, 0.0], Point1=[1.0, -0.75, 0.0], Point2=[-1.0, 0.75, 0.0],
                     XResolution=4, YResolution=3)
quads = simple.Calculator(Input=plane, ResultArrayName="f", Function="2*coordsX - 3*coordsY + 0.5")
tris = simple.Triangulate(Input=quads)
AREA = 3.0

for label, parents, per_level in (("quads", quads, lambda L: 4 ** L),
                                  ("triangles", tris, lambda L: 3 * 4 ** (L - 1) if L else 1)):
    parents.UpdatePipeline()
    nparents = parents.GetDataInformation().GetNumberOfCells()
    for level in (1, 2, 3):
        ref = simple.CentroidMidpointRefinement(Input=parents, NumberOfLevels=level)
        ref.UpdatePipeline()
        out = sm.Fetch(ref)
        pts, off, conn = polys(out)
        n = len(off) - 1
        check(n == nparents * per_level(level),
              "%s, level %d: %d sub-elements, expected %d x %d" % (label, level, n, nparents, per_level(level)))
        total = areas(pts, off, conn).sum()
        check(abs(total - AREA) < 1e-12, "%s, level %d: area %.15g, the plane's is 3" % (label, level, total))
        pid = vtk_to_numpy(out.GetCellData().GetArray("ParentId"))
        check(pid.min() >= 0 and pid.max() < nparents and len(set(pid.tolist())) == nparents,
              "%s, level %d: ParentId outside [0, %d) or a parent without sub-elements" % (label, level, nparents))

        interp = simple.ElementInterpolation(Input=ref, Parents=parents)
        interp.UpdatePipeline()
        values = vtk_to_numpy(sm.Fetch(interp).GetCellData().GetArray("f")).astype(np.float64)
        check(len(values) == n, "%s, level %d: %d interpolated values for %d sub-elements" % (label, level, len(values), n))
        corner = [f(pts[conn[off[c]:off[c + 1]]]) for c in range(n)]
        if label == "quads":
            centre = np.array([f(pts[conn[off[c]:off[c + 1]]].mean(axis=0)) for c in range(n)])
            err = np.abs(values - centre).max()
            check(err < 1e-12, "quads, level %d: value differs from f at the centre by %.3g" % (level, err))
        else:
            outside = [c for c in range(n)
                       if not (corner[c].min() - 1e-12 <= values[c] <= corner[c].max() + 1e-12)]
            check(not outside, "triangles, level %d: %d values outside their sub-element's corner values"
                  % (level, len(outside)))
        # Not the parent's mean: the values vary inside each parent.
        check(len(np.unique(np.round(values, 12))) > nparents,
              "%s, level %d: one value per parent (the element mean, not interpolated)" % (label, level))

check.finish("%d refinement/interpolation check(s) failed")
lib.say("refinement and interpolation: OK")
