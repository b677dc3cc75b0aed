"""The SDK, as an outside project uses it: `cmake --install` of this build into
a fresh prefix, then Examples/cxx configured and built against it
(find_package(ParaView), find_package(CloudMap)) and both of its programs run:

- refine_and_band (Core only, no VTK): a triangle refined to level L has
  3*4^(L-1) sub-quads and a quad 4^L (L = 1..4, the closed forms), and the
  value min + (k + 0.5)(max - min)/N falls in band k, the maximum in band N-1;
- cloud_map_png (NEC-2 reader -> Surface Cloud Map -> PNG) on a nec2c output
  (Testing/Data/nec/box_sm.out): the cloud map has 12 cells per triangle and
  16 per quad read (2 levels), and the PNG is 640x480 and not blank.

It also checks what the install holds: the plugin where ParaView keeps its
plugins, the headers in include/cloudmap only, the CMake package, and none of
ParaView's build-time archives (lib*CS.a).

  pvpython test_install_sdk.py <build dir> <scratch dir>"""
import glob
import os
import re
import shutil
import subprocess
import sys

import cloudmap_testlib as lib

build, tmp = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
work = os.path.join(tmp, "install_sdk")
shutil.rmtree(work, ignore_errors=True)
prefix, ebuild = os.path.join(work, "prefix"), os.path.join(work, "example-build")
cmake = shutil.which("cmake") or lib.fail("cmake is not on PATH")


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kw)
    if p.returncode != 0:
        lib.fail("%s failed (%d):\n%s" % (" ".join(cmd), p.returncode, (p.stdout + p.stderr)[-4000:]))
    return p.stdout


run([cmake, "--install", build, "--prefix", prefix])
rel = lambda pats: sorted(os.path.relpath(f, prefix) for p in pats for f in glob.glob(os.path.join(prefix, p), recursive=True))
plugin = rel(["lib/*/paraview-*/plugins/CloudMap/CloudMap.so"])
headers = rel(["include/**/*.h"])
outside = [h for h in headers if not h.startswith("include/cloudmap/")]
archives = rel(["lib/**/*CS.a"])
config = rel(["lib/*/cmake/cloudmap/CloudMapConfig.cmake", "lib/*/cmake/cloudmap/CloudMapConfigVersion.cmake",
              "lib/*/cmake/cloudmap/CloudMap-targets.cmake"])
lib.say("installed: %s; %d headers; %s" % (plugin, len(headers), config))
if len(plugin) != 1:
    lib.fail("no plugin in <prefix>/lib/<multiarch>/paraview-X.Y/plugins/CloudMap: %s" % plugin)
if outside or not headers:
    lib.fail("headers outside include/cloudmap/: %s" % outside[:5])
if archives:
    lib.fail("ParaView's build-time archives were installed: %s" % archives)
if len(config) != 3:
    lib.fail("the CMake package is incomplete: %s" % config)

# The ParaView (and VTK) this build used: on Debian 13 and unstable a corrected
# copy of ParaView's CMake files in the build tree (cmake/CloudMapFindParaView.cmake:
# Debian's files name Python modules that do not exist, so find_package(ParaView)
# fails in any project); on Debian 12 ParaView's own.
cache = dict(re.findall(r"^(ParaView_DIR|VTK_DIR):[A-Z]+=(.*)$", open(os.path.join(build, "CMakeCache.txt")).read(), re.M))
hints = ["-D%s=%s" % kv for kv in sorted(cache.items()) if kv[1] and not kv[1].endswith("-NOTFOUND")]
run([cmake, "-S", os.path.join(lib.ROOT, "Examples", "cxx"), "-B", ebuild, "-DCMAKE_BUILD_TYPE=Release",
     "-DCMAKE_PREFIX_PATH=" + prefix] + hints)
run([cmake, "--build", ebuild, "-j2"])

# Core only: the closed forms.
out = run([os.path.join(ebuild, "refine_and_band")])
lib.say(out.strip())
seen = 0
for n, level, cells, quads in re.findall(r"refine corners=(\d) level=(\d+) cells=(\d+) quads=(\d+)", out):
    n, level, cells, quads = int(n), int(level), int(cells), int(quads)
    expect = 3 * 4 ** (level - 1) if n == 3 else 4 ** level
    if cells != expect or quads != expect:
        lib.fail("%d corners at level %d: %d cells, %d quads; expected %d" % (n, level, cells, quads, expect))
    seen += 1
for value, band, expect in re.findall(r"band value=(\S+) band=(\d+) expected=(\d+)", out):
    if band != expect:
        lib.fail("value %s in band %s, expected %s" % (value, band, expect))
    seen += 1
if seen != 12:
    lib.fail("refine_and_band printed %d checks, expected 12" % seen)

# The VTK pipeline on a nec2c output.
png = os.path.join(work, "box_sm.png")
if os.path.exists(png):
    os.remove(png)
out = run([os.path.join(ebuild, "cloud_map_png"), os.path.join(lib.DATA, "nec", "box_sm.out"), png])
lib.say(out.strip())
tri, quad = (int(x) for x in re.search(r"read triangles=(\d+) quads=(\d+)", out).groups())
cells = int(re.search(r"cloud cells=(\d+)", out).group(1))
if tri + quad == 0 or cells != 12 * tri + 16 * quad:
    lib.fail("cloud map of %d triangles and %d quads at 2 levels has %d cells, expected %d"
             % (tri, quad, cells, 12 * tri + 16 * quad))
from vtkmodules.vtkIOImage import vtkPNGReader  # noqa: E402
r = vtkPNGReader()
r.SetFileName(png)
r.Update()
img = r.GetOutput()
dims = img.GetDimensions()
px = img.GetPointData().GetScalars()
colors = set()
for i in range(0, px.GetNumberOfTuples(), 5):
    colors.add(tuple(int(px.GetComponent(i, c)) for c in range(3)))
lib.say("PNG %dx%d, %d distinct colours" % (dims[0], dims[1], len(colors)))
if dims[:2] != (640, 480):
    lib.fail("the PNG is %dx%d, expected 640x480" % dims[:2])
if len(colors) < 8:
    lib.fail("the PNG is blank or nearly (%d colours): no banded cloud map" % len(colors))
lib.say("OK: the SDK builds and runs an outside project")
