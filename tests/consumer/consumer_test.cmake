# cmake -P script of the `consumer` test (see CMakeLists.txt for its -D arguments):
#   1. cmake --install ZKMSM_BUILD_DIR into WORK_DIR/prefix
#   2. configure + build CONSUMER_SOURCE_DIR in WORK_DIR/build with CMAKE_PREFIX_PATH=prefix
#   3. run the consumer and check that it found this prefix and printed its success line
cmake_minimum_required(VERSION 3.25)

foreach(required ZKMSM_BUILD_DIR CONSUMER_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER EXPECTED_VERSION)
  if(NOT DEFINED ${required} OR "${${required}}" STREQUAL "")
    message(FATAL_ERROR "consumer_test.cmake: -D${required}=... is required")
  endif()
endforeach()

set(prefix "${WORK_DIR}/prefix")
set(build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Runs a command; on failure prints its output and stops the test.
function(run_step name)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    list(JOIN ARGN " " command_line)
    message(FATAL_ERROR "consumer test: ${name} failed (${result})\n  ${command_line}\n${output}")
  endif()
  set(step_output "${output}" PARENT_SCOPE)
endfunction()

# 1. Install.
set(config_args "")
if(NOT "${BUILD_CONFIG}" STREQUAL "")
  set(config_args --config "${BUILD_CONFIG}")
endif()
run_step("install" "${CMAKE_COMMAND}" --install "${ZKMSM_BUILD_DIR}" --prefix "${prefix}" ${config_args})
file(GLOB_RECURSE package_config "${prefix}/*/zkmsmConfig.cmake")
if(NOT package_config)
  message(FATAL_ERROR "consumer test: no zkmsmConfig.cmake under ${prefix}")
endif()

# 2. Configure and build the consumer with the same generator, compiler and flags.
set(configure_args
  -S "${CONSUMER_SOURCE_DIR}" -B "${build}" -G "${GENERATOR}"
  "-DCMAKE_PREFIX_PATH=${prefix}"
  "-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF"
  "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
  "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}")
if(NOT "${GENERATOR_PLATFORM}" STREQUAL "")
  list(APPEND configure_args -A "${GENERATOR_PLATFORM}")
endif()
if(NOT "${GENERATOR_TOOLSET}" STREQUAL "")
  list(APPEND configure_args -T "${GENERATOR_TOOLSET}")
endif()
if(NOT "${MAKE_PROGRAM}" STREQUAL "")
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(NOT "${TOOLCHAIN_FILE}" STREQUAL "")
  list(APPEND configure_args "-DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN_FILE}")
endif()
if(NOT "${BUILD_CONFIG}" STREQUAL "")
  list(APPEND configure_args "-DCMAKE_BUILD_TYPE=${BUILD_CONFIG}")
endif()
if(NOT "${CUDA_TOOLKIT_ROOT}" STREQUAL "")
  list(APPEND configure_args "-DCUDAToolkit_ROOT=${CUDA_TOOLKIT_ROOT}")
endif()
run_step("configure" "${CMAKE_COMMAND}" ${configure_args})
string(FIND "${step_output}" "zkmsm ${EXPECTED_VERSION} from ${prefix}/" found_at)
if(found_at EQUAL -1)
  message(FATAL_ERROR "consumer test: the consumer did not find zkmsm ${EXPECTED_VERSION} in ${prefix}:\n${step_output}")
endif()
run_step("build" "${CMAKE_COMMAND}" --build "${build}" ${config_args})

# 3. Run.
set(program "${build}/bin/zkmsm_consumer")
if(CMAKE_HOST_WIN32)
  string(APPEND program ".exe")
endif()
run_step("run" "${program}")
if(NOT step_output MATCHES "zkmsm consumer OK ${EXPECTED_VERSION}")
  message(FATAL_ERROR "consumer test: unexpected output of ${program}:\n${step_output}")
endif()
message(STATUS "consumer test passed: ${step_output}")
