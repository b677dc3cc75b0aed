"""The naming scheme of issue 34 and its old names (docs/incoming/names.md).

1. A state saved by ParaView 5.11 with main's build before the scheme
   (Testing/Data/states/names_pv511.pvsm, made by make_names_pv511.py) loads
   with this build, from the repository root (its data paths are relative),
   without errors or warnings: every proxy comes back with data, the cloud map
   is coloured by |J| over its range, the pattern by BandColor (direct RGB),
   the L-system by Depth, and Pattern Metrics gives its new columns.
2. Every old pvpython name (its own list here, not the plugin's table, so a
   dropped alias fails) still works from `from paraview.simple import *`
   after LoadPlugin: readers read the same data as the new name, writers write
   the same bytes.
3. Every proxy follows the scheme: labels in Title Case, readers end in
   "Reader", writers in "Writer"; the old-name copies are in no menu, not
   offered by File > Open or Save Data, and their labels are the old ones.

  pvpython test_names.py <CloudMap plugin> <scratch dir>"""
import filecmp
import glob
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
import cloudmap_testlib as lib  # noqa: E402

plugin, tmp = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
root = lib.ROOT
work = os.path.join(tmp, "names")
os.makedirs(work, exist_ok=True)
pvpython = sys.executable if "pvpython" in os.path.basename(sys.executable) else "pvpython"

# Old pvpython name -> (new pvpython name, XML group).
OLD_NAMES = {
    "CloudMapMoMReader": ("MoMReader", "sources"),
    "openEMSNF2FFReader": ("OpenEMSNF2FFReader", "sources"),
    "openEMSFieldDumpReader": ("OpenEMSFieldDumpReader", "sources"),
    "NECdeck": ("NECDeckWriter", "writers"),
    "Touchstone": ("TouchstoneWriter", "writers"),
}

# ---------------------------------------------------------------- 1. the old state
STATE_CHECK = r'''
import sys
from paraview import simple, servermanager as sm
plugin, state = sys.argv[1:3]
simple.LoadPlugin(plugin)
simple.LoadState(state)
src = {k[0]: v for k, v in simple.GetSources().items()}
want = {"vehicle.out": "CloudMapNECReader", "Surface Cloud Map": "CloudMapSurfaceCloudMap",
        "Antenna Pattern Surface": "CloudMapAntennaPatternSurface", "L-System": "CloudMapLSystem",
        "dipole_nf2ff.h5": "CloudMapOpenEMSReader", "pad_6db_ma.s2p": "CloudMapTouchstoneReader",
        "Pattern Metrics": "CloudMapPatternMetrics", "Pattern Cuts": "CloudMapPatternCuts",
        "Fractal Dimension": "CloudMapFractalDimension"}
for name, xml in want.items():
    assert name in src, "%s is not in the loaded state (%s)" % (name, sorted(src))
    assert src[name].GetXMLName() == xml, "%s is a %s" % (name, src[name].GetXMLName())
    src[name].UpdatePipeline()
    info = src[name].GetDataInformation()
    n = info.GetNumberOfCells() + info.GetNumberOfPoints() + info.GetNumberOfRows()
    assert n > 0, "%s is empty" % name
rv = [v for v in simple.GetViews() if v.GetXMLName() == "RenderView"]
assert len(rv) == 1, "render views: %d" % len(rv)
rv = rv[0]
def colour(name):
    rep = simple.GetDisplayProperties(src[name], rv)
    assert rep.Visibility == 1, "%s is hidden" % name
    return rep
cloud = colour("Surface Cloud Map")
assert list(cloud.ColorArrayName) == ["CELLS", "|J|"], cloud.ColorArrayName
lo, hi = src["Surface Cloud Map"].CellData["|J|"].GetRange()
pts = cloud.LookupTable.RGBPoints
assert abs(pts[0] - lo) <= 1e-6 * hi and abs(pts[-4] - hi) <= 1e-6 * hi, (pts[0], pts[-4], lo, hi)
pattern = colour("Antenna Pattern Surface")
assert list(pattern.ColorArrayName) == ["CELLS", "BandColor"] and pattern.MapScalars == 0, \
    (pattern.ColorArrayName, pattern.MapScalars)
assert abs(pattern.Opacity - 0.4) < 1e-9, pattern.Opacity
plant = colour("L-System")
assert list(plant.ColorArrayName) == ["POINTS", "Depth"], plant.ColorArrayName
t = sm.Fetch(src["Pattern Metrics"])
cols = [t.GetColumnName(c) for c in range(t.GetNumberOfColumns())]
assert "HPBWPlane1[deg]" in cols and "Directivity[dBi]" in cols, cols
for v in simple.GetViews():
    simple.Render(v)
simple.SaveScreenshot(sys.argv[3], rv, ImageResolution=[600, 400])
print("NAMES STATE OK", len(src))
'''
script = os.path.join(work, "state_check.py")
with open(script, "w") as f:
    f.write(STATE_CHECK)
