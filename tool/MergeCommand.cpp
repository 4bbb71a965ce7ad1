// ampify merge: combines the reports of `check --shard=K/N` runs into one, as if one run had
// analysed every TU. JSON (--format=json), SARIF (--format=sarif) and fix files
// (--export-fixes); a finding in a header that several shards saw comes out once. JSON shard
// reports carry their TUs' cross-unit facts, which merge joins as one run joins them.
#include "Commands.h"

#include "ampify/Baseline.h"
#include "ampify/BoundedInput.h"
#include "ampify/FindingJson.h"
#include "ampify/Output.h"
#include "ampify/SafeWriter.h"

#include "clang/Tooling/DiagnosticsYaml.h"
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

/// A report entry as a finding (what resolveAcrossUnits amends): paths made absolute against the
/// project root; no offsets, which reports do not have.
Finding findingOf(const json::Object &f, llvm::StringRef root) {
  auto absolute = [&](llvm::StringRef path) {
    llvm::SmallString<256> abs(root);
    if (llvm::sys::path::is_absolute(path))
      abs = path;
    else
      llvm::sys::path::append(abs, path);
    return std::string(abs);
  };
  Finding finding;
  finding.rule = f.getString("rule").value_or("").str();
  finding.severity = f.getString("severity") == "note"    ? Severity::Note
                     : f.getString("severity") == "error" ? Severity::Error
                                                          : Severity::Warning;
  finding.where = {absolute(f.getString("path").value_or("")), unsigned(f.getInteger("line").value_or(0)),
                   unsigned(f.getInteger("column").value_or(0)), 0};
  finding.message = f.getString("message").value_or("").str();
  if (const json::Array *notes = f.getArray("notes"))
    for (const json::Value &value : *notes)
      if (const json::Object *note = value.getAsObject())
        finding.notes.push_back({{absolute(note->getString("path").value_or("")),
                                  unsigned(note->getInteger("line").value_or(0)),
                                  unsigned(note->getInteger("column").value_or(0)), 0},
                                 note->getString("message").value_or("").str()});
  return finding;
}

/// The shards' cross-unit facts joined (Driver.h's resolveAcrossUnits): `sorted` loses the
/// findings the join replaced and gains what it found, as report entries with fingerprints.
llvm::Error joinAcrossUnits(const CrossUnitFacts &facts, llvm::StringRef root, std::map<ReportKey, json::Value> &sorted) {
  std::vector<Finding> findings;
  std::vector<ReportKey> keys;
  for (const auto &[key, entry] : sorted) {
    findings.push_back(findingOf(*entry.getAsObject(), root));
    keys.push_back(key);
  }
  AnalysisOptions options; // the shards applied theirs; each export carries its rule's thresholds
  std::string error;
  if (!options.checks.parse("*", error))
    return llvm::createStringError(std::errc::invalid_argument, "%s", error.c_str());
  resolveAcrossUnits(facts, options, findings);
  ReportContext context;
  context.projectRoot = root.str();
  std::vector<std::string> fingerprints = fingerprintFindings(findings, root);
  std::map<ReportKey, json::Value> joined;
  for (size_t i = 0; i < findings.size(); ++i) {
    json::Object entry = findingAsJson(findings[i], context, fingerprints[i]);
    ReportKey key = keyOf(entry);
    auto kept = sorted.find(key);
    joined.emplace(key, kept != sorted.end() ? std::move(kept->second) : json::Value(std::move(entry)));
  }
  sorted = std::move(joined);
  return llvm::Error::success();
}

/// --format=json documents: the findings of all, in report order, each once.
llvm::Expected<json::Value> mergeJson(llvm::ArrayRef<json::Value> docs) {
  std::map<ReportKey, json::Value> sorted;
  CrossUnitFacts facts;
  std::optional<std::string> root;
  std::optional<int64_t> version;
  for (size_t i = 0; i < docs.size(); ++i) {
    const json::Object *doc = docs[i].getAsObject();
    const json::Array *findings = doc ? doc->getArray("findings") : nullptr;
    if (!findings || (version && doc->getInteger("version") != version))
      return llvm::createStringError(std::errc::invalid_argument,
                                     "'%s' is not an ampify --format=json report like the first",
                                     Inputs[i].c_str());
    version = doc->getInteger("version");
    for (const json::Value &finding : *findings) {
      const json::Object *f = finding.getAsObject();
      if (!f)
        continue;
      sorted.emplace(keyOf(*f), finding);
    }
    if (const json::Object *crossUnit = doc->getObject("crossUnit")) {
      CrossUnitFacts shard;
      json::Path::Root path("crossUnit");
      const json::Value *given = crossUnit->get("facts");
      std::optional<llvm::StringRef> shardRoot = crossUnit->getString("projectRoot");
      if (!given || !shardRoot || !fromJSON(*given, shard, path)) {
        llvm::consumeError(path.getError());
        return llvm::createStringError(std::errc::invalid_argument, "'%s' has malformed cross-unit facts",
                                       Inputs[i].c_str());
      }
      if (root && *root != *shardRoot)
        return llvm::createStringError(std::errc::invalid_argument,
                                       "'%s' was made with another project root than the first report",
                                       Inputs[i].c_str());
      root = shardRoot->str();
      facts.append(std::move(shard));
    }
  }
  if (root)
    if (llvm::Error err = joinAcrossUnits(facts, *root, sorted))
      return std::move(err);
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

int runMerge() {
  for (const std::string &input : Inputs)
    registerInput(input); // -o must not name one of them
  llvm::StringRef ext = llvm::sys::path::extension(Inputs.front());
  for (const std::string &input : Inputs)
    if (llvm::sys::path::extension(input) != ext) {
      llvm::errs() << "ampify: error: merge takes reports of one kind; '" << input << "' is not a '"
                   << ext << "' file\n";
      return ExitUsage;
    }
  std::string text;
  llvm::raw_string_ostream os(text);
  if (ext == ".yaml" || ext == ".yml") {
    if (llvm::Error err = mergeFixes(os)) {
      llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
      return ExitUsage;
    }
  } else if (ext == ".json" || ext == ".sarif") {
    std::vector<json::Value> docs;
    for (const std::string &input : Inputs) {
      auto doc = readJsonFile(input);
      if (!doc) {
        llvm::errs() << "ampify: error: " << llvm::toString(doc.takeError()) << "\n";
        return ExitUsage;
      }
      docs.push_back(std::move(*doc));
    }
    auto merged = ext == ".json" ? mergeJson(docs) : mergeSarif(std::move(docs));
    if (!merged) {
      llvm::errs() << "ampify: error: " << llvm::toString(merged.takeError()) << "\n";
      return ExitUsage;
    }
    os << llvm::formatv("{0:2}", *merged) << "\n";
  } else {
    llvm::errs() << "ampify: error: merge reads .json, .sarif and .yaml reports, not '" << Inputs.front()
                 << "'\n";
    return ExitUsage;
  }
  if (llvm::Error err = writeFileSafely(Output.empty() ? "-" : llvm::StringRef(Output), os.str())) {
    llvm::errs() << "ampify: error: " << llvm::toString(std::move(err)) << "\n";
    return ExitUsage;
  }
  return ExitClean;
}

const CommandRegistration registration(MergeCommand, runMerge);

} // namespace
} // namespace ampify
