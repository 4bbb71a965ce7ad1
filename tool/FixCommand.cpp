// ampify fix: migrate LibTorch training loops to mixed precision (docs/fix.md).
#include "CommonOptions.h"

#include "ampify/EditSet.h"
#include "ampify/Preamble.h"
#include "ampify/SafeWriter.h"
#include "ampify/TextOutput.h"
#include "ampify/TrainingLoopMigration.h"

#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <set>

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
    cl::values(clEnumValN(MigrationOptions::Dtype::Float16, "fp16",
                          "float16 with a GradScaler (default with --device=cuda or auto)"),
               clEnumValN(MigrationOptions::Dtype::BFloat16, "bf16",
                          "bfloat16, autocast only, no scaler (default with --device=cpu)")),
    cl::init(MigrationOptions::Dtype::DeviceDefault), cl::sub(FixCommand), cl::cat(AmpifyCategory));
cl::opt<MigrationOptions::Device> Device(
    "device", cl::desc("Device of the autocast regions"),
    cl::values(clEnumValN(MigrationOptions::Device::Cuda, "cuda", "CUDA"),
               clEnumValN(MigrationOptions::Device::Cpu, "cpu", "CPU"),
               clEnumValN(MigrationOptions::Device::Auto, "auto",
                          "the program's own device expression (default; CUDA if none is visible)")),
    cl::init(MigrationOptions::Device::Auto), cl::sub(FixCommand), cl::cat(AmpifyCategory));

cl::opt<bool> NoChannelsLast("no-channels-last",
                             cl::desc("Leave conv nets in the contiguous (NCHW) memory format (by default the "
                                      "migration converts the model and its inputs to channels_last)"),
                             cl::sub(FixCommand), cl::cat(AmpifyCategory));

cl::opt<bool> FixHazards("fix-hazards",
                         cl::desc("Also apply the fix-its of the hazards that the migration puts under "
                                  "autocast (they are reported either way; the fix of a call that raises "
                                  "under autocast is always applied)"),
                         cl::sub(FixCommand), cl::cat(AmpifyCategory));

/// One file's positions before and after the migration's replacements: findings made on the
/// migrated text are reported, and their fixes applied, at the positions of the file as it is.
class MigratedFile {
public:
  MigratedFile(std::string original, clang::tooling::Replacements replacements)
      : original_(std::move(original)), replacements_(std::move(replacements)) {
    lineStarts_.push_back(0);
    for (size_t i = 0; i < original_.size(); ++i)
      if (original_[i] == '\n')
        lineStarts_.push_back(i + 1);
  }

  struct Position {
    unsigned offset;           // in the original text
    bool inserted = false;     // inside text the migration wrote (offset: where it was written)
    bool inAutocast = false;   // ... and that text opens an ampify::Autocast region
  };

  Position original(unsigned migrated) const {
    int64_t shift = 0;
    for (const clang::tooling::Replacement &r : replacements_) {
      int64_t start = r.getOffset() + shift;
      if (migrated < start)
        break;
      if (migrated < start + static_cast<int64_t>(r.getReplacementText().size()))
        return {r.getOffset(), true, r.getReplacementText().contains("ampify::Autocast ")};
      shift += static_cast<int64_t>(r.getReplacementText().size()) - r.getLength();
    }
    return {static_cast<unsigned>(migrated - shift)};
  }

  void place(SourcePoint &point, unsigned offset) const {
    size_t line = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset) - lineStarts_.begin();
    point.offset = offset;
    point.line = line;
    point.column = offset - lineStarts_[line - 1] + 1;
  }

private:
  std::string original_;
  clang::tooling::Replacements replacements_;
  std::vector<unsigned> lineStarts_;
};

