"""Makes a saved .pvsm load the same, without warnings, on ParaView 5.11 to
6.1: removes every label-format property (a property named *Format whose
value is a printf format, "%-#6.3g") that holds this ParaView's default, so
each version uses its own default. ParaView 6.0 moved label formats to
std::format ("{:<#6.3g}") and 6.1 warns about a printf format it converts;
5.11 and 5.13 cannot read a std::format one. A format that is not the default
has no form all versions read: it is an error (choose the default).

  python3 portable_state.py STATE.pvsm ...        (rewrites the files)
  pvpython: portable_state.strip(path, defaults)  (make_states.py)

Without pvpython the defaults are those of ParaView 5.11 (DEFAULTS)."""
import re
import sys

# (proxy type, property) -> ParaView 5.11's default (5.13 has the same).
DEFAULTS = {
    ("ScalarBarWidgetRepresentation", "LabelFormat"): "%-#6.3g",
    ("ScalarBarWidgetRepresentation", "RangeLabelFormat"): "%-#6.1e",
    ("ScalarBarWidgetRepresentation", "DataRangeLabelFormat"): "%-#6.1e",
    ("PolarAxesRepresentation", "PolarLabelFormat"): "%-#6.3g",
    ("PolarAxesRepresentation", "RadialLabelFormat"): "%-#3.1f",
}
# printf ("%-#6.3g") and std::format ("{:<#6.3g}") label formats.
FORMAT = re.compile(r"%[-#0+ ]*\d*(?:\.\d+)?[eEfFgGdi]|\{:[^}]*\}")


def live_defaults():
    """DEFAULTS as the running ParaView has them (in pvpython)."""
    from paraview import servermanager as sm
    out = {}
    for kind, name in DEFAULTS:
        proxy = sm.ProxyManager().NewProxy("representations", kind)
        prop = proxy.GetProperty(name) if proxy else None
        if prop is not None:
            out[(kind, name)] = prop.GetDefaultValue(0) if hasattr(prop, "GetDefaultValue") else prop.GetElement(0)
    return out


def strip(path, defaults=DEFAULTS):
    """Rewrites `path` without its default label formats; returns how many
    properties it removed. Raises ValueError on a non-default one."""
    text = open(path).read()
    proxy_re = re.compile(r'(<Proxy group="[^"]*" type="([^"]*)".*?</Proxy>)', re.S)
    prop_re = re.compile(r'\n[ \t]*<Property name="([^"]*Format)" id="[^"]*" number_of_elements="1">'
                         r'\s*<Element index="0" value="([^"]*)"/>.*?</Property>', re.S)
    removed = [0]
    bad = []

    def fix_proxy(m):
        kind = m.group(2)

        def fix_prop(p):
            name, value = p.group(1), p.group(2)
            if not FORMAT.search(value):
                return p.group(0)
            if defaults.get((kind, name)) == value:
                removed[0] += 1
                return ""
            bad.append("%s.%s = %r" % (kind, name, value))
            return p.group(0)
        return prop_re.sub(fix_prop, m.group(1))

    text = proxy_re.sub(fix_proxy, text)
    if bad:
        raise ValueError("%s: label formats that are not the default: %s" % (path, bad))
    with open(path, "w") as f:
        f.write(text)
    return removed[0]


if __name__ == "__main__":
    for p in sys.argv[1:]:
        print("%s: %d default label formats removed" % (p, strip(p)))
