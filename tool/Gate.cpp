#include "Gate.h"

#include "CommonOptions.h"

#include "ampify/Config.h"
#include "ampify/SafeWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace ampify {
namespace {

cl::opt<std::string> Format("format",
                            cl::desc("Report format: text (default), json, sarif, github"),
                            cl::init("text"), cl::sub(CheckCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the findings' fixes as YAML that "
                                          "clang-apply-replacements applies"),
                                 cl::value_desc("FILE"), cl::sub(CheckCommand),
                                 cl::cat(AmpifyCategory));
cl::opt<std::string> ProjectRoot("project-root",
                                 cl::desc("Directory that paths in machine formats and baselines "
                                          "are relative to (default: the git top-level above the "
                                          "current directory, else the nearest directory holding "
                                          ".ampify.yaml, else the current directory)"),
                                 cl::value_desc("DIR"), cl::sub(CheckCommand),
                                 cl::cat(AmpifyCategory));
cl::opt<std::string> BaselinePath("baseline",
                                  cl::desc("Report (and fail on) only findings this baseline "
                                           "does not hold"),
                                  cl::value_desc("FILE"), cl::sub(CheckCommand),
                                  cl::cat(AmpifyCategory));
cl::opt<std::string> WriteBaseline("write-baseline",
                                   cl::desc("Record today's findings as a baseline and pass"),
                                   cl::value_desc("FILE"), cl::sub(CheckCommand),
                                   cl::cat(AmpifyCategory));
cl::opt<std::string> ChangedSince("changed-since",
                                  cl::desc("Analyse only the TUs a change since this git "
                                           "revision touches; report only findings on changed "
                                           "lines"),
                                  cl::value_desc("GIT_REF"), cl::sub(CheckCommand),
                                  cl::cat(AmpifyCategory));
cl::opt<bool> DumpConfig("dump-config",
                         cl::desc("Print the effective .ampify.yaml configuration of each input "
                                  "and exit"),
                         cl::sub(CheckCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> RuleDocsUrl("rule-docs-url",
                                 cl::desc("Base URL of the rule pages linked from SARIF "
                                          "(<URL>/<rule>.md)"),
                                 cl::init(AMPIFY_RULE_DOCS_URL), cl::sub(CheckCommand),
                                 cl::cat(AmpifyCategory));

bool isUnderPath(llvm::StringRef file, llvm::StringRef dirOrFile) {
  return file == dirOrFile || projectRelativePath(file, dirOrFile) != file;
}

std::string absolutePath(llvm::StringRef path) {
  llvm::SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  return std::string(abs.str().rtrim("/"));
}

/// --changed-since: the changed sources under the inputs become the inputs; a changed header
/// keeps every input, since only a parse would tell which TUs include it.
void narrowInputsToChanges(const ChangedLines &changed, GateSettings &settings) {
  std::vector<std::string> files = changed.files();
  if (llvm::any_of(files, [](const std::string &f) { return isHeaderFile(f); }))
    return;
  std::vector<std::string> scope;
  for (const std::string &input : InputPaths)
    scope.push_back(absolutePath(input));
  std::vector<std::string> narrowed;
  for (const std::string &file : files)
    if (isSourceFile(file) && llvm::sys::fs::exists(file) &&
        (scope.empty() || llvm::any_of(scope, [&](const std::string &s) { return isUnderPath(file, s); })))
      narrowed.push_back(file);
  InputPaths.clear();
  for (const std::string &file : narrowed)
    InputPaths.push_back(file);
  settings.nothingChanged = narrowed.empty();
}

} // namespace

bool parseFailOn(llvm::StringRef text, std::optional<Severity> &threshold) {
  if (text == "warning")
    threshold = Severity::Warning;
  else if (text == "error")
    threshold = Severity::Error;
  else if (text == "none")
    threshold = std::nullopt;
  else
    return false;
  return true;
}

bool anyFailing(llvm::ArrayRef<Finding> findings, std::optional<Severity> threshold) {
  return threshold && llvm::any_of(findings, [&](const Finding &f) { return f.severity >= *threshold; });
}

bool gateSettingsFromCommandLine(GateSettings &settings, bool colors) {
  settings.writer = findingsWriter(Format);
  if (!settings.writer) {
    llvm::errs() << "ampify: error: --format must be one of " << findingsFormatNames() << "\n";
    return false;
  }
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  if (!ProjectRoot.empty() && !llvm::sys::fs::is_directory(ProjectRoot)) {
    llvm::errs() << "ampify: error: --project-root '" << ProjectRoot << "' is not a directory\n";
    return false;
  }
  settings.report.projectRoot = ProjectRoot.empty() ? findProjectRoot(cwd) : absolutePath(ProjectRoot);
  settings.report.colors = colors;
  settings.report.ruleDocsUrl = llvm::StringRef(RuleDocsUrl).rtrim("/").str();
  settings.report.toolVersion = AMPIFY_VERSION;
  settings.exportFixesPath = ExportFixes;
  settings.writeBaselinePath = WriteBaseline;
  if (!WriteBaseline.empty() && isShard()) {
    llvm::errs() << "ampify: error: --write-baseline records every finding of a run, but a shard has only "
                    "part of them (and none of those its TUs make with other shards' TUs): write the "
                    "baseline from a run without --shard\n";
    return false;
  }
  if (!BaselinePath.empty()) {
    if (!WriteBaseline.empty()) {
      llvm::errs() << "ampify: error: --baseline and --write-baseline exclude each other\n";
      return false;
    }
    registerInput(BaselinePath);
    auto baseline = Baseline::load(BaselinePath);
    if (!baseline) {
      llvm::errs() << "ampify: error: " << llvm::toString(baseline.takeError()) << "\n";
      return false;
    }
    settings.baseline = std::move(*baseline);
  }
  if (ChangedSince.getNumOccurrences()) {
    auto changed = ChangedLines::sinceGitRef(ChangedSince, cwd);
    if (!changed) {
      llvm::errs() << "ampify: error: " << llvm::toString(changed.takeError()) << "\n";
      return false;
    }
    settings.changed = std::move(*changed);
    narrowInputsToChanges(*settings.changed, settings);
  }
  return true;
}

std::optional<int> dumpConfigIfRequested(const AnalysisOptions &options) {
  if (!DumpConfig)
    return std::nullopt;
  if (InputPaths.empty()) {
    llvm::errs() << "ampify: error: --dump-config needs a file or directory\n";
    return ExitUsage;
  }
  for (const std::string &input : InputPaths) {
    llvm::SmallString<256> file(absolutePath(input));
    if (llvm::sys::fs::is_directory(file))
      llvm::sys::path::append(file, "-"); // a file in that directory
    if (llvm::Error err = options.config->dump(file, llvm::outs())) {
      llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
      return ExitUsage;
    }
  }
  return ExitClean;
}

bool applyGate(GateSettings &settings, std::vector<Finding> &findings, std::vector<Finding> *withheld) {
  const std::string &root = settings.report.projectRoot;
  std::vector<std::string> fingerprints = fingerprintFindings(findings, root);
  std::vector<Finding> kept;
  std::vector<std::string> keptPrints;
  for (size_t i = 0; i < findings.size(); ++i) {
    if (settings.changed && !settings.changed->touches(findings[i].where.file, findings[i].where.line)) {
      if (withheld)
        withheld->push_back(std::move(findings[i]));
      continue;
    }
    kept.push_back(std::move(findings[i]));
    keptPrints.push_back(std::move(fingerprints[i]));
  }
  if (!settings.writeBaselinePath.empty()) {
    if (llvm::Error err = Baseline::write(settings.writeBaselinePath, kept, keptPrints, root)) {
      llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
      return false;
    }
    llvm::errs() << "ampify: wrote " << kept.size() << " finding(s) to the baseline "
                 << settings.writeBaselinePath << "\n";
    kept.clear();
    keptPrints.clear();
  }
  if (settings.baseline) {
    size_t known = 0;
    findings.clear();
    fingerprints.clear();
    for (size_t i = 0; i < kept.size(); ++i) {
      if (settings.baseline->consume(keptPrints[i])) {
        ++known;
        if (withheld)
          withheld->push_back(std::move(kept[i]));
        continue;
      }
      findings.push_back(std::move(kept[i]));
      fingerprints.push_back(std::move(keptPrints[i]));
    }
    if (known)
      llvm::errs() << "ampify: " << known << " finding(s) are in the baseline and not reported\n";
  } else {
    findings = std::move(kept);
    fingerprints = std::move(keptPrints);
  }
  settings.report.fingerprints = std::move(fingerprints);
  return true;
}

llvm::json::Object recordSettings(const GateSettings &settings, const CheckSelection &selection) {
  const std::string &root = settings.report.projectRoot;
  llvm::json::Object options;
  for (const auto &[key, value] : selection.options)
    options[key] = value;
  llvm::json::Value baseline = nullptr;
  if (settings.baseline)
    baseline = llvm::json::Object{{"path", projectRelativePath(absolutePath(BaselinePath), root)},
                                  {"sha256", settings.baseline->digest()}};
  llvm::json::Value changed = nullptr;
  if (settings.changed)
    changed = llvm::json::Object{{"ref", std::string(ChangedSince)}, {"lines", settings.changed->toJSON(root)}};
  return llvm::json::Object{
      {"checks", selection.checks ? llvm::json::Value(*selection.checks) : llvm::json::Value(nullptr)},
      {"checkOptions", std::move(options)},
      {"baseline", std::move(baseline)},
      {"changedSince", std::move(changed)},
      {"ruleDocsUrl", settings.report.ruleDocsUrl}};
}

llvm::Error settingsFromRecord(const llvm::json::Object &recorded, llvm::StringRef root,
                               AnalysisOptions &options, GateSettings &settings) {
  auto malformed = [](llvm::StringRef key) {
    return llvm::createStringError(std::errc::invalid_argument, "its settings have a malformed \"%s\"",
                                   key.str().c_str());
  };
  CheckSelection selection;
  if (const llvm::json::Value *checks = recorded.get("checks"); checks && checks->kind() != llvm::json::Value::Null) {
    if (!checks->getAsString())
      return malformed("checks");
    selection.checks = checks->getAsString()->str();
  }
  const llvm::json::Object *checkOptions = recorded.getObject("checkOptions");
  if (!checkOptions)
    return malformed("checkOptions");
  for (const auto &[key, value] : *checkOptions) {
    if (!value.getAsString())
      return malformed("checkOptions");
    selection.options[key.str()] = value.getAsString()->str();
  }
  if (std::optional<std::string> why = applyCheckSelection(selection, options))
    return llvm::createStringError(std::errc::invalid_argument, "its settings are invalid: %s", why->c_str());

  settings.report.projectRoot = root.str();
  std::optional<llvm::StringRef> docs = recorded.getString("ruleDocsUrl");
  if (!docs)
    return malformed("ruleDocsUrl");
  settings.report.ruleDocsUrl = docs->str();
  settings.report.toolVersion = AMPIFY_VERSION;

  if (const llvm::json::Object *baseline = recorded.getObject("baseline")) {
    std::optional<llvm::StringRef> path = baseline->getString("path");
    std::optional<llvm::StringRef> digest = baseline->getString("sha256");
    if (!path || !digest)
      return malformed("baseline");
    llvm::SmallString<256> file(root);
    if (llvm::sys::path::is_absolute(*path))
      file = *path;
    else
      llvm::sys::path::append(file, *path);
    registerInput(file);
    auto loaded = Baseline::load(file);
    if (!loaded)
      return llvm::createStringError(std::errc::invalid_argument,
                                     "%s (the shards ran with --baseline; merge reads it where they did)",
                                     llvm::toString(loaded.takeError()).c_str());
    if (loaded->digest() != *digest)
      return llvm::createStringError(std::errc::invalid_argument,
                                     "the baseline '%s' is not the one the shards read (its SHA-256 differs): run "
                                     "merge in a checkout of the commit the shards analysed",
                                     file.c_str());
    settings.baseline = std::move(*loaded);
  } else if (recorded.get("baseline") && recorded.get("baseline")->kind() != llvm::json::Value::Null) {
    return malformed("baseline");
  }

  if (const llvm::json::Object *changed = recorded.getObject("changedSince")) {
    const llvm::json::Value *lines = changed->get("lines");
    if (!lines)
      return malformed("changedSince");
    auto parsed = ChangedLines::fromJSON(*lines, root);
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      return malformed("changedSince");
    }
    settings.changed = std::move(*parsed);
  } else if (recorded.get("changedSince") && recorded.get("changedSince")->kind() != llvm::json::Value::Null) {
    return malformed("changedSince");
  }
  return llvm::Error::success();
}

bool writeReports(const GateSettings &settings, llvm::ArrayRef<Finding> findings,
                  llvm::raw_ostream &os) {
  settings.writer(findings, settings.report, os);
  if (settings.exportFixesPath.empty())
    return true;
  if (llvm::Error err = exportFixes(findings, settings.report, settings.exportFixesPath)) {
    llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
    return false;
  }
  return true;
}

} // namespace ampify
