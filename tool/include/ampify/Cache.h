// The on-disk cache of a run: analysed TUs' results and precompiled preambles, keyed by content
// hashes. Entries are written to a temporary file and renamed into place, so concurrent runs can
// share one directory without locks; every entry is re-validated against the files it depends
// on before use, and one that does not validate (stale, truncated, corrupt) is ignored and
// replaced, never trusted.
#pragma once

#include "ampify/Driver.h"
#include "ampify/SafeWriter.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace ampify {

/// --cache-dir, else $AMPIFY_CACHE_DIR, else $XDG_CACHE_HOME/ampify (~/.cache/ampify).
std::string defaultCacheDirectory();

/// A hex SHA-256 of `parts` (length-prefixed, so that ("ab","c") and ("a","bc") differ).
std::string contentKey(llvm::ArrayRef<std::string> parts);

/// Content digests of files, each file read once per run however many TUs include it.
class FileDigests {
public:
  /// Hex xxh3 of the file's content, or "missing".
  const std::string &of(llvm::StringRef path);

private:
  llvm::StringMap<std::string> digests_;
};

/// Identifies this ampify build: version, Clang version, and the executable's size and mtime, so
/// that a rebuilt ampify (new or changed rules) never reuses an older build's results.
std::string toolIdentity();

/// A list of files with their digests as the entry saw them; valid while every digest still
/// matches.
llvm::json::Value dependencyList(llvm::ArrayRef<std::string> files, FileDigests &digests);
bool dependenciesUnchanged(const llvm::json::Value *list, FileDigests &digests);

/// A cache entry is the SHA-256 of its JSON text, a line break, then the text: an entry whose
/// digest does not match (a flipped byte, a truncation) is a miss, never a result.
std::optional<llvm::json::Value> readCacheEntry(llvm::StringRef path);
bool writeCacheEntry(llvm::StringRef path, llvm::json::Value entry);

class ResultCache {
public:
  /// An unusable directory (cannot be created or written) gives a disabled cache; `warning` says
  /// why.
  static ResultCache open(llvm::StringRef dir, std::string &warning);
  static ResultCache disabled() { return ResultCache(""); }

  bool enabled() const { return !dir_.empty(); }
  const std::string &directory() const { return dir_; }
  /// A subdirectory for one kind of entry, created on demand; "" when it cannot be.
  std::string subdirectory(llvm::StringRef name) const;

  /// The result stored under `key` if every file it depends on is unchanged.
  std::optional<TranslationUnitResult> lookup(llvm::StringRef key, FileDigests &digests) const;
  /// Stores a parsed TU's result; its `inputs` are the dependencies. Failures are silent: the
  /// cache is an optimisation.
  void store(llvm::StringRef key, const TranslationUnitResult &result, FileDigests &digests) const;

private:
  explicit ResultCache(std::string dir) : dir_(std::move(dir)) {}
  std::string entryPath(llvm::StringRef key) const;
  std::string dir_;
};

} // namespace ampify
