"""Figure helpers shared by the Examples pvpython scripts (cloudmap_vehicle.py,
pattern_vehicle.py, batch/render_batch.py, states/make_states.py, ...): the
plugin from the build tree, a white render view, a lookup table with exactly the bands of a CloudMap band table,
and a dark-text legend for it.

Scripts in Examples/ import it directly; scripts in subfolders first put
Examples/ on sys.path relative to their own __file__:

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import cloudmap_figures as figures

ParaView's `simple` must be importable (run under pvpython or pvbatch).
"""
import glob
import os
import re
import sys

from paraview import simple

DARK = [0.1, 0.1, 0.1]  # legend and title text
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the repository


def find_plugin(path=None):
    """path, else the build tree's CloudMap.so; exits with a message when there is none."""
    plugin = path or (glob.glob(os.path.join(ROOT, "build", "lib", "paraview-*", "plugins",
                                             "CloudMap", "CloudMap.so")) or [None])[0]
    if not plugin or not os.path.exists(plugin):
        sys.exit("CloudMap.so not found; build first or pass --plugin")
    return plugin


def load_plugin(path=None):
    """Load find_plugin(path) into paraview.simple and return its path."""
    plugin = find_plugin(path)
    simple.LoadPlugin(plugin)
    return plugin


def white_view(width, height):
    """A new render view of width x height pixels on a white background
    (the colour palette's background is switched off where the ParaView
    version has that property), without the orientation axes."""
    view = simple.CreateView("RenderView")
    view.ViewSize = [width, height]
    view.OrientationAxesVisibility = 0
    try:
        view.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    view.Background = [1.0, 1.0, 1.0]
    return view


def band_lut(name, table, close_top=False):
    """A discrete lookup table for array `name` with exactly the bands of a
    band table (second output of Surface Cloud Map / Antenna Pattern Surface:
    columns Lower, Upper, Red, Green, Blue, one row per band), so the legend's
    colours are the BandColor of every sub-element, for any band count.

    Each band is two RGB points of its colour, at its lower boundary and just
    below its upper one; close_top adds a last point exactly at the top
    boundary. The colour space is RGB (the band colours are the same in any
    space: each band's two points are one colour) and the table never
    rescales automatically. Returns (lut, lo, hi): the table and the lowest
    and highest band boundaries."""
    lower, upper = table.GetColumnByName("Lower"), table.GetColumnByName("Upper")
    rgb = [table.GetColumnByName(c) for c in ("Red", "Green", "Blue")]
    n = table.GetNumberOfRows()
    points = []
    for k in range(n):
        c = [rgb[i].GetValue(k) / 255.0 for i in range(3)]
        width = upper.GetValue(k) - lower.GetValue(k)
        points += [lower.GetValue(k), *c, upper.GetValue(k) - 1e-6 * width, *c]
    if close_top:
        points += [upper.GetValue(n - 1), *c]  # the range ends exactly at the top boundary
    lut = simple.GetColorTransferFunction(name)
    lut.AutomaticRescaleRangeMode = "Never"
    lut.ColorSpace = "RGB"
    lut.RGBPoints = points
    lut.Discretize = 1
    lut.NumberOfTableValues = n
    return lut, lower.GetValue(0), upper.GetValue(n - 1)


def band_labels(lo, hi, n, count=8):
    """Band boundaries from lo to hi of n equal bands, every max(1, n // count)-th
    one: about `count` legend labels."""
    step = max(1, n // count)
    return [lo + (hi - lo) * k / n for k in range(0, n + 1, step)]


def nice_labels(lo, hi, n, count=8):
    """Legend labels for people at the boundaries of n equal bands from lo to
    hi, and the printf format that prints them: every s-th boundary, s the
    smallest step that gives at most `count` + 1 labels and a round spacing
    (1, 2, 2.5 or 5 times a power of ten) when the band width allows one
    (24 bands of 1.25 dB: 0, -5, -10, ...), anchored at a boundary that is a
    multiple of the spacing (0 on a dB scale); otherwise about `count` labels
    of 3 significant digits. The format has just the decimals the labels need
    and no '#' ("0", not "0." or "0.00"); values within 1e-9 of zero are
    exactly 0, so no label reads "-0". Returns (labels, fmt)."""
    import math
    width = (hi - lo) / n
    scale = max(abs(lo), abs(hi), abs(width)) or 1.0
    tol = 1e-9 * scale
    bounds = [lo + width * k for k in range(n + 1)]
    bounds = [0.0 if abs(b) < tol else b for b in bounds]

    def is_round(d):
        e = math.floor(math.log10(d))
        m = d / 10 ** e
        return any(abs(m - r) < 1e-9 * r for r in (1, 2, 2.5, 5, 10))

    chosen = None
    for step in range(1, n + 1):
        spacing = step * width
        anchors = [k for k in range(n + 1)
                   if abs(bounds[k] / spacing - round(bounds[k] / spacing)) < 1e-9]
        if n // step <= count and spacing > 0 and is_round(spacing) and anchors:
            a = anchors[0] % step
            chosen = [bounds[k] for k in range(a, n + 1, step)]
            break
    if chosen is None:
        step = max(1, -(-n // count))
        chosen = bounds[::step]
        return chosen, "%-.3g"
    for decimals in range(0, 7):
        if all(abs(round(v, decimals) - v) < tol for v in chosen):
            return chosen, "%%-.%df" % decimals
    return chosen, "%-.3g"


def label_format(fmt):
    """The scalar-bar label format `fmt` (printf style, "%-#6.3g") as this
    ParaView wants it: unchanged before 6.0; from 6.0 on labels use
    std::format ("{:<#6.3g}") and 6.1 warns that printf formats are deprecated."""
    from paraview import servermanager
    if servermanager.vtkSMProxyManager.GetVersionMajor() < 6:
        return fmt
    m = re.fullmatch(r"%([-#0+ ]*)(\d*)(?:\.(\d+))?([eEfFgGdi])", fmt)
    if not m:
        raise ValueError("unsupported label format %r" % fmt)
    flags, width, prec, conv = m.groups()
    spec = ("<" if "-" in flags else "") + ("+" if "+" in flags else "") + \
        ("#" if "#" in flags else "") + ("0" if "0" in flags and "-" not in flags else "") + width
    if prec is not None:
        spec += "." + prec
    return "{:%s%s}" % (spec, "d" if conv == "i" else conv)


def legend(lut, view, title, fmt="%-#6.3g", labels=None, range_labels=True, length=None):
    """Shows the scalar bar of `lut` in `view` with `title` (no component
    title), dark text and labels printed with `fmt`. `labels`: custom label
    values (e.g. band_labels(...)), or None for ParaView's automatic ones;
    range_labels: also label the two ends; length: ScalarBarLength, or None
    for ParaView's default. Returns the scalar bar."""
    bar = simple.GetScalarBar(lut, view)
    bar.Title = title
    bar.ComponentTitle = ""
    bar.TitleColor = bar.LabelColor = DARK
    if labels is not None:
        # A boundary a rounding error from zero is zero (no "-0.0", no "-1e-17").
        scale = max([abs(v) for v in labels] + [0.0])
        labels = [0.0 if abs(v) <= 1e-9 * scale else v for v in labels]
        bar.UseCustomLabels = 1
        bar.CustomLabels = labels
    bar.AddRangeLabels = 1 if range_labels else 0
    bar.AutomaticLabelFormat = 0
    bar.LabelFormat = bar.RangeLabelFormat = label_format(fmt)
    if length is not None:
        bar.ScalarBarLength = length
    bar.Visibility = 1
    return bar