/// Moves a finding made on the migrated text to the original files' positions. Returns whether
/// it lies under a region the migration opened (one of its notes is at the inserted
/// `ampify::Autocast`). A fix that touches text the migration wrote is dropped.
bool toOriginal(Finding &finding, const std::map<std::string, MigratedFile> &files,
                const std::map<std::string, uint64_t> &originalDigests) {
  auto move = [&](SourcePoint &point) {
    auto file = files.find(point.file);
    if (file == files.end())
      return MigratedFile::Position{point.offset};
    MigratedFile::Position at = file->second.original(point.offset);
    file->second.place(point, at.offset);
    return at;
  };
  move(finding.where);
  bool underMigratedRegion = false;
  for (FindingNote &note : finding.notes)
    underMigratedRegion |= move(note.where).inAutocast;
  std::vector<clang::tooling::Replacement> fixes;
  for (const clang::tooling::Replacement &fix : finding.fixes) {
    auto file = files.find(fix.getFilePath().str());
    if (file == files.end()) {
      fixes.push_back(fix);
      continue;
    }
    MigratedFile::Position begin = file->second.original(fix.getOffset());
    MigratedFile::Position end = file->second.original(fix.getOffset() + fix.getLength());
    if (begin.inserted || end.inserted) {
      fixes.clear();
      break;
    }
    fixes.emplace_back(fix.getFilePath(), begin.offset, end.offset - begin.offset, fix.getReplacementText());
  }
  finding.fixes = std::move(fixes);
  for (auto &[path, digest] : finding.parsedDigests)
    if (auto original = originalDigests.find(path); original != originalDigests.end())
      digest = original->second;
  return underMigratedRegion;
}

/// A TU's analysis over the shared preamble `check` caches (built here when `buildPreamble`, for a
/// run of several TUs): the library headers are parsed from it, since the migration only edits
/// the user's code. `overlay` replaces files' text (the migrated text). A preamble at fault must
/// not cost the analysis: the TU is then parsed in full.
TranslationUnitResult analyzeWithSharedPreamble(const clang::tooling::CompileCommand &unit,
                                                const AnalysisOptions &options, const CallbackFactory &callbacks,
                                                bool buildPreamble,
                                                const std::map<std::string, std::string> &overlay = {}) {
  std::optional<std::string> pch;
  if (auto text = overlay.find(unit.Filename); text != overlay.end())
    pch = sharedPreambleFor(unit, text->second, options, buildPreamble);
  else if (auto source = llvm::MemoryBuffer::getFile(unit.Filename))
    pch = sharedPreambleFor(unit, (*source)->getBuffer(), options, buildPreamble);
  if (pch) {
    TranslationUnitResult result = analyzeTranslationUnit(withPreamble(unit, *pch), options, callbacks, overlay);
    if (result.parsed)
      return result;
  }
  return analyzeTranslationUnit(unit, options, callbacks, overlay);
}

