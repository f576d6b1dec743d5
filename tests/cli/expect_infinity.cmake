# n = 0: empty points and scalars files give exactly {"infinity":true} on stdout; with --stats the
# statistics go to stderr and stdout is unchanged.
#
#   cmake -DZKMSM=<exe> -DCURVE=<curve> -DFORMAT=<format> -DWORKDIR=<dir> -P expect_infinity.cmake
file(MAKE_DIRECTORY "${WORKDIR}")
set(points "${WORKDIR}/empty_${CURVE}_${FORMAT}_points.bin")
set(scalars "${WORKDIR}/empty_${CURVE}_${FORMAT}_scalars.bin")
file(WRITE "${points}" "")
file(WRITE "${scalars}" "")
foreach(stats OFF ON)
  set(extra)
  if(stats)
    set(extra --stats)
  endif()
  execute_process(
    COMMAND "${ZKMSM}" msm --curve ${CURVE} --format ${FORMAT} --points "${points}" --scalars "${scalars}" ${extra}
    RESULT_VARIABLE status
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err)
  if(NOT status EQUAL 0 OR NOT out STREQUAL "{\"infinity\":true}\n")
    message(FATAL_ERROR "n = 0 (${extra}): exit ${status}, stdout '${out}', stderr '${err}'")
  endif()
  if(stats)
    string(JSON n ERROR_VARIABLE json_error GET "${err}" n)
    if(json_error OR NOT n EQUAL 0)
      message(FATAL_ERROR "--stats: expected a JSON line with n = 0 on stderr, got '${err}' (${json_error})")
    endif()
  elseif(NOT err STREQUAL "")
    message(FATAL_ERROR "n = 0: expected nothing on stderr, got '${err}'")
  endif()
endforeach()