state = os.path.join(root, "Testing", "Data", "states", "names_pv511.pvsm")
p = subprocess.run([pvpython, script, plugin, state, os.path.join(work, "names_state.png")],
                   cwd=root, capture_output=True, text=True, timeout=600)
out = p.stdout + p.stderr
print(out[-3000:])
bad = [l for l in out.splitlines() if "ERROR" in l or "Warning" in l or "Error" in l or "WARN|" in l
       or "ERR|" in l]
if p.returncode != 0 or "NAMES STATE OK" not in out or bad:
    lib.fail("the state saved before the naming scheme did not load (exit %d): %s"
             % (p.returncode, bad[:3] or out[-500:]))

# ---------------------------------------------------------------- 2. old names in a script
from paraview.simple import *  # noqa: E402,F401,F403
from paraview import servermanager as sm  # noqa: E402

LoadPlugin(plugin, ns=globals())  # noqa: F405
missing = [n for n in list(OLD_NAMES) + [v[0] for v in OLD_NAMES.values()] if n not in globals()]
if missing:
    lib.fail("pvpython names missing after LoadPlugin: %s" % missing)

cmom = os.path.join(work, "sphere.cmom")
lib.write_sphere_cmom(cmom)
data = os.path.join(root, "Testing", "Data")
readers = {
    "CloudMapMoMReader": cmom,
    "openEMSNF2FFReader": os.path.join(data, "openems", "dipole_nf2ff.h5"),
    "openEMSFieldDumpReader": os.path.join(data, "openems", "dipole_efd.h5"),
}


def summary(proxy):
    proxy.UpdatePipeline()
    d = sm.Fetch(proxy)
    if d.IsA("vtkTable"):
        return ("table", d.GetNumberOfRows(), d.GetNumberOfColumns(),
                tuple(d.GetColumnName(c) for c in range(d.GetNumberOfColumns())))
    return (d.GetClassName(), d.GetNumberOfPoints(), d.GetNumberOfCells())


for old, path in readers.items():
    new = OLD_NAMES[old][0]
    a, b = globals()[old](FileName=path), globals()[new](FileName=path)
    sa, sb = summary(a), summary(b)
    if sa != sb or sa[1] == 0:
        lib.fail("%s read %s, %s read %s" % (old, sa, new, sb))
    print("%s == %s: %s" % (old, new, sa[:3]))
    Delete(a)  # noqa: F405
    Delete(b)  # noqa: F405

# The writers: the old name writes the same bytes as the new one.
mom = MoMReader(FileName=cmom)  # noqa: F821
ts = TouchstoneReader(FileName=os.path.join(data, "touchstone", "pad_6db_ma.s2p"))  # noqa: F821
writers = {"NECdeck": (mom, "deck.nec"), "Touchstone": (ts, "pad.s2p")}
for old, (src, fname) in writers.items():
    new = OLD_NAMES[old][0]
    files = []
    for name in (old, new):
        path = os.path.join(work, name + "_" + fname)
        if os.path.exists(path):
            os.remove(path)
        w = globals()[name](Input=src, FileName=path)
        w.UpdatePipeline()
        Delete(w)  # noqa: F405
        files.append(path)
    if not all(os.path.exists(f) and os.path.getsize(f) > 0 for f in files) or \
            not filecmp.cmp(files[0], files[1], shallow=False):
        lib.fail("%s and %s wrote different files: %s" % (old, new, files))
    print("%s == %s: %d bytes" % (old, new, os.path.getsize(files[0])))
# SaveData picks the writer by extension: the real one, not its old-name copy.
SaveData(os.path.join(work, "savedata.nec"), proxy=mom)  # noqa: F405
if not filecmp.cmp(os.path.join(work, "savedata.nec"), os.path.join(work, "NECDeckWriter_deck.nec"),
                   shallow=False):
    lib.fail("SaveData of a .nec differs from NECDeckWriter's deck")

