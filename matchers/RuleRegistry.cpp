#include "ampify/RuleRegistry.h"

#include "llvm/ADT/StringExtras.h"
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

namespace {

class DiscardingSink : public FindingSink {
public:
  void consume(Finding) override {}
};

std::vector<DeclaredOption> collectDeclaredOptions() {
  std::vector<DeclaredOption> all;
  for (const OptionSpec &spec : AnalysisSession::declaredOptions())
    all.push_back({"", spec});
  // Rules declare their options in their constructors: building each once with no options set
  // lists them, with their defaults.
  RuleOptions none;
  DiscardingSink sink;
  AnalysisSessions analyses(none);
  RuleContext context{none, sink, analyses};
  for (const RuleInfo &info : allRules()) {
    all.push_back({info.name.str(),
                   OptionSpec{"Severity", OptionSpec::Type::Choice, "", 0, 0, {"note", "warning", "error"},
                              "The severity of the check's findings (default: the check's own)."}});
    std::unique_ptr<Rule> rule = info.create(info.name, context);
    for (const OptionSpec &spec : rule->declaredOptions())
      all.push_back({info.name.str(), spec});
  }
  return all;
}

std::string optionNames(llvm::StringRef rule) {
  std::vector<std::string> names;
  for (const DeclaredOption &option : declaredOptions())
    if (option.rule == rule)
      names.push_back(option.spec.key);
  return llvm::join(names, ", ");
}

} // namespace

const std::vector<DeclaredOption> &declaredOptions() {
  static const std::vector<DeclaredOption> all = collectDeclaredOptions();
  return all;
}

std::optional<std::string> invalidRuleOption(llvm::StringRef key, llvm::StringRef value) {
  auto [rule, name] = key.contains('.') ? key.split('.') : std::make_pair(llvm::StringRef(), key);
  if (!rule.empty() && !findRule(rule))
    return "unknown check '" + rule.str() + "' in option '" + key.str() + "'";
  const OptionSpec *spec = nullptr;
  bool global = false;
  for (const DeclaredOption &option : declaredOptions()) {
    if (option.spec.key != name)
      continue;
    if (option.rule.empty())
      global = true;
    if (option.rule == rule || (rule.empty() && option.spec.key != "Severity")) {
      spec = &option.spec;
      break;
    }
  }
  if (!spec) {
    if (global)
      return "'" + name.str() + "' is a global option, set for the whole analysis: write '" + name.str() +
             "', not '" + key.str() + "'";
    if (rule.empty())
      return name == "Severity" ? "'Severity' is set per check ('<check>.Severity')"
                                : "unknown option '" + key.str() + "': no check declares it";
    return "unknown option '" + name.str() + "' of check '" + rule.str() + "' (its options: " +
           optionNames(rule) + ")";
  }
  if (auto why = invalidOptionValue(*spec, value))
    return "option '" + key.str() + "': " + *why;
  return std::nullopt;
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
