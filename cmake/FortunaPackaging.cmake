# SPDX-License-Identifier: MIT
# CPack: `cpack -G DEB` in the build folder makes a Debian package of everything `cmake --install`
# installs; its dependencies are computed by dpkg-shlibdeps from the programs' shared libraries.
set(CPACK_PACKAGE_NAME "fortuna")
set(CPACK_PACKAGE_VENDOR "The Fortuna Belli developers")
# Debian wants a name and an address; the project's own is the one its commits carry. A packager
# who builds for others sets theirs (-DFORTUNA_MAINTAINER="Name <address>").
set(FORTUNA_MAINTAINER "Fortuna Belli maintainers <maintainers@users.noreply.a-seed-3ff4c8c4.example>"
  CACHE STRING "The package's Maintainer: Name <address>")
set(CPACK_PACKAGE_CONTACT "${FORTUNA_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "umpire's assistant for horse-and-musket miniature wargames")
set(CPACK_PACKAGE_DESCRIPTION "Fortuna Belli gives the odds, the roll, the result and its consequences of
a combat, a battery's fire, a rally or a crisis of morale in seconds, and shows
every step against the paper tables of the Age of Glaube, Gloire, Reason and
Destiny rules. It keeps the whole battle with honest undo, draws the
battlefield at true scale and prints the sheets a club plays from. fortuna-cli
answers the same questions from a terminal or a script.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # fortuna_VERSION_ARCH.deb
# Not "games": Debian keeps that section for games installed in /usr/games; this is a tool beside
# the table, its programs in /usr/bin (the desktop entry still lists it under Games).
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
if(FORTUNA_HOMEPAGE)  # none unless the packager gives one (packaging/CMakeLists.txt)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${FORTUNA_HOMEPAGE})
endif()
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The SVG icon plugin and the bash completion framework are not linked libraries.
# man-db: `man fortuna` on a minimal system, where it is not installed.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libqt6svg6, qt6-translations-l10n, bash-completion, man-db")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "poppler-utils")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(CPack)
