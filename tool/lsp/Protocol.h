// The LSP data the server speaks: file URIs and positions. LSP positions count UTF-16 code units
// within a line, ampify's findings count bytes; these convert between them.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace ampify::lsp {

/// `file:///a%20b/c.cpp` -> `/a b/c.cpp`; nullopt for other schemes or malformed escapes.
std::optional<std::string> pathFromUri(llvm::StringRef uri);
std::string uriFromPath(llvm::StringRef path);

struct Position {
  unsigned line = 0;      // 0-based
  unsigned character = 0; // UTF-16 code units from the line start
};

/// The position of byte `offset` of `text` (clamped to its end).
Position positionAt(llvm::StringRef text, size_t offset);
/// The byte offset of an LSP position in `text` (clamped to the line's and the text's end).
size_t offsetAt(llvm::StringRef text, Position position);

llvm::json::Value toJSON(const Position &p);
/// An LSP Range between two byte offsets of `text`.
llvm::json::Value rangeJSON(llvm::StringRef text, size_t begin, size_t end);
/// Reads an LSP Position; false when `value` is not one.
bool positionFrom(const llvm::json::Value &value, Position &p);

} // namespace ampify::lsp
