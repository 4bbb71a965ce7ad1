// Shared preambles: TUs that start with the same system #includes under the same flags parse
// those headers once, from a precompiled header built by a worker and kept in the cache.
//
// Only the leading #include lines that resolve to library headers (LibTorch's, the compiler's,
// any outside the project: HeaderOwnership.h, whatever flag found them) go into the preamble, with
// those of the user's header when a TU starts with one (`#include "model.h"` whose first lines
// include <torch/torch.h>). Library directories are parsed as system ones and the analysis scope
// excludes declarations in system headers, so findings are the same with and without it; a user
// header in the preamble would have its declarations hidden from the matchers, so the preamble
// never holds one: it stops at the end of the first user header's leading includes.
#pragma once

#include "ampify/Cache.h"
#include "ampify/Driver.h"

#include <optional>
#include <string>

namespace ampify {

/// What a TU can share: its leading library includes and the flags that compile them. A preamble
/// may hold any prefix of those includes (the TU's own #include lines then find the headers
/// already included and skip them), so TUs that only start alike still share one.
struct PreamblePlan {
  std::vector<std::string> includes;            // the leading library #include names, in order
  clang::tooling::CompileCommand headerCommand; // compiles a preamble header with the TU's flags
  std::string flagsKey;                         // content key of the flags, directory and tool

  /// The cache key and the header text of the preamble made of the first `count` includes.
  std::string key(size_t count) const;
  std::string includeText(size_t count) const;
};

/// The preamble the TU `command` (whose main file holds `source`) can share, or none: no leading
/// library include, CUDA, or flags that already inject headers (-include, -include-pch).
std::optional<PreamblePlan> planPreamble(const clang::tooling::CompileCommand &command,
                                         llvm::StringRef source, const AnalysisOptions &options);

/// Writes `includeText` to `pchPath`.h and precompiles it into `pchPath` with the linked Clang
/// and the flags of `headerCommand` (a plan's, final: nothing is added to them). Returns the
/// files the header read.
llvm::Expected<std::vector<std::string>> buildPreamble(const clang::tooling::CompileCommand &headerCommand,
                                                       llvm::StringRef includeText,
                                                       llvm::StringRef pchPath);

/// `command` parsed with the precompiled preamble `pch` (its content checked, not only its headers'
/// times).
clang::tooling::CompileCommand withPreamble(clang::tooling::CompileCommand command, llvm::StringRef pch);

/// The shared preamble of the TU `command` (whose main file holds `source`) in the cache
/// `options.preambleCacheDir`, as `ampify check` keys it: the cached one of the longest prefix of
/// its library includes; when there is none and `buildIfMissing`, one of all of them, built in
/// this process and published for every later run. None when the TU can share none, the cache is
/// off or unusable, or the build failed.
std::optional<std::string> sharedPreambleFor(const clang::tooling::CompileCommand &command,
                                             llvm::StringRef source, const AnalysisOptions &options,
                                             bool buildIfMissing);

/// Preambles on disk: <cache>/preambles/<key>.json (the manifest: pch file, its digest, the
/// digests of every header it read) next to the pch files themselves.
class PreambleStore {
public:
  /// `maxBytes`: the size publish() prunes the store to (AnalysisOptions::preambleCacheMaxBytes).
  PreambleStore(const ResultCache &cache, uint64_t maxBytes)
      : dir_(cache.subdirectory("preambles")), maxBytes_(maxBytes) {}
  bool enabled() const { return !dir_.empty(); }

  /// The pch of `key` if its manifest, its content and every header it read still match (and the
  /// entry counts as used now, for pruning); an entry that does not is removed.
  std::optional<std::string> lookup(llvm::StringRef key, FileDigests &digests) const;
  /// A fresh path to build a pch for `key` into.
  std::string scratchPath(llvm::StringRef key) const;
  /// Publishes a built pch (moved into place) with its dependencies, then prunes the store; returns
  /// the pch's final path.
  std::optional<std::string> publish(llvm::StringRef key, llvm::StringRef builtPch,
                                     llvm::ArrayRef<std::string> inputs, FileDigests &digests) const;
  /// Drops the pch `pch` of `key`'s entry (stale, corrupt, or a TU failed with it and parsed
  /// without it), and the manifest if it still names that pch.
  void discard(llvm::StringRef key, llvm::StringRef pch) const;
  /// Drops the least recently used entries until the store holds at most maxBytes, never `keep`'s;
  /// and pch files that no manifest names, once an hour old (a build that died, or an entry
  /// replaced): a younger one may be a build in flight.
  void prune(llvm::StringRef keep) const;

private:
  std::string manifestPath(llvm::StringRef key) const;
  std::string dir_;
  uint64_t maxBytes_;
};

} // namespace ampify
