# cmake -P script of the `consumer` test (see CMakeLists.txt for its -D arguments):
#   1. cmake --install ZKMSM_BUILD_DIR into WORK_DIR/prefix
#   2. configure + build CONSUMER_SOURCE_DIR in WORK_DIR/build with CMAKE_PREFIX_PATH=prefix
#   3. run the consumers (static and shared library) and check that they found this prefix and
#      printed their success line
#   4. build the consumer again with only `pkg-config --cflags --libs zkmsm` (PKG_CONFIG_PATH
#      into the prefix) and run it, when pkg-config and the shared library are there
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
function(check_consumer program)
  if(CMAKE_HOST_WIN32)
    string(APPEND program ".exe")
  endif()
  run_step("run" "${program}")
  if(NOT step_output MATCHES "zkmsm consumer OK ${EXPECTED_VERSION}")
    message(FATAL_ERROR "consumer test: unexpected output of ${program}:\n${step_output}")
  endif()
  message(STATUS "consumer test: ${program}: ${step_output}")
endfunction()

check_consumer("${build}/bin/zkmsm_consumer")
file(GLOB shared_library "${prefix}/*/libzkmsm.so" "${prefix}/*/*/libzkmsm.so")
if(shared_library)
  check_consumer("${build}/bin/zkmsm_consumer_shared")
endif()

# 4. pkg-config: the flags alone, as a Makefile-based application would use them.
find_program(PKG_CONFIG_PROGRAM NAMES pkg-config pkgconf)
file(GLOB_RECURSE pc_file "${prefix}/*/pkgconfig/zkmsm.pc")
if(NOT pc_file)
  message(FATAL_ERROR "consumer test: no zkmsm.pc under ${prefix}")
endif()
if(PKG_CONFIG_PROGRAM AND shared_library AND NOT CMAKE_HOST_WIN32)
  get_filename_component(pc_dir "${pc_file}" DIRECTORY)
  set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
  run_step("pkg-config" "${PKG_CONFIG_PROGRAM}" --cflags --libs zkmsm)
  string(STRIP "${step_output}" pc_flags)
  separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
  run_step("pkg-config libdir" "${PKG_CONFIG_PROGRAM}" --variable=libdir zkmsm)
  string(STRIP "${step_output}" pc_libdir)
  separate_arguments(cxx_flags UNIX_COMMAND "${CXX_FLAGS}")
  set(pc_program "${WORK_DIR}/zkmsm_consumer_pkgconfig")
  run_step("pkg-config build" "${CXX_COMPILER}" ${cxx_flags} -std=c++20 "${CONSUMER_SOURCE_DIR}/main.cpp"
           ${pc_flags} "-Wl,-rpath,${pc_libdir}" -o "${pc_program}")
  check_consumer("${pc_program}")
else()
  message(STATUS "consumer test: pkg-config build skipped (no pkg-config or no shared library)")
endif()
message(STATUS "consumer test passed")