/// The rules' findings over the migrated text of every TU the migration edits that lie under a
/// region it opened: the hazards the migration exposes (`-1e9` masks, tiny epsilons...), at the
/// positions of the files as they are.
std::vector<Finding> exposedHazards(const std::vector<clang::tooling::CompileCommand> &units,
                                    const std::vector<TranslationUnitResult> &results, const EditSet &edits,
                                    const std::vector<Finding> &migrations, const AnalysisOptions &options) {
  std::map<std::string, std::string> migratedText;
  std::map<std::string, MigratedFile> files;
  for (const auto &[path, replacements] : edits.files()) {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!buffer)
      continue;
    std::string original = (*buffer)->getBuffer().str();
    auto migrated = clang::tooling::applyAllReplacements(original, replacements);
    if (!migrated) {
      llvm::consumeError(migrated.takeError());
      continue;
    }
    migratedText[path] = std::move(*migrated);
    files.emplace(path, MigratedFile(std::move(original), replacements));
  }
  std::map<std::string, uint64_t> originalDigests;
  for (const Finding &migration : migrations)
    originalDigests.insert(migration.parsedDigests.begin(), migration.parsedDigests.end());

  // Each TU also keeps what its functions would show under another TU's autocast, so that a
  // hazard in model.cpp that a migrated loop of main.cpp now runs under autocast is found.
  AnalysisOptions joined = options;
  joined.conditionalFindings = true;
  std::vector<TranslationUnitResult> reanalysed;
  std::vector<bool> migratedUnit(units.size(), false);
  for (size_t i = 0; i < units.size() && i < results.size(); ++i) {
    if (!results[i].parsed ||
        llvm::none_of(results[i].inputs, [&](const std::string &input) { return migratedText.count(input); }))
      continue;
    migratedUnit[i] = true;
    TranslationUnitResult result =
        analyzeWithSharedPreamble(units[i], joined, ruleCallbacks(joined), /*buildPreamble=*/false, migratedText);
    if (!result.parsed)
      llvm::errs() << "ampify: warning: the migrated text of " << units[i].Filename
                   << " was not checked for hazards: " << result.failure << "\n";
    else
      reanalysed.push_back(std::move(result));
  }
  CrossUnitFacts facts;
  for (TranslationUnitResult &result : reanalysed)
    facts.append(std::move(result.facts));
  // The TUs the migration left as they are, whose main file names a function that a migrated
  // region calls in another TU: only they can define it (their own findings were there before).
  // Such a TU may call a third one's function where it runs under autocast (model.cpp's forward
  // calls attention.cpp's), so the names its calls add are looked for in turn. So are the
  // functions whose fp16 result a conditional finding waits for (the builder, in pooling.cpp, of
  // the Sequential that model.cpp's forward runs): a finding of a TU already checked may hold
  // only with a fact of a TU that no autocast call names.
  std::set<std::string> calledNames;
  bool anyUnitMayDefine = false; // a needed function whose name its USR does not spell
  size_t namedCalls = 0;
  auto nameCalls = [&] {
    for (; namedCalls < facts.autocastCalls.size(); ++namedCalls) {
      auto [scope, unqualified] = llvm::StringRef(facts.autocastCalls[namedCalls].name).rsplit("::");
      calledNames.insert((unqualified.empty() ? scope : unqualified).str());
    }
    std::set<std::string> offered;
    for (const Fp16Return &r : facts.fp16Returns)
      offered.insert(r.key());
    for (const ConditionalFinding &conditional : facts.conditional)
      for (const std::string &key : conditional.fp16Returns)
        if (!offered.count(key)) {
          std::string name = functionNameOfReturnedValue(key);
          anyUnitMayDefine |= name.empty();
          if (!name.empty())
            calledNames.insert(name);
        }
  };
  nameCalls();
  std::vector<bool> reanalysedUnit(units.size(), false);
  for (bool more = !calledNames.empty() || anyUnitMayDefine; more;) {
    more = false;
    for (size_t i = 0; i < units.size() && i < results.size(); ++i) {
      if (migratedUnit[i] || reanalysedUnit[i] || !results[i].parsed)
        continue;
      auto text = llvm::MemoryBuffer::getFile(units[i].Filename);
      if (!text || (!anyUnitMayDefine && llvm::none_of(calledNames, [&](const std::string &name) {
                      return (*text)->getBuffer().contains(name);
                    })))
        continue;
      reanalysedUnit[i] = true;
      TranslationUnitResult result =
          analyzeWithSharedPreamble(units[i], joined, ruleCallbacks(joined), /*buildPreamble=*/false);
      if (!result.parsed)
        continue;
      facts.append(std::move(result.facts));
      size_t before = calledNames.size();
      bool anyBefore = anyUnitMayDefine;
      nameCalls();
      more = more || calledNames.size() > before || anyUnitMayDefine != anyBefore;
    }
  }
  std::vector<Finding> candidates = mergeFindings(reanalysed);
  for (Finding &finding : findingsUnderOtherUnitsAutocast(facts))
    candidates.push_back(std::move(finding));
  llvm::stable_sort(candidates, findingLess);
  candidates.erase(std::unique(candidates.begin(), candidates.end(), findingEqual), candidates.end());
  std::vector<Finding> hazards;
  for (Finding &finding : candidates)
    if (toOriginal(finding, files, originalDigests))
      hazards.push_back(std::move(finding));
  return hazards;
}

