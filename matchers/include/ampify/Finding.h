// A finding is plain data (paths, offsets, strings) so that it can outlive the AST it came from:
// it is sorted and de-duplicated across TUs, printed, serialised, cached and merged.
#pragma once

#include "clang/Tooling/Core/Replacement.h"

#include <map>
#include <string>
#include <vector>

namespace ampify {

enum class Severity { Note, Warning, Error };

llvm::StringRef severityName(Severity s);

struct SourcePoint {
  std::string file; // absolute, normalised path
  unsigned line = 0;
  unsigned column = 0;
  unsigned offset = 0;
};

struct FindingNote {
  SourcePoint where;
  std::string message;
};

struct Finding {
  std::string rule;
  Severity severity = Severity::Warning;
  SourcePoint where;
  std::string message;
  std::vector<FindingNote> notes;
  std::vector<clang::tooling::Replacement> fixes;
  /// xxh3 digest of each file that `fixes` edit, as it was parsed: a file that changed on disk
  /// since then is never written.
  std::map<std::string, uint64_t> parsedDigests;
};

/// Orders findings by file, offset, rule and message: output is the same whatever order the
/// TUs were analysed in.
bool findingLess(const Finding &a, const Finding &b);
bool findingEqual(const Finding &a, const Finding &b);

} // namespace ampify
