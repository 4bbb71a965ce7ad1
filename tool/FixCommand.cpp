// ampify fix: migrate LibTorch training loops to mixed precision (docs/fix.md).
#include "CommonOptions.h"

#include "ampify/EditSet.h"
#include "ampify/TextOutput.h"
#include "ampify/TrainingLoopMigration.h"

#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace ampify {
namespace {

cl::opt<bool> ShowDiff("diff", cl::desc("Print the migration as a unified diff; write nothing"),
                       cl::sub(FixCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the edits as YAML for clang-apply-replacements; "
                                          "write no source file"),
                                 cl::value_desc("FILE"), cl::sub(FixCommand), cl::cat(AmpifyCategory));
cl::opt<MigrationOptions::Dtype> Dtype(
    "dtype", cl::desc("Precision of the autocast regions"),
    cl::values(clEnumValN(MigrationOptions::Dtype::Float16, "fp16", "float16 with a GradScaler (default)"),
               clEnumValN(MigrationOptions::Dtype::BFloat16, "bf16", "bfloat16, autocast only, no scaler")),
    cl::init(MigrationOptions::Dtype::Float16), cl::sub(FixCommand), cl::cat(AmpifyCategory));
cl::opt<MigrationOptions::Device> Device(
    "device", cl::desc("Device of the autocast regions"),
    cl::values(clEnumValN(MigrationOptions::Device::Cuda, "cuda", "CUDA"),
               clEnumValN(MigrationOptions::Device::Cpu, "cpu", "CPU"),
               clEnumValN(MigrationOptions::Device::Auto, "auto",
                          "the program's own device expression (default; CUDA if none is visible)")),
    cl::init(MigrationOptions::Device::Auto), cl::sub(FixCommand), cl::cat(AmpifyCategory));

llvm::Error exportFixes(const EditSet &edits, llvm::StringRef mainFile, llvm::StringRef path) {
  clang::tooling::TranslationUnitReplacements unit;
  unit.MainSourceFile = mainFile.str();
  for (const auto &[file, replacements] : edits.files())
    for (const clang::tooling::Replacement &r : replacements)
      unit.Replacements.push_back(r);
  std::string yaml;
  llvm::raw_string_ostream os(yaml);
  llvm::yaml::Output out(os);
  out << unit;
  os.flush();
  return writeFileAtomically(path, yaml);
}

int runFix() {
  AnalysisOptions options;
  if (!analysisOptionsFromCommandLine(options))
    return ExitUsage;
  MigrationOptions migration;
  migration.dtype = Dtype;
  migration.device = Device;
  CallbackFactory callbacks = [migration](clang::ast_matchers::MatchFinder &finder, RuleContext &context) {
    auto rule = std::make_unique<TrainingLoopMigration>(context, migration);
    rule->registerMatchers(finder);
    std::vector<std::unique_ptr<clang::ast_matchers::MatchFinder::MatchCallback>> callbacks;
    callbacks.push_back(std::move(rule));
    return callbacks;
  };

  // Sequential and in this process: a migration is written only from analyses this run made.
  auto units = commandLineTranslationUnits(options);
  if (!units) {
    llvm::errs() << "ampify: error: " << llvm::toString(units.takeError()) << "\n";
    return ExitUsage;
  }
  if (units->empty()) {
    llvm::errs() << "ampify: error: no translation unit to analyse under the given paths\n";
    return ExitUsage;
  }
  std::vector<TranslationUnitResult> results;
  for (const auto &unit : *units) {
    if (options.verbose)
      llvm::errs() << "ampify: analysing " << unit.Filename << "\n";
    results.push_back(analyzeTranslationUnit(unit, options, callbacks));
    if (!results.back().parsed)
      llvm::errs() << "ampify: error: " << unit.Filename << " was not migrated: " << results.back().failure
                   << "\n";
  }
  size_t failed = llvm::count_if(results, [](const auto &r) { return !r.parsed; });
  std::vector<Finding> findings = mergeFindings(results);
  // Never claim a migration that is not written: a loop whose edits overlap another's (two TUs
  // that migrate a shared header differently) becomes a refusal, before anything is printed.
  EditSet edits;
  for (Finding &finding : findings) {
    if (finding.fixes.empty())
      continue;
    if (llvm::Error err = edits.addFixesOf(finding)) {
      llvm::consumeError(std::move(err));
      llvm::StringRef message(finding.message);
      if (message.consume_front("training loop migrated to mixed precision"))
        finding.message = "training loop not migrated: its edits overlap those of another migration of this "
                          "run (the same code migrated differently by two translation units?); migrate it by "
                          "hand or fix one translation unit at a time";
      finding.fixes.clear();
      finding.notes.clear();
    }
  }
  // Warnings are the findings with no fix: refused loops, and code of a migrated loop that needs
  // the user's attention.
  size_t refused = 0, warnings = 0;
  for (Finding &finding : findings) {
    if (!finding.fixes.empty()) {
      finding.severity = Severity::Note;
      continue;
    }
    ++warnings;
    if (llvm::StringRef(finding.message).starts_with("training loop not migrated"))
      ++refused;
  }
  // With --diff, stdout is the patch alone.
  bool patchOnStdout = ShowDiff;
  printFindingsAsText(findings, patchOnStdout ? llvm::errs() : llvm::outs(), useColors());

  bool writeFailed = false;
  if (!ExportFixes.empty()) {
    if (llvm::Error err = exportFixes(edits, units->front().Filename, ExportFixes)) {
      llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
      writeFailed = true;
    }
  }
  if (ShowDiff) {
    if (llvm::Error err = edits.writeDiff(llvm::outs())) {
      llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
      writeFailed = true;
    }
  } else if (ExportFixes.empty()) {
    if (llvm::Error err = edits.apply()) {
      llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
      writeFailed = true;
    } else if (!edits.empty()) {
      llvm::errs() << "ampify: migrated " << findings.size() - warnings << " training loop(s) in "
                   << edits.files().size() << " file(s)\n";
    }
  }
  if (refused)
    llvm::errs() << "ampify: " << refused << " training loop(s) not migrated (see the warnings)\n";
  if (failed || writeFailed)
    return ExitUsage;
  return warnings ? ExitFindings : ExitClean;
}

const CommandRegistration registration(FixCommand, runFix);

} // namespace
} // namespace ampify
