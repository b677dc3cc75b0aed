# SPDX-License-Identifier: BSD-3-Clause
"""Digest of what CloudMap's readers make of files (pvpython): one line per file and time
step, the SHA-256 of every output array's bytes, points and cells. Run it with two builds
to prove a parser change leaves the outputs byte-identical:

  pvpython Testing/Benchmarks/reader_digest.py build/lib/paraview-5.11/plugins/CloudMap/CloudMap.so \\
      CSTFarFieldReader Testing/Data/cst/*.txt Testing/Data/cst/*.ffs > after.txt
"""
import hashlib
import sys

from paraview import servermanager
import paraview.simple as pvs
from vtkmodules.util.numpy_support import vtk_to_numpy


def blocks(obj):
    if obj is None:
        return
    if obj.IsA("vtkMultiBlockDataSet") or obj.IsA("vtkPartitionedDataSetCollection") or \
            obj.IsA("vtkPartitionedDataSet"):
        n = obj.GetNumberOfBlocks() if hasattr(obj, "GetNumberOfBlocks") else obj.GetNumberOfPartitions()
        for i in range(n):
            b = obj.GetBlock(i) if hasattr(obj, "GetBlock") else obj.GetPartition(i)
            yield from blocks(b)
    else:
        yield obj


def add_array(h, a):
    if a is None:
        return
    h.update((a.GetName() or "").encode())
    if a.IsA("vtkDataArray"):
        h.update(vtk_to_numpy(a).tobytes())
    else:
        for i in range(a.GetNumberOfValues()):
            h.update(str(a.GetValue(i)).encode())


def digest(obj):
    h = hashlib.sha256()
    for d in blocks(obj):
        h.update(d.GetClassName().encode())
        if d.IsA("vtkTable"):
            for i in range(d.GetNumberOfColumns()):
                add_array(h, d.GetColumn(i))
        if d.IsA("vtkPointSet") and d.GetPoints() is not None:
            add_array(h, d.GetPoints().GetData())
        if d.IsA("vtkPolyData"):
            for cells in (d.GetVerts(), d.GetLines(), d.GetPolys(), d.GetStrips()):
                add_array(h, cells.GetConnectivityArray())
                add_array(h, cells.GetOffsetsArray())
        if d.IsA("vtkUnstructuredGrid") and d.GetCells() is not None:
            add_array(h, d.GetCells().GetConnectivityArray())
            add_array(h, d.GetCells().GetOffsetsArray())
            add_array(h, d.GetCellTypesArray())
        for data in (d.GetFieldData(),) + ((d.GetPointData(), d.GetCellData())
                                          if d.IsA("vtkDataSet") else ()):
            for i in range(data.GetNumberOfArrays()):
                add_array(h, data.GetAbstractArray(i))
    return h.hexdigest()


def main():
    plugin, proxy, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    pvs.LoadPlugin(plugin)
    for f in files:
        # The readers' errors and warnings go to stderr: mark where each file's begin.
        print("==", f, file=sys.stderr, flush=True)
        try:
            r = getattr(pvs, proxy)(FileName=f)
            times = list(getattr(r, "TimestepValues", []) or []) or [None]
            for t in times:
                if t is None:
                    r.UpdatePipeline()
                else:
                    r.UpdatePipeline(t)
                print(f, t, digest(servermanager.Fetch(r)), flush=True)
            pvs.Delete(r)
        except Exception as e:  # a refused file: its message is the digest
            print(f, "ERROR", str(e).splitlines()[0] if str(e) else type(e).__name__, flush=True)


main()
