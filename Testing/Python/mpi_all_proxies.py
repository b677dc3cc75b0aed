"""Run by pvbatch (serial, or under `mpirun -np 2`) for test_mpi_all_proxies.py:
builds one small pipeline per case (every source, filter and reader of the
plugin, each output port) and writes one JSON line per case, flushed at once
(so a hang names its case), with a canonical digest of every output port:

* each rank's piece is fetched on its own (servermanager.Fetch(proxy, rank,
  idx=port)), giving the per-rank sizes (the proof that the input and output
  really are split) and the union over ranks without any append filter;
* cells flagged DUPLICATECELL in vtkGhostType are dropped; every other cell
  becomes a record (cell type, its corners sorted, each corner = coordinates
  and every point-data value, then every cell-data value), records sorted by
  a quantised key; point sets without cells give one record per point;
  tables one record per row (the union of the ranks' rows);
* field data: per array the values of the lowest rank that has it, plus a
  list of arrays whose values differ between ranks (must be empty);
* per column the largest magnitude, so that the comparison can use a
  tolerance relative to the array's scale.

Arguments: plugin, data directory (Testing/Data), scratch directory (with the
inputs test_mpi_all_proxies.py wrote), results file [, case-label filter]."""
import json
import math
import sys
import time
import traceback

from paraview import simple
from paraview import servermanager as sm

plugin, data, scratch, outpath = sys.argv[1:5]
only = sys.argv[5].split(",") if len(sys.argv) > 5 and sys.argv[5] else None
simple.LoadPlugin(plugin)
nranks = sm.vtkProcessModule.GetProcessModule().GetNumberOfLocalPartitions()
SKIP = {"vtkGhostType"}
DUPLICATECELL = 1


def D(rel):
    return data + "/" + rel


def S(rel):
    return scratch + "/" + rel


# ---- canonical digest ------------------------------------------------------
def values(a, i):
    n = a.GetNumberOfComponents()
    if a.IsA("vtkDataArray"):
        return [a.GetComponent(i, c) for c in range(n)]
    return [a.GetVariantValue(i * n + c).ToString() for c in range(n)]


def arrays(attr):
    out = []
    for k in range(attr.GetNumberOfArrays()):
        a = attr.GetAbstractArray(k)
        if a is not None and a.GetName() not in SKIP:
            out.append(a)
    return sorted(out, key=lambda a: a.GetName() or "")


def names(arrs):
    cols = []
    for a in arrs:
        n = a.GetNumberOfComponents()
        cols += [a.GetName()] if n == 1 else ["%s[%d]" % (a.GetName(), c) for c in range(n)]
    return cols


def qkey(v, scale):
    if isinstance(v, str):
        return (1, v)
    if v != v:
        return (2, 0)
    if abs(v) == math.inf:
        return (3, v > 0)
    # 1e-6 of the array's scale, and never finer than 1e-9 (an array of
    # rounding noise has a tiny scale)
    return (0, round(v / max(scale * 1e-6, 1e-9)))


