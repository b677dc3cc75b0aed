# cloudmap_install_package(): the SDK's CMake package and what the install
# must not carry.
#
# `cmake --install` (and the Debian package, cmake/CloudMapPackaging.cmake)
# installs the plugin and its VTK modules where ParaView looks for plugins
# (<libdir>/paraview-<maj.min>/plugins/CloudMap/), the headers of the modules
# and of the Core libraries in include/cloudmap/, the Core libraries in
# <libdir>, and the CMake package CloudMap in <libdir>/cmake/cloudmap:
# CloudMapConfig.cmake, its version file, CloudMap-targets.cmake (the modules
# CloudMap::FiltersCloudMap, CloudMap::Readers, ... and the Core libraries
# CloudMap::CloudMapCore, CloudMap::ReadersCore, ...) and the modules'
# properties. docs/user/install.md shows its use; Examples/cxx is a project
# that uses it.
include(CMakePackageConfigHelpers)

function (cloudmap_install_package)
  set(build_dir "${CMAKE_BINARY_DIR}/${CLOUDMAP_INSTALL_CMAKEDIR}")
  set(CLOUDMAP_PARAVIEW_MAJOR_MINOR "${ParaView_VERSION_MAJOR}.${ParaView_VERSION_MINOR}")
  file(RELATIVE_PATH CLOUDMAP_CMAKEDIR_TO_PREFIX "/prefix/${CLOUDMAP_INSTALL_CMAKEDIR}" "/prefix")
  set(CLOUDMAP_PLUGIN_FILE "${CMAKE_INSTALL_LIBDIR}/${CLOUDMAP_PARAVIEW_SUBDIR}/plugins/CloudMap/CloudMap.so")
  configure_file("${PROJECT_SOURCE_DIR}/cmake/CloudMapConfig.cmake.in"
    "${build_dir}/CloudMapConfig.cmake" @ONLY)
  # 0.x: a project asking for 0.1 gets 0.1.*, not 0.2 (no stable API before 1.0).
  write_basic_package_version_file("${build_dir}/CloudMapConfigVersion.cmake"
    VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion)
  install(FILES "${build_dir}/CloudMapConfig.cmake" "${build_dir}/CloudMapConfigVersion.cmake"
    DESTINATION "${CLOUDMAP_INSTALL_CMAKEDIR}" COMPONENT development)

  # ParaView installs, with no option to keep them out, two things no one
  # links against an installed plugin: the static client-server wrappers of
  # each module (lib<Module>CS.a, linked into CloudMap.so when it is built;
  # vtk_module_wrap_client_server installs them unconditionally) and the
  # static-plugin header of paraview_plugin_build's TARGET (a no-op for a
  # shared plugin; TARGET is only there because CMAKE_DESTINATION needs it).
  # They are removed as soon as they are installed, in the same component.
  install(CODE "
    set(_cm_root \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
    file(GLOB _cm_drop \"\${_cm_root}/${CMAKE_INSTALL_LIBDIR}/libCloudMap*CS.a\"
      \"\${_cm_root}/${CMAKE_INSTALL_INCLUDEDIR}/cloudmap.h\")
    if (_cm_drop)
      file(REMOVE \${_cm_drop})
      message(STATUS \"Removed (build-time only): \${_cm_drop}\")
    endif ()" COMPONENT development)
endfunction ()
