"""Helper of test_client_server.py: runs Surface Cloud Map on a .cmom file
in the builtin session, or on a pvserver when a port is given, and prints
one line "RESULT <json>" with the band table's range and the cell count,
fetched to the client, and Antenna Pattern Surface's information property
CenterUsed as the client reads it.

  pvpython client_server_run.py <plugin> <file.cmom> [<port>]"""
import json
import sys

from paraview import servermanager as sm
from paraview import simple

plugin, path = sys.argv[1:3]
port = int(sys.argv[3]) if len(sys.argv) > 3 else None
if port:
    simple.Connect("localhost", port)
    assert sm.ActiveConnection.IsRemote(), "not connected to a server"
    # The plugin on both sides: the client's here, the server's from the
    # server's PV_PLUGIN_PATH (loaded again by file only if it is not there).
    simple.LoadPlugin(plugin, remote=False)
    pm = sm.vtkSMProxyManager.GetProxyManager().GetPluginManager()
    info = pm.GetRemoteInformation(sm.ActiveConnection.Session)
    names = [info.GetPluginName(i) for i in range(info.GetNumberOfPlugins()) if info.GetPluginLoaded(i)]
    print("server plugins:", names)
    if "CloudMap" not in names:
        simple.LoadPlugin(plugin, remote=True)
else:
    simple.LoadPlugin(plugin)
reader = simple.OpenDataFile(path)
assert reader is not None, "no reader on this side for %s" % path
cm = simple.SurfaceCloudMap(Input=reader, NumberOfBands=24, NumberOfLevels=2)
cm.SelectInputArray = ["CELLS", "|J|"]
cm.UpdatePipeline()
table = sm.Fetch(cm, idx=1)  # the band table, from the server
lower, upper = table.GetColumnByName("Lower"), table.GetColumnByName("Upper")
mesh = sm.Fetch(cm)
bands = mesh.GetCellData().GetArray("BandIndex")
histogram = [0] * 25
for i in range(bands.GetNumberOfTuples()):
    histogram[int(bands.GetValue(i))] += 1
# An information property from the server: Antenna Pattern Surface's CenterUsed.
ps = simple.AntennaPatternSurface(Input=simple.AnalyticAntennaPattern(), Center=[1.5, -2.0, 3.25])
ps.UpdatePipeline()
ps.UpdatePropertyInformation()
print("RESULT " + json.dumps({
    "remote": bool(sm.ActiveConnection.IsRemote()),
    "bands": table.GetNumberOfRows(),
    "range": [lower.GetValue(0), upper.GetValue(table.GetNumberOfRows() - 1)],
    "cells": mesh.GetNumberOfCells(),
    "histogram": histogram,
    "center_used": list(ps.CenterUsed),
}))
