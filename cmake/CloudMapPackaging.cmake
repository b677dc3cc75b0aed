# The Debian package: `cpack -G DEB` in the build folder makes
# cloudmap_<version>_<arch>.deb for the release it is built on.
#
# - It holds what `cmake --install` installs (cmake/CloudMapInstall.cmake:
#   the plugin and its modules in /usr/lib/<multiarch>/paraview-X.Y/plugins/
#   CloudMap/, the SDK's headers, Core libraries and CMake package) and the
#   start-up hook below, which only the package installs.
# - It depends on the ParaView it was built against, at exactly that version
#   (dpkg-query at configure time): a plugin only loads in the ParaView whose
#   SDK built it, so apt refuses to install it beside another ParaView.
# - ParaView, pvpython and pvbatch load every plugin found in the folders of
#   PV_PLUGIN_PATH at start-up. The package sets it for login shells
#   (/etc/profile.d/cloudmap.sh) and for desktop sessions (systemd's
#   environment.d). docs/user/install.md says why the environment and not a
#   dpkg-divert of ParaView's paraview.plugins.xml.
set(CLOUDMAP_PLUGIN_INSTALL_DIR
  "/usr/${CMAKE_INSTALL_LIBDIR}/${CLOUDMAP_PARAVIEW_SUBDIR}/plugins/CloudMap")
foreach (hook IN ITEMS cloudmap.sh 60-cloudmap.conf)
  configure_file("${PROJECT_SOURCE_DIR}/cmake/debian/${hook}.in" "${CMAKE_BINARY_DIR}/debian/${hook}" @ONLY)
endforeach ()
# Absolute and EXCLUDE_FROM_ALL: only the package writes outside its prefix.
install(FILES "${CMAKE_BINARY_DIR}/debian/cloudmap.sh" DESTINATION /etc/profile.d
  COMPONENT debian EXCLUDE_FROM_ALL)
install(FILES "${CMAKE_BINARY_DIR}/debian/60-cloudmap.conf" DESTINATION /usr/lib/environment.d
  COMPONENT debian EXCLUDE_FROM_ALL)
install(FILES "${PROJECT_SOURCE_DIR}/cmake/debian/copyright" DESTINATION /usr/share/doc/cloudmap
  COMPONENT debian EXCLUDE_FROM_ALL)
# A native package (no Debian revision): its changelog is changelog.gz.
configure_file("${PROJECT_SOURCE_DIR}/cmake/debian/changelog.in" "${CMAKE_BINARY_DIR}/debian/changelog" @ONLY)
add_custom_command(OUTPUT "${CMAKE_BINARY_DIR}/debian/changelog.gz"
  COMMAND gzip -9nc "${CMAKE_BINARY_DIR}/debian/changelog" > "${CMAKE_BINARY_DIR}/debian/changelog.gz"
  DEPENDS "${CMAKE_BINARY_DIR}/debian/changelog")
add_custom_target(cloudmap_debian_changelog ALL DEPENDS "${CMAKE_BINARY_DIR}/debian/changelog.gz")
install(FILES "${CMAKE_BINARY_DIR}/debian/changelog.gz" DESTINATION /usr/share/doc/cloudmap
  COMPONENT debian EXCLUDE_FROM_ALL)

set(cloudmap_paraview_deb_version "")
find_program(CLOUDMAP_DPKG_QUERY dpkg-query)
if (CLOUDMAP_DPKG_QUERY)
  execute_process(COMMAND "${CLOUDMAP_DPKG_QUERY}" -W -f=\${Version} paraview
    OUTPUT_VARIABLE cloudmap_paraview_deb_version ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
endif ()
if (cloudmap_paraview_deb_version)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "paraview (= ${cloudmap_paraview_deb_version}), libc6, libstdc++6, libgcc-s1")
else ()
  message(STATUS "CloudMap: ParaView is not a Debian package here: `cpack -G DEB` makes no usable package")
endif ()

set(CPACK_PACKAGE_NAME cloudmap)
set(CPACK_PACKAGE_VENDOR CloudMap)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "CloudMap developers <cloudmap@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "colour cloud maps of MoM surface currents for ParaView")
# CPack indents each line and turns an empty one into " ."; the synopsis is
# CPACK_PACKAGE_DESCRIPTION_SUMMARY.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "CloudMap is a ParaView plugin: it reads Method-of-Moments and antenna solver
outputs (NEC-2 and nec2++, FEKO, CST, HFSS, Gmsh, Touchstone, openEMS,
MSI/Planet antenna patterns) and draws colour cloud maps of surface currents
and antenna patterns, with fractal and animation sources and filters. ParaView, pvpython and pvbatch load it at start-up in a
new login session (PV_PLUGIN_PATH, set in /etc/profile.d).

The plugin only loads in the ParaView whose SDK built it: this package
requires ParaView ${cloudmap_paraview_deb_version} exactly.

It also holds the SDK for C++ programs: headers in /usr/include/cloudmap,
and the CMake package CloudMap (find_package(ParaView), then
find_package(CloudMap)).")
# The hook in /etc is a conffile (Debian policy 10.7): kept on remove, gone on
# purge; it only names the plugin's folder while that folder exists.
file(WRITE "${CMAKE_BINARY_DIR}/debian/conffiles" "/etc/profile.d/cloudmap.sh\n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA "${CMAKE_BINARY_DIR}/debian/conffiles")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# One package of the components that matter (the hook's "debian" is excluded
# from a plain `cmake --install`).
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_COMPONENTS_ALL runtime development debian)
set(CPACK_GENERATOR DEB)
include(CPack)
