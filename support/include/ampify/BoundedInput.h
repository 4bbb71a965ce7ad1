// Limits on the structured text ampify reads (LSP messages, reports, baselines, cache entries,
// .ampify.yaml, compilation databases). LLVM's JSON and YAML parsers recurse once per nesting
// level, so 50,000 nested '[' overflow the stack; every reader checks the nesting depth here
// first, with a scan that itself never recurses, and rejects deeper input with an error.
#pragma once

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace ampify {

/// The deepest nesting of arrays, objects, mappings and sequences ampify reads (docs/robustness.md).
/// Real inputs nest fewer than 16 levels.
constexpr unsigned MaxNestingDepth = 256;

/// An error naming `what` when JSON `text` nests arrays/objects deeper than MaxNestingDepth.
/// Brackets inside strings are not counted.
llvm::Error checkJsonNesting(llvm::StringRef text, llvm::StringRef what);

/// The same for YAML (and JSON read by LLVM's YAML parser, as compilation databases are): flow
/// brackets outside quoted scalars and comments, plus block nesting (indentation levels and
/// the compact "- - x" / "? ? x" forms) are counted, as an upper bound of the parser's depth.
llvm::Error checkYamlNesting(llvm::StringRef text, llvm::StringRef what);

/// llvm::json::parse behind checkJsonNesting; errors name `what`.
llvm::Expected<llvm::json::Value> parseJsonBounded(llvm::StringRef text, llvm::StringRef what);

} // namespace ampify
