#include "ampify/RuleRegistry.h"

#include "llvm/ADT/StringMap.h"

namespace ampify::rules {
#define AMPIFY_RULE(Class, Name, Summary)                                                          \
  std::unique_ptr<::ampify::Rule> create##Class(llvm::StringRef, ::ampify::RuleContext &);
#include "Rules.def"
#undef AMPIFY_RULE
} // namespace ampify::rules

namespace ampify {
namespace {

llvm::StringRef documentationFor(llvm::StringRef name) {
  static const llvm::StringMap<llvm::StringRef> docs = {
#define AMPIFY_RULE_DOC(Name, Text) {Name, Text},
#include "RuleDocs.inc"
#undef AMPIFY_RULE_DOC
  };
  auto it = docs.find(name);
  return it == docs.end() ? llvm::StringRef() : it->second;
}

std::vector<RuleInfo> buildTable() {
  std::vector<RuleInfo> table = {
#define AMPIFY_RULE(Class, Name, Summary) {Name, Summary, &rules::create##Class, {}},
#include "Rules.def"
#undef AMPIFY_RULE
  };
  for (RuleInfo &info : table)
    info.documentation = documentationFor(info.name);
  return table;
}

} // namespace

llvm::ArrayRef<RuleInfo> allRules() {
  static const std::vector<RuleInfo> table = buildTable();
  return table;
}

const RuleInfo *findRule(llvm::StringRef name) {
  for (const RuleInfo &info : allRules())
    if (info.name == name)
      return &info;
  return nullptr;
}

std::vector<std::unique_ptr<Rule>> createRules(const GlobList &enabled, RuleContext &context,
                                               clang::ast_matchers::MatchFinder &finder) {
  std::vector<std::unique_ptr<Rule>> rules;
  for (const RuleInfo &info : allRules()) {
    if (!enabled.contains(info.name))
      continue;
    rules.push_back(info.create(info.name, context));
    rules.back()->registerMatchers(finder);
  }
  return rules;
}

} // namespace ampify
