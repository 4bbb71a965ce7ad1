// --format=json: ampify's own schema, for scripts (llvm::json).
#include "ampify/Output.h"

#include "ampify/FindingJson.h"

#include "llvm/Support/JSON.h"

namespace ampify {

llvm::json::Object findingAsJson(const Finding &finding, const ReportContext &context,
                                 const std::string &fingerprint) {
  auto relative = [&](llvm::StringRef path) {
    return projectRelativePath(path, context.projectRoot);
  };
  llvm::json::Array notes;
  for (const FindingNote &note : finding.notes)
    notes.push_back(llvm::json::Object{{"path", relative(note.where.file)},
                                       {"line", note.where.line},
                                       {"column", note.where.column},
                                       {"message", note.message}});
  llvm::json::Array fixes;
  for (const clang::tooling::Replacement &fix : finding.fixes)
    fixes.push_back(llvm::json::Object{{"path", relative(fix.getFilePath())},
                                       {"offset", fix.getOffset()},
                                       {"length", fix.getLength()},
                                       {"replacement", fix.getReplacementText().str()}});
  llvm::json::Object entry{{"rule", finding.rule},
                           {"severity", severityName(finding.severity)},
                           {"path", relative(finding.where.file)},
                           {"line", finding.where.line},
                           {"column", finding.where.column},
                           {"message", finding.message},
                           {"notes", std::move(notes)},
                           {"fixes", std::move(fixes)}};
  if (!fingerprint.empty())
    entry["fingerprint"] = fingerprint;
  return entry;
}

void writeFindingsAsJson(llvm::ArrayRef<Finding> findings, const ReportContext &context,
                         llvm::raw_ostream &os) {
  llvm::json::Array out;
  for (size_t i = 0; i < findings.size(); ++i)
    out.push_back(findingAsJson(findings[i], context, i < context.fingerprints.size() ? context.fingerprints[i] : ""));
  llvm::json::Object document{{"version", 1}, {"findings", std::move(out)}};
  if (const ShardCarry *shard = context.shard) {
    llvm::json::Array withheld;
    for (const Finding &finding : shard->withheld)
      withheld.push_back(findingAsJson(finding, context, ""));
    document["crossUnit"] = llvm::json::Object{{"projectRoot", context.projectRoot},
                                               {"facts", toJSON(*shard->facts)},
                                               {"settings", llvm::json::Object(shard->settings)},
                                               {"withheld", std::move(withheld)}};
  }
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(document))) << "\n";
}

} // namespace ampify
