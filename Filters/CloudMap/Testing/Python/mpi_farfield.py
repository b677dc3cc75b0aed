"""Run by pvbatch (serial or under mpirun): Far Field From Currents and
Antenna Pattern Surface on a mesh; writes the |E| column and the pattern's
band indices to a text file. Arguments: plugin, mesh file, output file."""
import sys

from paraview import simple
from paraview import servermanager as sm

plugin, mesh, outpath = sys.argv[1:4]
simple.LoadPlugin(plugin)
reader = simple.OpenDataFile(mesh)
ff = simple.FarFieldFromCurrents(Input=reader, ThetaStep=10, PhiStep=15)
ps = simple.AntennaPatternSurface(Input=ff, Scale="Decibels", NumberOfLevels=1)
ps.SelectInputArray = ["ROWS", "|E|"]
ps.UpdatePipeline()
table = sm.Fetch(ff)
surface = sm.Fetch(ps)
e = table.GetColumnByName("|E|")
bands = surface.GetCellData().GetArray("BandIndex")
with open(outpath, "w") as f:
    f.write("rows %d cells %d\n" % (table.GetNumberOfRows(), surface.GetNumberOfCells()))
    f.write("\n".join("%.17g" % e.GetValue(i) for i in range(table.GetNumberOfRows())) + "\n")
    f.write(" ".join(str(bands.GetValue(i)) for i in range(surface.GetNumberOfCells())) + "\n")
