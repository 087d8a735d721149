# SPDX-License-Identifier: MIT
# Toolchain for a Windows (x86_64) build from Debian with mingw-w64 (g++-mingw-w64-x86-64-posix):
#   cmake -S . -B build-win -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake -DFORTUNA_BUILD_APP=OFF
# builds fortuna_rules, its tests and the Qt-free fortuna-cli as .exe files; ctest runs them under
# Wine (wine64). The header-only dependencies come from Debian's /usr/include through
# cmake/mingw-dependencies.cmake; scripts/fortuna.sh windows does all of it.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(FORTUNA_MINGW_TRIPLET x86_64-w64-mingw32)

# The -posix flavour: std::thread, std::mutex and std::async need winpthreads.
set(CMAKE_C_COMPILER ${FORTUNA_MINGW_TRIPLET}-gcc-posix)
set(CMAKE_CXX_COMPILER ${FORTUNA_MINGW_TRIPLET}-g++-posix)
set(CMAKE_RC_COMPILER ${FORTUNA_MINGW_TRIPLET}-windres)

set(CMAKE_FIND_ROOT_PATH /usr/${FORTUNA_MINGW_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# One self-contained .exe: the C++ runtime and winpthreads linked in, no DLLs to copy beside it.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")

# ctest and add_test run the .exe files through Wine.
find_program(FORTUNA_WINE NAMES wine64 wine PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(FORTUNA_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${FORTUNA_WINE})
endif()
