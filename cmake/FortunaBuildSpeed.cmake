# SPDX-License-Identifier: MIT
# Build speed (issue 26, docs/building.md "What a build costs"): precompiled headers per target
# and, for clean builds, unity batches.
#
# Why both: almost every translation unit includes nlohmann/json.hpp (about 25,000 lines) and a
# good part of the standard library, and the Qt ones QtWidgets' headers; parsing them again in
# each of some 150 files was most of the compile time. A precompiled header parses them once per
# target. A unity batch compiles several .cpp files as one, so the headers of the files' own
# (fortuna/*.hpp) and the template instantiations they share are compiled once per batch too.
# Unity pays on a clean build (CI, the README's two commands) and costs on a one-file rebuild
# (the whole batch recompiles), so it is an option that scripts/fortuna.sh turns on and a
# developer iterating on one file turns off.
option(FORTUNA_PCH "Precompiled headers (nlohmann/json, the standard library, Qt)" ON)
option(FORTUNA_UNITY "Unity builds: compile .cpp files in batches (fastest clean build)" OFF)
set(FORTUNA_UNITY_BATCH 8 CACHE STRING "Source files per unity batch")

if(FORTUNA_UNITY)
  set(CMAKE_UNITY_BUILD ON)
  set(CMAKE_UNITY_BUILD_BATCH_SIZE ${FORTUNA_UNITY_BATCH})
endif()

# The headers each kind of target shares. Only third-party and standard headers: our own change
# too often, and a change to a precompiled header rebuilds the whole target.
set(FORTUNA_PCH_STD <algorithm> <array> <cmath> <cstdint> <filesystem> <functional> <map> <memory> <optional>
  <set> <stdexcept> <string> <string_view> <utility> <vector>)
set(FORTUNA_PCH_JSON <nlohmann/json.hpp>)
set(FORTUNA_PCH_QT_GUI <QByteArray> <QColor> <QImage> <QObject> <QPainter> <QPainterPath> <QString> <QStringList>)
set(FORTUNA_PCH_QT_WIDGETS <QAction> <QApplication> <QLabel> <QLineEdit> <QPushButton> <QVBoxLayout> <QWidget>)

# fortuna_precompile(TARGET [GUI|WIDGETS]): the standard library and json for every target; Qt's
# GUI headers for a target that links QtGui, and the Widgets' for one that links QtWidgets.
function(fortuna_precompile target)
  if(NOT FORTUNA_PCH OR NOT TARGET ${target})
    return()
  endif()
  set(headers ${FORTUNA_PCH_STD} ${FORTUNA_PCH_JSON})
  if("GUI" IN_LIST ARGN OR "WIDGETS" IN_LIST ARGN)
    list(APPEND headers ${FORTUNA_PCH_QT_GUI})
  endif()
  if("WIDGETS" IN_LIST ARGN)
    list(APPEND headers ${FORTUNA_PCH_QT_WIDGETS})
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
