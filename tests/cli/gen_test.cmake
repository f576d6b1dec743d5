# `zkmsm gen` is deterministic: the same curve, n and seed give the same bytes whatever the thread
# count; another seed gives other bytes; files hold n x 64 and n x 32 bytes.
#
#   cmake -DZKMSM=<exe> -DCURVE=<curve> -DWORKDIR=<dir> -P gen_test.cmake
file(MAKE_DIRECTORY "${WORKDIR}")
set(n 300)
function(gen name seed)
  execute_process(
    COMMAND "${ZKMSM}" gen --curve ${CURVE} --n ${n} --seed ${seed} --points "${WORKDIR}/${name}_p.bin"
            --scalars "${WORKDIR}/${name}_k.bin" ${ARGN}
    RESULT_VARIABLE status
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err)
  if(NOT status EQUAL 0 OR NOT out STREQUAL "")
    message(FATAL_ERROR "zkmsm gen ${name}: exit ${status}, stdout '${out}', stderr '${err}'")
  endif()
endfunction()
function(expect_same a b)
  foreach(kind p k)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${WORKDIR}/${a}_${kind}.bin"
                            "${WORKDIR}/${b}_${kind}.bin" RESULT_VARIABLE differ)
    if(differ)
      message(FATAL_ERROR "${a}_${kind}.bin and ${b}_${kind}.bin differ")
    endif()
  endforeach()
endfunction()

gen(first 12345)
gen(again 12345)
gen(one_thread 12345 --threads 1)
gen(three_threads 12345 --threads 3)
gen(other 12346)
expect_same(first again)
expect_same(first one_thread)
expect_same(first three_threads)
foreach(kind p k)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${WORKDIR}/first_${kind}.bin"
                          "${WORKDIR}/other_${kind}.bin" RESULT_VARIABLE differ)
  if(NOT differ)
    message(FATAL_ERROR "seeds 12345 and 12346 gave the same ${kind} file")
  endif()
endforeach()
file(SIZE "${WORKDIR}/first_p.bin" points_size)
file(SIZE "${WORKDIR}/first_k.bin" scalars_size)
math(EXPR want_points "${n} * 64")
math(EXPR want_scalars "${n} * 32")
if(NOT points_size EQUAL want_points OR NOT scalars_size EQUAL want_scalars)
  message(FATAL_ERROR "sizes ${points_size}/${scalars_size}, expected ${want_points}/${want_scalars}")
endif()
# Independent points: no two equal, none at infinity (a hex dump split into 64-byte records).
file(READ "${WORKDIR}/first_p.bin" hex HEX)
string(REPEAT "." 128 record_regex)
string(REGEX MATCHALL "${record_regex}" records "${hex}")
list(LENGTH records count)
list(REMOVE_DUPLICATES records)
list(LENGTH records distinct)
string(REPEAT "0" 128 zero_record)
list(FIND records "${zero_record}" infinity_at)
if(NOT count EQUAL n OR NOT distinct EQUAL n OR NOT infinity_at EQUAL -1)
  message(FATAL_ERROR "expected ${n} distinct finite points, got ${count} records, ${distinct} distinct")
endif()
