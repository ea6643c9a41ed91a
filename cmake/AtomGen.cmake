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
#
# A SPECS entry may be a folder: its *.yaml files (backend.yaml aside) are the specs, found again
# whenever one is added or removed (CONFIGURE_DEPENDS). LLVM_API names the LLVM API profile
# (`atomgen gen --llvm-api`).
#
# CODEGEN: the checkout holds hooks, not generated code (`atomgen gen --into CHECKOUT --codegen cmake`
# writes them and this call, once). Each step then also writes the files the hooks include, under
# OUTPUT_DIR/include/atomgen (an empty one for a hook no spec feeds any more), and the call sets,
# in its caller's scope, ATOMGEN_HOOK_DIR (OUTPUT_DIR/include: put it on the include path) and one
# ATOMGEN_HOOK_<file>_<region> per CMake-list hook (the generated sources of a library). With
# PYTHON_PACKAGE_DIR, <dir>/_atomgen links to the generated DSL modules, which the checkout's DSL
# modules import.

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
  cmake_parse_arguments(AG "CODEGEN" "TARGET;OUTPUT_DIR;ATOMGEN;LLVM_API;PYTHON_PACKAGE_DIR" "SPECS" ${ARGN})
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
    if(IS_DIRECTORY "${spec_path}")
      file(GLOB_RECURSE found CONFIGURE_DEPENDS "${spec_path}/*.yaml")
      list(FILTER found EXCLUDE REGEX "/backend\\.yaml$")
      list(SORT found)
      list(APPEND spec_paths ${found})
    else()
      list(APPEND spec_paths "${spec_path}")
    endif()
  endforeach()
  if(NOT spec_paths)
    _atomgen_call_site("${AG_TARGET}" site)
    message(FATAL_ERROR "${site}atomgen_generate(TARGET ${AG_TARGET}): no spec files in ${AG_SPECS}")
  endif()
  set(mode)
  if(AG_LLVM_API)
    list(APPEND mode --llvm-api "${AG_LLVM_API}")
  endif()
  if(AG_CODEGEN)
    list(APPEND mode --codegen cmake --hooks-of "${CMAKE_SOURCE_DIR}")
  endif()
  # Before asking: a failed configure is re-run as soon as a spec changes.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${spec_paths})
  # atomgen's diagnostics go to the terminal as it writes them (path:line:col: error[AGnnn], one a
  # line): a captured message would come back reflowed and indented under CMake's own header.
  execute_process(
    COMMAND "${AG_ATOMGEN}" gen ${spec_paths} --out "${out_dir}" ${mode} --prune --quiet --cmake-manifest "${manifest}"
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
    set(command "${AG_ATOMGEN}" gen "${spec_path}" --out "${out_dir}" ${mode} --only owned --quiet)
    _atomgen_step("${AG_TARGET}.stamps/${stamp_name}" "${stamp}"
                  "${spec_path};${ATOMGEN_INPUTS_${index}};${ATOMGEN_COMMON_INPUTS}" "${command}" step)
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
  set(command "${AG_ATOMGEN}" gen ${spec_paths} --out "${out_dir}" ${mode} --only shared --quiet)
  _atomgen_step("${AG_TARGET}.stamps/shared" "${shared_stamp}" "${shared_inputs};${ATOMGEN_COMMON_INPUTS}"
                "${command}" shared_step)
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
  if(AG_CODEGEN)
    set(ATOMGEN_HOOK_DIR "${out_dir}/include" PARENT_SCOPE)
    foreach(variable IN LISTS ATOMGEN_HOOK_VARIABLES)
      set(${variable} "${${variable}}" PARENT_SCOPE)
    endforeach()
    if(AG_PYTHON_PACKAGE_DIR)
      file(MAKE_DIRECTORY "${AG_PYTHON_PACKAGE_DIR}" "${out_dir}/python")
      file(CREATE_LINK "${out_dir}/python" "${AG_PYTHON_PACKAGE_DIR}/_atomgen" SYMBOLIC)
    endif()
  endif()
endfunction()
