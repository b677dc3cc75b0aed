# The C++ test drivers: one per domain and kind (CMake's create_test_sourcelist,
# as VTK's vtk_add_test_cxx does). A domain's tests sit beside its module, in
# VTK's own convention: <module>/Testing/CMakeLists.txt (added by
# vtk_module_build) calls cloudmap_test_driver for <module>/Testing/Core/TestX.cpp
# (pipeline-free, no VTK) and <module>/Testing/Cxx/TestX.cxx (a VTK-level test of
# the wrappers). Testing/ keeps what crosses domains: the one check header
# (Testing/Core/cmCheck.h), the bad-input corpus, thread invariance, the
# pvpython, GUI, image and MPI tests and the benchmark.
#
# Each test defines int TestX(int argc, char* argv[]); `<driver> TestX` runs it
# as ctest's <Module>.TestX (FiltersCloudMap.TestBanding, Readers.TestNecOutput),
# labelled <Module> and Core or Cxx (`ctest -L FiltersCloudMap`, `ctest -L Cxx`). The Core tests of a domain and its VTK
# tests are separate drivers, so a Core driver links no VTK and a Core test
# cannot come to depend on it. Every driver gets CLOUDMAP_DATA_DIR
# (Testing/Data), CLOUDMAP_TEMP_DIR (a scratch dir) and NEC2C_EXECUTABLE as
# compile definitions, and is written to <build>/bin.
find_program(NEC2C_EXECUTABLE nec2c)
set(cloudmap_test_temp "${CMAKE_BINARY_DIR}/Testing/Temporary")
file(MAKE_DIRECTORY "${cloudmap_test_temp}")
set(cloudmap_test_defs
  "CLOUDMAP_DATA_DIR=\"${PROJECT_SOURCE_DIR}/Testing/Data\""
  "CLOUDMAP_TEMP_DIR=\"${cloudmap_test_temp}\""
  "NEC2C_EXECUTABLE=\"${NEC2C_EXECUTABLE}\"")

# The Asan build type (cmake/CloudMapBuildTypes.cmake) labels the C++ tests
# and its canaries "asan" for the sanitizer job. Timing benchmarks (TIMED)
# measure speed, which the sanitizers distort: built there, but not run.
set(cloudmap_asan_build OFF)
if (CMAKE_BUILD_TYPE STREQUAL "Asan")
  set(cloudmap_asan_build ON)
endif ()

# cloudmap_test_driver(<driver> CORE|CXX [MODULE <Module>] LIBRARIES <libs...>
#                      TESTS <TestX...> [TIMED <TestX...>])
# CORE tests are Core/TestX.cpp, CXX tests Cxx/TestX.cxx, both under the calling
# Testing/ directory, named <Module>.TestX. <Module> is the driver's name without
# CoreTests/CxxTests (FiltersCloudMapCoreTests: FiltersCloudMap) unless given. The global
# properties CLOUDMAP_TEST_FILES and CLOUDMAP_TEST_DRIVERS collect what the
# drivers hold, for Testing/CMakeLists.txt's checks and targets.
function (cloudmap_test_driver driver kind)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "MODULE" "LIBRARIES;TESTS;TIMED")
  if (kind STREQUAL "CORE")
    set(dir Core)
    set(ext cpp)
  else ()
    set(dir Cxx)
    set(ext cxx)
  endif ()
  set(prefix "${arg_MODULE}")
  if (NOT prefix)
    string(REGEX REPLACE "(Core|Cxx)Tests$" "" prefix "${driver}")
  endif ()
  set(names)
  set(sources)
  foreach (name IN LISTS arg_TESTS arg_TIMED)
    list(APPEND names "${name}.${ext}")
    list(APPEND sources "${CMAKE_CURRENT_SOURCE_DIR}/${dir}/${name}.${ext}")
  endforeach ()
  # Bare file names give bare function names (TestX, not Core_TestX).
  create_test_sourcelist(unused "${driver}.cxx" ${names})
  add_executable(${driver} "${CMAKE_CURRENT_BINARY_DIR}/${driver}.cxx" ${sources})
  # Outside paraview_add_plugin's output directory (the plugin folder).
  set_target_properties(${driver} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
  target_include_directories(${driver} PRIVATE "${PROJECT_SOURCE_DIR}/Testing/Core"
    "${CMAKE_CURRENT_SOURCE_DIR}/${dir}")
  target_link_libraries(${driver} PRIVATE ${arg_LIBRARIES})
  target_compile_definitions(${driver} PRIVATE ${cloudmap_test_defs})
  foreach (name IN LISTS arg_TESTS arg_TIMED)
    if (cloudmap_asan_build AND NOT name IN_LIST arg_TIMED)
      add_test(NAME ${prefix}.${name} COMMAND ${driver} ${name})
      set_tests_properties(${prefix}.${name} PROPERTIES LABELS "asan;${prefix};${dir}")
    elseif (NOT cloudmap_asan_build)
      add_test(NAME ${prefix}.${name} COMMAND ${driver} ${name})
      set_tests_properties(${prefix}.${name} PROPERTIES LABELS "${prefix};${dir}")
    endif ()
  endforeach ()
  set_property(GLOBAL APPEND PROPERTY CLOUDMAP_TEST_FILES ${sources})
  set_property(GLOBAL APPEND PROPERTY CLOUDMAP_TEST_DRIVERS ${driver})
endfunction ()

# What the VTK-level drivers link besides their module.
set(cloudmap_vtk_test_libs VTK::CommonCore VTK::CommonDataModel VTK::CommonExecutionModel)
