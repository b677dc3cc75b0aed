"""Test data for the fractal tests (no test logic): scattered elevation
points of a volcano with a crater, written as a .vtp file."""
import math


def crater_height(x, y):
    """A cone with a crater: rim at r = 0.25 of a unit square centred at 0.5."""
    r = math.hypot(x - 0.5, y - 0.5)
    return 0.6 * math.exp(-((r - 0.22) / 0.12) ** 2) - 0.25 * math.exp(-(r / 0.12) ** 2) + 0.05


def write_points_vtp(path, pts):
    from vtkmodules.vtkCommonCore import vtkPoints, vtkDoubleArray
    from vtkmodules.vtkCommonDataModel import vtkPolyData, vtkCellArray
    from vtkmodules.vtkIOXML import vtkXMLPolyDataWriter
    p = vtkPoints()
    p.SetDataTypeToDouble()
    h = vtkDoubleArray()
    h.SetName("Height")
    verts = vtkCellArray()
    for k, (x, y, z) in enumerate(pts):
        p.InsertNextPoint(x, y, z)
        h.InsertNextValue(z)
        verts.InsertNextCell(1)
        verts.InsertCellPoint(k)
    pd = vtkPolyData()
    pd.SetPoints(p)
    pd.SetVerts(verts)
    pd.GetPointData().AddArray(h)
    w = vtkXMLPolyDataWriter()
    w.SetFileName(path)
    w.SetInputData(pd)
    w.SetDataModeToAscii()
    w.Write()


def crater_points(m=9, extra=200, seed=5):
    """The m x m lattice nodes of the unit square (so IDW is exact there) plus
    `extra` pseudo-random scattered points, all with z = crater_height."""
    pts = []
    for j in range(m):
        for i in range(m):
            x, y = i / (m - 1), j / (m - 1)
            pts.append((x, y, crater_height(x, y)))
    s = seed
    for _ in range(extra):
        s = (s * 6364136223846793005 + 1442695040888963407) % 2 ** 64
        x = (s >> 11) / 2.0 ** 53
        s = (s * 6364136223846793005 + 1442695040888963407) % 2 ** 64
        y = (s >> 11) / 2.0 ** 53
        pts.append((x, y, crater_height(x, y)))
    return pts