# ---------------------------------------------------------------- 3. the scheme
pxm = sm.ProxyManager().SMProxyManager
old_xml = set()
for old, (new, group) in OLD_NAMES.items():
    it = pxm.GetProxyDefinitionManager().NewSingleGroupIterator(group)
    it.GoToFirstItem()
    xml_name = None
    while not it.IsDoneWithTraversal():
        proto = pxm.GetPrototypeProxy(group, it.GetProxyName())
        if proto is not None and sm._make_name_valid(proto.GetXMLLabel()) == old:
            xml_name = it.GetProxyName()
        it.GoToNextItem()
    if xml_name is None:
        lib.fail("no %s proxy is labelled for %s" % (group, old))
    # No hints but, for a reader, a ReaderFactory without extensions (no menu
    # entry, no File > Open choice or file type).
    hints = pxm.GetPrototypeProxy(group, xml_name).GetHints()
    kids = [hints.GetNestedElement(i) for i in range(hints.GetNumberOfNestedElements())] if hints else []
    if group == "writers" and kids:
        lib.fail("the old-name writer %s has hints (a Save Data entry)" % xml_name)
    # (ParaView adds a ShowInMenu without category to every plugin source; the
    # menus skip readers.)
    rf_hints = [k for k in kids if k.GetName() == "ReaderFactory"]
    if group == "sources" and (len(rf_hints) != 1 or rf_hints[0].GetAttribute("extensions")
                               or rf_hints[0].GetAttribute("filename_patterns")
                               or any(k.GetName() not in ("ReaderFactory", "ShowInMenu")
                                      or k.GetAttribute("category") for k in kids)):
        lib.fail("the old-name reader %s has hints %s (a menu or File > Open entry)"
                 % (xml_name, [k.GetName() for k in kids]))
    old_xml.add(xml_name)

# File > Open and Save Data: one entry per format.
rf = sm.vtkSMProxyManager.GetProxyManager().GetReaderFactory()
for path in list(readers.values()) + [os.path.join(data, "touchstone", "pad_6db_ma.s2p")]:
    found = rf.GetReaders(path, sm.ActiveConnection.Session)
    names = [found.GetString(i) for i in range(1, found.GetLength(), 3)]
    if old_xml & set(names):
        lib.fail("File > Open offers an old-name copy for %s: %s" % (path, names))
if "(old name)" in rf.GetSupportedFileTypes(sm.ActiveConnection.Session):
    lib.fail("File > Open's file types list an old-name copy")
wf = sm.vtkSMProxyManager.GetProxyManager().GetWriterFactory()
for src, ext in ((mom, "nec"), (ts, "s2p")):
    w = wf.CreateWriter(os.path.join(work, "x." + ext), src.SMProxy, 0)
    if w is None or w.GetXMLName() in old_xml:
        lib.fail("Save Data of .%s makes %s" % (ext, w.GetXMLName() if w else None))

# Every label in the plugin's XML: Title Case; readers end in Reader, writers in Writer.
small = {"a", "an", "and", "from", "of", "the", "to", "with"}
labels = {}
for path in glob.glob(os.path.join(root, "Filters", "*", "*.xml")) + glob.glob(os.path.join(root, "Readers", "*.xml")):
    for group in ET.parse(path).getroot().iter("ProxyGroup"):
        for proxy in group:
            if not (isinstance(proxy.tag, str) and proxy.tag.endswith("Proxy") and proxy.get("label")):
                continue
            label = proxy.get("label")
            labels[label] = group.get("name")
            # A parenthesis qualifies a duplicate ("NEC-2 Output Reader (text)",
            # the .txt routing copy); the name itself is Title Case.
            words = re.findall(r"[A-Za-z][A-Za-z0-9]*", label.split(" (")[0])
            if any(w[0].islower() and w not in small for w in words):
                lib.fail("%s is not in Title Case" % label)
            hints = proxy.find("Hints")
            if hints is not None and hints.find("ReaderFactory") is not None \
                    and not label.split(" (")[0].endswith("Reader"):
                lib.fail("the reader %s does not end in 'Reader'" % label)
            if group.get("name") == "writers" and not label.endswith("Writer"):
                lib.fail("the writer %s does not end in 'Writer'" % label)
            py = sm._make_name_valid(label)
            if py in OLD_NAMES:
                lib.fail("%s: its pvpython name %s is an old name" % (label, py))
print("%d labels follow the scheme" % len(labels))
print("names: OK")
