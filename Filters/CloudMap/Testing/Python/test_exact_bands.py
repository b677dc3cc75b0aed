"""Exact band polygons (Surface Cloud Map and Banded Color Map with Exact
Bands) on the sphere test case carrying |J| = sin(theta):
 - area is conserved: for every parent element the vector areas of its band
   polygons sum to the parent's vector area (internal edges cancel, so this
   holds for non-planar quads too), hence the total area is the sphere mesh's;
 - each polygon's band is the band of the field value at its centroid (the
   corner mean: the field is linear on every piece) by the band formula, and
   every corner value lies within the polygon's band;
 - the poles are band 0 and the equator band 23;
 - the two-filter recipe (Area Weighted Point Data, then Banded Color Map
   with Exact Bands) gives the same polygons as Surface Cloud Map."""
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm
import numpy as np
from vtkmodules.util.numpy_support import vtk_to_numpy

path = os.path.join(tmp, "sphere_exact.cmom")
lib.write_sphere_cmom(path, nlat=24, nlon=48)
reader = simple.OpenDataFile(path)
cm = simple.SurfaceCloudMap(Input=reader)
cm.SelectInputArray = ["CELLS", "|J|"]
cm.NumberOfBands = 24
cm.ExactBands = 1
cm.ParentIds = 1  # the per-polygon ParentId (off by default: lean output)
cm.UpdatePipeline()
out = sm.Fetch(cm)
parents = sm.Fetch(reader)
if out.GetNumberOfCells() <= parents.GetNumberOfCells():
    lib.fail("exact bands produced %d polygons from %d elements"
             % (out.GetNumberOfCells(), parents.GetNumberOfCells()))


def polygons(poly):
    """(points, offsets, connectivity) of a polydata's polygons as numpy arrays."""
    cells = poly.GetPolys()
    return (vtk_to_numpy(poly.GetPoints().GetData()).astype(np.float64),
            vtk_to_numpy(cells.GetOffsetsArray()).astype(np.int64),
            vtk_to_numpy(cells.GetConnectivityArray()).astype(np.int64))


def vector_areas(poly):
    """Vector area of every polygon: half the sum of fan cross products."""
    pts, off, conn = polygons(poly)
    n = len(off) - 1
    va = np.zeros((n, 3))
    sizes = np.diff(off)
    first = pts[conn[off[:-1]]]
    for k in range(1, sizes.max() - 1):
        has = sizes > k + 1
        a = pts[conn[off[:-1][has] + k]] - first[has]
        b = pts[conn[off[:-1][has] + k + 1]] - first[has]
        va[has] += 0.5 * np.cross(a, b)
    return va, pts, off, conn


va_out, pts, off, conn = vector_areas(out)
va_par, _, _, _ = vector_areas(parents)
parent_id = vtk_to_numpy(out.GetCellData().GetArray("ParentId")).astype(np.int64)
summed = np.zeros_like(va_par)
np.add.at(summed, parent_id, va_out)
per_parent = np.linalg.norm(summed - va_par, axis=1).max()
total_parent = np.linalg.norm(va_par, axis=1).sum()
total_out = np.linalg.norm(summed, axis=1).sum()
print("polygons %d from %d elements; area %.9f vs %.9f; worst parent vector-area error %.2e"
      % (out.GetNumberOfCells(), parents.GetNumberOfCells(), total_out, total_parent, per_parent))
# Points are stored in the input's precision (float here): 1e-6 relative.
if abs(total_out - total_parent) > 1e-6 * total_parent or per_parent > 1e-6:
    lib.fail("band polygons do not conserve the element areas")

lo_hi = cm.GetClientSideObject().GetOutputDataObject(1)
lower = vtk_to_numpy(lo_hi.GetColumnByName("Lower"))
upper = vtk_to_numpy(lo_hi.GetColumnByName("Upper"))
lo, hi = lower[0], upper[-1]
field = vtk_to_numpy(out.GetPointData().GetArray("|J|")).astype(np.float64)
bands = vtk_to_numpy(out.GetCellData().GetArray("BandIndex")).astype(np.int64)
sizes = np.diff(off)
sums = np.add.reduceat(field[conn], off[:-1])
centroid_value = sums / sizes
expected = np.minimum(23, np.floor((centroid_value - lo) / (hi - lo) * 24)).astype(np.int64)
expected = np.maximum(expected, 0)
mismatch = int((expected != bands).sum())
# Surface Cloud Map stores the field as float (lean output; the bands were
# taken from the doubles): a corner on a band boundary is within float rounding.
stored = out.GetPointData().GetArray("|J|").GetDataType()
eps = 1e-9 * (hi - lo) if stored != 10 else 1e-9 * (hi - lo) + np.finfo(np.float32).eps * max(abs(lo), abs(hi))
corner_band = np.repeat(bands, sizes)
outside = int(((field[conn] < lower[corner_band] - eps) | (field[conn] > upper[corner_band] + eps)).sum())
print("range [%.6f, %.6f]; centroid band mismatches %d; corner values outside their band %d"
      % (lo, hi, mismatch, outside))
if mismatch or outside:
    lib.fail("band polygons disagree with the field values")
# The cell array named like the field is each polygon's own value (the field
# at its vertex centroid), not its parent's, so colouring by it in ParaView
# draws the exact bands.
cell_value = vtk_to_numpy(out.GetCellData().GetArray("|J|")).astype(np.float64)
cell_worst = np.abs(cell_value - centroid_value).max()
cell_outside = int(((cell_value < lower[bands] - eps) | (cell_value > upper[bands] + eps)).sum())
print("cell value vs centroid value: worst %.2e; cell values outside their band %d"
      % (cell_worst, cell_outside))
if cell_worst > max(1e-12 * (hi - lo), eps) or cell_outside:
    lib.fail("the cell array of the exact bands is not each polygon's own value")

# Polygons touching a pole are band 0, those touching the equator band 23 (|J| = sin(theta)).
corner_z = np.abs(pts[conn, 2]) / np.linalg.norm(pts[conn], axis=1)
piece_of_corner = np.repeat(np.arange(len(sizes)), sizes)
pole_bands = set(bands[np.unique(piece_of_corner[corner_z > 1 - 1e-6])].tolist())
equator_bands = set(bands[np.unique(piece_of_corner[corner_z < 1e-6])].tolist())
print("bands at the poles %s, at the equator %s" % (sorted(pole_bands), sorted(equator_bands)))
if pole_bands != {0} or equator_bands != {23}:
    lib.fail("poles should be band 0 and the equator band 23")

# The two-filter recipe gives the same polygons.
avg = simple.AreaWeightedPointData(Input=reader)
band = simple.BandedColorMap(Input=avg)
band.SelectInputArray = ["POINTS", "|J|"]
band.ExactBands = 1
band.UpdatePipeline()
out2 = sm.Fetch(band)
pts2, off2, conn2 = polygons(out2)
b2 = vtk_to_numpy(out2.GetCellData().GetArray("BandIndex"))
# Surface Cloud Map stores its points as float (lean output): the recipe's, rounded to float.
if out.GetPoints().GetDataType() == 10:  # VTK_FLOAT
    pts2 = pts2.astype(np.float32).astype(np.float64)
if (len(off2) != len(off) or not np.array_equal(b2, bands) or not np.array_equal(off2, off)
        or not np.allclose(pts2, pts, atol=0, rtol=0)):
    lib.fail("Banded Color Map with Exact Bands differs from Surface Cloud Map's exact bands")
print("exact bands: OK")
