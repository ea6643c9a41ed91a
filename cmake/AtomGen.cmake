# AtomGen.cmake: run `atomgen gen` as a build step, one custom command per spec.
#
# From an installed atomgen (the wheel ships this file; `atomgen --cmake-dir` prints where):
#
#   find_package(AtomGen CONFIG REQUIRED)     # cmake -DAtomGen_DIR="$(atomgen --cmake-dir)" ...
#
# or from a checkout of atomgen:
#
#   include(path/to/atomgen/cmake/AtomGen.cmake)
#
# then
#
#   atomgen_generate(TARGET flydsl_atoms
#                    SPECS specs/rocdl/cdna3/mfma.yaml specs/nvvm/sm90/wgmma_ss.yaml ...
#                    OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/generated
#                    [ATOMGEN /path/to/atomgen])
#
# Specs of several backends may share one call. At configure time atomgen runs once for all
# specs (`gen --cmake-manifest`): it writes every file and says which files each spec's step
# writes and reads; each step's inputs are recorded, so the first build after a configure
# generates nothing a second time (AtomGenStep.cmake). A spec error prints atomgen's own
# `path:line:col: error[AGnnn]` lines, then names this call. The
# files every spec feeds (shared-file regions, each backend's dialect skeleton) belong to one
# shared step, so no file has two rules. Ninja regenerates exactly the atoms whose inputs
# changed; atomgen leaves unchanged files untouched and the outputs are BYPRODUCTS (Ninja
# restats them), so consumers rebuild only on real changes. Every spec and backend.yaml is a
# CMAKE_CONFIGURE_DEPENDS: editing one re-runs configure, which picks up a changed list of
# outputs (a renamed cpp_class) and deletes files no spec produces any more. OUTPUT_DIR
# belongs to atomgen: files in it that no spec produces are removed.
# After the call, <TARGET>_OUTPUTS holds every generated file.

