"""Writes the server-manager XML of CloudMap's old pvpython names (issue 34).

paraview.simple names every proxy after its label with spaces and punctuation
removed, so a relabelled proxy loses its old pvpython name. For each renamed
proxy this writes a hidden copy under the old label: the same class and
properties, no menu item, no File > Open or Save Data entry (see below)
and a short documentation naming the new name. Scripts calling the old name
keep working on every ParaView; states never need these copies (a state names
the proxy by its XML group and name, which did not change).

A copy, not base_proxyname: ParaView merges a base proxy's <Hints> into the
derived one, so a derived alias would be offered by File > Open a second time.

  python3 make_alias_xml.py OUTPUT.xml SOURCE.xml ...
"""
import copy
import sys
import xml.etree.ElementTree as ET

# (group, XML name, old label): the old pvpython name is the old label without
# spaces and punctuation. Documented in docs/incoming/names.md.
ALIASES = [
    ("sources", "CloudMapMoMReader", "CloudMap MoM Reader"),
    ("sources", "CloudMapOpenEMSReader", "openEMS NF2FF Reader"),
    ("sources", "CloudMapOpenEMSDumpReader", "openEMS Field Dump Reader"),
    ("writers", "CloudMapNECDeckWriter", "NEC deck"),
    ("writers", "CloudMapTouchstoneWriter", "Touchstone"),
]


def main(out, sources):
    found = {}
    for path in sources:
        for group in ET.parse(path).getroot().iter("ProxyGroup"):
            for proxy in group:
                if isinstance(proxy.tag, str) and proxy.get("name"):
                    found[(group.get("name"), proxy.get("name"))] = proxy
    root = ET.Element("ServerManagerConfiguration")
    groups = {}
    for group, name, old_label in ALIASES:
        proxy = found.get((group, name))
        if proxy is None:
            sys.exit("make_alias_xml.py: %s/%s is not in the XML" % (group, name))
        if proxy.get("base_proxyname"):
            sys.exit("make_alias_xml.py: %s/%s derives from another proxy; copy its base" % (group, name))
        alias = copy.deepcopy(proxy)
        alias.set("name", name + "OldName")
        alias.set("label", old_label)
        for child in list(alias):
            if child.tag in ("Hints", "Documentation"):
                alias.remove(child)
        doc = ET.Element("Documentation")
        doc.set("short_help", "Old name of the %s." % proxy.get("label"))
        doc.set("long_help", "The old pvpython name of the %s, kept for existing scripts." % proxy.get("label"))
        doc.text = ("The %s under its old label, kept so that scripts written before the naming "
                    "scheme still run; new scripts use the new name." % proxy.get("label"))
        alias.insert(0, doc)
        if group == "sources":
            # ParaView gives every plugin source without a menu category a place in
            # Sources > Alphabetical, except readers (a ReaderFactory hint). A hint
            # without extensions or patterns keeps the copy out of the menus and out
            # of File > Open's choice and file types (both match extensions only).
            hints = ET.SubElement(alias, "Hints")
            ET.SubElement(hints, "ReaderFactory", {"file_description": old_label + " (old name)"})
        if group not in groups:
            groups[group] = ET.SubElement(root, "ProxyGroup", {"name": group})
        groups[group].append(alias)
    text = ET.tostring(root, encoding="unicode")
    try:
        if open(out).read() == text:
            return  # unchanged: do not make the plugin's XML rebuild
    except OSError:
        pass
    with open(out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
