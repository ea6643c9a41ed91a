# AtomGenConfig.cmake: `find_package(AtomGen CONFIG)` for an installed atomgen.
#
#   cmake -DAtomGen_DIR="$(atomgen --cmake-dir)" ...      (like pybind11's --cmakedir)
#   find_package(AtomGen CONFIG REQUIRED)
#   atomgen_generate(TARGET atoms SPECS ... OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/gen)
#
# Sets ATOMGEN_EXECUTABLE (the `atomgen` beside this installation, else the first on PATH)
# and defines atomgen_generate() from AtomGen.cmake in this folder.

# This folder is <prefix>/lib/pythonX.Y/site-packages/atomgen/_data/cmake: the console
# script of the same installation is <prefix>/bin/atomgen.
get_filename_component(_atomgen_prefix "${CMAKE_CURRENT_LIST_DIR}/../../../../../.." ABSOLUTE)
find_program(ATOMGEN_EXECUTABLE atomgen HINTS "${_atomgen_prefix}/bin" "${_atomgen_prefix}/Scripts")
unset(_atomgen_prefix)
if(NOT ATOMGEN_EXECUTABLE)
  set(AtomGen_FOUND FALSE)
  set(AtomGen_NOT_FOUND_MESSAGE "the atomgen command is not on PATH (pip install atomgen)")
  return()
endif()
include("${CMAKE_CURRENT_LIST_DIR}/AtomGen.cmake")
