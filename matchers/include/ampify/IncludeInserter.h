// The #include directives that fix-its need (`std::numeric_limits` needs <limits>), placed the
// way clang-format's include sorting would place them (clang::tooling::HeaderIncludes, with the
// IncludeStyle of the file's .clang-format, LLVM's without one). Like clang-tidy's
// IncludeInserter it works per translation unit: a header is inserted into a file at most once,
// by the first finding that needs it there, and never where the file already includes it.
#pragma once

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

namespace clang {
class ASTContext;
class SourceManager;
namespace tooling {
class HeaderIncludes;
}
} // namespace clang

namespace ampify {

class IncludeInserter {
public:
  explicit IncludeInserter(const clang::SourceManager &sm);
  ~IncludeInserter();

  struct Insertion {
    clang::SourceLocation at; ///< where `text` goes, in the file
    std::string text;         ///< "#include <limits>\n"
  };
  /// The insertion of `header` (spelled "<limits>" or "\"local.h\"") into `file`, or nullopt
  /// when `file` already has that #include or this TU already inserted it there. Each call that
  /// returns an insertion claims it: the caller must emit it.
  std::optional<Insertion> claim(clang::FileID file, llvm::StringRef header);

private:
  const clang::SourceManager &sm_;
  llvm::DenseMap<clang::FileID, std::unique_ptr<clang::tooling::HeaderIncludes>> files_;
  std::set<std::pair<clang::FileID, std::string>> claimed_;
};

} // namespace ampify
