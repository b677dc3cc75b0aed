# Sourced by the Examples shell scripts: cloudmap_plugin BUILD_DIR prints where
# the CloudMap plugin is (or will be) in that build tree. The build writes it
# to lib/paraview-<major.minor>/plugins/CloudMap/CloudMap.so after the
# ParaView it was built against (5.11 on Debian 12, 5.13 on 13, 6.1 on sid).
cloudmap_plugin() {
  local build="$1" found v
  found=$(ls "$build"/lib/paraview-*/plugins/CloudMap/CloudMap.so 2>/dev/null | head -n 1 || true)
  if [ -n "$found" ]; then
    echo "$found"
    return
  fi
  # Not built yet: the ParaView on PATH decides ("paraview version 5.11.0").
  v=$(pvpython --version 2>/dev/null | sed -n 's/.*version \([0-9]*\.[0-9]*\).*/\1/p' | head -n 1)
  echo "$build/lib/paraview-${v:-5.11}/plugins/CloudMap/CloudMap.so"
}
