// ampify check: report hazards; --fix applies the findings' fix-its.
#include "CommonOptions.h"
#include "Gate.h"

#include "ampify/EditSet.h"

#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace ampify {
namespace {

cl::opt<std::string> FailOn("fail-on",
                            cl::desc("Exit 1 when a finding is at least this severe: warning "
                                     "(default), error, none"),
                            cl::init("warning"), cl::sub(CheckCommand), cl::cat(AmpifyCategory));
cl::opt<bool> ApplyFixes("fix", cl::desc("Apply the findings' fix-its to the files"),
                         cl::sub(CheckCommand), cl::cat(AmpifyCategory));

int runCheck() {
  std::optional<Severity> threshold;
  if (!parseFailOn(FailOn, threshold)) {
    llvm::errs() << "ampify: error: --fail-on must be warning, error or none\n";
    return ExitUsage;
  }
  AnalysisOptions options;
  if (!analysisOptionsFromCommandLine(options))
    return ExitUsage;
  options.conditionalFindings = true; // resolveAcrossUnits joins them
  if (std::optional<int> rc = dumpConfigIfRequested(options))
    return *rc;
  GateSettings gate;
  if (!gateSettingsFromCommandLine(gate, useColors()))
    return ExitUsage;
  std::vector<TranslationUnitResult> results;
  if (gate.nothingChanged)
    llvm::errs() << "ampify: no translation unit changed since the given revision\n";
  else if (!analyzeCommandLineInputs(options, ruleCallbacks(options), results))
    return ExitUsage;
  size_t failed = llvm::count_if(results, [](const auto &r) { return !r.parsed; });
  std::vector<Finding> findings = mergeFindings(results);
  CrossUnitFacts facts;
  for (TranslationUnitResult &result : results)
    facts.append(std::move(result.facts));
  ShardCarry carry;
  carry.facts = &facts;
  if (isShard()) {
    // `ampify merge` joins every shard's facts, then treats what the join finds as this run
    // would: under the same settings, gating the whole again.
    auto selection = commandLineCheckSelection();
    if (!selection) {
      llvm::consumeError(selection.takeError()); // analysisOptionsFromCommandLine said so
      return ExitUsage;
    }
    carry.settings = recordSettings(gate, *selection);
    gate.report.shard = &carry;
    // Only an export (a value a TU leaves open for callers) or a conditional finding can make a
    // finding in the join; every TU that calls a function it does not define has imports.
    if (gate.writer != writeFindingsAsJson && facts.offersFindings())
      llvm::errs() << "ampify: warning: only --format=json shard reports carry what the analysis across "
                      "translation units needs; `ampify merge` refuses these reports (run the shards with "
                      "--format=json and `ampify merge --format=...`)\n";
  } else {
    resolveAcrossUnits(facts, options, findings);
  }
  bool writeFailed = !applyGate(gate, findings, isShard() ? &carry.withheld : nullptr);
  writeFailed |= !writeReports(gate, findings, llvm::outs());
  llvm::outs().flush();

  if (ApplyFixes) {
    EditSet edits;
    for (const Finding &finding : findings)
      if (llvm::Error err = edits.addFixesOf(finding))
        llvm::errs() << "ampify: warning: " << llvm::toString(std::move(err)) << "\n";
    if (llvm::Error err = edits.apply()) {
      llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
      writeFailed = true;
    } else if (!edits.empty()) {
      llvm::errs() << "ampify: applied fixes to " << edits.files().size() << " file(s)\n";
    }
  }

  bool failing = anyFailing(findings, threshold);
  // Always one summary line, also when there is nothing to report.
  if (!gate.nothingChanged)
    llvm::errs() << "ampify: " << plural(findings.size(), "finding") << " in "
                 << plural(results.size(), "translation unit")
                 << (failed ? ", " + std::to_string(failed) + " not analysed" : "") << "\n";
  if (failed || writeFailed)
    return ExitUsage;
  return failing ? ExitFindings : ExitClean;
}

const CommandRegistration registration(CheckCommand, runCheck);

} // namespace
} // namespace ampify
