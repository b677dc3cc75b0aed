"""FEKO and CST in pvpython: OpenDataFile picks the right reader by extension and by
sniffing (.out is shared by nec2c and FEKO), the far-field tables carry the contract's
columns and field data, and FEKO's frequencies are time steps."""
import os
import sys

import cloudmap_testlib as lib

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

here = os.path.dirname(os.path.abspath(__file__))
data = lib.DATA
CONTRACT = ["Theta", "Phi", "Etheta_re", "Etheta_im", "Ephi_re", "Ephi_im", "|Etheta|", "|Ephi|",
            "|E|", "Gain"]


def check_table(t, rows, kind, label):
    if t.GetNumberOfRows() != rows:
        lib.fail("%s: %d rows, expected %d" % (label, t.GetNumberOfRows(), rows))
    for c in CONTRACT:
        if t.GetColumnByName(c) is None:
            lib.fail("%s: no column %s" % (label, c))
    fd = t.GetFieldData()
    for a in ("Frequency", "NumberOfTheta", "NumberOfPhi", "GainKind", "SourceFormat"):
        if fd.GetAbstractArray(a) is None:
            lib.fail("%s: no field data %s" % (label, a))
    if fd.GetAbstractArray("GainKind").GetValue(0) != kind:
        lib.fail("%s: GainKind %s" % (label, fd.GetAbstractArray("GainKind").GetValue(0)))
    n = fd.GetArray("NumberOfTheta").GetValue(0) * fd.GetArray("NumberOfPhi").GetValue(0)
    if n != rows:
        lib.fail("%s: NumberOfTheta x NumberOfPhi = %d" % (label, n))


expect = {
    "feko/dipole_format3.ffe": "CloudMapFEKOFarFieldReader",
    "feko/helix_format8_cut.ffe": "CloudMapFEKOFarFieldReader",
    "feko/plate.out": "CloudMapFEKOReader",
    "feko/plate_currents.os": "CloudMapFEKOCurrentsReader",
    "nec/box_sm.out": "CloudMapNECReader",
    "gmsh/plate_v22.msh": "CloudMapGmshReader",
    "cst/dipole_spherical_dbi.txt": "CSTFarFieldReader",
    "gmsh/plate_v41.msh": "CloudMapGmshReader",
    "feko/strip_altair.out": "CloudMapFEKOReader",
    "feko/plate_2017_deactivated.out": "CloudMapFEKOReader",
    "feko/plate_2017_nocurrents.out": "CloudMapFEKOReader",
    "cst/horn_ludwig3_efield.txt": "CSTFarFieldReader",
    "cst/dipole_sphere_3digit.txt": "CSTFarFieldReader",
    "gmsh/plate_v22_bin.msh": "CloudMapGmshReader",
    "gmsh/plate_v41_bin_be.msh": "CloudMapGmshReader",
    "gmsh/gmsh_plate_v41_bin.msh": "CloudMapGmshReader",
    "gmsh/plate_v20.msh": "CloudMapGmshReader",
    # MSH 1 ($NOD, no $MeshFormat; "No reader found" before), 3 and 4.0, made by gmsh.
    "gmsh/gmsh_corpus_v1.msh": "CloudMapGmshReader",
    "gmsh/gmsh_corpus_v3_o2_bin.msh": "CloudMapGmshReader",
    "gmsh/gmsh_corpus_v40_o2.msh": "CloudMapGmshReader",
}
for rel, name in expect.items():
    r = simple.OpenDataFile(os.path.join(data, rel))
    if r is None or r.GetXMLName() != name:
        lib.fail("%s opened with %s, expected %s" % (rel, r and r.GetXMLName(), name))
    simple.Delete(r)

ffe = simple.OpenDataFile(os.path.join(data, "feko/dipole_format3.ffe"))
if list(ffe.TimestepValues) != [1.0e9, 1.5e9]:
    lib.fail("ffe time steps %r" % list(ffe.TimestepValues))
ffe.UpdatePipeline(1.5e9)
t = sm.Fetch(ffe)
check_table(t, 6, "Gain", "ffe")
if t.GetFieldData().GetArray("Frequency").GetValue(0) != 1.5e9:
    lib.fail("ffe frequency")

cut = simple.OpenDataFile(os.path.join(data, "feko/helix_format8_cut.ffe"))
cut.UpdatePipeline(2.4e9)
check_table(sm.Fetch(cut), 5, "Directivity", "ffe cut")

plate = simple.OpenDataFile(os.path.join(data, "feko/plate.out"))
plate.UpdatePipeline()
pd = sm.Fetch(plate)
if pd.GetNumberOfCells() != 4 or pd.GetCellData().GetArray("|J|") is None:
    lib.fail("FEKO .out: %d cells" % pd.GetNumberOfCells())
cloud = simple.SurfaceCloudMap(Input=plate)
cloud.UpdatePipeline()

cst = simple.OpenDataFile(os.path.join(data, "cst/patch_ludwig3_linear.txt"))
cst.Frequency = 5.8e9
cst.UpdatePipeline()
t = sm.Fetch(cst)
check_table(t, 12, "Gain", "cst")
if t.GetFieldData().GetArray("Frequency").GetValue(0) != 5.8e9:
    lib.fail("cst frequency")
msh = simple.OpenDataFile(os.path.join(data, "gmsh/plate_v41.msh"))
msh.UpdatePipeline()
if sorted(msh.CellArrays) != sorted(["J_real", "J_imag", "|J|"]):
    lib.fail("Gmsh cell arrays %r" % list(msh.CellArrays))
msh.CellArrays = ["J_real", "J_imag"]
msh.UpdatePipeline()
pd = sm.Fetch(msh)
if pd.GetCellData().GetArray("|J|") is not None or pd.GetCellData().GetArray("J_real") is None:
    lib.fail("Gmsh array selection")
if pd.GetPointData().GetArray("potential") is None:
    lib.fail("Gmsh node data")
# Any other .txt still goes to ParaView's CSV reader.
plain = os.path.join(tmp, "plain_table.txt")
with open(plain, "w") as f:
    f.write("a,b\n1,2\n")
r = simple.OpenDataFile(plain)
if r.GetXMLName() != "CSVReader":
    lib.fail("a plain .txt opened with %s" % r.GetXMLName())

# A multi-step Gmsh view: its times are the reader's time steps.
steps = simple.OpenDataFile(os.path.join(data, "gmsh/steps_v41_bin.msh"))
if list(steps.TimestepValues) != [0.0, 0.5, 1.0]:
    lib.fail("gmsh steps %r" % list(steps.TimestepValues))
steps.UpdatePipeline(1.0)
c = sm.Fetch(steps).GetCellData().GetArray("current")
if c is None or c.GetValue(1) != 6.0:
    lib.fail("gmsh step 2 value %r" % (c and c.GetValue(1)))
print("OK")