class Digest:
    """The union of the pieces of one output port."""

    def __init__(self):
        self.kind = None
        self.pcols = self.ccols = None
        self.records = []
        self.field = {}
        self.field_conflicts = []
        self.ranks = []  # per rank: cells (or rows), points, ghost cells dropped

    def add(self, ds, rank):
        cls = ds.GetClassName()
        if ds.IsA("vtkTable"):
            self.add_table(ds, cls)
        elif ds.IsA("vtkDataSet"):
            self.add_dataset(ds, cls)
        else:
            raise RuntimeError("unsupported output type %s" % cls)
        self.add_field(ds.GetFieldData(), rank)

    def set_kind(self, kind, pcols, ccols):
        if self.kind is None or (self.ranks and self.ranks[-1] == [0, 0, 0] and not self.records):
            self.kind, self.pcols, self.ccols = kind, pcols, ccols
        elif (self.kind, self.pcols, self.ccols) != (kind, pcols, ccols):
            # An empty piece may lack the arrays: only a non-empty one must agree.
            if pcols or ccols:
                self.field_conflicts.append("piece layout %s %s %s != %s %s %s" % (
                    kind, pcols, ccols, self.kind, self.pcols, self.ccols))

    def add_table(self, t, cls):
        cols = [t.GetColumn(k) for k in range(t.GetNumberOfColumns())]
        cols = sorted([c for c in cols if c.GetName() not in SKIP], key=lambda a: a.GetName() or "")
        if t.GetNumberOfRows():
            self.set_kind("table", [], names(cols))
        for r in range(t.GetNumberOfRows()):
            row = []
            for c in cols:
                row += values(c, r)
            self.records.append([-2, [], row])
        self.ranks.append([t.GetNumberOfRows(), 0, 0])

    def add_dataset(self, ds, cls):
        pd, cd = ds.GetPointData(), ds.GetCellData()
        parr, carr = arrays(pd), arrays(cd)
        ghost = cd.GetArray("vtkGhostType")
        nc, npts = ds.GetNumberOfCells(), ds.GetNumberOfPoints()
        if nc or npts:
            self.set_kind("cells" if nc else "points", ["x", "y", "z"] + names(parr), names(carr))
        cache = {}

        def corner(p):
            c = cache.get(p)
            if c is None:
                c = list(ds.GetPoint(p))
                for a in parr:
                    c += values(a, p)
                cache[p] = c
            return c

        dropped = 0
        if nc:
            from vtkmodules.vtkCommonCore import vtkIdList
            ids = vtkIdList()
            for c in range(nc):
                if ghost is not None and int(ghost.GetValue(c)) & DUPLICATECELL:
                    dropped += 1
                    continue
                ds.GetCellPoints(c, ids)
                pids = [ids.GetId(k) for k in range(ids.GetNumberOfIds())]
                cv = []
                for a in carr:
                    cv += values(a, c)
                ct = ds.GetCellType(c)
                # Pieces may cut a poly-line, poly-vertex or strip elsewhere:
                # compare their segments, vertices and triangles.
                if ct == 4:  # VTK_POLY_LINE
                    parts = [(3, pids[k:k + 2]) for k in range(len(pids) - 1)]
                elif ct == 2:  # VTK_POLY_VERTEX
                    parts = [(1, [q]) for q in pids]
                elif ct == 6:  # VTK_TRIANGLE_STRIP
                    parts = [(5, pids[k:k + 3]) for k in range(len(pids) - 2)]
                else:
                    parts = [(ct, pids)]
                for t, q in parts:
                    self.records.append([t, [list(corner(k)) for k in q], list(cv)])
        else:
            for p in range(npts):
                self.records.append([-1, [corner(p)], []])
        self.ranks.append([nc, npts, dropped])

    def add_field(self, fd, rank):
        for a in arrays(fd):
            n = a.GetNumberOfTuples()
            v = []
            for i in range(min(n, 1000)):
                v += values(a, i)
            name = a.GetName()
            if name not in self.field:
                self.field[name] = v
            elif not close_lists(self.field[name], v):
                self.field_conflicts.append("field %s: rank %d has %s, a lower rank %s" % (
                    name, rank, v[:6], self.field[name][:6]))

    def finish(self):
        recs = self.records
        npc = len(self.pcols or [])
        ncc = len(self.ccols or [])
        pscale = [0.0] * npc
        cscale = [0.0] * ncc
        for _, pts, cv in recs:
            for p in pts:
                for j, v in enumerate(p[:npc]):
                    if not isinstance(v, str) and v == v and abs(v) != math.inf:
                        pscale[j] = max(pscale[j], abs(v))
            for j, v in enumerate(cv[:ncc]):
                if not isinstance(v, str) and v == v and abs(v) != math.inf:
                    cscale[j] = max(cscale[j], abs(v))
        # Coordinates: one scale for x, y and z (the bounding box).
        if npc >= 3:
            s = max(pscale[:3])
            pscale[:3] = [s, s, s]

        def pkey(p):
            return tuple(qkey(v, pscale[j] if j < npc else 1.0) for j, v in enumerate(p))

        for r in recs:
            r[1].sort(key=pkey)
        recs.sort(key=lambda r: (r[0], len(r[1]), tuple(pkey(p) for p in r[1]),
                                 tuple(qkey(v, cscale[j] if j < ncc else 1.0) for j, v in enumerate(r[2]))))
        return {"kind": self.kind, "pcols": self.pcols, "ccols": self.ccols, "pscale": pscale,
                "cscale": cscale, "records": recs, "field": self.field,
                "field_conflicts": self.field_conflicts, "ranks": self.ranks}


def close_lists(a, b):
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if isinstance(x, str) or isinstance(y, str):
            if x != y:
                return False
        elif not (x == y or (x != x and y != y) or abs(x - y) <= 1e-9 * max(abs(x), abs(y)) + 1e-12):
            return False
    return True


def fetch_digest(proxy, port):
    # Image pieces travel between ranks through the legacy writer, which
    # prints origin and spacing to 6 digits: send explicit double points.
    if proxy.GetDataInformation(port).GetDataClassName() in ("vtkImageData", "vtkUniformGrid"):
        proxy, port = simple.ImageDatatoPointSet(Input=simple.OutputPort(proxy, port)), 0
    d = Digest()
    for r in range(nranks):
        ds = sm.Fetch(proxy, r, idx=port) if nranks > 1 else sm.Fetch(proxy, idx=port)
        d.add(ds, r)
    return d.finish()


def piece_sizes(proxy, port=0):
    """Cells (or rows, or points) each rank holds, and of them ghost cells."""
    out = []
    for r in range(nranks):
        ds = sm.Fetch(proxy, r, idx=port) if nranks > 1 else sm.Fetch(proxy, idx=port)
        if ds.IsA("vtkTable"):
            out.append(ds.GetNumberOfRows())
        elif ds.IsA("vtkDataSet"):
            g = ds.GetCellData().GetArray("vtkGhostType")
            ng = sum(1 for c in range(g.GetNumberOfTuples()) if int(g.GetValue(c)) & DUPLICATECELL) if g else 0
            out.append([ds.GetNumberOfCells() or ds.GetNumberOfPoints(), ng])
        else:
            out.append(-1)
    return out


