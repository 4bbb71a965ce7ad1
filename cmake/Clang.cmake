# Locates Clang/LLVM 19 LibTooling. Clang's version file rejects a bare "19", so no version is
# given to find_package; the major version is checked by hand instead.
find_program(AMPIFY_LLVM_CONFIG NAMES llvm-config-19 llvm-config REQUIRED)
execute_process(COMMAND ${AMPIFY_LLVM_CONFIG} --cmakedir OUTPUT_VARIABLE AMPIFY_LLVM_CMAKEDIR
                OUTPUT_STRIP_TRAILING_WHITESPACE)
find_package(LLVM REQUIRED CONFIG PATHS "${AMPIFY_LLVM_CMAKEDIR}" NO_DEFAULT_PATH)
find_package(Clang REQUIRED CONFIG PATHS "${AMPIFY_LLVM_CMAKEDIR}/../clang" NO_DEFAULT_PATH)
if(NOT LLVM_VERSION_MAJOR EQUAL 19)
  message(FATAL_ERROR "ampify needs LLVM/Clang 19, found ${LLVM_PACKAGE_VERSION} at ${LLVM_DIR}")
endif()

# The resource dir (builtin headers such as stddef.h) of the clang we link, so that a tool
# installed outside LLVM's prefix still finds them.
execute_process(COMMAND ${LLVM_TOOLS_BINARY_DIR}/clang -print-resource-dir
                OUTPUT_VARIABLE AMPIFY_CLANG_RESOURCE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
find_program(AMPIFY_CLANGXX NAMES clang++-19 clang++ HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
find_program(AMPIFY_FILECHECK NAMES FileCheck-19 FileCheck HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)

# Every analyzer target compiles like LLVM itself (no RTTI: our classes derive from Clang's).
add_library(ampify_llvm_flags INTERFACE)
target_include_directories(ampify_llvm_flags SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
target_compile_definitions(ampify_llvm_flags INTERFACE ${LLVM_DEFINITIONS})
target_compile_options(ampify_llvm_flags INTERFACE -fno-rtti -Wall -Wextra -Wno-unused-parameter)
# The shared libclang-cpp/libLLVM are what clang-tidy-19 itself links, so the same objects can
# later be loaded into it as a plugin.
target_link_libraries(ampify_llvm_flags INTERFACE clang-cpp LLVM)
