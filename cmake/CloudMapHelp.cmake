# cloudmap_add_help_pages(<plugin target> XMLS <server-manager XML files>...
#                         [DEPENDS <generated files the pages also depend on>...])
#
# paraview_add_plugin makes one help page per proxy from the XML documentation
# (Help > CloudMap, and the "?" button of the Properties panel) and embeds them
# as a .qch, but ParaView 5.11 loses every page after a documentation text with
# an unbalanced '[' or ']' (it splits them as a CMake list), and it does not
# redo them when an XML changes. Plugin/doc/make_help_pages.py rewrites all the
# pages whenever an XML changes, before the .qch is compiled.
#
# ParaView 5.12 and later with Qt 6 build no plugin help ("Building the plugin
# documentation with Qt6 is not supported": Qt 6 has no xmlpatterns). There the
# same pages are made with libxslt's xsltproc, compiled with ParaView's own
# paraview_client_generate_help (Qt 6's qhelpgenerator), embedded in the plugin
# as base64 the way ParaView does, and pqCloudMapStartup registers them with the
# help engine (ParaView only registers the help it embedded itself).
function (cloudmap_add_help_pages plugin)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "XMLS;DEPENDS")
  # ParaView made the .qch rule itself (Qt 5; ParaView 6 with Qt 6 again).
  set(paraview_help OFF)
  if (TARGET ${plugin}_qch)
    if (NOT TARGET ${plugin}_doc)
      return ()
    endif ()
    set(paraview_help ON)
  endif ()
  if (paraview_help)
    # ParaView 6 with Qt 6 makes plugin help again, with xsltproc (no xmlpatterns in Qt 6).
    find_program(CLOUDMAP_XMLPATTERNS NAMES xmlpatterns xmlpatterns-qt5 xsltproc
      HINTS "/usr/lib/qt${CLOUDMAP_QT_MAJOR}/bin")
    set(tool "${CLOUDMAP_XMLPATTERNS}")
  else ()
    find_program(CLOUDMAP_XSLTPROC NAMES xsltproc)
    set(tool "${CLOUDMAP_XSLTPROC}")
  endif ()
  if (NOT tool)
    message(FATAL_ERROR "CloudMap's help pages need xmlpatterns (Qt 5) or xsltproc (Debian: xsltproc)")
  endif ()
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  set(help_dir "${CMAKE_CURRENT_BINARY_DIR}/paraview_help")
  set(stamp "${CMAKE_CURRENT_BINARY_DIR}/cloudmap_help_pages.stamp")
  set(drop_qch)
  if (paraview_help)
    # ParaView's .qch rule only checks that the file exists: remove it to rebuild it.
    set(drop_qch COMMAND "${CMAKE_COMMAND}" -E remove -f "${help_dir}/${plugin}.qch")
  endif ()
  add_custom_command(
    OUTPUT  "${stamp}"
    COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/Plugin/doc/make_help_pages.py"
            "${tool}" "${ParaView_DIR}" "${help_dir}" ${arg_XMLS}
    ${drop_qch}
    COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
    DEPENDS ${arg_XMLS} ${arg_DEPENDS} "${PROJECT_SOURCE_DIR}/Plugin/doc/make_help_pages.py"
    COMMENT "Writing the CloudMap help pages")
  add_custom_target(${plugin}_help_pages DEPENDS "${stamp}")
  if (paraview_help)
    add_dependencies(${plugin}_help_pages ${plugin}_doc)
    add_dependencies(${plugin}_qch ${plugin}_help_pages)
    return ()
  endif ()

  paraview_client_generate_help(
    NAME        ${plugin}
    OUTPUT_PATH qch_path
    OUTPUT_DIR  "${help_dir}"
    TARGET      ${plugin}_qch
    DEPENDS     "${stamp}" ${plugin}_help_pages
    PATTERNS    "*.html")
  set(qch_header "${CMAKE_CURRENT_BINARY_DIR}/${plugin}_qch.h")
  add_custom_command(
    OUTPUT  "${qch_header}"
    COMMAND "$<TARGET_FILE:ParaView::ProcessXML>" -base64
            "${qch_header}" \"\" "_qch" "_qch" "${qch_path}"
    DEPENDS "${qch_path}" ${plugin}_qch "$<TARGET_FILE:ParaView::ProcessXML>"
    COMMENT "Embedding the CloudMap help")
  set_property(SOURCE "${qch_header}" PROPERTY SKIP_AUTOMOC 1)
  target_sources(${plugin} PRIVATE "${qch_header}")
  target_include_directories(${plugin} PRIVATE "${CMAKE_CURRENT_BINARY_DIR}")
  target_compile_definitions(${plugin} PRIVATE CLOUDMAP_REGISTER_HELP=1)
  find_package("Qt${CLOUDMAP_QT_MAJOR}" REQUIRED COMPONENTS Help)
  target_link_libraries(${plugin} PRIVATE "Qt${CLOUDMAP_QT_MAJOR}::Help")
endfunction ()
