// clang-tidy's suppression comments, read from the source text: `NOLINT`, `NOLINTNEXTLINE`, and
// `NOLINTBEGIN` ... `NOLINTEND`, each optionally followed by a check list such as
// `(ampify-banned-*,-ampify-x)` (globs, as in --checks). Without a list every check is silenced;
// an empty list `()` silences none. A NOLINTBEGIN without a NOLINTEND carrying the same list
// silences nothing, as in clang-tidy.
#pragma once

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ampify {

/// The NOLINT comments of one file's text, read once: a file of thousands of findings asks for
/// each of them, and reading the text per finding would make it quadratic.
class NolintComments {
public:
  explicit NolintComments(llvm::StringRef fileText);
  /// Whether a comment silences `rule` at the 1-based `line`.
  bool suppresses(unsigned line, llvm::StringRef rule) const;

private:
  /// A check list as written between the parentheses; none: every check.
  using Checks = std::optional<std::string>;
  struct Span {
    unsigned first, last; // 1-based lines, both included
    Checks checks;
  };
  llvm::DenseMap<unsigned, std::vector<Checks>> lines_; // NOLINT and NOLINTNEXTLINE, by line silenced
  std::vector<Span> spans_;                              // NOLINTBEGIN ... NOLINTEND
};

} // namespace ampify