include("${CMAKE_CURRENT_LIST_DIR}/AtomGenDigest.cmake")
set(_ATOMGEN_STEP_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/AtomGenStep.cmake")

# The caller's `file:line: ` of atomgen_generate(TARGET target) (CMake gives a function no caller line).
function(_atomgen_call_site target out)
  file(STRINGS "${CMAKE_CURRENT_LIST_FILE}" lines)
  set(number 0)
  set(first "")
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(line MATCHES "atomgen_generate[ \t]*\\(")
      if(first STREQUAL "")
        set(first ${number})
      endif()
      if(line MATCHES "TARGET[ \t]+${target}([ \t)]|$)")
        set(first ${number})
        break()
      endif()
    endif()
  endforeach()
  set(${out} "${CMAKE_CURRENT_LIST_FILE}:${first}: " PARENT_SCOPE)
endfunction()

# One step: a script that generates unless configure's record says the outputs are fresh.
function(_atomgen_step name stamp inputs command out)
  set(step "${CMAKE_CURRENT_BINARY_DIR}/${name}.step.cmake")
  atomgen_digest(digest ${inputs})
  file(WRITE "${stamp}.fresh" "${digest}")
  set(text "set(ATOMGEN_STEP_STAMP [==[${stamp}]==])\nset(ATOMGEN_STEP_FRESH [==[${stamp}.fresh]==])\n")
  string(APPEND text "set(ATOMGEN_STEP_INPUTS\n")
  foreach(input IN LISTS inputs)
    string(APPEND text "  [==[${input}]==]\n")
  endforeach()
  string(APPEND text ")\nset(ATOMGEN_STEP_COMMAND\n")
  foreach(word IN LISTS command)
    string(APPEND text "  [==[${word}]==]\n")
  endforeach()
  string(APPEND text ")\n")
  file(WRITE "${step}" "${text}")
  set(${out} "${step}" PARENT_SCOPE)
endfunction()

function(atomgen_generate)
  cmake_parse_arguments(AG "" "TARGET;OUTPUT_DIR;ATOMGEN" "SPECS" ${ARGN})
  if(NOT AG_TARGET OR NOT AG_OUTPUT_DIR OR NOT AG_SPECS)
    message(FATAL_ERROR "atomgen_generate: TARGET, SPECS and OUTPUT_DIR are required")
  endif()
  if(NOT AG_ATOMGEN)
    if(ATOMGEN_EXECUTABLE)
      set(AG_ATOMGEN "${ATOMGEN_EXECUTABLE}")
    else()
      find_program(AG_ATOMGEN atomgen REQUIRED)
    endif()
  endif()
  get_filename_component(out_dir "${AG_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  set(stamp_dir "${CMAKE_CURRENT_BINARY_DIR}/${AG_TARGET}.stamps")
  set(manifest "${CMAKE_CURRENT_BINARY_DIR}/${AG_TARGET}.atomgen.cmake")
  file(MAKE_DIRECTORY "${stamp_dir}")

  set(spec_paths)
  foreach(spec IN LISTS AG_SPECS)
    get_filename_component(spec_path "${spec}" ABSOLUTE)
    list(APPEND spec_paths "${spec_path}")
  endforeach()
  # Before asking: a failed configure is re-run as soon as a spec changes.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${spec_paths})
  # atomgen's diagnostics go to the terminal as it writes them (path:line:col: error[AGnnn], one a
  # line): a captured message would come back reflowed and indented under CMake's own header.
  execute_process(
    COMMAND "${AG_ATOMGEN}" gen ${spec_paths} --out "${out_dir}" --prune --quiet --cmake-manifest "${manifest}"
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    _atomgen_call_site("${AG_TARGET}" site)
    message(FATAL_ERROR "${site}atomgen_generate(TARGET ${AG_TARGET}): the specs do not check; atomgen's "
                        "errors are above, each at its spec's line. Fix them and run cmake again.")
  endif()
  include("${manifest}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${ATOMGEN_CONFIGURE_DEPENDS})

  set(stamps)
  set(all_outputs)
  math(EXPR last "${ATOMGEN_SPEC_COUNT} - 1")
  foreach(index RANGE ${last})
    set(spec_path "${ATOMGEN_SPEC_${index}}")
    file(RELATIVE_PATH shown "${CMAKE_SOURCE_DIR}" "${spec_path}")
    string(MAKE_C_IDENTIFIER "${shown}" stamp_name)
    set(stamp "${stamp_dir}/${stamp_name}.stamp")
    _atomgen_step("${AG_TARGET}.stamps/${stamp_name}" "${stamp}"
                  "${spec_path};${ATOMGEN_INPUTS_${index}};${ATOMGEN_COMMON_INPUTS}"
                  "${AG_ATOMGEN};gen;${spec_path};--out;${out_dir};--only;owned;--quiet" step)
    add_custom_command(
      OUTPUT "${stamp}"
      BYPRODUCTS ${ATOMGEN_OUTPUTS_${index}}
      COMMAND "${CMAKE_COMMAND}" "-DSTEP=${step}" -P "${_ATOMGEN_STEP_SCRIPT}"
      DEPENDS ${ATOMGEN_INPUTS_${index}} ${ATOMGEN_COMMON_INPUTS} "${_ATOMGEN_STEP_SCRIPT}"
      COMMENT "atomgen: generating ${spec_path}"
      VERBATIM)
    list(APPEND stamps "${stamp}")
    list(APPEND all_outputs ${ATOMGEN_OUTPUTS_${index}})
  endforeach()

  set(shared_inputs)
  foreach(index RANGE ${last})
    list(APPEND shared_inputs ${ATOMGEN_INPUTS_${index}})
  endforeach()
  list(REMOVE_DUPLICATES shared_inputs)
  set(shared_stamp "${stamp_dir}/shared.stamp")
  _atomgen_step("${AG_TARGET}.stamps/shared" "${shared_stamp}" "${shared_inputs};${ATOMGEN_COMMON_INPUTS}"
                "${AG_ATOMGEN};gen;${spec_paths};--out;${out_dir};--only;shared;--quiet" shared_step)
  add_custom_command(
    OUTPUT "${shared_stamp}"
    BYPRODUCTS ${ATOMGEN_SHARED_OUTPUTS}
    COMMAND "${CMAKE_COMMAND}" "-DSTEP=${shared_step}" -P "${_ATOMGEN_STEP_SCRIPT}"
    DEPENDS ${shared_inputs} ${ATOMGEN_COMMON_INPUTS} "${_ATOMGEN_STEP_SCRIPT}"
    COMMENT "atomgen: updating shared regions and dialect skeletons"
    VERBATIM)
  list(APPEND all_outputs ${ATOMGEN_SHARED_OUTPUTS})

  add_custom_target(${AG_TARGET} ALL DEPENDS ${stamps} "${shared_stamp}")
  set(${AG_TARGET}_OUTPUTS ${all_outputs} PARENT_SCOPE)
endfunction()
