# The C++ test drivers: one per domain and kind (CMake's create_test_sourcelist,
# as VTK's vtk_add_test_cxx does). A domain's tests sit beside its module, in
# VTK's own convention: <module>/Testing/CMakeLists.txt (added by
# vtk_module_build) calls cloudmap_test_driver for <module>/Testing/Core/TestX.cpp
# (pipeline-free, no VTK) and <module>/Testing/Cxx/TestX.cxx (a VTK-level test of
# the wrappers). Testing/ keeps what crosses domains: the one check header
# (Testing/Core/cmCheck.h), the bad-input corpus, thread invariance, the
# pvpython, GUI and MPI tests that cross domains, and the benchmark; each
# module's own Python tests are in <module>/Testing/Python
# (cloudmap_add_python_test, below).
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

# The pvpython, pvbatch, MPI and GUI tests: scripts beside their module
# (<module>/Testing/Python/test_x.py; what crosses domains, and the helpers the
# tests share, in Testing/Python), each listed by its Testing/CMakeLists.txt:
#
# cloudmap_add_python_test(NAME <Module>.<TestName> SCRIPT <Python/test_x.py>
#                          [PYTHON] [ARGS <args...>] [LABELS <labels...>] [DISPLAY]
#                          [SKIP_RETURN_CODE <code>] [TIMEOUT <seconds>])
#
# runs `pvpython <SCRIPT> <CloudMap plugin> <scratch dir>` (SCRIPT relative to
# the calling folder); ARGS replace the plugin and scratch dir (use
# ${cloudmap_plugin} and ${cloudmap_test_temp}); PYTHON runs the system python3
# instead of pvpython. Labels: Python, <Module> (the name's first part) and
# LABELS (GUI, MPI). DISPLAY: it renders or opens a window, and takes turns on
# the shared Xvfb (RESOURCE_LOCK xdisplay). Every such test finds the shared
# helpers (cloudmap_testlib, em_oracles, gui_grab, ...) through PYTHONPATH,
# which holds Testing/Python: the one way a script imports them.
find_program(PVPYTHON_EXECUTABLE pvpython REQUIRED)
find_program(PVBATCH_EXECUTABLE pvbatch REQUIRED)
find_program(MPIEXEC_EXECUTABLE NAMES mpirun mpiexec)
find_program(PARAVIEW_EXECUTABLE paraview)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(cloudmap_plugin "$<TARGET_FILE:CloudMap>")
set(cloudmap_python_helpers "${PROJECT_SOURCE_DIR}/Testing/Python")
function (cloudmap_add_python_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "PYTHON;DISPLAY" "NAME;SCRIPT;SKIP_RETURN_CODE;TIMEOUT"
    "ARGS;LABELS")
  if (NOT arg_NAME MATCHES "^([A-Za-z]+)\\.[A-Za-z0-9]+$")
    message(FATAL_ERROR "cloudmap_add_python_test: NAME ${arg_NAME} is not <Module>.<TestName>")
  endif ()
  set(module "${CMAKE_MATCH_1}")
  set(script "${CMAKE_CURRENT_SOURCE_DIR}/${arg_SCRIPT}")
  if (NOT EXISTS "${script}")
    message(FATAL_ERROR "cloudmap_add_python_test(${arg_NAME}): no script ${script}")
  endif ()
  set(interpreter "${PVPYTHON_EXECUTABLE}")
  if (arg_PYTHON)
    set(interpreter "${Python3_EXECUTABLE}")
  endif ()
  set(args ${arg_ARGS})
  if (NOT args)
    set(args "${cloudmap_plugin}" "${cloudmap_test_temp}")
  endif ()
  add_test(NAME ${arg_NAME} COMMAND "${interpreter}" "${script}" ${args})
  set_tests_properties(${arg_NAME} PROPERTIES LABELS "Python;${module};${arg_LABELS}")
  if (CMAKE_VERSION VERSION_GREATER_EQUAL 3.22)
    set_tests_properties(${arg_NAME} PROPERTIES
      ENVIRONMENT_MODIFICATION "PYTHONPATH=path_list_prepend:${cloudmap_python_helpers}")
  else ()
    set(pythonpath "${cloudmap_python_helpers}")
    if (NOT "$ENV{PYTHONPATH}" STREQUAL "")
      string(APPEND pythonpath ":$ENV{PYTHONPATH}")
    endif ()
    set_tests_properties(${arg_NAME} PROPERTIES ENVIRONMENT "PYTHONPATH=${pythonpath}")
  endif ()
  if (arg_DISPLAY)
    set_tests_properties(${arg_NAME} PROPERTIES RESOURCE_LOCK xdisplay)
  endif ()
  if (arg_SKIP_RETURN_CODE)
    set_tests_properties(${arg_NAME} PROPERTIES SKIP_RETURN_CODE ${arg_SKIP_RETURN_CODE})
  endif ()
  if (arg_TIMEOUT)
    set_tests_properties(${arg_NAME} PROPERTIES TIMEOUT ${arg_TIMEOUT})
  endif ()
  set_property(GLOBAL APPEND PROPERTY CLOUDMAP_PYTHON_TEST_FILES "${script}")
endfunction ()
