// Finds LibTorch's headers when there is no compilation database, so that
// `ampify check train.cpp` works on its own.
#pragma once

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ampify {

struct TorchInstall {
  std::string prefix;                     // the directory holding include/torch/...
  std::string howFound;                   // for --verbose and error messages
  std::vector<std::string> includeArgs;   // -isystem flags
};

/// Where to look. The defaults read the environment; tests substitute their own.
struct TorchSearch {
  std::string torchDir;                    // $Torch_DIR
  std::string cmakePrefixPath;             // $CMAKE_PREFIX_PATH
  std::string python;                      // python3, asked for its torch package; "" to skip
  std::vector<std::string> systemPrefixes; // Debian's libtorch-dev lives under /usr
  static TorchSearch fromEnvironment();
};

/// Looks, in order, at: `explicitPrefix` (--torch-prefix); $Torch_DIR and each entry of
/// $CMAKE_PREFIX_PATH (a LibTorch install or its share/cmake/Torch); the `torch` package of
/// python3; Debian's libtorch-dev under /usr. The error says how to point ampify at them.
llvm::Expected<TorchInstall> findTorchInstall(llvm::StringRef explicitPrefix,
                                              const TorchSearch &search = TorchSearch::fromEnvironment());

/// -isystem flags for ampify's own runtime headers (<ampify/amp.h>), so that code `ampify fix`
/// migrated is analysed without a compilation database too: those installed beside the
/// executable (<prefix>/bin/ampify, <prefix>/include/ampify), else those of the source tree it
/// was built from. None when neither exists or the directory is already a default one.
std::vector<std::string> runtimeIncludeArgs();

} // namespace ampify
