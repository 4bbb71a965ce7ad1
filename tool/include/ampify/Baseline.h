// Finding identities that survive edits elsewhere in a file, and the baseline file built on them.
//
// A fingerprint hashes the rule, the file's path relative to the project root, the text of the
// finding's source line with whitespace runs collapsed, and the finding's index among findings
// with those same three (two identical calls on identical lines stay distinct). Line numbers are
// not part of it, so inserting or deleting lines above a finding keeps its fingerprint.
#pragma once

#include "ampify/Finding.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace ampify {

/// `line` trimmed, with each run of whitespace inside it made one space.
std::string normalizeSourceLine(llvm::StringRef line);

/// The fingerprint of one identity: 16 hex digits.
std::string fingerprintOf(llvm::StringRef rule, llvm::StringRef relativePath,
                          llvm::StringRef normalizedLine, unsigned occurrence);

/// The fingerprints of `findings` (sorted as mergeFindings sorts them), one per finding. Source
/// lines are read from the files on disk; a file that cannot be read fingerprints with an empty
/// line.
std::vector<std::string> fingerprintFindings(llvm::ArrayRef<Finding> findings,
                                             llvm::StringRef projectRoot);

/// A recorded set of findings (`--write-baseline`); `--baseline` hides the ones it holds, so
/// only new findings are reported and fail the gate.
class Baseline {
public:
  /// Reads a baseline file; errors name the file and what is wrong with it.
  static llvm::Expected<Baseline> load(llvm::StringRef path);

  /// Writes the findings as a baseline (JSON, sorted, one entry per finding).
  static llvm::Error write(llvm::StringRef path, llvm::ArrayRef<Finding> findings,
                           llvm::ArrayRef<std::string> fingerprints, llvm::StringRef projectRoot);

  /// Whether the baseline holds a finding with this fingerprint that has not been matched yet;
  /// each entry matches once.
  bool consume(const std::string &fingerprint);

  /// The hex SHA-256 of the file's text: `ampify merge` checks that it reads the baseline the
  /// shards read.
  const std::string &digest() const { return digest_; }

private:
  std::map<std::string, unsigned> remaining_;
  std::string digest_;
};

} // namespace ampify
