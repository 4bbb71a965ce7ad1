// ampify explain CHECK: prints docs/rules/CHECK.md, embedded in the binary.
#include "Commands.h"

#include "ampify/RuleRegistry.h"

#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace ampify {
namespace {

cl::SubCommand ExplainCommand("explain", "Print a check's documentation");
cl::opt<std::string> CheckName(cl::Positional, cl::desc("<check>"), cl::sub(ExplainCommand),
                               cl::cat(AmpifyCategory));
cl::opt<bool> ListChecks("list", cl::desc("List every check with its summary"),
                         cl::sub(ExplainCommand), cl::cat(AmpifyCategory));

int runExplain() {
  if (ListChecks) {
    for (const RuleInfo &rule : allRules())
      llvm::outs() << rule.name << "\n    " << rule.summary << "\n";
    return ExitClean;
  }
  if (CheckName.empty()) {
    llvm::errs() << "ampify: error: name a check, or use --list\n";
    return ExitUsage;
  }
  const RuleInfo *rule = findRule(CheckName);
  if (!rule) {
    llvm::errs() << "ampify: error: no check named '" << CheckName << "'; known checks:";
    for (const RuleInfo &known : allRules())
      llvm::errs() << " " << known.name;
    llvm::errs() << "\n";
    return ExitUsage;
  }
  if (rule->documentation.empty()) {
    llvm::errs() << "ampify: error: " << rule->name << " has no documentation page\n";
    return ExitUsage;
  }
  llvm::outs() << rule->documentation;
  return ExitClean;
}

const CommandRegistration registration(ExplainCommand, runExplain);

} // namespace
} // namespace ampify
