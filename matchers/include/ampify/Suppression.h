// clang-tidy's suppression comments, read from the source text: `NOLINT`, `NOLINTNEXTLINE`, and
// `NOLINTBEGIN` ... `NOLINTEND`, each optionally followed by a check list such as
// `(ampify-banned-*,-ampify-x)` (globs, as in --checks). Without a list every check is silenced;
// an empty list `()` silences none. A NOLINTBEGIN without a NOLINTEND carrying the same list
// silences nothing, as in clang-tidy.
#pragma once

#include "llvm/ADT/StringRef.h"

namespace ampify {

/// Whether a NOLINT comment in `fileText` silences `rule` at the 1-based `line`.
bool isSuppressedByNolint(llvm::StringRef fileText, unsigned line, llvm::StringRef rule);

} // namespace ampify