/// A rule whose findings break a migrated program that runs them: it stops (a call that raises
/// under autocast) or trains on something else (a variance whose moments autocast rounds). A
/// finding's fix-it is applied with or without --fix-hazards; without one, the loop's call that
/// reaches it runs in fp32, or the loop is refused. In the words of those notes and refusals.
struct BreakingRule {
  llvm::StringRef rule;
  llvm::StringRef what;          // what the region would run
  llvm::StringRef remedy;        // what the user makes safe
  llvm::StringRef note;          // at the hazard
  llvm::StringRef underAutocast; // what the call that reaches it would do, for the note at that call
};

const BreakingRule *breakingRule(llvm::StringRef rule) {
  static const BreakingRule rules[] = {
      {"ampify-banned-under-autocast", "a call that raises under autocast and that ampify cannot rewrite",
       "make that call safe (the logits form, or ampify::run_in_fp32)", "the call that raises", "it would raise"},
      {"ampify-variance-by-subtraction", "a variance that autocast computes from rounded moments",
       "compute its moments in fp32 (an ampify::AutocastDisabled scope)", "the variance by subtraction",
       "it would compute a variance from rounded moments"},
  };
  for (const BreakingRule &known : rules)
    if (known.rule == rule)
      return &known;
  return nullptr;
}

/// Where, in the file of its backward call, the region that a migration opens begins: the offset
/// of its `ampify::Autocast` declaration.
std::optional<unsigned> regionOpening(const Finding &migration) {
  std::optional<unsigned> opened;
  for (const clang::tooling::Replacement &fix : migration.fixes)
    if (fix.getFilePath() == migration.where.file &&
        fix.getReplacementText().contains(TrainingLoopMigration::RegionOpening))
      opened = std::min(opened.value_or(fix.getOffset()), fix.getOffset());
  return opened;
}

/// Whether the region a migration opens (from its `ampify::Autocast` to its backward call) holds
/// `point`.
bool regionHoldsPoint(const Finding &migration, const SourcePoint &point) {
  std::optional<unsigned> opened = regionOpening(migration);
  return opened && point.file == migration.where.file && *opened <= point.offset &&
         point.offset <= migration.where.offset;
}

/// Whether the region a migration opens holds one of the points of `hazard`: where it is, or a
/// note's call of another file's function there.
bool regionHolds(const Finding &migration, const Finding &hazard) {
  return regionHoldsPoint(migration, hazard.where) ||
         llvm::any_of(hazard.notes, [&](const FindingNote &n) { return regionHoldsPoint(migration, n.where); });
}

/// The call, in the region `migration` opens, through which the region reaches `hazard` in another
/// file (the note at a call of another file's function): what can run in fp32 instead. Nothing when
/// the hazard is in the region itself.
std::optional<SourcePoint> callIntoHazard(const Finding &migration, const Finding &hazard) {
  if (hazard.where.file == migration.where.file)
    return std::nullopt;
  for (const FindingNote &note : hazard.notes)
    if (regionHoldsPoint(migration, note.where) && note.where.offset != regionOpening(migration))
      return note.where;
  return std::nullopt;
}

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
  return writeFileSafely(path, yaml);
}

