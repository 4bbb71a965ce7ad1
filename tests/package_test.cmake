# The .deb end to end, as a user gets it: `cpack -G DEB` in the build tree, the package unpacked
# into a scratch root (dpkg -x, no root rights needed), then from that root only: `ampify check`
# on a testdata input with LibTorch found by the installed tool itself, `ampify explain`, the
# clang-tidy plugin listed by clang-tidy-19, and a find_package(ampify) consumer built and run.
# Runs as: cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DCPACK=... -DTORCH_DIR=... [-DCLANG_TIDY=...]
#          -DGENERATOR=... -P package_test.cmake
file(REMOVE_RECURSE "${WORK_DIR}")
set(ROOT "${WORK_DIR}/root")

function(run_step)
  cmake_parse_arguments(STEP "" "EXPECT_RC;OUTPUT" "" ${ARGN})
  if(NOT DEFINED STEP_EXPECT_RC)
    set(STEP_EXPECT_RC 0)
  endif()
  execute_process(COMMAND ${STEP_UNPARSED_ARGUMENTS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL STEP_EXPECT_RC)
    message(FATAL_ERROR "step failed (exit ${rc}, expected ${STEP_EXPECT_RC}): ${STEP_UNPARSED_ARGUMENTS}\n${out}\n${err}")
  endif()
  message(STATUS "ok: ${STEP_UNPARSED_ARGUMENTS}")
  if(STEP_OUTPUT)
    set(${STEP_OUTPUT} "${out}${err}" PARENT_SCOPE)
  endif()
endfunction()

function(expect_in text what)
  string(FIND "${text}" "${what}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${what}' in:\n${text}")
  endif()
endfunction()

run_step("${CPACK}" --config "${BUILD_DIR}/CPackConfig.cmake" -G DEB -B "${WORK_DIR}/package")
file(GLOB debs "${WORK_DIR}/package/ampify_*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one ampify_*.deb in ${WORK_DIR}/package, found: ${debs}")
endif()
run_step(dpkg-deb --info ${debs} OUTPUT info)
expect_in("${info}" "Depends: libclang-cpp19")
run_step(dpkg -x ${debs} "${ROOT}")

# What lands where (README: Installing).
file(GLOB rule_pages RELATIVE "${SOURCE_DIR}/docs/rules" "${SOURCE_DIR}/docs/rules/*.md")
foreach(f usr/bin/ampify usr/lib/libampify-tidy.so usr/include/ampify/amp.h usr/lib/libampify_runtime.a
          usr/lib/cmake/ampify/ampifyConfig.cmake usr/lib/cmake/ampify/ampifyTargets.cmake)
  if(NOT EXISTS "${ROOT}/${f}")
    message(FATAL_ERROR "not in the package: /${f}")
  endif()
endforeach()
foreach(page IN LISTS rule_pages)
  if(NOT EXISTS "${ROOT}/usr/share/doc/ampify/rules/${page}")
    message(FATAL_ERROR "rule page not in the package: /usr/share/doc/ampify/rules/${page}")
  endif()
endforeach()

# The installed tool on a real input: it finds LibTorch's headers itself; exit 1 = findings.
set(ampify "${ROOT}/usr/bin/ampify")
run_step("${ampify}" check --no-cache --no-preamble "${SOURCE_DIR}/testdata/rules/ampify-banned-under-autocast.cpp"
         EXPECT_RC 1 OUTPUT found)
expect_in("${found}" "[ampify-banned-under-autocast]")
run_step("${ampify}" explain ampify-banned-under-autocast OUTPUT page)
expect_in("${page}" "binary_cross_entropy")
if(CLANG_TIDY)
  run_step("${CLANG_TIDY}" -load "${ROOT}/usr/lib/libampify-tidy.so" "-checks=-*,ampify-*" --list-checks
           OUTPUT checks)
  expect_in("${checks}" "ampify-banned-under-autocast")
endif()

# A user's project against the package's CMake files.
set(gen_args)
if(GENERATOR)
  set(gen_args -G "${GENERATOR}")
endif()
run_step(${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/runtime/consumer" -B "${WORK_DIR}/consumer" ${gen_args}
         "-DCMAKE_PREFIX_PATH=${ROOT}/usr" "-DTorch_DIR=${TORCH_DIR}" -DCMAKE_BUILD_TYPE=Release)
run_step(${CMAKE_COMMAND} --build "${WORK_DIR}/consumer" -j 2)
run_step("${WORK_DIR}/consumer/ampify_consumer")
