# SPDX-License-Identifier: MIT
# The library's dependencies for the mingw-w64 cross build (cmake/mingw-w64.cmake). All are
# header-only or built from source here, from Debian packages: nlohmann-json3-dev, libvalijson-dev,
# libpcg-cpp-dev, libcli11-dev, libspdlog-dev with libfmt-dev in header-only mode, and googletest
# from /usr/src/googletest (libgtest-dev). The host's /usr/include must not be on the include path
# (its glibc headers would shadow mingw's), so the needed folders are linked into the build tree.
set(FORTUNA_CROSS_INCLUDE ${CMAKE_BINARY_DIR}/cross-include)
file(MAKE_DIRECTORY ${FORTUNA_CROSS_INCLUDE})
foreach(entry nlohmann valijson spdlog fmt CLI pcg_random.hpp pcg_extras.hpp pcg_uint128.hpp)
  if(NOT EXISTS /usr/include/${entry})
    message(FATAL_ERROR "Windows cross build: /usr/include/${entry} is missing; install the Debian packages "
      "listed in cmake/mingw-dependencies.cmake")
  endif()
  file(CREATE_LINK /usr/include/${entry} ${FORTUNA_CROSS_INCLUDE}/${entry} SYMBOLIC)
endforeach()

add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${FORTUNA_CROSS_INCLUDE})

# spdlog over an external fmt, both header-only (no compiled libspdlog/libfmt for Windows).
add_library(spdlog::spdlog INTERFACE IMPORTED)
target_include_directories(spdlog::spdlog SYSTEM INTERFACE ${FORTUNA_CROSS_INCLUDE})
target_compile_definitions(spdlog::spdlog INTERFACE SPDLOG_FMT_EXTERNAL FMT_HEADER_ONLY)

add_library(CLI11::CLI11 INTERFACE IMPORTED)
target_include_directories(CLI11::CLI11 SYSTEM INTERFACE ${FORTUNA_CROSS_INCLUDE})

if(FORTUNA_BUILD_TESTS)
  set(gtest_force_shared_crt ON CACHE BOOL "" FORCE)
  set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
  set(BUILD_GMOCK ON CACHE BOOL "" FORCE)
  add_subdirectory(/usr/src/googletest ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL SYSTEM)
  # googletest's own CMakeLists defines GTest::gtest, GTest::gtest_main and GTest::gmock.
endif()
