# cmake -DSOURCE_DIR=… -DBINARY_DIR=… -DCLANG=… -DCLANGXX=… -DGENERATOR=… -P build_fuzzer.cmake
# Configures (once) and builds the clang build of the fuzz target zkmsm_fuzz_inputs: only what
# the target needs (the static library without CUDA and Vulkan, tools/file_formats.cpp), at -O1
# with line tables, instrumented for libFuzzer's coverage, AddressSanitizer and UBSan (any UB
# aborts). Measured on the 2-core CI machine kind (2026-12-04, another build beside it): 106 s
# from scratch, seconds once built.
foreach(var SOURCE_DIR BINARY_DIR CLANG CLANGXX GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "build_fuzzer.cmake: ${var} is not set")
  endif()
endforeach()
set(sanitizers "-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer")
if(NOT EXISTS ${BINARY_DIR}/CMakeCache.txt)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G ${GENERATOR}
            -DCMAKE_C_COMPILER=${CLANG} -DCMAKE_CXX_COMPILER=${CLANGXX}
            -DCMAKE_BUILD_TYPE=RelWithDebInfo
            "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
            "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
            "-DCMAKE_C_FLAGS=${sanitizers}" "-DCMAKE_CXX_FLAGS=${sanitizers}"
            "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
            -DZKMSM_CUDA=OFF -DZKMSM_VULKAN=OFF -DZKMSM_BUILD_TOOLS=OFF -DZKMSM_BUILD_TESTS=OFF
            -DZKMSM_BUILD_BENCH=OFF -DZKMSM_BUILD_SHARED=OFF -DZKMSM_INSTALL=OFF -DZKMSM_BUILD_FUZZ=ON
    RESULT_VARIABLE configured)
  if(NOT configured EQUAL 0)
    file(REMOVE ${BINARY_DIR}/CMakeCache.txt)
    message(FATAL_ERROR "configuring the fuzz build in ${BINARY_DIR} failed")
  endif()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY_DIR} --target zkmsm_fuzz_inputs RESULT_VARIABLE built)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "building zkmsm_fuzz_inputs in ${BINARY_DIR} failed")
endif()
