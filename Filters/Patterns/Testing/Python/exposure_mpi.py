"""Run by pvbatch (serial or under mpirun) for test_exposure_ratio.py: Exposure Ratio on
the far-zone and near-zone grids of a nec2c dipole; writes the rank count, then per grid
the compliance distances, the volume integral and the global range of every ratio array
(Integrate Variables and the data information reduce over the ranks), and the boundary's
cell count and area. Arguments: plugin, nec2c output, output file."""
import sys

from paraview import simple
from paraview import servermanager as sm

plugin, necout, outpath = sys.argv[1:4]
simple.LoadPlugin(plugin)
ranks = sm.vtkProcessModule.GetProcessModule().GetNumberOfLocalPartitions()
lines = ["ranks %d" % ranks]
names = ["ExposureRatio", "ExposureRatio[dB]", "ExposureRatio_E", "ExposureRatio_H",
         "ExposureRatio_S", "S_eq[W_per_m^2]"]
for index, props in ((0, dict(TransmitPower=1000, Quantity="S_eq", UseSourceCenter=1,
                              SourceCenter=[0, 0, 0])),
                     (1, dict(TransmitPower=50))):
    r = simple.NEC2OutputReader(FileName=necout, NearFieldIndex=index)
    e = simple.ExposureRatio(Input=simple.OutputPort(r, 4), **props)
    e.UpdatePipeline()
    info = e.GetDataInformation()
    lines.append("grid %d cells %d" % (index, info.GetNumberOfCells()))
    for n in names:
        lines.append("grid %d range %s %.9g %.9g" % ((index, n) + tuple(e.PointData[n].GetRange())))
    dist = sm.Fetch(e).GetFieldData().GetArray("ComplianceDistance[m]")
    lines.append("grid %d distances %s" % (index, " ".join("%.9g" % dist.GetComponent(0, c)
                                                          for c in range(6))))
    volume = sm.Fetch(simple.IntegrateVariables(Input=e))
    for n in names:
        lines.append("grid %d integral %s %.9g" % (index, n, volume.GetPointData().GetArray(n).GetValue(0)))
    bport = simple.OutputPort(e, 1)
    area = sm.Fetch(simple.IntegrateVariables(Input=bport))
    a = area.GetCellData().GetArray("Area")
    lines.append("grid %d boundary cells %d area %.9g" % (
        index, bport.GetDataInformation().GetNumberOfCells(), a.GetValue(0) if a else 0.0))
with open(outpath, "w") as f:
    f.write("\n".join(lines) + "\n")