def at_time(proxy, t, port=0):
    return simple.ForceTime(Input=simple.OutputPort(proxy, port), IgnorePipelineTime=1, ForcedTime=t)


# ---- the inputs --------------------------------------------------------------
_cache = {}


def once(key, make):
    if key not in _cache:
        _cache[key] = make()
    return _cache[key]


def sphere_mom():
    return once("mom", lambda: simple.MoMReader(FileName=S("allmpi_sphere.cmom")))


def sphere(res=(32, 24), **kw):
    return once(("sph", res, repr(sorted(kw.items()))),
                lambda: simple.Sphere(ThetaResolution=res[0], PhiResolution=res[1], **kw))


def awpd():
    return once("awpd", lambda: simple.AreaWeightedPointData(Input=sphere_mom()))


def cmr():
    return once("cmr", lambda: simple.CentroidMidpointRefinement(Input=sphere_mom(), NumberOfLevels=2))


def nec_sample():
    return once("nec", lambda: simple.NEC2OutputReader(FileName=D("nec/nec2d_sample.out")))


def analytic(**kw):
    return once(("ana", repr(sorted(kw.items()))),
                lambda: simple.AnalyticAntennaPattern(**kw))


def crater():
    # A 2-piece .pvtp: each rank reads its own piece (serial reads both).
    return once("crater", lambda: simple.XMLPartitionedPolydataReader(FileName=[S("allmpi_crater.pvtp")]))


def crater_redistributed():
    # Distributed by nature: a filter downstream cannot ask for it whole.
    return once("crater_rd", lambda: simple.RedistributeDataSet(Input=crater()))


def control_grid():
    return once("grid", lambda: simple.ControlGridFromPoints(Input=crater_redistributed(), GridLevel=3,
                                                             Power=2.0))


def distributed_surface(src):
    return simple.ExtractSurface(Input=simple.RedistributeDataSet(Input=src))


# ---- the cases -----------------------------------------------------------------
# label -> function returning (proxy, [(input proxy, port) to record the split of])
CASES = []


def case(label):
    def reg(f):
        CASES.append((label, f))
        return f
    return reg


def reader_case(label, factory, path):
    def build():
        r = factory(FileName=path)
        return r, [(r, p) for p in range(r.SMProxy.GetNumberOfOutputPorts())]
    CASES.append((label, build))


reader_case("MoMReader_sphere", lambda **k: simple.MoMReader(**k), S("allmpi_sphere.cmom"))
reader_case("MoMReader_clean_plate", lambda **k: simple.MoMReader(**k), D("bad/clean_plate.cmom"))
reader_case("NECReader_box_sm", lambda **k: simple.NEC2OutputReader(**k), D("nec/box_sm.out"))
reader_case("NECReader_nec2d_sample", lambda **k: simple.NEC2OutputReader(**k), D("nec/nec2d_sample.out"))
# nec2++ -c output (comma rows, table banners dropped): patches and wires; near fields.
reader_case("NECReader_necpp_box_sm", lambda **k: simple.NEC2OutputReader(**k), D("nec/box_sm.necpp.out"))
reader_case("NECReader_necpp_near_fields", lambda **k: simple.NEC2OutputReader(**k),
            D("nec/dipole_near_fields.necpp.out"))
reader_case("FEKOReader_plate", lambda **k: simple.FEKOOutputReader(**k), D("feko/plate.out"))
reader_case("FEKOCurrentsReader_plate", lambda **k: simple.FEKOSurfaceCurrentsReader(**k),
            D("feko/plate_currents.os"))
reader_case("FEKOFarFieldReader_dipole", lambda **k: simple.FEKOFarFieldReader(**k),
            D("feko/dipole_format3.ffe"))
reader_case("FEKOFarFieldReader_helix", lambda **k: simple.FEKOFarFieldReader(**k),
            D("feko/helix_format8_cut.ffe"))
reader_case("CSTFarFieldReader_dipole", lambda **k: simple.CSTFarFieldReader(**k),
            D("cst/dipole_spherical_dbi.txt"))
reader_case("CSTFarFieldReader_patch", lambda **k: simple.CSTFarFieldReader(**k),
            D("cst/patch_ludwig3_linear.txt"))
reader_case("CSTFarFieldReader_ffs", lambda **k: simple.CSTFarFieldReader(**k),
            D("cst/dipole_source.ffs"))
reader_case("CSTFarFieldReader_volts", lambda **k: simple.CSTFarFieldReader(**k),
            D("cst/dipole_ludwig3_volts.txt"))
reader_case("CSTFarFieldReader_ludwig2", lambda **k: simple.CSTFarFieldReader(**k),
            D("cst/dipole_elev_azim_volts.txt"))
# MSI/Planet antenna pattern: the reconstructed pattern (port 0) and the cuts (port 1).
reader_case("MSIPlanetAntennaReader_sector", lambda **k: simple.MSIPlanetAntennaReader(**k),
            D("msi/sector_65_18.msi"))
