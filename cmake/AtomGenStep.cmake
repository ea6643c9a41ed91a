# AtomGenStep.cmake: one generation step of atomgen_generate() (AtomGen.cmake), run by the build as
#   cmake -DSTEP=<stamps>/<step>.step.cmake -P AtomGenStep.cmake
# STEP sets ATOMGEN_STEP_INPUTS, ATOMGEN_STEP_COMMAND, ATOMGEN_STEP_STAMP and ATOMGEN_STEP_FRESH.
#
# Configure has just generated every file, but Ninja runs every step of a new build (no command
# in its log yet). Configure therefore records a digest of each step's inputs (FRESH); when the
# inputs still have that digest the step only touches its stamp, so the first build after a
# configure generates nothing a second time. FRESH is used once: any later run generates.

include("${STEP}")
include("${CMAKE_CURRENT_LIST_DIR}/AtomGenDigest.cmake")

if(EXISTS "${ATOMGEN_STEP_FRESH}")
  file(READ "${ATOMGEN_STEP_FRESH}" recorded)
  file(REMOVE "${ATOMGEN_STEP_FRESH}")
  atomgen_digest(now ${ATOMGEN_STEP_INPUTS})
  if(now STREQUAL recorded)
    file(TOUCH "${ATOMGEN_STEP_STAMP}")
    return()
  endif()
endif()
# atomgen's own diagnostics (path:line:col: error[AGnnn]) go straight to the build's output.
execute_process(COMMAND ${ATOMGEN_STEP_COMMAND} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "atomgen: this step failed (its errors are above)")
endif()
file(TOUCH "${ATOMGEN_STEP_STAMP}")
