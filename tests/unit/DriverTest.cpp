#include "ampify/Driver.h"
#include "ampify/TorchHeaders.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace ampify;

TEST(DropCodeLoadingFlags, DropsPluginsAndKeepsTheRest) {
  std::vector<std::string> args = {"clang++", "-O2", "-fplugin=/tmp/evil.so", "-Xclang", "-load",
                                    "-Xclang", "/tmp/evil2.so", "-Xclang", "-add-plugin", "-Xclang",
                                    "evil", "-fpass-plugin=/tmp/p.so", "-Xclang", "-fno-pch-timestamp",
                                    "-DX=1", "a.cpp"};
  std::vector<std::string> dropped = dropCodeLoadingFlags(args);
  EXPECT_EQ(args, (std::vector<std::string>{"clang++", "-O2", "-Xclang", "-fno-pch-timestamp",
                                             "-DX=1", "a.cpp"}));
  ASSERT_EQ(dropped.size(), 4u);
  EXPECT_EQ(dropped[0], "-fplugin=/tmp/evil.so");
  EXPECT_EQ(dropped[1], "-Xclang -load -Xclang /tmp/evil2.so");
  EXPECT_EQ(dropped[2], "-Xclang -add-plugin -Xclang evil");
  EXPECT_EQ(dropped[3], "-fpass-plugin=/tmp/p.so");
}

// The flags every CUDA parse gets: ampify's CUDA declarations first on the search path and
// force-included, host side only, no toolkit headers.
const std::vector<std::string> CudaHostFlags = {"--cuda-host-only", "-nocudainc", "-nocudalib",
                                                "-Wno-unknown-cuda-version", "-include",
                                                "/__ampify__/cuda/ampify_cuda_host.h"};

TEST(HostParseCommand, TranslatesAnNvccCommand) {
  // What CMake writes for a CUDA target (plus -Xcompiler and nvcc's long spellings).
  std::vector<std::string> nvcc = {
      "/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler", "-DNAME=ext", "-U__CUDA_NO_HALF_OPERATORS__",
      "-I/src/include", "-isystem", "/torch/include", "-isystem=/usr/local/cuda/include", "-O3", "-std=c++17",
      "--generate-code=arch=compute_80,code=[compute_80,sm_80]", "-gencode", "arch=compute_90,code=sm_90",
      "-Xcompiler=-fPIC,-fopenmp,-DFROM_HOST", "-Xcompiler", "-Wall", "--expt-relaxed-constexpr", "-Xptxas", "-v",
      "-ccbin", "/usr/bin/g++", "--define-macro", "LONG=1", "-MD", "-MT", "k.cu.o", "-MF", "k.cu.o.d", "-x", "cu",
      "-c", "/src/k.cu", "-o", "k.cu.o"};
  std::vector<std::string> expected = {"clang++", "-I/__ampify__/cuda", "-DNAME=ext", "-U__CUDA_NO_HALF_OPERATORS__",
                                       "-I/src/include", "-isystem", "/torch/include", "-isystem",
                                       "/usr/local/cuda/include", "-O3", "-std=c++17", "-fopenmp", "-DFROM_HOST",
                                       "-DLONG=1", "-x", "cuda"};
  expected.insert(expected.end(), CudaHostFlags.begin(), CudaHostFlags.end());
  expected.push_back("/src/k.cu");
  EXPECT_EQ(hostParseCommand(nvcc, "/src/k.cu"), expected);
}

TEST(HostParseCommand, NvccCompilingCxxStaysCxx) {
  EXPECT_EQ(hostParseCommand({"nvcc", "-std=c++17", "-c", "/src/a.cpp", "-o", "a.o"}, "/src/a.cpp"),
            (std::vector<std::string>{"clang++", "-std=c++17", "/src/a.cpp"}));
}

TEST(HostParseCommand, ClangCudaCommandsKeepTheirFlags) {
  std::vector<std::string> expected = {"clang++", "-I/__ampify__/cuda", "-std=c++17", "--cuda-gpu-arch=sm_80"};
  expected.insert(expected.end(), CudaHostFlags.begin(), CudaHostFlags.end());
  expected.push_back("/src/k.cu");
  EXPECT_EQ(hostParseCommand({"clang++", "-std=c++17", "--cuda-gpu-arch=sm_80", "/src/k.cu"}, "/src/k.cu"), expected);
  std::vector<std::string> cxx = {"g++", "-O2", "/src/a.cpp"};
  EXPECT_EQ(hostParseCommand(cxx, "/src/a.cpp"), cxx);
}

class TorchSearchTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampify-torch", root_));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root_); }
  std::string makeInstall(llvm::StringRef name) {
    llvm::SmallString<256> dir(root_);
    llvm::sys::path::append(dir, name, "include/torch/csrc/api/include/torch");
    EXPECT_FALSE(llvm::sys::fs::create_directories(dir));
    llvm::sys::path::append(dir, "torch.h");
    std::error_code ec;
    llvm::raw_fd_ostream(dir, ec) << "#pragma once\n";
    llvm::SmallString<256> prefix(root_);
    llvm::sys::path::append(prefix, name);
    return std::string(prefix);
  }
  llvm::SmallString<256> root_;
};

TEST_F(TorchSearchTest, ExplicitPrefixWinsAndGivesBothIncludeDirs) {
  std::string prefix = makeInstall("explicit");
  TorchSearch search;
  search.torchDir = makeInstall("other");
  auto install = findTorchInstall(prefix, search);
  ASSERT_TRUE(bool(install)) << llvm::toString(install.takeError());
  EXPECT_EQ(install->prefix, prefix);
  EXPECT_EQ(install->includeArgs,
            (std::vector<std::string>{"-isystem" + prefix + "/include",
                                      "-isystem" + prefix + "/include/torch/csrc/api/include"}));
}

TEST_F(TorchSearchTest, TorchDirMayPointAtTheCMakePackage) {
  std::string prefix = makeInstall("libtorch");
  TorchSearch search;
  search.torchDir = prefix + "/share/cmake/Torch";
  auto install = findTorchInstall("", search);
  ASSERT_TRUE(bool(install)) << llvm::toString(install.takeError());
  EXPECT_EQ(install->prefix, prefix);
  EXPECT_EQ(install->howFound, "$Torch_DIR");
}

TEST_F(TorchSearchTest, CMakePrefixPathEntriesAreSearchedInOrder) {
  std::string second = makeInstall("second");
  TorchSearch search;
  search.cmakePrefixPath = std::string(root_) + "/missing:" + second;
  auto install = findTorchInstall("", search);
  ASSERT_TRUE(bool(install)) << llvm::toString(install.takeError());
  EXPECT_EQ(install->prefix, second);
}

TEST_F(TorchSearchTest, NothingFoundSaysHowToPointAtLibTorch) {
  TorchSearch search;
  search.systemPrefixes = {std::string(root_)};
  auto install = findTorchInstall("", search);
  ASSERT_FALSE(bool(install));
  std::string message = llvm::toString(install.takeError());
  EXPECT_NE(message.find("LibTorch headers not found"), std::string::npos);
  EXPECT_NE(message.find("--torch-prefix"), std::string::npos);
  EXPECT_NE(message.find("Torch_DIR"), std::string::npos);
}

TEST_F(TorchSearchTest, ExplicitPrefixWithoutHeadersIsAnError) {
  auto install = findTorchInstall(root_, TorchSearch());
  ASSERT_FALSE(bool(install));
  EXPECT_NE(llvm::toString(install.takeError()).find("holds no include/torch"), std::string::npos);
}