# Planet 2 .pafx: the real Sinclair archive (4 patterns as time steps) and the look-alike.
reader_case("PlanetPAFXAntennaReader_sinclair", lambda **k: simple.PlanetPAFXAntennaReader(**k),
            D("pafx/SV460-SF2SNM.pafx"))
reader_case("PlanetPAFXAntennaReader_sector", lambda **k: simple.PlanetPAFXAntennaReader(**k),
            D("pafx/sector_65_18.pafx"))
# AWS Palace (issue 42): the far field interpolated onto the grid and its directions
# (Testing/Data/palace, Palace's own reference output), and port-S.csv as the network.
reader_case("PalaceFarFieldReader_short_dipole", lambda **k: simple.PalaceFarFieldReader(**k),
            D("palace/antenna_short_dipole/farfield-rE.csv"))
reader_case("PalacePortReader_cpw", lambda **k: simple.PalacePortReader(**k),
            D("palace/cpw_lumped_uniform/port-S.csv"))
reader_case("GmshReader_v22", lambda **k: simple.GmshMSHReader(**k), D("gmsh/plate_v22.msh"))
reader_case("GmshReader_v41", lambda **k: simple.GmshMSHReader(**k), D("gmsh/plate_v41.msh"))
# Made by gmsh: second-order elements with views (binary 4.1), and MSH 1.
reader_case("GmshReader_o2_views", lambda **k: simple.GmshMSHReader(**k),
            D("gmsh/gmsh_corpus_views_v41_o2_bin.msh"))
reader_case("GmshReader_v1", lambda **k: simple.GmshMSHReader(**k), D("gmsh/gmsh_corpus_v1_o2.msh"))
reader_case("FEKOReader_strip_ports", lambda **k: simple.FEKOOutputReader(**k),
            D("feko/strip_ports.out"))  # port 1: Port Parameters of the voltage sources
# A wire-only FEKO model read whole: wires (port 2), network (3), far field (4) and the
# near-field grid (5, split by extent: 4 x 5 x 1); and wires beside triangles.
reader_case("FEKOReader_dipole_wire", lambda **k: simple.FEKOOutputReader(**k),
            D("feko/dipole_wire_2017.out"))
reader_case("FEKOReader_wires_plate", lambda **k: simple.FEKOOutputReader(**k),
            D("feko/wires_plate_2021.out"))
reader_case("TouchstoneReader_pad_s2p", lambda **k: simple.TouchstoneReader(**k),
            D("touchstone/pad_6db_ma.s2p"))
reader_case("TouchstoneReader_rlc_s1p", lambda **k: simple.TouchstoneReader(**k),
            D("touchstone/rlc_series_ri.s1p"))
# pad_6db_ma.s2p has noise data (port 1, Noise); this 4-port names its ports (PortNames).
reader_case("TouchstoneReader_coupler_s4p", lambda **k: simple.TouchstoneReader(**k),
            D("touchstone/skrf_designer_coupler_20deg.s4p"))
# Mixed-mode ([Mixed-Mode Order]): Sdd21... and the MixedModeOrder field data.
reader_case("TouchstoneReader_mixed_mode_s4p", lambda **k: simple.TouchstoneReader(**k),
            D("touchstone/mixed_mode_thru_z.s4p"))
# Port 4 (Near Fields) is a structured grid split by extent: pieces share their boundary
# points, not cells (the plane 8 x 1 x 7, the sphere r x phi x theta 2 x 3 x 4, a line of 5).
reader_case("NECReader_near_fields", lambda **k: simple.NEC2OutputReader(**k),
            D("nec/dipole_near_fields.out"))


def nec_near(index):
    return once(("necnf", index), lambda: simple.NEC2OutputReader(FileName=D("nec/dipole_near_fields.out"),
                                                                  NearFieldIndex=index))


@case("ExposureRatio_near_fields")
def _():
    # The ratio on the plane grid and its compliance boundary (port 1), distances reduced.
    r = nec_near(0)
    return simple.ExposureRatio(Input=simple.OutputPort(r, 4), TransmitPower=0.2), [(r, 4)]


@case("NECReader_near_fields_sphere")
def _():
    r = nec_near(1)
    return r, [(r, 4)]


@case("NECReader_near_fields_line")
def _():
    r = nec_near(2)
    return r, [(r, 4)]


@case("NECReader_near_fields_sweep")
def _():
    # The second frequency of a sweep whose tables carry no card echo (layout inferred).
    r = once("necnf_sweep", lambda: simple.NEC2OutputReader(FileName=D("nec/near_fields_noecho_sweep.out")))
    return at_time(r, 320e6, 4), [(r, 4)]


# FEKO .efe/.hfe near fields: structured grids split by extent as NEC's port 4 is; the
# Cartesian request is read with its .hfe companion (E and H on one grid), at 600 MHz.
reader_case("FEKONearFieldReader_spherical", lambda **k: simple.FEKONearFieldReader(**k),
            D("feko/nearfield/dipole_2017_spherical.efe"))
