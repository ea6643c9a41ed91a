# AtomGenConfig.cmake: `find_package(AtomGen CONFIG)` for an installed atomgen.
#
#   cmake -DAtomGen_DIR="$(atomgen --cmake-dir)" ...      (like pybind11's --cmakedir)
#   find_package(AtomGen CONFIG REQUIRED)
#   atomgen_generate(TARGET atoms SPECS ... OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/gen)
#
# Sets ATOMGEN_EXECUTABLE (the `atomgen` beside this installation, else the first on PATH)
# and defines atomgen_generate() from AtomGen.cmake in this folder.

# Installed from a wheel, this folder is <prefix>/lib/pythonX.Y/site-packages/atomgen/_data/cmake
# and the console script of the same installation is <prefix>/bin/atomgen. Installed editable
# (`pip install -e .`, as the README does), this folder is the checkout's atomgen/_data/cmake (or
# cmake/) and the script is in the checkout's .venv. An active virtual environment counts too; a
# preset -DATOMGEN_EXECUTABLE=... wins over all of them.
get_filename_component(_atomgen_prefix "${CMAKE_CURRENT_LIST_DIR}/../../../../../.." ABSOLUTE)
get_filename_component(_atomgen_checkout "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
get_filename_component(_atomgen_repo "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(_atomgen_hints "${_atomgen_prefix}/bin" "${_atomgen_prefix}/Scripts" "${_atomgen_checkout}/.venv/bin"
    "${_atomgen_repo}/.venv/bin")
if(DEFINED ENV{VIRTUAL_ENV})
  list(APPEND _atomgen_hints "$ENV{VIRTUAL_ENV}/bin")
endif()
find_program(ATOMGEN_EXECUTABLE atomgen HINTS ${_atomgen_hints})
unset(_atomgen_prefix)
unset(_atomgen_checkout)
unset(_atomgen_repo)
if(NOT ATOMGEN_EXECUTABLE)
  set(AtomGen_FOUND FALSE)
  list(JOIN _atomgen_hints ", " _atomgen_where)
  set(AtomGen_NOT_FOUND_MESSAGE
      "no atomgen command found (looked on PATH and in ${_atomgen_where}); activate the environment "
      "atomgen is installed in (e.g. `. .venv/bin/activate`) or configure with "
      "-DATOMGEN_EXECUTABLE=/path/to/atomgen")
  unset(_atomgen_where)
  unset(_atomgen_hints)
  return()
endif()
unset(_atomgen_hints)
include("${CMAKE_CURRENT_LIST_DIR}/AtomGen.cmake")
