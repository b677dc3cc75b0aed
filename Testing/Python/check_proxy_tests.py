"""Every proxy of the plugin's XML is named by a Python test of its module.

For each source, filter, reader and writer of Filters/<Domain>/*.xml and
Readers/*.xml, its pvpython name (the label without what python names cannot
hold: "NEC-2 Output Reader" -> NEC2OutputReader, as paraview.simple and
paraview.servermanager name it) must appear, as a whole word, in a Python
script under that module's Testing/ folder (Filters/<Domain>/Testing,
Readers/Testing). Plain python, no ParaView; prints each proxy no test names
and fails, or prints the count.

  python3 check_proxy_tests.py <source root>
"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET


def python_name(label):
    """paraview.servermanager's _make_name_valid: drops every character a
    python name cannot hold."""
    name = "".join(c for c in label if c.isalnum() or c == "_")
    return "a" + name if name and name[0].isdigit() else name


def proxies(xml_path):
    """(group, XML name, pvpython name) of every proxy in one XML file."""
    out = []
    for group in ET.parse(xml_path).getroot().iter("ProxyGroup"):
        for proxy in group:
            if proxy.tag.endswith("Proxy") and proxy.get("name"):
                label = proxy.get("label") or proxy.get("name")
                out.append((group.get("name"), proxy.get("name"), python_name(label)))
    return out


def scripts_text(folder):
    text = []
    for path in sorted(glob.glob(os.path.join(folder, "**", "*.py"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            text.append(f.read())
    return "\n".join(text)


def main(root):
    modules = []  # (XML files, the module's Testing folder)
    for domain_dir in sorted(glob.glob(os.path.join(root, "Filters", "*"))):
        xmls = sorted(glob.glob(os.path.join(domain_dir, "*.xml")))
        if xmls:
            modules.append((xmls, os.path.join(domain_dir, "Testing")))
    modules.append((sorted(glob.glob(os.path.join(root, "Readers", "*.xml"))),
                    os.path.join(root, "Readers", "Testing")))
    checked, missing = 0, []
    for xmls, testing in modules:
        text = scripts_text(testing)
        for xml_path in xmls:
            for group, xml_name, py_name in proxies(xml_path):
                checked += 1
                if not re.search(r"\b%s\b" % re.escape(py_name), text):
                    missing.append("%s: %s %s (%s) is named by no Python script under %s"
                                   % (os.path.relpath(xml_path, root), group, py_name, xml_name,
                                      os.path.relpath(testing, root)))
    if checked < 30:
        print("only %d proxies found under %s" % (checked, root))
        return 1
    for line in missing:
        print(line)
    if missing:
        print("%d of %d proxies have no Python test in their module" % (len(missing), checked))
        return 1
    print("%d proxies, each named by a Python test of its module" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                                  os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))))
