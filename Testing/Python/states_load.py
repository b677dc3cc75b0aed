"""Helper of test_states.py, run as its own pvpython process so that the
console output of one state load can be checked for errors:

  pvpython states_load.py <plugin> <state.pvsm> <data dir or -> <png>

Loads the plugin and the state (with data_directory unless "-"), updates
every source, renders the state's render view to <png> at 900x600 and
prints one line "STATE OK <sources> <cells>" or raises."""
import sys

from paraview import simple

plugin, state, data_dir, png = sys.argv[1:5]
simple.LoadPlugin(plugin)
if data_dir == "-":
    simple.LoadState(state)
else:
    simple.LoadState(state, data_directory=data_dir, restrict_to_data_directory=False)
views = [v for v in simple.GetViews() if v.GetXMLName() == "RenderView"]
assert len(views) == 1, "expected one render view, found %d" % len(views)
view = views[0]
sources = simple.GetSources()
cells = 0
for (name, _), src in sources.items():
    src.UpdatePipeline()
    rep = simple.GetDisplayProperties(src, view)
    if rep.Visibility:
        n = src.GetDataInformation().GetNumberOfCells()
        assert n > 0, "%s is shown but empty" % name
        cells += n
assert cells > 0, "nothing is shown"
simple.SetActiveView(view)
simple.Render(view)
simple.SaveScreenshot(png, view, ImageResolution=[900, 600])
print("STATE OK %d %d" % (len(sources), cells))
