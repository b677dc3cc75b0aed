"""Help pages and menu entries: every source and filter sits in the menu
category "Cloud Map", "Fractals" or "Animation" with an icon compiled into
the plugin (Plugin/pqCloudMap.qrc, a distinct PNG in Plugin/icons); and the
plugin's compiled Qt help (CloudMap.qch, embedded in the
plugin and shown by ParaView's Help and the Properties panel's "?" button)
has one page per server-manager proxy of the plugin's XML (Filters/*/*.xml,
Readers/*.xml), titled with the
proxy's label, holding its documentation (the long help and the text of
its <Documentation> paragraph), and the plugin binary embeds a .qch.

  pvpython test_gui_help.py <CloudMap plugin> <scratch dir>"""
import glob
import os
import re
import sqlite3
import sys
import xml.etree.ElementTree as ET
import zlib

import cloudmap_testlib as lib

plugin, tmp = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
root = lib.ROOT
build = os.path.dirname(os.path.dirname(tmp))  # <build>/Testing/Temporary
qch = os.path.join(build, "Plugin", "paraview_help", "CloudMap.qch")
if not os.path.exists(qch):
    lib.fail("no compiled help at %s" % qch)

# Every proxy of the plugin's XML, with its label and documentation.
qrc = open(os.path.join(root, "Plugin", "pqCloudMap.qrc")).read()
aliases = dict(re.findall(r'<file alias="([^"]+)">([^<]+)</file>', qrc))
menu_icons = {}
proxies = {}
xml_files = glob.glob(os.path.join(root, "Filters", "*", "*.xml")) + \
    glob.glob(os.path.join(root, "Readers", "*.xml"))
for path in sorted(xml_files):
    for group in ET.parse(path).getroot().iter("ProxyGroup"):
        for proxy in group:
            if proxy.tag.endswith("Proxy") and proxy.get("name"):
                doc = proxy.find("Documentation")
                for menu in proxy.iter("ShowInMenu"):
                    if menu.get("category") not in ("Cloud Map", "Fractals", "Animation"):
                        lib.fail("%s is in the menu category %r" % (proxy.get("name"), menu.get("category")))
                    icon = menu.get("icon") or ""
                    alias = icon[len(":/CloudMap/"):] if icon.startswith(":/CloudMap/") else None
                    if alias not in aliases or not os.path.exists(
                            os.path.join(root, "Plugin", aliases[alias])):
                        lib.fail("%s has no icon in the plugin's resources: %r" % (proxy.get("name"), icon))
                    menu_icons[proxy.get("name")] = aliases[alias]
                proxies["%s.%s.html" % (group.get("name"), proxy.get("name"))] = (
                    proxy.get("label") or proxy.get("name"), doc)
if len(proxies) < 30:
    lib.fail("only %d proxies found in the plugin's XML" % len(proxies))
if len(menu_icons) < 24:
    lib.fail("only %d sources and filters are in the menus" % len(menu_icons))
# Distinct pictures: no two menu entries share an icon file's bytes.
contents = {}
for name, path in menu_icons.items():
    contents.setdefault(open(os.path.join(root, "Plugin", path), "rb").read(), set()).add(path)
if len(contents) != len(set(menu_icons.values())):
    lib.fail("two icon files are identical")


def words(text):
    return " ".join(re.sub(r"<[^>]+>", " ", text or "").split())


db = sqlite3.connect(qch)
titles = {name: title for name, title in db.execute("SELECT Name, Title FROM FileNameTable")}
data = {}
for name, blob in db.execute(
        "SELECT n.Name, d.Data FROM FileNameTable n JOIN FileDataTable d ON n.FileId = d.Id"):
    if blob is None:
        continue
    # qCompress: a 4-byte big-endian length, then a zlib stream.
    data[name] = zlib.decompress(bytes(blob)[4:]).decode("utf-8", "replace")
missing = sorted(set(proxies) - set(titles))
if missing:
    lib.fail("%d of %d proxies have no help page: %s" % (len(missing), len(proxies), missing))
for page, (label, doc) in proxies.items():
    if titles[page] != label:
        lib.fail("page %s is titled %r, not %r" % (page, titles[page], label))
    text = words(data[page])
    if doc is None:
        lib.fail("%s has no documentation in the XML" % page)
    for part in (doc.get("long_help"), doc.text):
        sample = words(part)[:60]
        # The page's text went through XSL and a few reST touches: compare a
        # stretch of plain words.
        sample = " ".join(w for w in sample.split() if "*" not in w)[:40]
        if sample and sample not in text:
            lib.fail("the help page %s lacks %r" % (page, sample))
# The plugin embeds this very .qch (base64 in the binary), so ParaView's Help
# shows these pages.
import base64
import re
with open(qch, "rb") as f:
    encoded = base64.b64encode(f.read())
with open(plugin, "rb") as f:
    binary = f.read()
# ParaView's ProcessXML cuts the base64 text into string literals (13 for
# ~190 KB), which the binary holds NUL-separated and in an order of the
# linker's: every stretch of base64 in the binary that belongs to the text
# must together cover all of it (a fixed head and tail failed whenever the
# last literal grew shorter than the tail).
covered = bytearray(len(encoded))
for run in re.findall(rb"[A-Za-z0-9+/=]{64,}", binary):
    at = encoded.find(run)
    if at >= 0:
        covered[at:at + len(run)] = b"\x01" * len(run)
if encoded[:4000] not in binary or covered.count(0):
    lib.fail("the plugin does not embed the current CloudMap.qch (%d of %d base64 characters found)" %
             (len(covered) - covered.count(0), len(encoded)))
print("menus and help: OK (%d menu entries with icons, %d help pages, one per proxy)"
      % (len(menu_icons), len(proxies)))
