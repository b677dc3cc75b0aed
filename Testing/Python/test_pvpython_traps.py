"""pvpython without traps (issue 34):

- L-System: setting Axiom or Rules (or Ignore, Angle, DrawSymbols) selects
  Custom and draws that grammar; choosing a preset shows its axiom, rules and
  angle in the properties; a state saved before this behaviour
  (Examples/states/lsystem_plant.pvsm: the 3-D bush with the default custom
  fields) still draws the bush and now shows its grammar. The same for the
  Iterated Function System's Maps.
- Particle System, Skeleton and Fractal Terrain have optional inputs that
  stay empty when created with an active source (and take one by keyword).
- A Fractal Dimension state saved before its box sizes came from the data
  measures as it did.

Oracles: segment counts of the grammars by hand (F -> F+F-F: 3^n F; Koch
curve F -> F+F--F+F: 4^n), the Koch and bush grammars of ABOP.

  pvpython test_pvpython_traps.py <CloudMap plugin> <scratch dir>
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
import cloudmap_testlib as lib  # noqa: E402

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
root = lib.ROOT
check = lib.Checks()


def segments(src):
    src.UpdatePipeline()
    info = src.GetDataInformation()
    return info.GetNumberOfPoints() - info.GetNumberOfCells()


# --- L-System ---------------------------------------------------------------
ls = simple.LSystem(Axiom="F", Rules="F -> F+F-F", NumberOfIterations=3)
check(ls.Preset == "Custom", "LSystem(Axiom=..., Rules=...) selects Custom (Preset %r)" % ls.Preset)
check(segments(ls) == 3 ** 3, "it draws F -> F+F-F: %d segments, 27 expected" % segments(ls))
simple.Delete(ls)

ls = simple.LSystem(Rules="F -> F+F-F", NumberOfIterations=2)
check(ls.Preset == "Custom" and segments(ls) == 9,
      "Rules alone selects Custom (Preset %r, %d segments, 9 expected)" % (ls.Preset, segments(ls)))
simple.Delete(ls)

ls = simple.LSystem(Preset="Koch curve")
check(ls.Axiom == "F" and ls.Rules == "F -> F+F--F+F" and abs(ls.Angle - 60) < 1e-12,
      "Preset 'Koch curve' shows its grammar (Axiom %r, Rules %r, Angle %r)"
      % (ls.Axiom, ls.Rules, ls.Angle))
check(segments(ls) == 4 ** 4, "the Koch curve preset draws 4^4 segments (%d)" % segments(ls))
ls.Angle = 90  # a custom angle: now the user's system, the Koch grammar at 90 degrees
check(ls.Preset == "Custom" and ls.Rules == "F -> F+F--F+F",
      "setting Angle selects Custom and keeps the shown grammar (Preset %r)" % ls.Preset)
ls.Preset = "ABOP 1.24b"
check(ls.Rules == "F -> F[+F]F[-F][F]" and abs(ls.Angle - 20) < 1e-12,
      "choosing ABOP 1.24b shows its rules and angle (%r, %r)" % (ls.Rules, ls.Angle))
ls.Rules = "F -> F[+F]F[-F][F]"  # the same value: still the preset
check(ls.Preset == "ABOP 1.24b", "setting the preset's own rules keeps the preset (%r)" % ls.Preset)
simple.Delete(ls)

ls = simple.LSystem()
check(ls.Preset == "ABOP 1.24a" and ls.Rules == "F -> F[+F]F[-F]F",
      "the default is ABOP 1.24a with its rules shown (%r, %r)" % (ls.Preset, ls.Rules))
simple.Delete(ls)

# --- Iterated Function System -------------------------------------------------
maps = "0.5 0 0 0.5 0 0\n0.5 0 0 0.5 0.5 0\n0.5 0 0 0.5 0 0.5"
ifs = simple.IteratedFunctionSystem(Maps=maps, UseGivenProbabilities=0, NumberOfPoints=1000)
check(ifs.Preset == "Custom", "IteratedFunctionSystem(Maps=...) selects Custom (%r)" % ifs.Preset)
ifs.UpdatePipeline()
b = ifs.GetDataInformation().GetBounds()
check(b[1] <= 1 + 1e-12 and b[3] <= 1 + 1e-12 and b[0] >= 0 and b[2] >= 0,
      "the custom maps are drawn (bounds %s inside the unit square)" % (b[:4],))
ifs.Preset = "Barnsley fern"
check(ifs.Maps.startswith("0 0 0 0.16 0 0 0.01"), "the fern preset shows its maps (%r)" % ifs.Maps[:30])
simple.Delete(ifs)

# --- A state saved before: the 3-D bush with the default custom fields ---------
bush = simple.LSystem(Preset="3-D bush (ABOP 1.25)")
expected = segments(bush)
simple.Delete(bush)
simple.LoadState(os.path.join(root, "Examples", "states", "lsystem_plant.pvsm"),
                 data_directory=os.path.join(root, "Examples", "states", "data"),
                 restrict_to_data_directory=False)
plant = simple.FindSource("L-System")
check(plant.Preset == "3-D bush (ABOP 1.25)" and segments(plant) == expected,
      "the saved state still draws the bush (Preset %r, %d segments, %d expected)"
      % (plant.Preset, segments(plant), expected))
check(plant.Axiom == "A" and plant.Rules.startswith("A -> [&FL!A]"),
      "and shows the bush's grammar (Axiom %r)" % plant.Axiom)
simple.ResetSession()
simple = lib.load_plugin(plugin)

# --- A Fractal Dimension state saved by ParaView 5.11 before the box sizes came
# from the data (Testing/Data/states/fractal_dimension_pv511.pvsm: Koch curve of
# 6 iterations, the levels 2 and 8 of the time): it measures as it did, i.e.
# as the same filter with both levels given.
simple.LoadState(os.path.join(root, "Testing", "Data", "states", "fractal_dimension_pv511.pvsm"))
saved = simple.FindSource("Dimension")
explicit = simple.FractalDimension(Input=simple.FindSource("Koch"), MinimumLevel=2, MaximumLevel=8)


def dimension(src):
    from paraview import servermanager as sm
    src.UpdatePipeline()
    return sm.Fetch(src).GetFieldData().GetArray("BoxCountingDimension").GetValue(0)


check(saved.MinimumLevel == 2 and saved.MaximumLevel == 8 and dimension(saved) == dimension(explicit),
      "the saved Fractal Dimension state measures as before (%.4f)" % dimension(saved))
simple.ResetSession()
simple = lib.load_plugin(plugin)

# --- Optional inputs stay empty ----------------------------------------------
sphere = simple.Sphere()
simple.SetActiveSource(sphere)
for name, prop in (("ParticleSystem", "Input"), ("Skeleton", "Input"),
                   ("FractalTerrain", "ControlGrid")):
    simple.SetActiveSource(sphere)
    src = getattr(simple, name)()
    value = src.GetPropertyValue(prop)
    check(value is None or len(value) == 0 if hasattr(value, "__len__") else value is None,
          "%s() with an active source leaves %s empty (%r)" % (name, prop, value))
    src.UpdatePipeline()
    simple.Delete(src)
terrain = simple.FractalTerrain(NumberOfLevels=3)
terrain.UpdatePipeline()
check(terrain.GetDataInformation().GetNumberOfPoints() == 81,
      "FractalTerrain() draws its 9 x 9 grid (%d points)" % terrain.GetDataInformation().GetNumberOfPoints())
grid = simple.ControlGridFromPoints(Input=simple.PointSource(NumberOfPoints=50, Radius=1), GridLevel=1)
constrained = simple.FractalTerrain(ControlGrid=grid, NumberOfLevels=3)
constrained.UpdatePipeline()
check(constrained.ControlGrid is not None and constrained.GetDataInformation().GetNumberOfPoints() == 81,
      "FractalTerrain(ControlGrid=...) takes the grid by keyword")
emitter = simple.ParticleSystem(Input=sphere)
check(emitter.Input is not None, "ParticleSystem(Input=...) takes the input by keyword")

check.finish("%d checks failed")
print("OK")
