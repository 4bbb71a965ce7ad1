// --changed-since: which lines a change touched, from `git diff -U0 <ref>` (the working tree
// against the ref, so uncommitted edits count). Untracked files are not part of a diff.
#pragma once

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ampify {

class ChangedLines {
public:
  /// Parses `git diff -U0` output; file paths in it are relative to `repoRoot`.
  static ChangedLines fromUnifiedDiff(llvm::StringRef diff, llvm::StringRef repoRoot);

  /// Runs git in `directory`'s repository against `ref`. Errors: no git, not a repository, an
  /// unknown ref (git's own message is included).
  static llvm::Expected<ChangedLines> sinceGitRef(llvm::StringRef ref, llvm::StringRef directory);

  /// Whether the change added or modified `line` (1-based) of the absolute `file`.
  bool touches(llvm::StringRef file, unsigned line) const;
  /// The absolute paths of the files with added or modified lines, sorted.
  std::vector<std::string> files() const;

  /// The lines as a --shard report records them, so that `ampify merge` filters the findings it
  /// joins without running git: {"PATH": [[first, last], ...]}, PATH relative to `root` (absolute
  /// when outside it).
  llvm::json::Value toJSON(llvm::StringRef root) const;
  /// Reads what toJSON wrote; relative paths are made absolute against `root`.
  static llvm::Expected<ChangedLines> fromJSON(const llvm::json::Value &value, llvm::StringRef root);

private:
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> ranges_; // [first, last]
};

} // namespace ampify
