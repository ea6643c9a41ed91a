# AtomGen.cmake: run `atomgen gen` as a build step, one custom command per spec.
#
#   include(AtomGen)
#   atomgen_generate(TARGET flyrocdl_atoms
#                    SPECS specs/rocdl/cdna3/mfma.yaml specs/rocdl/cdna3/buffer_copy.yaml
#                    OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/generated
#                    [ATOMGEN /path/to/atomgen])
#
# Each spec gets a custom command whose outputs (its TableGen def, C++ file, FileCheck
# tests) and inputs (the spec, its backend.yaml, atomgen's templates and sources) are asked
# from atomgen at configure time, so Ninja regenerates exactly the atoms whose inputs changed.
# Shared files (the .td aggregation, CMakeLists, bindings, DSL modules) have one command
# that depends on every spec. atomgen leaves unchanged files untouched, and the generated
# files are BYPRODUCTS (Ninja restats them), so consumers rebuild only on real changes.
# After the call, <TARGET>_OUTPUTS holds every generated file.

function(atomgen_generate)
  cmake_parse_arguments(AG "" "TARGET;OUTPUT_DIR;ATOMGEN" "SPECS" ${ARGN})
  if(NOT AG_TARGET OR NOT AG_OUTPUT_DIR OR NOT AG_SPECS)
    message(FATAL_ERROR "atomgen_generate: TARGET, SPECS and OUTPUT_DIR are required")
  endif()
  if(NOT AG_ATOMGEN)
    find_program(AG_ATOMGEN atomgen REQUIRED)
  endif()
  set(stamp_dir "${CMAKE_CURRENT_BINARY_DIR}/${AG_TARGET}.stamps")
  file(MAKE_DIRECTORY "${stamp_dir}")

  set(spec_paths)
  set(stamps)
  set(all_outputs)
  foreach(spec IN LISTS AG_SPECS)
    get_filename_component(spec_path "${spec}" ABSOLUTE)
    list(APPEND spec_paths "${spec_path}")
    _atomgen_query("${AG_ATOMGEN}" "${AG_OUTPUT_DIR}" owned outputs --list-outputs "${spec_path}")
    _atomgen_query("${AG_ATOMGEN}" "${AG_OUTPUT_DIR}" owned inputs --list-deps "${spec_path}")
    string(MAKE_C_IDENTIFIER "${spec}" stamp_name)
    set(stamp "${stamp_dir}/${stamp_name}.stamp")
    add_custom_command(
      OUTPUT "${stamp}"
      BYPRODUCTS ${outputs}
      COMMAND "${AG_ATOMGEN}" gen "${spec_path}" --out "${AG_OUTPUT_DIR}" --only owned --quiet
      COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
      DEPENDS ${inputs}
      COMMENT "atomgen: generating ${spec}"
      VERBATIM)
    list(APPEND stamps "${stamp}")
    list(APPEND all_outputs ${outputs})
  endforeach()

  _atomgen_query("${AG_ATOMGEN}" "${AG_OUTPUT_DIR}" shared shared_outputs --list-outputs ${spec_paths})
  _atomgen_query("${AG_ATOMGEN}" "${AG_OUTPUT_DIR}" shared shared_inputs --list-deps ${spec_paths})
  set(shared_stamp "${stamp_dir}/shared.stamp")
  add_custom_command(
    OUTPUT "${shared_stamp}"
    BYPRODUCTS ${shared_outputs}
    COMMAND "${AG_ATOMGEN}" gen ${spec_paths} --out "${AG_OUTPUT_DIR}" --only shared --quiet
    COMMAND "${CMAKE_COMMAND}" -E touch "${shared_stamp}"
    DEPENDS ${shared_inputs}
    COMMENT "atomgen: updating shared regions"
    VERBATIM)
  list(APPEND all_outputs ${shared_outputs})

  add_custom_target(${AG_TARGET} ALL DEPENDS ${stamps} "${shared_stamp}")
  set(${AG_TARGET}_OUTPUTS ${all_outputs} PARENT_SCOPE)
endfunction()

# Ask atomgen (at configure time) for the outputs or inputs of a generation step.
function(_atomgen_query atomgen out_dir only result_var flag)
  execute_process(
    COMMAND "${atomgen}" gen ${ARGN} --out "${out_dir}" --only ${only} ${flag}
    OUTPUT_VARIABLE text
    ERROR_VARIABLE errors
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "atomgen_generate: `atomgen gen ${ARGN} ${flag}` failed:\n${errors}")
  endif()
  string(STRIP "${text}" text)
  string(REPLACE "\n" ";" items "${text}")
  set(${result_var} ${items} PARENT_SCOPE)
endfunction()
