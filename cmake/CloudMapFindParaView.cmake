# find_package(ParaView) for every ParaView CloudMap supports (5.11, 5.13,
# 6.x), working around one Debian packaging defect inside the build tree.
#
# Debian's ParaView 5.13 (trixie) and 6.x (sid) CMake targets files name the
# Python extension modules "vtkmodules/vtkCommonCore.so" while the packages
# ship "vtkCommonCore.cpython-3NN-x86_64-linux-gnu.so". CMake checks that
# every imported file exists, so find_package(ParaView) fails before any of
# our code is looked at. We never edit system files: when (and only when)
# that mismatch is seen, the package's CMake directory is copied into the
# build tree with the module names corrected and the import prefix pinned to
# the real installation, and find_package is pointed at the copy.

function (_cloudmap_fix_debian_python_names pv_dir out_var)
  set(${out_var} "" PARENT_SCOPE)
  # Only the Python targets files name extension modules.
  file(GLOB_RECURSE _targets "${pv_dir}/*Python*-targets-*.cmake")
  set(_missing "")
  set(_suffix "")
  foreach (_file IN LISTS _targets)
    # The import prefix the file computes: its own directory, up one level
    # per "get_filename_component(_IMPORT_PREFIX ... PATH)" line after the first.
    string(REGEX REPLACE "-targets-[^/]*\\.cmake$" "-targets.cmake" _main "${_file}")
    file(STRINGS "${_main}" _ups REGEX "^get_filename_component\\(_IMPORT_PREFIX \"\\\${_IMPORT_PREFIX}\" PATH\\)")
    list(LENGTH _ups _n)
    get_filename_component(_prefix "${_file}" DIRECTORY)
    foreach (_i RANGE 1 ${_n})
      get_filename_component(_prefix "${_prefix}" DIRECTORY)
    endforeach ()
    file(STRINGS "${_file}" _lines REGEX "IMPORTED_LOCATION_[A-Z]+ \"[^\"]*\\.so\"")
    foreach (_line IN LISTS _lines)
      string(REGEX MATCH "\"([^\"]*)/([^\"/]*)\\.so\"" _m "${_line}")
      string(REPLACE "\${_IMPORT_PREFIX}" "${_prefix}" _abs "${CMAKE_MATCH_1}/${CMAKE_MATCH_2}")
      if (NOT EXISTS "${_abs}.so")
        if (NOT _suffix)
          file(GLOB _candidates "${_abs}.cpython-*.so")
          if (_candidates)
            list(GET _candidates 0 _c)
            string(REGEX MATCH "\\.cpython-[^/]*\\.so$" _suffix "${_c}")
          endif ()
        endif ()
        set(_missing TRUE)
      endif ()
    endforeach ()
  endforeach ()
  if (NOT _missing OR NOT _suffix)
    return ()
  endif ()

  string(REGEX REPLACE "/+$" "" pv_dir "${pv_dir}")
  get_filename_component(_name "${pv_dir}" NAME)
  set(_copy "${CMAKE_BINARY_DIR}/cloudmap-paraview-cmake/${_name}")
  message(STATUS "CloudMap: ${pv_dir} names Python modules '*.so' but the package ships "
    "'*${_suffix}': using a corrected copy in ${_copy} (Debian packaging; system files untouched)")
  file(REMOVE_RECURSE "${_copy}")
  file(GLOB_RECURSE _files RELATIVE "${pv_dir}" "${pv_dir}/*")
  foreach (_f IN LISTS _files)
    get_filename_component(_src_dir "${pv_dir}/${_f}" DIRECTORY)
    get_filename_component(_dst_dir "${_copy}/${_f}" DIRECTORY)
    if (NOT _f MATCHES "\\.cmake$")
      file(COPY "${pv_dir}/${_f}" DESTINATION "${_dst_dir}")
      continue ()
    endif ()
    file(READ "${pv_dir}/${_f}" _text)
    # The import prefix is computed from the file's own location: pin it to
    # where the original lives, so every path still points into /usr.
    string(REPLACE "get_filename_component(_IMPORT_PREFIX \"\${CMAKE_CURRENT_LIST_FILE}\" PATH)"
      "set(_IMPORT_PREFIX \"${_src_dir}\")" _text "${_text}")
    string(REPLACE "set(_vtk_module_import_prefix \"\${CMAKE_CURRENT_LIST_DIR}\")"
      "set(_vtk_module_import_prefix \"${_src_dir}\")" _text "${_text}")
    if (_f MATCHES "Python.*-targets-")
      string(REGEX REPLACE "(/(site|dist)-packages/[^\"]*/[A-Za-z0-9_]+)\\.so\""
        "\\1${_suffix}\"" _text "${_text}")
    endif ()
    file(WRITE "${_copy}/${_f}" "${_text}")
  endforeach ()
  set(${out_var} "${_copy}" PARENT_SCOPE)
endfunction ()

macro (cloudmap_find_paraview)
  if (NOT ParaView_DIR)
    # Locate the package without loading it (loading is what fails).
    find_path(_cloudmap_pv_config NAMES paraview-config.cmake
      PATH_SUFFIXES
        lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/paraview-6.1
        lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/paraview-6.0
        lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/paraview-5.13
        lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/paraview-5.12
        lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/paraview-5.11
        lib/cmake/paraview-6.1 lib/cmake/paraview-6.0 lib/cmake/paraview-5.13
        lib/cmake/paraview-5.12 lib/cmake/paraview-5.11
      NO_CACHE)
    if (_cloudmap_pv_config)
      _cloudmap_fix_debian_python_names("${_cloudmap_pv_config}" _cloudmap_pv_fixed)
      if (_cloudmap_pv_fixed)
        set(ParaView_DIR "${_cloudmap_pv_fixed}" CACHE PATH "ParaView's CMake directory" FORCE)
      endif ()
      # ParaView 6 on Debian uses the system VTK, whose files have the same defect.
      if (NOT EXISTS "${_cloudmap_pv_config}/vtk/vtk-config.cmake" AND NOT VTK_DIR)
        find_path(_cloudmap_vtk_config NAMES vtk-config.cmake
          PATH_SUFFIXES lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/vtk-9.6 lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/vtk-9.5
                        lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/vtk-9.4 lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/vtk-9.3
          NO_CACHE)
        if (_cloudmap_vtk_config)
          _cloudmap_fix_debian_python_names("${_cloudmap_vtk_config}" _cloudmap_vtk_fixed)
          if (_cloudmap_vtk_fixed)
            set(VTK_DIR "${_cloudmap_vtk_fixed}" CACHE PATH "VTK's CMake directory" FORCE)
          endif ()
        endif ()
      endif ()
    endif ()
  endif ()
  find_package(ParaView REQUIRED)
  # "paraview-5.11", "paraview-5.13", "paraview-6.1": where ParaView looks
  # for plugins relative to its libraries, and where ours are written.
  set(CLOUDMAP_PARAVIEW_SUBDIR "paraview-${ParaView_VERSION_MAJOR}.${ParaView_VERSION_MINOR}")
  if (DEFINED PARAVIEW_QT_MAJOR_VERSION)
    set(CLOUDMAP_QT_MAJOR "${PARAVIEW_QT_MAJOR_VERSION}")
  else ()
    set(CLOUDMAP_QT_MAJOR 5)
  endif ()
  message(STATUS "CloudMap: ParaView ${ParaView_VERSION} (Qt ${CLOUDMAP_QT_MAJOR}) from ${ParaView_DIR}")
endmacro ()
