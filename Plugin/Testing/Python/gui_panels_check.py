"""Runs inside the ParaView GUI's Python shell between the XML playback's
events of test_gui_panels.py, with CLOUDMAP_GUI_STEP naming the step. The
Qt state of the panels themselves is checked by the playback's <pqcheck>
events; these steps select sources, check what Apply did to the pipeline,
and keep screenshots of the main window (gui_grab) in CLOUDMAP_GUI_SHOTS
(a directory). The first step sets the main window to WINDOW_SIZE (Qt 6
ignores -geometry), so the screenshots are that size on Qt 5 and Qt 6; the
last finds the help window the panel's "?" button opened and keeps its
screenshot too. Each step appends "<step> OK ..." or its failure to
CLOUDMAP_GUI_STATUS."""
import os
import traceback

from paraview.simple import *

import gui_grab  # noqa: E402

shots = os.environ["CLOUDMAP_GUI_SHOTS"]
MAIN = r"ParaView \d"  # the main window's title: "ParaView 5.11.0"
HELP = r".* Online Help$"  # pqHelpWindow: "ParaView Online Help"
WINDOW_SIZE = (1600, 1000)


def shot(name, title=MAIN):
    path = os.path.join(shots, "gui_panels_%s.png" % name)
    box = gui_grab.find_window(title)
    assert box is not None, "no window titled %r is shown" % title
    w, h = gui_grab.grab(path, box)
    return "%s %dx%d" % (os.path.basename(path), w, h)


def step_select_plant():
    assert gui_grab.resize_window(MAIN, *WINDOW_SIZE), "no main window to resize"
    SetActiveSource(FindSource("Plant"))
    return "Plant selected; main window set to %dx%d" % WINDOW_SIZE


def step_rules_error():
    return shot("lsystem_error")


def step_rules_applied():
    plant = FindSource("Plant")
    rules = plant.Rules
    assert rules == "F -> F[+F]F[-F]F\nX -> F[+X]", "Rules after Apply: %r" % rules
    plant.UpdatePipeline()
    n = plant.GetDataInformation().GetNumberOfCells()
    assert n > 0, "no polylines after Apply"
    return "%d polylines; %s" % (n, shot("lsystem_ok"))


def step_select_gasket():
    SetActiveSource(FindSource("Gasket"))
    return "Gasket selected"


def step_maps_bad_sum():
    return shot("ifs_bad_sum")


def step_maps_applied():
    gasket = FindSource("Gasket")
    lines = [l.split() for l in gasket.Maps.splitlines()]
    assert len(lines) == 3 and lines[0][6] == "0.5" and lines[1][6] == "0.17", "Maps: %r" % gasket.Maps
    gasket.UpdatePipeline()
    n = gasket.GetDataInformation().GetNumberOfPoints()
    assert n == 20000, "%d points" % n
    view = GetActiveView()
    Hide(FindSource("Plant"), view)
    Show(gasket, view)
    ResetCamera(view)
    Render(view)
    return "%d points; %s" % (n, shot("ifs_ok"))


def step_select_ffd():
    ffd = FindSource("FFD")
    view = GetActiveView()
    Hide(FindSource("Gasket"), view)
    Show(ffd, view)
    ResetCamera(view)
    SetActiveSource(ffd)
    b = ffd.GetDataInformation().GetBounds()
    assert abs(b[1] - 0.5) < 0.01, "undeformed bounds %s" % (b,)
    return "FFD selected, bounds %s" % (b,)


def step_ffd_pick_point():
    # Control point 7 is (1, 1, 1) of the 2x2x2 lattice; the panel moves the
    # handle onto it (the line edits then show its rest position).
    FindSource("FFD").SelectedControlPoint = 7
    return "control point 7 selected"


def step_ffd_applied():
    ffd = FindSource("FFD")
    p = list(ffd.ControlPointPosition)
    assert abs(p[0] - 1.5) < 1e-9, "ControlPointPosition after Apply: %s" % p
    # Selecting the point put the handle on its rest position (the sphere's
    # bounds corner); only X was typed.
    b0 = FindSource("Ball").GetDataInformation().GetBounds()
    assert abs(p[1] - b0[3]) < 1e-9 and abs(p[2] - b0[5]) < 1e-9, \
        "the handle was not placed on control point 7: %s vs bounds %s" % (p, b0)
    ffd.UpdatePipeline()
    b = ffd.GetDataInformation().GetBounds()
    # The corner (xmax, ymax, zmax) moved by +1 in x: the far side of the sphere bulges out.
    assert b[1] > 0.6, "the handle did not deform the output: bounds %s" % (b,)
    Render()
    return "bounds %s; %s" % (["%.3f" % v for v in b], shot("ffd_handle"))


def step_help_open():
    # The "?" click opened ParaView's help window on the active source's page.
    box = gui_grab.find_window(HELP)
    assert box is not None, "the help window is not shown"
    return "help window %dx%d; %s" % (box[2], box[3], shot("help", HELP))


step = CLOUDMAP_GUI_STEP  # noqa: F821 (set on the same shell line, before the exec)
try:
    result = globals()["step_" + step]()
    line = "%s OK %s" % (step, result)
except Exception:
    line = "%s FAILED %s" % (step, traceback.format_exc().replace("\n", " | "))
with open(os.environ["CLOUDMAP_GUI_STATUS"], "a") as f:
    f.write(line + "\n")
