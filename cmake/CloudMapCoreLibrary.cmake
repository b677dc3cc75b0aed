# cloudmap_core_library(<name> [DEPENDS <libraries>...] SOURCES <files>...)
# A pipeline-free library (no VTK): static, position independent (it is linked
# into the plugin's shared modules), C++17, its folder on the include path of
# whatever links it, and its DEPENDS linked publicly. Every Filters/<Domain>/Core
# and Readers/Core is one.
function (cloudmap_core_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "DEPENDS;SOURCES")
  if (arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cloudmap_core_library(${name}): unexpected ${arg_UNPARSED_ARGUMENTS}")
  endif ()
  add_library(${name} STATIC ${arg_SOURCES})
  target_include_directories(${name} PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
  target_link_libraries(${name} PUBLIC ${arg_DEPENDS})
  target_compile_features(${name} PUBLIC cxx_std_17)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction ()