int runFix() {
  AnalysisOptions options;
  std::map<std::string, std::string> implied;
  if (Device != MigrationOptions::Device::Auto)
    implied["AutocastDevice"] = Device == MigrationOptions::Device::Cuda ? "cuda" : "cpu";
  if (!analysisOptionsFromCommandLine(options, implied))
    return ExitUsage;
  MigrationOptions migration;
  migration.dtype = Dtype;
  migration.device = Device;
  migration.channelsLast = !NoChannelsLast;

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
  auto migrate = [&](const clang::tooling::CompileCommand &unit) {
    CallbackFactory callbacks = [migration](clang::ast_matchers::MatchFinder &finder, RuleContext &context) {
      auto rule = std::make_unique<TrainingLoopMigration>(context, migration);
      rule->registerMatchers(finder);
      std::vector<std::unique_ptr<clang::ast_matchers::MatchFinder::MatchCallback>> callbacks;
      callbacks.push_back(std::move(rule));
      return callbacks;
    };
    return analyzeWithSharedPreamble(unit, options, callbacks, /*buildPreamble=*/units->size() > 1);
  };
  std::vector<TranslationUnitResult> results;
  for (const auto &unit : *units) {
    if (options.verbose)
      llvm::errs() << "ampify: analysing " << unit.Filename << "\n";
    results.push_back(migrate(unit));
    if (!results.back().parsed)
      llvm::errs() << "ampify: error: " << unit.Filename << " was not migrated: " << results.back().failure
                   << "\n";
  }
  registerInputsOf(results);
  size_t failed = llvm::count_if(results, [](const auto &r) { return !r.parsed; });
  std::vector<Finding> findings;
  size_t alreadyMigrated = 0;
  EditSet edits;
  size_t refused = 0, migrated = 0;
  // The migrations of `results`, their edits and their counts (again after TUs are migrated anew).
  auto collectMigrations = [&] {
    findings.clear();
    alreadyMigrated = refused = migrated = 0;
    edits = EditSet();
    for (Finding &finding : mergeFindings(results)) {
      if (finding.message == TrainingLoopMigration::AlreadyMigrated)
        ++alreadyMigrated;
      else
        findings.push_back(std::move(finding));
    }
    // Never claim a migration that is not written: a loop whose edits overlap another's (two TUs
    // that migrate a shared header differently) becomes a refusal, before anything is printed.
    for (Finding &finding : findings) {
      if (finding.fixes.empty())
        continue;
      if (llvm::Error err = edits.addFixesOf(finding)) {
        llvm::consumeError(std::move(err));
        llvm::StringRef message(finding.message);
        if (message.consume_front("training loop migrated to mixed precision"))
          finding.message = "training loop not migrated: its edits overlap those of another migration of this "
                            "run (another loop of the file, or the same code migrated differently by two "
                            "translation units); migrate it by hand or fix one translation unit at a time";
        finding.fixes.clear();
        finding.notes.clear();
      }
    }
    // Warnings are the findings with no fix: refused loops, and code of a migrated loop that needs
    // the user's attention.
    for (Finding &finding : findings) {
      if (!finding.fixes.empty()) {
        finding.severity = Severity::Note;
        ++migrated;
      } else if (llvm::StringRef(finding.message).starts_with("training loop not migrated")) {
        ++refused;
      }
    }
  };
  collectMigrations();

  // What the migration exposes: the rules run over the migrated text, in this run.
  std::vector<Finding> hazards;
  if (!edits.empty()) {
    // --no-channels-last is the user's answer to ampify-conv-memory-format: the migrated text is
    // checked without that rule.
    AnalysisOptions hazardOptions = options;
    if (NoChannelsLast) {
      std::string error; // a list that parsed stays valid with one more exclusion
      [[maybe_unused]] bool parsed =
          hazardOptions.checks.parse(options.checks.text() + ",-ampify-conv-memory-format", error);
      assert(parsed && "the check list was valid before");
    }
    // A hazard of a BreakingRule with no fix-it (a BCELoss module of another file's loss, an
    // SSIM's variance by subtraction): where the region reaches it through a call of another
    // file's function, that call runs in fp32 (MigrationOptions::fp32Calls) and its TU is migrated
    // anew; otherwise, or where that call was asked for before and the hazard still holds, the
    // migration is refused. What the migrations expose is then checked again.
    for (bool changed = true; changed && !edits.empty();) {
      changed = false;
      hazards = exposedHazards(*units, results, edits, findings, hazardOptions);
      std::set<std::string> remigrate;
      for (const Finding &hazard : hazards) {
        const BreakingRule *unfixable = hazard.fixes.empty() ? breakingRule(hazard.rule) : nullptr;
        if (!unfixable)
          continue;
        for (Finding &finding : findings) {
          if (finding.fixes.empty() || !regionHolds(finding, hazard))
            continue;
          if (std::optional<SourcePoint> call = callIntoHazard(finding, hazard);
              call && llvm::none_of(migration.fp32Calls, [&](const MigrationOptions::Fp32Call &asked) {
                return asked.call.file == call->file && asked.call.offset == call->offset;
              })) {
            migration.fp32Calls.push_back({*call, unfixable->underAutocast.str() + " (" + hazard.message + ")"});
            remigrate.insert(call->file);
            continue;
          }
          finding.message = ("training loop not migrated: its forward and loss would run " + unfixable->what + " (" +
                             hazard.message + "); " + unfixable->remedy + " by hand, then run ampify fix again")
                                .str();
          finding.severity = Severity::Warning;
          finding.fixes.clear();
          finding.notes = {{hazard.where, unfixable->note.str()}};
          --migrated;
          ++refused;
          changed = true;
        }
      }
      if (!remigrate.empty()) {
        for (size_t i = 0; i < units->size(); ++i)
          if (results[i].parsed && llvm::any_of(results[i].inputs, [&](const std::string &input) {
                return remigrate.count(input) > 0;
              }))
            results[i] = migrate((*units)[i]);
        collectMigrations();
        changed = true;
      } else if (changed) {
        edits = EditSet();
        for (const Finding &finding : findings)
          if (!finding.fixes.empty())
            llvm::cantFail(edits.addFixesOf(finding)); // they were taken together before
      }
    }
    if (edits.empty())
      hazards.clear();
  }
  size_t hazardsFixed = 0;
  for (Finding &hazard : hazards) {
    // The fix of a BreakingRule's hazard is not a choice: without it the migrated program stops
    // there (a key padding mask in another file's attention).
    if (!(FixHazards || breakingRule(hazard.rule)) || hazard.fixes.empty())
      continue;
    if (llvm::Error err = edits.addFixesOf(hazard)) {
      llvm::errs() << "ampify: warning: " << llvm::toString(std::move(err)) << "\n";
      continue;
    }
    hazard.severity = Severity::Note; // applied, like a migration
    ++hazardsFixed;
  }
  findings.insert(findings.end(), std::make_move_iterator(hazards.begin()), std::make_move_iterator(hazards.end()));
  llvm::stable_sort(findings, findingLess);
  size_t warnings = llvm::count_if(findings, [](const Finding &f) { return f.severity == Severity::Warning; });

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
      llvm::errs() << "ampify: migrated " << migrated << " training loop(s) in " << edits.files().size()
                   << " file(s)\n";
    }
  }
  if (refused)
    llvm::errs() << "ampify: " << refused << " training loop(s) not migrated (see the warnings)\n";
  if (!hazards.empty())
    llvm::errs() << "ampify: " << hazards.size() << " hazard(s) now under autocast"
                 << (FixHazards || hazardsFixed == hazards.size() ? ", " + std::to_string(hazardsFixed) + " fixed"
                     : hazardsFixed ? ", " + std::to_string(hazardsFixed) +
                                          " fixed (calls that raise under autocast; --fix-hazards applies the others' "
                                          "fix-its)"
                                    : std::string(" (--fix-hazards applies their fix-its)"))
                 << "\n";
  if (findings.empty() && !failed)
    llvm::errs() << "ampify: nothing to migrate: "
                 << (alreadyMigrated ? plural(alreadyMigrated, "loop") + " already migrated"
                                     : "no training loop in " + plural(units->size(), "translation unit"))
                 << "\n";
  if (failed || writeFailed)
    return ExitUsage;
  return warnings ? ExitFindings : ExitClean;
}

const CommandRegistration registration(FixCommand, runFix);

} // namespace
} // namespace ampify
