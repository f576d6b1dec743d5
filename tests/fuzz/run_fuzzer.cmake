# cmake -DFUZZER=… -DSEEDS=… -DWORKDIR=… -P run_fuzzer.cmake
# A bounded libFuzzer run of zkmsm_fuzz_inputs: ZKMSM_FUZZ_SECONDS (default 60) seconds, starting
# from the committed seeds (read only) and the inputs earlier runs found (WORKDIR/corpus, where new
# ones are written). Any crash, sanitizer report, timeout (10 s per input) or a failed
# expectation fails the test; libFuzzer writes the input to WORKDIR/crash-… (replay it with
# `zkmsm_fuzz_inputs <file>`).
set(seconds 60)
if(DEFINED ENV{ZKMSM_FUZZ_SECONDS})
  set(seconds $ENV{ZKMSM_FUZZ_SECONDS})
endif()
file(MAKE_DIRECTORY ${WORKDIR}/corpus)
execute_process(
  COMMAND ${FUZZER} -max_total_time=${seconds} -timeout=10 -rss_limit_mb=2048 -max_len=1024
          -print_final_stats=1 -artifact_prefix=${WORKDIR}/ ${WORKDIR}/corpus ${SEEDS}
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "zkmsm_fuzz_inputs failed (${result}); the input is in ${WORKDIR}/")
endif()
