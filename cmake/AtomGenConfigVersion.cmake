# AtomGenConfigVersion.cmake: `find_package(AtomGen 0.1 CONFIG)` accepts the same major
# version at or above the one asked for. tests/test_cmake.py keeps PACKAGE_VERSION equal to
# atomgen.__version__.
set(PACKAGE_VERSION "0.1.0")
if(PACKAGE_FIND_VERSION)
  string(REGEX MATCH "^[0-9]+" _atomgen_major "${PACKAGE_VERSION}")
  if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION OR NOT PACKAGE_FIND_VERSION_MAJOR STREQUAL _atomgen_major)
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
  else()
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
    if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
      set(PACKAGE_VERSION_EXACT TRUE)
    endif()
  endif()
  unset(_atomgen_major)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
endif()
