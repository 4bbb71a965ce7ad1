// --format=sarif: SARIF 2.1.0 for code-scanning services (GitHub's upload-sarif and others).
// clang::SarifDocumentWriter builds the document; what Clang 19's writer cannot express is added
// to its JSON afterwards: rules' shortDescription and help, fixes, related locations (notes),
// partialFingerprints, and artifact URIs relative to the project root (uriBaseId %SRCROOT%).
#include "ampify/Output.h"

#include "ampify/RuleRegistry.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/Sarif.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <map>

namespace ampify {
namespace json = llvm::json;
namespace {

constexpr llvm::StringLiteral SourceRoot = "%SRCROOT%";

/// A rule's SARIF `name`: the id without its "ampify-" prefix in UpperCamelCase
/// ("ampify-half-model" -> "HalfModel"). SARIF wants the id opaque and stable and the name
/// readable, and the two different (the official validator's SARIF1001).
std::string readableRuleName(llvm::StringRef id) {
  id.consume_front("ampify-");
  std::string name;
  bool upper = true;
  for (char c : id) {
    if (c == '-' || c == '_') {
      upper = true;
      continue;
    }
    name += upper ? llvm::toUpper(c) : c;
    upper = false;
  }
  return name;
}

/// The path a file:// URI of SarifDocumentWriter names.
std::string pathOfFileUri(llvm::StringRef uri) {
  if (!uri.consume_front("file://"))
    return uri.str();
  std::string path;
  for (size_t i = 0; i < uri.size(); ++i) {
    unsigned value;
    if (uri[i] == '%' && i + 2 < uri.size() && !uri.substr(i + 1, 2).getAsInteger(16, value)) {
      path += static_cast<char>(value);
      i += 2;
    } else {
      path += uri[i];
    }
  }
  return path;
}

/// RFC 3986 path encoding, component by component.
std::string relativeUri(llvm::StringRef relativePath) {
  std::string out;
  for (char c : relativePath) {
    if (llvm::isAlnum(c) || llvm::StringRef("-._~:@!$&'()*+,;=/").contains(c))
      out += c;
    else
      out += "%" + llvm::toHex(llvm::StringRef(&c, 1));
  }
  return out;
}

/// An artifactLocation naming `path`: relative to %SRCROOT% inside the project.
json::Object artifactLocation(llvm::StringRef path, const ReportContext &context) {
  std::string relative = projectRelativePath(path, context.projectRoot);
  if (relative == path)
    return json::Object{{"uri", "file://" + relativeUri(path)}};
  return json::Object{{"uri", relativeUri(relative)}, {"uriBaseId", SourceRoot}};
}

/// Points SarifDocumentWriter's absolute file URIs at the project root.
void relativizeArtifactLocation(json::Object *location, const ReportContext &context) {
  if (!location)
    return;
  std::optional<llvm::StringRef> uri = location->getString("uri");
  if (!uri)
    return;
  json::Object replacement = artifactLocation(pathOfFileUri(*uri), context);
  (*location)["uri"] = std::move(replacement["uri"]);
  if (json::Value *base = replacement.get("uriBaseId"))
    (*location)["uriBaseId"] = std::move(*base);
}

json::Object pointLocation(const SourcePoint &where, const ReportContext &context) {
  return json::Object{{"physicalLocation",
                       json::Object{{"artifactLocation", artifactLocation(where.file, context)},
                                    {"region", json::Object{{"startLine", where.line},
                                                            {"startColumn", where.column}}}}}};
}

clang::SarifResultLevel levelOf(Severity severity) {
  switch (severity) {
  case Severity::Note:
    return clang::SarifResultLevel::Note;
  case Severity::Warning:
    return clang::SarifResultLevel::Warning;
  case Severity::Error:
    return clang::SarifResultLevel::Error;
  }
  llvm_unreachable("unknown severity");
}

json::Array fixesOf(const Finding &finding, const ReportContext &context) {
  std::map<std::string, json::Array> byFile;
  for (const clang::tooling::Replacement &fix : finding.fixes)
    byFile[fix.getFilePath().str()].push_back(json::Object{
        {"deletedRegion", json::Object{{"byteOffset", fix.getOffset()}, {"byteLength", fix.getLength()}}},
        {"insertedContent", json::Object{{"text", fix.getReplacementText()}}}});
  json::Array changes;
  for (auto &[file, replacements] : byFile)
    changes.push_back(json::Object{{"artifactLocation", artifactLocation(file, context)},
                                   {"replacements", std::move(replacements)}});
  return json::Array{json::Object{{"description", json::Object{{"text", finding.message}}},
                                  {"artifactChanges", std::move(changes)}}};
}

} // namespace

void writeFindingsAsSarif(llvm::ArrayRef<Finding> findings, const ReportContext &context,
                          llvm::raw_ostream &os) {
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diagOptions = new clang::DiagnosticOptions();
  clang::DiagnosticsEngine diags(new clang::DiagnosticIDs(), diagOptions);
  clang::FileManager files{clang::FileSystemOptions()};
  clang::SourceManager sources(diags, files);
  std::map<std::string, clang::FileID> fileIds;
  auto locate = [&](const SourcePoint &where) -> clang::SourceLocation {
    auto it = fileIds.find(where.file);
    if (it == fileIds.end()) {
      clang::FileID fid;
      if (auto entry = files.getOptionalFileRef(where.file))
        fid = sources.getOrCreateFileID(*entry, clang::SrcMgr::C_User);
      it = fileIds.emplace(where.file, fid).first;
    }
    if (it->second.isInvalid() || where.offset > sources.getFileIDSize(it->second))
      return {};
    return sources.getComposedLoc(it->second, where.offset);
  };

  clang::SarifDocumentWriter writer(sources);
  writer.createRun("ampify", "ampify mixed-precision analyzer", context.toolVersion);

  // Every registered rule is described, in registry order, so rule indices and ids are the same
  // in every run; a finding of a rule outside the registry (e.g. `fix`'s) adds its own entry.
  std::map<std::string, size_t> ruleIndex;
  std::vector<std::pair<std::string, std::string>> ruleHelp; // summary, documentation
  auto addRule = [&](llvm::StringRef id, llvm::StringRef summary, llvm::StringRef documentation) {
    std::string help = context.ruleDocsUrl + "/" + id.str() + ".md";
    ruleIndex[id.str()] = writer.createRule(clang::SarifRule::create()
                                                .setRuleId(id)
                                                .setName(readableRuleName(id))
                                                .setDescription(summary)
                                                .setHelpURI(help));
    ruleHelp.emplace_back(summary.str(), documentation.str());
  };
  for (const RuleInfo &rule : allRules())
    addRule(rule.name, rule.summary, rule.documentation);
  for (const Finding &finding : findings)
    if (!ruleIndex.count(finding.rule))
      addRule(finding.rule, finding.rule, "");

  for (const Finding &finding : findings) {
    clang::SarifResult result = clang::SarifResult::create(ruleIndex[finding.rule])
                                    .setRuleId(finding.rule)
                                    .setDiagnosticMessage(finding.message)
                                    .setDiagnosticLevel(levelOf(finding.severity));
    clang::SourceLocation loc = locate(finding.where);
    if (loc.isValid())
      result = result.setLocations({clang::CharSourceRange::getCharRange(loc, loc)});
    writer.appendResult(result);
  }

  json::Object document = writer.createDocument();
  json::Object &run = *(*document.getArray("runs"))[0].getAsObject();
  json::Object &driver = *run.getObject("tool")->getObject("driver");
  driver["informationUri"] = context.ruleDocsUrl;
  json::Array &rules = *driver.getArray("rules");
  for (size_t i = 0; i < rules.size(); ++i) {
    json::Object &rule = *rules[i].getAsObject();
    rule["shortDescription"] = json::Object{{"text", ruleHelp[i].first}};
    if (!ruleHelp[i].second.empty())
      rule["help"] = json::Object{{"text", ruleHelp[i].second}, {"markdown", ruleHelp[i].second}};
  }
  json::Array &results = *run.getArray("results");
  for (size_t i = 0; i < results.size(); ++i) {
    json::Object &result = *results[i].getAsObject();
    const Finding &finding = findings[i];
    if (json::Array *locations = result.getArray("locations")) {
      for (json::Value &location : *locations)
        relativizeArtifactLocation(location.getAsObject()
                                       ->getObject("physicalLocation")
                                       ->getObject("artifactLocation"),
                                   context);
    } else {
      result["locations"] = json::Array{pointLocation(finding.where, context)};
    }
    if (!finding.notes.empty()) {
      json::Array related;
      for (size_t n = 0; n < finding.notes.size(); ++n) {
        json::Object location = pointLocation(finding.notes[n].where, context);
        location["id"] = static_cast<int64_t>(n);
        location["message"] = json::Object{{"text", finding.notes[n].message}};
        related.push_back(std::move(location));
      }
      result["relatedLocations"] = std::move(related);
    }
    if (!finding.fixes.empty())
      result["fixes"] = fixesOf(finding, context);
    if (i < context.fingerprints.size())
      result["partialFingerprints"] = json::Object{{"ampifyFingerprint/v1", context.fingerprints[i]}};
  }
  if (json::Array *artifacts = run.getArray("artifacts"))
    for (json::Value &artifact : *artifacts)
      relativizeArtifactLocation(artifact.getAsObject()->getObject("location"), context);
  if (context.shard && context.shard->facts->offersFindings())
    // A SARIF log cannot carry what the join across shards needs; `ampify merge` refuses to pass
    // such a log off as complete.
    run["properties"] = json::Object{{"ampify/crossUnitFactsLeftOut", true}};
  run["originalUriBaseIds"] = json::Object{
      {SourceRoot, json::Object{{"description",
                                 json::Object{{"text", "The project root (--project-root)"}}}}}};

  os << llvm::formatv("{0:2}", json::Value(std::move(document))) << "\n";
}

} // namespace ampify