reader_case("FEKONearFieldReader_cylindrical", lambda **k: simple.FEKONearFieldReader(**k),
            D("feko/nearfield/dipole_2022_cylindrical.efe"))


@case("FEKONearFieldReader_cartesian_pair")
def _():
    r = once("fekonf", lambda: simple.FEKONearFieldReader(FileName=D("feko/nearfield/dipole_2019_cartesian.efe")))
    return at_time(r, 600e6, 0), [(r, 0)]


@case("ExposureRatio_feko_near_fields")
def _():
    r = once("fekonf", lambda: simple.FEKONearFieldReader(FileName=D("feko/nearfield/dipole_2019_cartesian.efe")))
    return simple.ExposureRatio(Input=r, TransmitPower=0.2, InputPower=1e-3), [(r, 0)]


@case("BandedColorMap_near_field")
def _():
    r = nec_near(0)
    b = simple.BandedColorMap(Input=simple.OutputPort(r, 4), NumberOfBands=24)
    b.SelectInputArray = ["POINTS", "|E|"]
    return b, [(r, 4)]


@case("TimeHarmonic_near_field")
def _():
    r = nec_near(1)
    th = simple.TimeHarmonic(Input=simple.OutputPort(r, 4), RealArrayName="H_real",
                             ImaginaryArrayName="H_imag", NumberOfSteps=8)
    return at_time(th, 0.375), [(r, 4)]


reader_case("OpenEMSReader_patch_tutorial", lambda **k: simple.OpenEMSNF2FFReader(**k),
            D("openems/patch_nf2ff.h5"))
reader_case("OpenEMSReader_dipole", lambda **k: simple.OpenEMSNF2FFReader(**k),
            D("openems/dipole_nf2ff.h5"))
# HFSS 2026.1 .ffd (theta -180..180) with pyaedt's metadata beside it: Gain, Directivity,
# RealizedGain; and a two-frequency file with no metadata (the bad-input corpus's reference).
reader_case("HFSSFarFieldReader_element", lambda **k: simple.HFSSFarFieldReader(**k),
            D("hfss/exportfield_0.ffd"))
reader_case("HFSSFarFieldReader_two_frequencies", lambda **k: simple.HFSSFarFieldReader(**k),
            D("bad/hfss_reference.ffd"))
# TICRA GRASP: GRASP 10.0.1's polar cuts (far field and samples ports), a planar grid
# (samples only), and the pattern surface over the cuts.
reader_case("GRASPReader_polar_cuts", lambda **k: simple.GRASPReader(**k),
            D("grasp/example_GRASP_10-0-1_spherical_polar_linear_farfield.cut"))
reader_case("GRASPReader_planar_grid", lambda **k: simple.GRASPReader(**k),
            D("grasp/square_aperture.grd"))


@case("AntennaPatternSurface_grasp")
def _():
    r = simple.GRASPReader(FileName=D("grasp/horn_lens.cut"))
    ps = simple.AntennaPatternSurface(Input=r, Scale="Decibels", NumberOfLevels=1, ReferenceMode="Global")
    ps.SelectInputArray = ["ROWS", "Gain"]
    return ps, [(r, 0)]


# ParaView 5.11's reduction (sm.Fetch, and so this comparison) turns a vtkRectilinearGrid's
# coordinates into per-point arrays: the dump reader's grids are compared as unstructured
# grids (Merge Blocks keeps each rank's piece and its points).
def as_points(proxy):
    return simple.MergeBlocks(Input=proxy)


def dump_reader(name):
    return once(("oemsdump", name), lambda: simple.OpenEMSFieldDumpReader(FileName=D("openems/" + name)))


@case("OpenEMSDumpReader_fd")
def _():
    r = dump_reader("dipole_efd.h5")
    return as_points(r), [(r, 0)]


@case("OpenEMSDumpReader_td_step")
def _():
    r = dump_reader("dipole_etd.h5")
    return as_points(at_time(r, 1.0e-9)), [(r, 0)]


@case("BandedColorMap_openems_dump")
def _():
    r = dump_reader("dipole_efd.h5")
    b = simple.BandedColorMap(Input=r, NumberOfBands=24)
    b.SelectInputArray = ["POINTS", "|E|"]
    return as_points(b), [(r, 0)]


@case("TimeHarmonic_openems_dump")
def _():
    r = dump_reader("dipole_efd.h5")
    th = simple.TimeHarmonic(Input=r, RealArrayName="E_real", ImaginaryArrayName="E_imag", NumberOfSteps=8)
    return as_points(at_time(th, 0.375)), [(r, 0)]


@case("AntennaPatternSurface_openems")
def _():
    r = simple.OpenEMSNF2FFReader(FileName=D("openems/dipole_nf2ff.h5"))
    ps = simple.AntennaPatternSurface(Input=r, Scale="Decibels", NumberOfLevels=1, ReferenceMode="Global")
    ps.SelectInputArray = ["ROWS", "Gain"]
    return ps, [(r, 0)]


