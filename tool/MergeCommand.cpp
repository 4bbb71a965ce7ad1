// ampify merge: combines the reports of `check --shard=K/N` runs into one, as if one run had
// analysed every TU. JSON shard reports (--format=json) are the complete form: they carry their
// TUs' cross-unit facts, the settings that shape findings and the findings their gate withheld,
// so merge joins the facts, gates the whole as one run gates it, and writes any report format.
// SARIF logs and fix files (--export-fixes) of shards are concatenated (a finding in a header
// that several shards saw comes out once); they cannot carry the facts.
#include "Gate.h"

#include "ampify/BoundedInput.h"
#include "ampify/FindingJson.h"
#include "ampify/Output.h"
#include "ampify/SafeWriter.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

namespace cl = llvm::cl;
namespace json = llvm::json;

namespace ampify {
namespace {

cl::SubCommand MergeCommand("merge", "Combine the reports of sharded runs (JSON, SARIF or fix YAML)");
cl::list<std::string> Inputs(cl::Positional, cl::OneOrMore, cl::desc("<report>..."),
                             cl::sub(MergeCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> Output("o", cl::desc("Write the merged report here (default, or '-': stdout)"),
                            cl::value_desc("FILE"), cl::sub(MergeCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> Format("format",
                            cl::desc("Format of the merged report of --format=json shard reports: json "
                                     "(default), sarif, github, text"),
                            cl::init("json"), cl::sub(MergeCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Also write the merged findings' fixes as YAML that "
                                          "clang-apply-replacements applies (from JSON shard reports)"),
                                 cl::value_desc("FILE"), cl::sub(MergeCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> FailOn("fail-on",
                            cl::desc("Exit 1 when a merged finding of --format=json shard reports is at "
                                     "least this severe: warning, error, none (default)"),
                            cl::init("none"), cl::sub(MergeCommand), cl::cat(AmpifyCategory));
cl::extrahelp MergeHelp(
    "\nampify merge (shards of one run, each `ampify check --shard=K/N`):\n"
    "  JSON shard reports (--format=json) carry what merge needs to give exactly what one run gives:\n"
    "  the TUs' cross-unit facts, the settings that shape findings (--checks, --check-option, the\n"
    "  --baseline's path and SHA-256, --changed-since's changed lines) and the findings the shard's\n"
    "  gate withheld. merge joins the facts, applies the .ampify.yaml files, the baseline and the\n"
    "  changed lines to the whole, and writes --format (json, sarif, github, text) and --export-fixes;\n"
    "  --fail-on=warning|error exits 1 as check would.\n"
    "  Run it in a checkout of the analysed commit at the shards' project root: it reads the sources,\n"
    "  .ampify.yaml files and baseline there. Shards that disagree on their settings are refused.\n"
    "  SARIF logs and fix YAML files of shards are concatenated; they carry no facts, so merge refuses\n"
    "  SARIF shards whose TUs export facts for the join (use JSON shards and --format=sarif).\n");

std::string serialise(const json::Value &value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return text;
}

using ReportKey = std::tuple<std::string, int64_t, int64_t, std::string, std::string>;

ReportKey keyOf(const json::Object &f) {
  return std::make_tuple(f.getString("path").value_or("").str(), f.getInteger("line").value_or(0),
                         f.getInteger("column").value_or(0), f.getString("rule").value_or("").str(),
                         f.getString("message").value_or("").str());
}

/// Byte offsets of line:column positions, for findings read back from reports, which have no
/// offsets: a finding's line is found by its offset when it is fingerprinted (Baseline.h), and
/// findings sort by offset.
class SourceOffsets {
public:
  unsigned of(const std::string &file, int64_t line, int64_t column) {
    auto it = lineStarts_.find(file);
    if (it == lineStarts_.end()) {
      std::vector<unsigned> starts;
      if (auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/true)) {
        llvm::StringRef text = (*buffer)->getBuffer();
        starts.push_back(0);
        for (size_t i = 0; i < text.size(); ++i)
          if (text[i] == '\n')
            starts.push_back(unsigned(i + 1));
      }
      it = lineStarts_.emplace(file, std::move(starts)).first;
    }
    if (line < 1 || size_t(line) > it->second.size())
      return 0;
    return it->second[line - 1] + unsigned(std::max<int64_t>(column, 1) - 1);
  }

private:
  std::map<std::string, std::vector<unsigned>> lineStarts_;
};

/// A report entry ("findings" or "withheld") as the finding it was: paths made absolute against
/// the project root, offsets from the sources there.
Finding findingOf(const json::Object &f, llvm::StringRef root, SourceOffsets &offsets) {
  auto absolute = [&](llvm::StringRef path) {
    llvm::SmallString<256> abs(root);
    if (llvm::sys::path::is_absolute(path))
      abs = path;
    else
      llvm::sys::path::append(abs, path);
    return std::string(abs);
  };
  auto point = [&](const json::Object &at) {
    std::string file = absolute(at.getString("path").value_or(""));
    int64_t line = at.getInteger("line").value_or(0), column = at.getInteger("column").value_or(0);
    unsigned offset = offsets.of(file, line, column);
    return SourcePoint{std::move(file), unsigned(line), unsigned(column), offset};
  };
  Finding finding;
  finding.rule = f.getString("rule").value_or("").str();
  finding.severity = f.getString("severity") == "note"    ? Severity::Note
                     : f.getString("severity") == "error" ? Severity::Error
                                                          : Severity::Warning;
  finding.where = point(f);
  finding.message = f.getString("message").value_or("").str();
  if (const json::Array *notes = f.getArray("notes"))
    for (const json::Value &value : *notes)
      if (const json::Object *note = value.getAsObject())
        finding.notes.push_back({point(*note), note->getString("message").value_or("").str()});
  if (const json::Array *fixes = f.getArray("fixes"))
    for (const json::Value &value : *fixes)
      if (const json::Object *fix = value.getAsObject())
        finding.fixes.emplace_back(absolute(fix->getString("path").value_or("")),
                                   unsigned(fix->getInteger("offset").value_or(0)),
                                   unsigned(fix->getInteger("length").value_or(0)),
                                   fix->getString("replacement").value_or(""));
  return finding;
}

/// The first member in which two shards' settings differ.
std::string firstDifference(const json::Object &a, const json::Object &b) {
  std::set<std::string> keys;
  for (const auto &[key, value] : a)
    keys.insert(key.str());
  for (const auto &[key, value] : b)
    keys.insert(key.str());
  for (const std::string &key : keys) {
    const json::Value *x = a.get(key), *y = b.get(key);
    if (!x || !y || serialise(*x) != serialise(*y))
      return key;
  }
  return "";
}

/// Reports of `check --shard --format=json` (each with "crossUnit"): the findings of all and the
/// findings their gates withheld, joined across the shards' facts and gated as one run would,
/// written in --format. Errors: shards of different runs (project root, settings), a malformed
/// report, a baseline that is not the shards', an unwritable --export-fixes. Returns whether a
/// merged finding fails `threshold`.
llvm::Expected<bool> mergeShards(llvm::ArrayRef<json::Value> docs, std::optional<Severity> threshold,
                                 llvm::raw_ostream &os) {
  const json::Object *first = nullptr;
  std::string root;
  CrossUnitFacts facts;
  std::vector<const json::Object *> entries;
  for (size_t i = 0; i < docs.size(); ++i) {
    const json::Object *doc = docs[i].getAsObject();
    const json::Object *crossUnit = doc->getObject("crossUnit");
    const json::Object *settings = crossUnit->getObject("settings");
    std::optional<llvm::StringRef> shardRoot = crossUnit->getString("projectRoot");
    const json::Array *withheld = crossUnit->getArray("withheld");
    if (!settings || !withheld)
      return llvm::createStringError(std::errc::invalid_argument,
                                     "'%s' carries cross-unit facts but not the settings its findings were "
                                     "made with: an older ampify wrote it; run the shards again with this one",
                                     Inputs[i].c_str());
    CrossUnitFacts shard;
    json::Path::Root path("crossUnit");
    const json::Value *given = crossUnit->get("facts");
    if (!given || !shardRoot || !fromJSON(*given, shard, path)) {
      llvm::consumeError(path.getError());
      return llvm::createStringError(std::errc::invalid_argument, "'%s' has malformed cross-unit facts",
                                     Inputs[i].c_str());
    }
    if (!first) {
      first = crossUnit;
      root = shardRoot->str();
    } else if (root != *shardRoot) {
      return llvm::createStringError(std::errc::invalid_argument,
                                     "'%s' was made with another project root than '%s'", Inputs[i].c_str(),
                                     Inputs[0].c_str());
    } else if (std::string key = firstDifference(*first->getObject("settings"), *settings); !key.empty()) {
      return llvm::createStringError(
          std::errc::invalid_argument,
          "'%s' was made with other settings than '%s' (\"%s\" differs): the shards of one run need the same "
          "--checks, --check-option, --baseline and --changed-since",
          Inputs[i].c_str(), Inputs[0].c_str(), key.c_str());
    }
    facts.append(std::move(shard));
    for (const json::Array *list : {doc->getArray("findings"), withheld})
      for (const json::Value &entry : *list)
        if (const json::Object *f = entry.getAsObject())
          entries.push_back(f);
  }
  if (!llvm::sys::fs::is_directory(root))
    return llvm::createStringError(std::errc::no_such_file_or_directory,
                                   "the shards analysed the project at '%s', which is not here: run ampify "
                                   "merge in a checkout of the analysed commit at that path (it reads the "
                                   "sources, .ampify.yaml files and baseline there)",
                                   root.c_str());
  AnalysisOptions options;
  GateSettings gate;
  if (llvm::Error err = settingsFromRecord(*first->getObject("settings"), root, options, gate))
    return llvm::createStringError(std::errc::invalid_argument, "'%s': %s", Inputs[0].c_str(),
                                   llvm::toString(std::move(err)).c_str());
  gate.writer = findingsWriter(Format);
  gate.exportFixesPath = ExportFixes;
  // As one run has them before its gate: every TU's findings, sorted, each once, then the join.
  SourceOffsets offsets;
  std::vector<Finding> findings;
  for (const json::Object *entry : entries)
    findings.push_back(findingOf(*entry, root, offsets));
  llvm::stable_sort(findings, findingLess);
  findings.erase(std::unique(findings.begin(), findings.end(), findingEqual), findings.end());
  resolveAcrossUnits(facts, options, findings);
  applyGate(gate, findings); // writes no baseline, so it cannot fail
  if (!writeReports(gate, findings, os))
    return llvm::createStringError(std::errc::io_error, "the merged report was not written");
  return anyFailing(findings, threshold);
}

/// --format=json reports of runs without --shard: the findings of all, in report order, each once.
json::Value mergeJson(llvm::ArrayRef<json::Value> docs) {
  std::map<ReportKey, json::Value> sorted;
  std::optional<int64_t> version;
  for (size_t i = 0; i < docs.size(); ++i) {
    const json::Object *doc = docs[i].getAsObject();
    for (const json::Value &finding : *doc->getArray("findings")) {
      const json::Object *f = finding.getAsObject();
      if (!f)
        continue;
      sorted.emplace(keyOf(*f), finding);
    }
    version = doc->getInteger("version");
  }
  json::Array all;
  for (auto &[key, finding] : sorted)
    all.push_back(std::move(finding));
  return json::Object{{"version", version.value_or(1)}, {"findings", std::move(all)}};
}

/// SARIF logs of one tool: the first log's run takes every other run's results, with artifact
/// and rule indices renumbered into the merged tables.
llvm::Expected<json::Value> mergeSarif(std::vector<json::Value> docs) {
  auto runOf = [](json::Value &doc) -> json::Object * {
    json::Object *log = doc.getAsObject();
    json::Array *runs = log ? log->getArray("runs") : nullptr;
    return runs && runs->size() == 1 ? (*runs)[0].getAsObject() : nullptr;
  };
  json::Object *merged = runOf(docs[0]);
  if (!merged)
    return llvm::createStringError(std::errc::invalid_argument, "'%s' is not a one-run SARIF log",
                                   Inputs[0].c_str());
  json::Array artifacts, rules, results;
  std::map<std::string, size_t> artifactIndex, ruleIndex;
  std::set<std::string> seen;
  for (size_t d = 0; d < docs.size(); ++d) {
    json::Object *run = runOf(docs[d]);
    if (!run)
      return llvm::createStringError(std::errc::invalid_argument, "'%s' is not a one-run SARIF log",
                                     Inputs[d].c_str());
    std::vector<size_t> artifactMap, ruleMap;
    if (json::Array *list = run->getArray("artifacts"))
      for (json::Value &artifact : *list) {
        json::Object *location = artifact.getAsObject() ? artifact.getAsObject()->getObject("location") : nullptr;
        std::string uri = location ? location->getString("uri").value_or("").str() : "";
        auto [it, inserted] = artifactIndex.emplace(uri, artifacts.size());
        if (inserted) {
          if (location)
            (*location)["index"] = static_cast<int64_t>(it->second);
          artifacts.push_back(artifact);
        }
        artifactMap.push_back(it->second);
      }
    json::Object *driver = run->getObject("tool") ? run->getObject("tool")->getObject("driver") : nullptr;
    if (json::Array *list = driver ? driver->getArray("rules") : nullptr)
      for (json::Value &rule : *list) {
        std::string id = rule.getAsObject() ? rule.getAsObject()->getString("id").value_or("").str() : "";
        auto [it, inserted] = ruleIndex.emplace(id, rules.size());
        if (inserted)
          rules.push_back(rule);
        ruleMap.push_back(it->second);
      }
    // Renumbers every artifactLocation.index and ruleIndex inside a result.
    std::function<void(json::Value &)> renumber = [&](json::Value &value) {
      if (json::Array *array = value.getAsArray())
        for (json::Value &item : *array)
          renumber(item);
      json::Object *object = value.getAsObject();
      if (!object)
        return;
      for (auto &[key, member] : *object) {
        std::optional<int64_t> index = member.getAsInteger();
        if (key == "ruleIndex" && index && *index >= 0 && size_t(*index) < ruleMap.size())
          member = static_cast<int64_t>(ruleMap[*index]);
        else
          renumber(member);
      }
      if (json::Object *location = object->getObject("artifactLocation"))
        if (auto index = location->getInteger("index"); index && *index >= 0 && size_t(*index) < artifactMap.size())
          (*location)["index"] = static_cast<int64_t>(artifactMap[*index]);
    };
    if (json::Array *list = run->getArray("results"))
      for (json::Value &result : *list) {
        renumber(result);
        if (seen.insert(serialise(result)).second)
          results.push_back(result);
      }
  }
  (*merged)["artifacts"] = std::move(artifacts);
  (*merged)["results"] = std::move(results);
  if (json::Object *tool = merged->getObject("tool"))
    if (json::Object *driver = tool->getObject("driver"))
      (*driver)["rules"] = std::move(rules);
  return std::move(docs[0]);
}

/// clang-apply-replacements YAML: every diagnostic once.
llvm::Error mergeFixes(llvm::raw_ostream &os) {
  clang::tooling::TranslationUnitDiagnostics merged;
  std::set<std::tuple<std::string, std::string, std::string, unsigned>> seen;
  for (const std::string &path : Inputs) {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      return llvm::createStringError(buffer.getError(), "cannot read '%s'", path.c_str());
    if (llvm::Error err = checkYamlNesting((*buffer)->getBuffer(), "'" + path + "'"))
      return err;
    clang::tooling::TranslationUnitDiagnostics part;
    llvm::yaml::Input yaml((*buffer)->getBuffer());
    yaml >> part;
    if (yaml.error())
      return llvm::createStringError(std::errc::invalid_argument, "'%s' is not a fixes YAML file",
                                     path.c_str());
    if (merged.MainSourceFile.empty())
      merged.MainSourceFile = part.MainSourceFile;
    for (clang::tooling::Diagnostic &diag : part.Diagnostics) {
      const auto &m = diag.Message;
      if (seen.emplace(diag.DiagnosticName, m.Message, m.FilePath, m.FileOffset).second)
        merged.Diagnostics.push_back(std::move(diag));
    }
  }
  llvm::yaml::Output yaml(os);
  yaml << merged;
  return llvm::Error::success();
}

/// The JSON reports as one kind: all --format=json reports of one version, with "crossUnit" in
/// all (--shard runs) or none. Returns whether they are shard reports.
llvm::Expected<bool> jsonReportsAreShards(llvm::ArrayRef<json::Value> docs) {
  const json::Object *head = docs[0].getAsObject();
  for (size_t i = 0; i < docs.size(); ++i) {
    const json::Object *doc = docs[i].getAsObject();
    if (!doc || !doc->getArray("findings") || doc->getInteger("version") != head->getInteger("version"))
      return llvm::createStringError(std::errc::invalid_argument,
                                     "'%s' is not an ampify --format=json report like the first",
                                     Inputs[i].c_str());
    if (bool(doc->getObject("crossUnit")) != bool(head->getObject("crossUnit")))
      return llvm::createStringError(std::errc::invalid_argument,
                                     "'%s' and '%s' are not reports of one sharded run: only one of them was "
                                     "made with --shard",
                                     Inputs[0].c_str(), Inputs[i].c_str());
  }
  return bool(head->getObject("crossUnit"));
}

/// A SARIF shard log whose TUs had cross-unit facts (SarifOutput.cpp says so): merged, it would
/// lack the findings of the join across shards.
llvm::Error refuseSarifWithoutFacts(llvm::ArrayRef<json::Value> docs) {
  for (size_t i = 0; i < docs.size(); ++i) {
    const json::Object *log = docs[i].getAsObject();
    const json::Array *runs = log ? log->getArray("runs") : nullptr;
    if (!runs)
      continue; // mergeSarif says what is wrong with it
    for (const json::Value &run : *runs) {
      const json::Object *properties = run.getAsObject() ? run.getAsObject()->getObject("properties") : nullptr;
      if (properties && properties->getBoolean("ampify/crossUnitFactsLeftOut").value_or(false))
        return llvm::createStringError(
            std::errc::invalid_argument,
            "'%s' is the SARIF log of a shard whose TUs leave values for other TUs' calls to give "
            "(cross-unit facts), which a SARIF log cannot carry: merged, it would miss the findings of the "
            "join across TUs. Run the shards with --format=json and merge those with `ampify merge "
            "--format=sarif`",
            Inputs[i].c_str());
    }
  }
  return llvm::Error::success();
}

int runMerge() {
  auto fail = [](llvm::Error err) {
    llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
    return ExitUsage;
  };
  for (const std::string &input : Inputs)
    registerInput(input); // -o must not name one of them
  llvm::StringRef ext = llvm::sys::path::extension(Inputs.front());
  for (const std::string &input : Inputs)
    if (llvm::sys::path::extension(input) != ext) {
      llvm::errs() << "ampify: error: merge takes reports of one kind; '" << input << "' is not a '"
                   << ext << "' file\n";
      return ExitUsage;
    }
  if (!findingsWriter(Format)) {
    llvm::errs() << "ampify: error: --format must be one of " << findingsFormatNames() << "\n";
    return ExitUsage;
  }
  std::optional<Severity> threshold;
  if (!parseFailOn(FailOn, threshold)) {
    llvm::errs() << "ampify: error: --fail-on must be warning, error or none\n";
    return ExitUsage;
  }
  bool failing = false;
  std::string text;
  llvm::raw_string_ostream os(text);
  if (ext == ".yaml" || ext == ".yml" || ext == ".sarif") {
    if (Format.getNumOccurrences() || !ExportFixes.empty() || threshold) {
      llvm::errs() << "ampify: error: --format, --export-fixes and --fail-on take --format=json shard "
                      "reports; these merge into a report of their own kind\n";
      return ExitUsage;
    }
  }
  if (ext == ".yaml" || ext == ".yml") {
    if (llvm::Error err = mergeFixes(os))
      return fail(std::move(err));
  } else if (ext == ".json" || ext == ".sarif") {
    std::vector<json::Value> docs;
    for (const std::string &input : Inputs) {
      auto doc = readJsonFile(input);
      if (!doc)
        return fail(doc.takeError());
      docs.push_back(std::move(*doc));
    }
    if (ext == ".sarif") {
      if (llvm::Error err = refuseSarifWithoutFacts(docs))
        return fail(std::move(err));
      auto merged = mergeSarif(std::move(docs));
      if (!merged)
        return fail(merged.takeError());
      os << llvm::formatv("{0:2}", *merged) << "\n";
    } else {
      auto shards = jsonReportsAreShards(docs);
      if (!shards)
        return fail(shards.takeError());
      if (*shards) {
        auto merged = mergeShards(docs, threshold, os);
        if (!merged)
          return fail(merged.takeError());
        failing = *merged;
      } else if (Format != "json" || !ExportFixes.empty() || threshold) {
        llvm::errs() << "ampify: error: --format=" << Format << ", --export-fixes and --fail-on need reports "
                     << "of `ampify check --shard=K/N --format=json`, which record the project root\n";
        return ExitUsage;
      } else {
        os << llvm::formatv("{0:2}", mergeJson(docs)) << "\n";
      }
    }
  } else {
    llvm::errs() << "ampify: error: merge reads .json, .sarif and .yaml reports, not '" << Inputs.front()
                 << "'\n";
    return ExitUsage;
  }
  if (llvm::Error err = writeFileSafely(Output.empty() ? "-" : llvm::StringRef(Output), os.str()))
    return fail(std::move(err));
  return failing ? ExitFindings : ExitClean;
}

const CommandRegistration registration(MergeCommand, runMerge);

} // namespace
} // namespace ampify
