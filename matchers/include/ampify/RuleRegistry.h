// The one table of rules (Rules.def). Adding a rule: one matcher file in matchers/rules/, one
// line in Rules.def, one doc page docs/rules/<name>.md, one test file testdata/rules/<name>.cpp.
#pragma once

#include "ampify/Rule.h"

#include "llvm/ADT/ArrayRef.h"

namespace ampify {

struct RuleInfo {
  llvm::StringRef name;
  llvm::StringRef summary;
  std::unique_ptr<Rule> (*create)(llvm::StringRef name, RuleContext &);
  llvm::StringRef documentation; // docs/rules/<name>.md, embedded at build time
};

llvm::ArrayRef<RuleInfo> allRules();
const RuleInfo *findRule(llvm::StringRef name);

/// An option of a rule (`rule` names it) or of the analysis itself (`rule` empty: a global
/// option, never set per rule).
struct DeclaredOption {
  std::string rule;
  OptionSpec spec;
};

/// Every option ampify declares: the analysis's own, then each rule's (its `Severity` and what its
/// constructor declares), in Rules.def order.
const std::vector<DeclaredOption> &declaredOptions();

/// Why setting option `key` to `value` is not valid, or nullopt. `key` is `<check>.<option>` or a
/// global `<option>`; an unknown check, an option nobody declares, a global option set per check
/// and a value of the wrong type are all invalid.
std::optional<std::string> invalidRuleOption(llvm::StringRef key, llvm::StringRef value);

/// Instantiates the rules that `enabled` selects and registers their matchers.
std::vector<std::unique_ptr<Rule>> createRules(const GlobList &enabled, RuleContext &context,
                                               clang::ast_matchers::MatchFinder &finder);

} // namespace ampify

/// Placed once at the end of each rule's source file.
#define AMPIFY_RULE_FACTORY(Class)                                                                 \
  namespace ampify::rules {                                                                        \
  std::unique_ptr<::ampify::Rule> create##Class(llvm::StringRef name, ::ampify::RuleContext &c) {  \
    return std::make_unique<Class>(name, c);                                                       \
  }                                                                                                \
  }
