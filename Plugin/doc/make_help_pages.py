"""Writes one HTML help page per server-manager proxy into ParaView's help
directory for the plugin, the way paraview_client_documentation does
(ParaView's own XSL stylesheets, run with Qt 5's xmlpatterns or, where Qt 6
has none, libxslt's xsltproc), but splitting the
stylesheet output into pages in Python. ParaView 5.11 splits it as a CMake
list and does not escape '[' and ']', so every page after a documentation
text with an unbalanced bracket (the L-system grammar, intervals such as
(0, 1]) is merged into its neighbour and lost from the help.

  python3 make_help_pages.py <xmlpatterns|xsltproc> <ParaView cmake dir> <output dir> <xml>...
"""
import os
import re
import subprocess
import sys

xmlpatterns, cmake_dir, out_dir = sys.argv[1:4]
xmls = sys.argv[4:]
os.makedirs(out_dir, exist_ok=True)


xsltproc = os.path.basename(xmlpatterns).startswith("xsltproc")


def run(*args):
    """xmlpatterns [-output FILE] XSL XML, or the same through xsltproc."""
    args = list(args)
    if xsltproc and args[0] == "-output":
        args[0] = "-o"
    p = subprocess.run([xmlpatterns, *args], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("%s %s failed: %s" % (os.path.basename(xmlpatterns), " ".join(args), p.stderr))
    out = p.stdout
    if xsltproc:
        # xmlpatterns writes no XML declaration; xsltproc does, and the
        # stage file concatenates several outputs.
        out = re.sub(r"^<\?xml[^>]*\?>\s*", "", out)
    return out


combined = "<xml>\n"
copies = []
for xml in xmls:
    # ParaView's stylesheet knows the standard proxy tags only; CloudMap's
    # own proxy class (<CloudMapPresetSourceProxy>, see
    # Plugin/ServerManager) is documented as the SourceProxy it derives from.
    with open(xml) as f:
        text = f.read()
    if "CloudMapPresetSourceProxy" in text:
        xml = os.path.join(out_dir, "cloudmap_help_" + os.path.basename(xml))
        with open(xml, "w") as f:
            f.write(text.replace("CloudMapPresetSourceProxy", "SourceProxy"))
        copies.append(xml)
    combined += run(os.path.join(cmake_dir, "paraview_servermanager_convert_xml.xsl"), xml)
combined += "</xml>\n"
stage = os.path.join(out_dir, "cloudmap_help_stage.xml")
index = os.path.join(out_dir, "cloudmap_help_index.xml")
with open(stage, "w") as f:
    f.write(combined)
run("-output", index, os.path.join(cmake_dir, "paraview_servermanager_convert_categoryindex.xsl"), stage)
html = run(os.path.join(cmake_dir, "paraview_servermanager_convert_html.xsl"), index).strip()

pages = re.split(r"(?<=</html>)\s*(?=<html>)", html)
written = []
for page in pages:
    m = re.search(r'<meta name="filename" contents="([^"]*)"', page)
    if not m:
        sys.exit("an HTML page without a filename")
    # The same reStructuredText touches as ParaView's script.
    page = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", page)
    page = re.sub(r"\*([^*]+)\*", r"<em>\1</em>", page)
    page = page.replace("\n\n", "\n<p>\n")
    with open(os.path.join(out_dir, m.group(1)), "w") as f:
        f.write(page + "\n")
    written.append(m.group(1))
# ParaView's own page generation also saw the old-name copies of renamed
# proxies (Plugin/make_alias_xml.py); they are not documented twice.
for name in os.listdir(out_dir):
    if name.endswith("OldName.html") and name not in written:
        os.remove(os.path.join(out_dir, name))
os.remove(stage)
os.remove(index)
for copy in copies:
    os.remove(copy)
print("CloudMap help: %d pages" % len(written))
