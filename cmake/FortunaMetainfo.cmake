# SPDX-License-Identifier: MIT
# Writes the AppStream metainfo from its template: the release (version and date) from CMake, and
# the home page, bug tracker and screenshots only when a packager has said where they are.
# Included by packaging/CMakeLists.txt; also a script for the test that validates a variant:
#   cmake -DTEMPLATE=... -DOUTPUT=... -DVERSION=... -DRELEASE_DATE=... -DIMAGES_DIR=...
#         [-DHOMEPAGE=...] [-DBUG_TRACKER=...] [-DSCREENSHOT_BASE=...] -P cmake/FortunaMetainfo.cmake

# An address goes into XML as it is: refuse what is no web address or would break the markup.
function(fortuna_check_address name address)
  if(address AND NOT address MATCHES "^https?://[^ <>\"&]+$")
    message(FATAL_ERROR "${name} must be an http:// or https:// address without spaces, <, >, \" or &, not '${address}'")
  endif()
endfunction()

# fortuna_write_metainfo(TEMPLATE OUTPUT VERSION RELEASE_DATE IMAGES_DIR HOMEPAGE BUG_TRACKER SCREENSHOT_BASE)
# Addresses must be http(s) URLs or empty; an empty one leaves its element out (AppStream allows
# a component without them, and an address nobody serves would be worse than none).
function(fortuna_write_metainfo template output version release_date images_dir homepage bug_tracker screenshot_base)
  if(NOT release_date MATCHES "^[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]$")
    message(FATAL_ERROR "The release date of ${version} must read YYYY-MM-DD, not '${release_date}'")
  endif()
  fortuna_check_address(FORTUNA_HOMEPAGE "${homepage}")
  fortuna_check_address(FORTUNA_BUG_TRACKER "${bug_tracker}")
  fortuna_check_address(FORTUNA_SCREENSHOT_BASE "${screenshot_base}")
  string(REGEX REPLACE "/+$" "" screenshot_base "${screenshot_base}")

  file(READ "${template}" text)
  if(NOT homepage)
    string(REGEX REPLACE "[ ]*<url type=\"homepage\">[^\n]*\n" "" text "${text}")
  endif()
  if(NOT bug_tracker)
    string(REGEX REPLACE "[ ]*<url type=\"bugtracker\">[^\n]*\n" "" text "${text}")
  endif()
  if(screenshot_base)
    # Every screenshot named must be one of docs/images, which is what the base address serves.
    string(REGEX MATCHALL "@FORTUNA_SCREENSHOT_BASE@/[^<]+" images "${text}")
    foreach(image ${images})
      string(REPLACE "@FORTUNA_SCREENSHOT_BASE@/" "" image "${image}")
      if(NOT EXISTS "${images_dir}/${image}")
        message(FATAL_ERROR "The metainfo shows the screenshot ${image}, which is not in ${images_dir}")
      endif()
    endforeach()
  else()
    string(REGEX REPLACE "[ ]*<screenshots>.*</screenshots>[ ]*\n" "" text "${text}")
  endif()

  set(FORTUNA_VERSION "${version}")
  set(FORTUNA_RELEASE_DATE "${release_date}")
  set(FORTUNA_HOMEPAGE "${homepage}")
  set(FORTUNA_BUG_TRACKER "${bug_tracker}")
  set(FORTUNA_SCREENSHOT_BASE "${screenshot_base}")
  file(CONFIGURE OUTPUT "${output}" CONTENT "${text}" @ONLY)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  foreach(required TEMPLATE OUTPUT VERSION RELEASE_DATE IMAGES_DIR)
    if(NOT DEFINED ${required})
      message(FATAL_ERROR "FortunaMetainfo.cmake: -D${required}=... is missing")
    endif()
  endforeach()
  fortuna_write_metainfo("${TEMPLATE}" "${OUTPUT}" "${VERSION}" "${RELEASE_DATE}" "${IMAGES_DIR}"
    "${HOMEPAGE}" "${BUG_TRACKER}" "${SCREENSHOT_BASE}")
endif()