@case("AntennaPatternSurface_hfss")
def _():
    r = simple.HFSSFarFieldReader(FileName=D("hfss/exportfield_0.ffd"))
    ps = simple.AntennaPatternSurface(Input=r, Scale="Decibels", NumberOfLevels=1, ReferenceMode="Global")
    ps.SelectInputArray = ["ROWS", "Gain"]
    return ps, [(r, 0)]


def msi_sector():
    # 5-degree reconstruction (37 x 72 samples): the cases below test the placement, not the grid.
    return once("msi5", lambda: simple.MSIPlanetAntennaReader(FileName=D("msi/sector_65_18.msi"),
                                                              ThetaStep=5, PhiStep=5))


@case("ExposureRatio_msi_site")
def _():
    # A far-field table placed on a site: every rank reads the whole table and rates its
    # piece of the cube (split by extent); the distances are reduced.
    r = msi_sector()
    return simple.ExposureRatio(Input=r, TransmitPower=200, Center=[1, 2, 30], Azimuth=30, Downtilt=6,
                                Resolution=21, ApertureSize=1.3), [(r, 0)]


@case("AntennaPatternSurface_msi_mounted")
def _():
    r = msi_sector()
    ps = simple.AntennaPatternSurface(Input=r, Scale="Decibels", NumberOfLevels=1, Center=[1, 2, 30],
                                      Azimuth=30, Downtilt=6)
    ps.SelectInputArray = ["ROWS", "Gain"]
    return ps, [(r, 0)]


@case("PatternMetrics_openems")
def _():
    r = simple.OpenEMSNF2FFReader(FileName=D("openems/dipole_nf2ff.h5"))
    return simple.PatternMetrics(Input=r), [(r, 0)]


@case("AnalyticAntennaPattern_halfwave")
def _():
    p = analytic(ThetaStep=5, PhiStep=5)
    return p, []


@case("AnalyticAntennaPattern_array")
def _():
    p = analytic(Pattern="Uniform Linear Array", NumberOfElements=6, PhaseStep=30, ThetaStep=3, PhiStep=6)
    return p, []


@case("AntennaPatternSurface_analytic")
def _():
    src = analytic(ThetaStep=10, PhiStep=10)
    ps = simple.AntennaPatternSurface(Input=src, Scale="Decibels", NumberOfLevels=1)
    ps.SelectInputArray = ["ROWS", "Gain"]
    return ps, [(src, 0)]


@case("AntennaPatternSurface_nec_global")
def _():
    r = nec_sample()
    ps = simple.AntennaPatternSurface(Input=simple.OutputPort(r, 2), Scale="Decibels",
                                      NumberOfLevels=1, ReferenceMode="Global")
    ps.SelectInputArray = ["ROWS", "Gain"]
    return ps, [(r, 2)]


@case("AreaWeightedPointData")
def _():
    return awpd(), [(sphere_mom(), 0)]


@case("BandedColorMap_points")
def _():
    b = simple.BandedColorMap(Input=awpd(), NumberOfBands=12)
    b.SelectInputArray = ["POINTS", "|J|"]
    return b, [(awpd(), 0)]


@case("BandedColorMap_exact")
def _():
    b = simple.BandedColorMap(Input=awpd(), NumberOfBands=12, ExactBands=1)
    b.SelectInputArray = ["POINTS", "|J|"]
    return b, [(awpd(), 0)]


@case("BandedColorMap_cells")
def _():
    b = simple.BandedColorMap(Input=sphere_mom(), NumberOfBands=8, Palette="Viridis")
    b.SelectInputArray = ["CELLS", "|J|"]
    return b, [(sphere_mom(), 0)]


@case("CentroidMidpointRefinement")
def _():
    return cmr(), [(sphere_mom(), 0)]


@case("CentroidMidpointRefinement_edge")
def _():
    return simple.CentroidMidpointRefinement(Input=sphere_mom(), PrecisionMode="Maximum Edge Length",
                                             MaximumEdgeLength=0.15), [(sphere_mom(), 0)]


@case("ControlGridFromPoints_pvtp")
def _():
    # Points in 2 pieces (one per rank; the filter asks for its input whole).
    c = crater()
    return simple.ControlGridFromPoints(Input=c, GridLevel=3, Power=2.0), [(c, 0)]


@case("ControlGridFromPoints_redistributed")
def _():
    # Points distributed over the ranks by Redistribute DataSet.
    return control_grid(), [(crater_redistributed(), 0)]


@case("ElementInterpolation")
def _():
    return simple.ElementInterpolation(Input=cmr(), Parents=awpd()), [(cmr(), 0), (awpd(), 0)]


@case("EscapeTimeFractal_mandelbrot")
def _():
    return simple.EscapeTimeFractal(Dimensions=[96, 64], Center=[-0.5, 0], Width=3.0,
                                    MaximumNumberOfIterations=64, ComputeOrbitTrap=1), []


@case("EscapeTimeFractal_julia")
def _():
    return simple.EscapeTimeFractal(Mode="Julia", Dimensions=[64, 64], Center=[0, 0], Width=3.0,
                                    MaximumNumberOfIterations=48), []


