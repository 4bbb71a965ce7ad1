// --format=json: ampify's own schema, for scripts (llvm::json).
#include "ampify/Output.h"

#include "llvm/Support/JSON.h"

namespace ampify {

void writeFindingsAsJson(llvm::ArrayRef<Finding> findings, const ReportContext &context,
                         llvm::raw_ostream &os) {
  auto relative = [&](llvm::StringRef path) {
    return projectRelativePath(path, context.projectRoot);
  };
  llvm::json::Array out;
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding &finding = findings[i];
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
                                         {"replacement", fix.getReplacementText()}});
    llvm::json::Object entry{{"rule", finding.rule},
                             {"severity", severityName(finding.severity)},
                             {"path", relative(finding.where.file)},
                             {"line", finding.where.line},
                             {"column", finding.where.column},
                             {"message", finding.message},
                             {"notes", std::move(notes)},
                             {"fixes", std::move(fixes)}};
    if (i < context.fingerprints.size())
      entry["fingerprint"] = context.fingerprints[i];
    out.push_back(std::move(entry));
  }
  llvm::json::Object document{{"version", 1}, {"findings", std::move(out)}};
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(document))) << "\n";
}

} // namespace ampify
