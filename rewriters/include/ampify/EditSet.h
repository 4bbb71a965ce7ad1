// All edits of one run, kept as clang::tooling::Replacements per file: de-duplicated across TUs
// (a header's fix is found once per TU that includes it), checked for conflicts, shown as a
// unified diff, and written through the safe writer (SafeWriter.h), never over a file that changed
// on disk since it was parsed.
#pragma once

#include "ampify/Finding.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <string>

namespace ampify {

class EditSet {
public:
  /// Adds every fix of `finding`. A fix that overlaps an edit already taken (and is not the same
  /// edit) makes the whole finding's fix be left out: the error says which file and where.
  llvm::Error addFixesOf(const Finding &finding);

  bool empty() const { return files_.empty(); }
  const std::map<std::string, clang::tooling::Replacements> &files() const { return files_; }

  /// A unified diff of every edited file: `--- a/path` for paths under the working directory
  /// (so `patch -p1` applies it), absolute paths otherwise.
  llvm::Error writeDiff(llvm::raw_ostream &os) const;

  /// Rewrites each file in place. Files are written one by one by writeFileSafely; a file whose
  /// content differs from what was parsed is skipped with an error naming it.
  llvm::Error apply() const;

private:
  std::map<std::string, clang::tooling::Replacements> files_;
  /// Every edit taken, per file, as added (before Replacements merges adjoining ones): finds
  /// duplicates and the neighbours a new edit could conflict with in logarithmic time.
  std::map<std::string, std::set<clang::tooling::Replacement>> taken_;
  std::map<std::string, uint64_t> parsedDigests_;
};

} // namespace ampify
