# cloudmap_core_library(<name> [DEPENDS <libraries>...] SOURCES <files>...)
# A pipeline-free library (no VTK): static, position independent (it is linked
# into the plugin's shared modules), C++17, its folder on the include path of
# whatever links it, and its DEPENDS linked publicly. Every Filters/<Domain>/Core
# and Readers/Core is one.
#
# The SDK (docs/user/install.md): each is installed (component development)
# with its headers in include/cloudmap/ and exported in the CloudMap export set
# as CloudMap::<Domain>Core (CloudMapCloudMapCore -> CloudMap::CloudMapCore),
# the name an outside project links; the same alias exists in this tree.
function (cloudmap_core_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "DEPENDS;SOURCES")
  if (arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cloudmap_core_library(${name}): unexpected ${arg_UNPARSED_ARGUMENTS}")
  endif ()
  add_library(${name} STATIC ${arg_SOURCES})
  target_include_directories(${name} PUBLIC
    "$<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}>"
    "$<INSTALL_INTERFACE:${CLOUDMAP_INSTALL_INCLUDEDIR}>")
  target_link_libraries(${name} PUBLIC ${arg_DEPENDS})
  target_compile_features(${name} PUBLIC cxx_std_17)
  string(SUBSTRING "${name}" 8 -1 export_name) # without the leading "CloudMap"
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON EXPORT_NAME "${export_name}")
  add_library(CloudMap::${export_name} ALIAS ${name})
  # Every header of the folder: the listed ones include unlisted ones (cmParallelFor.h).
  file(GLOB headers "${CMAKE_CURRENT_SOURCE_DIR}/*.h")
  install(TARGETS ${name} EXPORT CloudMap
    ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT development)
  install(FILES ${headers} DESTINATION "${CLOUDMAP_INSTALL_INCLUDEDIR}" COMPONENT development)
endfunction ()
