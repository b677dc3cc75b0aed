# The build types: CMake's Release (the default), Debug, RelWithDebInfo and
# MinSizeRel, plus Asan: gcc's AddressSanitizer and UndefinedBehaviorSanitizer
# at -O1 -g, every UB report fatal (-fno-sanitize-recover), frame pointers
# kept for the stacks. ParaView's own libraries stay uninstrumented. The
# sanitizer job (Testing/sanitize/run-sanitize.sh, ctest's sanitize.AsanUbsan)
# configures this project with CMAKE_BUILD_TYPE=Asan, builds the test drivers
# and the canary (target cloudmap_test_programs) and runs the C++ tests:
#   cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Asan
#   cmake --build build-asan --target cloudmap_test_programs -j2
#   (cd build-asan && ctest -L asan)
# None: what Debian packaging passes (its own flags come from the environment).
set(cloudmap_build_types Release Debug RelWithDebInfo MinSizeRel None Asan)
if (NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
endif ()
set_property(CACHE CMAKE_BUILD_TYPE PROPERTY STRINGS ${cloudmap_build_types})
if (CMAKE_BUILD_TYPE AND NOT CMAKE_BUILD_TYPE IN_LIST cloudmap_build_types)
  message(FATAL_ERROR "CMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}: use one of ${cloudmap_build_types}")
endif ()

set(cloudmap_sanitizers "-fsanitize=address,undefined -fno-sanitize-recover=undefined")
set(CMAKE_C_FLAGS_ASAN "-O1 -g -fno-omit-frame-pointer ${cloudmap_sanitizers}")
set(CMAKE_CXX_FLAGS_ASAN "-O1 -g -fno-omit-frame-pointer ${cloudmap_sanitizers}")
foreach (kind IN ITEMS EXE SHARED MODULE)
  set(CMAKE_${kind}_LINKER_FLAGS_ASAN "${cloudmap_sanitizers}")
endforeach ()
