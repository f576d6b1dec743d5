# Runs zkmsm and checks that it fails cleanly: the expected exit status (not a crash), nothing on
# stdout, and a message on stderr matching EXPECT_STDERR.
#
#   cmake -DZKMSM=<exe> -DARGS=<args separated by |> -DEXPECT_EXIT=1 -DEXPECT_STDERR=<regex>
#         -DWORKDIR=<dir> -P expect_error.cmake
string(REPLACE "|" ";" args "${ARGS}")
# @UNAVAILABLE_BACKEND@ stands for a backend `zkmsm info` reports unusable on this machine.
if(args MATCHES "@UNAVAILABLE_BACKEND@")
  execute_process(COMMAND "${ZKMSM}" info OUTPUT_VARIABLE info RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "zkmsm info failed: ${status}")
  endif()
  set(unavailable)
  foreach(backend cuda vulkan)
    string(JSON usable GET "${info}" backends ${backend})
    if(NOT usable AND NOT unavailable)
      set(unavailable ${backend})
    endif()
  endforeach()
  if(NOT unavailable)
    message(STATUS "SKIP: every backend is usable here (${info})")
    return()
  endif()
  string(REPLACE "@UNAVAILABLE_BACKEND@" "${unavailable}" args "${args}")
endif()
execute_process(
  COMMAND "${ZKMSM}" ${args}
  WORKING_DIRECTORY "${WORKDIR}"
  RESULT_VARIABLE status
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
set(context "zkmsm ${args}\n  exit status: ${status}\n  stdout: '${out}'\n  stderr: '${err}'")
if(NOT status STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "expected exit status ${EXPECT_EXIT}\n${context}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "expected nothing on stdout\n${context}")
endif()
if(NOT err MATCHES "${EXPECT_STDERR}")
  message(FATAL_ERROR "expected stderr to match '${EXPECT_STDERR}'\n${context}")
endif()
message(STATUS "ok: exit ${status}, stderr: ${err}")