@case("FarFieldFromCurrents_sphere")
def _():
    return simple.FarFieldFromCurrents(Input=sphere_mom(), ThetaStep=10, PhiStep=15), [(sphere_mom(), 0)]


@case("FarFieldFromCurrents_nec_wires")
def _():
    r = nec_sample()
    return simple.FarFieldFromCurrents(Input=simple.OutputPort(r, 0), Wires=simple.OutputPort(r, 1),
                                       ThetaStep=15, PhiStep=30), [(r, 0), (r, 1)]


@case("FractalDimension_lsystem")
def _():
    ls = simple.LSystem(Preset=6, NumberOfIterations=4)  # 313 poly-lines, split over the ranks
    return simple.FractalDimension(Input=ls, MinimumLevel=1, MaximumLevel=6), [(ls, 0)]


@case("FractalDimension_sphere")
def _():
    s = sphere((48, 32))
    return simple.FractalDimension(Input=s, MinimumLevel=1, MaximumLevel=5), [(s, 0)]


@case("FractalTerrain_redistributed_grid")
def _():
    t = simple.FractalTerrain(ControlGrid=control_grid(), NumberOfLevels=5, HurstExponent=0.6, Sigma=0.1,
                              Seed=11, PeakCutting=1, PeakCuttingIterations=2, ComputeDisplacement=1)
    return t, [(control_grid(), 0)]


@case("FractalTerrain_pvtp_grid")
def _():
    g = once("grid_pvtp", lambda: simple.ControlGridFromPoints(Input=crater(), GridLevel=3, Power=2.0))
    t = simple.FractalTerrain(ControlGrid=g, NumberOfLevels=5, HurstExponent=0.6, Sigma=0.1,
                              Seed=11, PeakCutting=1, PeakCuttingIterations=2, ComputeDisplacement=1)
    return t, [(g, 0)]


@case("FractalTerrain_corners")
def _():
    return simple.FractalTerrain(ControlGrid=None, NumberOfLevels=5, HurstExponent=0.7, Sigma=0.2,
                                 Seed=3, DisplaceCentre=1), []


@case("FractionalBrownianCurve")
def _():
    return simple.FractionalBrownianCurve(NumberOfLevels=10, HurstExponent=0.3, Seed=4), []


@case("FreeFormDeformation")
def _():
    s = sphere()
    return simple.FreeFormDeformation(Input=s, LatticeSize=[2, 3, 2],
                                      Displacements=[0.1 * (k % 5) - 0.2 for k in range(36)]), [(s, 0)]


@case("FreeFormDeformation_keys")
def _():
    s = sphere()
    ffd = simple.FreeFormDeformation(Input=s, LatticeSize=[2, 2, 2],
                                     Displacements=[0.05 * ((3 * k) % 7) - 0.15 for k in range(24)],
                                     DisplacementKeys=[0.0] + [0.0] * 24 + [1.0] + [0.04 * ((5 * k) % 9) - 0.16
                                                                                 for k in range(24)],
                                     KeyInterpolation="Linear")
    return at_time(ffd, 0.6), [(s, 0)]


def wavelet(maximum):
    return simple.Wavelet(WholeExtent=[-24, 24, -16, 16, 0, 0], Maximum=maximum)


@case("ImageMorph")
def _():
    a, b = wavelet(255), wavelet(180)
    m = simple.ImageMorph(Input=a, Target=b, Parameter=0.35,
                          FeatureLines=[-10, -5, 10, -5, -8, -3, 12, -2, 0, -10, 0, 10, 2, -9, 1, 11])
    return m, [(a, 0), (b, 0)]


@case("IteratedFunctionSystem_fern")
def _():
    return simple.IteratedFunctionSystem(Preset=1, NumberOfPoints=6000, Seed=2), []


@case("IteratedFunctionSystem_tetra")
def _():
    return simple.IteratedFunctionSystem(Preset=4, NumberOfPoints=4000, Seed=9), []


@case("KeyframeInterpolator")
def _():
    s = sphere()
    k = simple.KeyframeInterpolator(Input=s, Keys=[0, 0, 0, 0, 5, 1, 2, 0, 0, 1, 2, 2, 1, 0, 0])
    return at_time(k, 1.3), [(s, 0)]


@case("LSystem_abop")
def _():
    return simple.LSystem(Preset=6, NumberOfIterations=4), []


@case("LSystem_stochastic")
def _():
    return simple.LSystem(Preset=12, NumberOfIterations=4, Seed=7), []


@case("LSystem_bush3d")
def _():
    return simple.LSystem(Preset=13, NumberOfIterations=3), []


@case("MeshMorph_index")
def _():
    a, b = sphere(), sphere(Radius=2.0, Center=[0.5, 0, 0])
    return simple.MeshMorph(Input=a, Target=b, Parameter=0.4), [(a, 0), (b, 0)]


@case("MeshMorph_nearest_time")
def _():
    a, b = sphere(), sphere((16, 12), Radius=1.5)
    m = simple.MeshMorph(Input=a, Target=b, Correspondence="Nearest Normalized Point", UseTime=1,
                         TimeRange=[0.0, 2.0], Easing="Sine")
    return at_time(m, 0.7), [(a, 0), (b, 0)]


