// Whose headers a TU includes: LibTorch's and other libraries', or the user's own project's. The
// answer decides by where a header lives, not by the flag that found it, so that
// `include_directories(${TORCH_INCLUDE_DIRS})` (-I) and an imported target (-isystem) are analysed
// alike:
//   - a header under a LibTorch install (named by --torch-prefix or by the command's own include
//     directories) or in the compiler's own directories is a library's;
//   - else a header inside the project (the VCS root of the TU's main file, the command's
//     directory and the main file's directory) is the user's own;
//   - else, when the project has a VCS root, a header outside it is a library's; without a VCS
//     root the project's extent is unknown, so only -isystem directories and install prefixes
//     (/usr, /opt) outside the TU's directories count as libraries and any other -I directory stays
//     the user's (a missed preamble costs time; a hidden user header would cost findings).
// Library directories given with -I are passed to Clang as -isystem, so that the analysis (which
// never looks at declarations in system headers) and the shared preamble (which holds only
// library headers) agree, and findings are the same with and without the preamble.
#pragma once

#include "clang/Tooling/CompilationDatabase.h"

#include <optional>
#include <string>
#include <vector>

namespace ampify {

struct AnalysisOptions;

class HeaderOwnership {
public:
  /// The ownership of the headers `command` (with the user's extra arguments) includes. The
  /// command's Filename is the TU's main file.
  HeaderOwnership(const clang::tooling::CompileCommand &command, const AnalysisOptions &options);

  /// `args` with every library directory given as -I (or --include-directory) given as -isystem
  /// instead; relative directories are resolved against the command's directory.
  std::vector<std::string> librariesAsSystem(const std::vector<std::string> &args) const;

  /// What `#include "name"` (`quoted`) or `#include <name>` written in `includer` finds under
  /// the (converted) arguments `args`, as Clang searches: a quoted name first beside its includer,
  /// then in the -iquote directories; then -I, -isystem, -idirafter.
  struct Found {
    enum Owner {
      User,    // the user's own header
      Library, // a library's
      Nowhere  // in no directory of the command: the compiler's own, or a header not generated yet
    } owner;
    std::string path; // for User and Library
  };
  Found find(llvm::StringRef name, bool quoted, llvm::StringRef includer, const std::vector<std::string> &args) const;

private:
  bool isLibraryDirectory(llvm::StringRef dir, bool givenAsSystem) const;

  std::string directory_;
  std::vector<std::string> torchPrefixes_;
  std::vector<std::string> projectDirs_;
  bool haveVcsRoot_ = false;
};

/// The nearest directory at or above `dir` that holds .git, .hg, .svn or .jj; none if there is none.
std::optional<std::string> vcsRootOf(llvm::StringRef dir);

} // namespace ampify