@case("ParticleSystem_fountain")
def _():
    return at_time(simple.ParticleSystem(Preset="Fountain", Seed=11), 1.5), []


@case("ParticleSystem_input_cells")
def _():
    s = sphere((24, 16))
    ps = simple.ParticleSystem(Input=s, Preset="Custom", GenerationShape="Input Cells", Seed=5)
    return at_time(ps, 1.25), [(s, 0)]


@case("PatternCuts")
def _():
    src = analytic(Pattern="Short Dipole", ThetaStep=1, PhiStep=2)
    return simple.PatternCuts(Input=src, Step=5, UserTheta=60, DynamicRange=60), [(src, 0)]


@case("PatternMetrics")
def _():
    src = analytic(ThetaStep=5, PhiStep=5)
    return simple.PatternMetrics(Input=src), [(src, 0)]


@case("PatternPolarization_nec")
def _():
    r = nec_sample()
    return simple.PatternPolarization(Input=simple.OutputPort(r, 2), ReferenceAngle=20), [(r, 2)]


@case("PatternPolarization_cst")
def _():
    r = simple.CSTFarFieldReader(FileName=D("cst/patch_ludwig3_linear.txt"))
    return simple.PatternPolarization(Input=r), [(r, 0)]


@case("Skeleton_walker")
def _():
    return at_time(simple.Skeleton(Preset="Walker"), 0.5), []


@case("Skeleton_walker_skin")
def _():
    s = sphere((24, 16), Radius=0.3, Center=[0, 0, 1.0])
    sk = simple.Skeleton(Input=s, Preset="Walker", SmoothSkinning=1)
    # both ports at t = 0.4
    return [at_time(sk, 0.4, 0), at_time(sk, 0.4, 1)], [(s, 0)]


@case("SurfaceCloudMap")
def _():
    cm = simple.SurfaceCloudMap(Input=sphere_mom(), NumberOfLevels=2)
    cm.SelectInputArray = ["CELLS", "|J|"]
    return cm, [(sphere_mom(), 0)]


@case("SurfaceCloudMap_exact")
def _():
    cm = simple.SurfaceCloudMap(Input=sphere_mom(), NumberOfLevels=1, ExactBands=1, NumberOfBands=10)
    cm.SelectInputArray = ["CELLS", "|J|"]
    return cm, [(sphere_mom(), 0)]


@case("TimeHarmonic")
def _():
    th = simple.TimeHarmonic(Input=sphere_mom(), NumberOfSteps=8)
    return at_time(th, 3.0), [(sphere_mom(), 0)]


@case("Wiggle_per_point")
def _():
    # The MoM reader's pieces hold the very points of the serial mesh.
    s = sphere_mom()
    w = simple.Wiggle(Input=s, Mode="Per Point", Frequency=3, Amplitude=0.1, Octaves=3, Seed=4)
    return at_time(w, 1.7), [(s, 0)]


@case("Wiggle_per_point_sphere_source")
def _():
    # vtkSphereSource's pieces differ from serial by ~1e-17 on their seams.
    s = sphere()
    w = simple.Wiggle(Input=s, Mode="Per Point", Frequency=3, Amplitude=0.1, Octaves=3, Seed=4)
    return at_time(w, 1.7), [(s, 0)]


@case("Wiggle_scalar")
def _():
    s = sphere_mom()
    w = simple.Wiggle(Input=s, Mode="Scalar", Frequency=1.5, Amplitude=1.0, Seed=2)
    return at_time(w, 0.9), [(s, 0)]


@case("Wiggle_translate")
def _():
    s = sphere()
    w = simple.Wiggle(Input=s, Mode="Translate", Frequency=2, Amplitude=0.2, Seed=1)
    return at_time(w, 2.3), [(s, 0)]


# ---- run -----------------------------------------------------------------------
with open(outpath, "w") as f:
    f.write(json.dumps({"label": "#header", "ranks": nranks}) + "\n")
    f.flush()
    for label, build in CASES:
        if only and label not in only:
            continue
        t0 = time.time()
        rec = {"label": label, "ranks": nranks}
        try:
            simple.SetActiveSource(None)
            proxy, inputs = build()
            if isinstance(proxy, list):
                ports = [(p, 0) for p in proxy]
            else:
                ports = [(proxy, k) for k in range(proxy.SMProxy.GetNumberOfOutputPorts())]
            rec["ports"] = [fetch_digest(p, k) for p, k in ports]
            rec["input_split"] = [[p.GetXMLLabel(), k, piece_sizes(p, k)] for p, k in inputs]
        except Exception:
            rec["error"] = traceback.format_exc()[-1500:]
        rec["seconds"] = round(time.time() - t0, 2)
        f.write(json.dumps(rec) + "\n")
        f.flush()
        print("%-34s %6.2f s %s" % (label, rec["seconds"], "ERROR" if "error" in rec else ""), flush=True)
