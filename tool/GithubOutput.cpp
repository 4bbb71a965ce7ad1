// GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff.
#include "ampify/Output.h"

namespace ampify {
namespace {

/// Workflow-command escaping: '%', CR and LF everywhere; ':' and ',' in properties too.
std::string escape(llvm::StringRef text, bool property) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '%': out += "%25"; break;
    case '\r': out += "%0D"; break;
    case '\n': out += "%0A"; break;
    case ':': out += property ? "%3A" : ":"; break;
    case ',': out += property ? "%2C" : ","; break;
    default: out += c;
    }
  }
  return out;
}

llvm::StringRef command(Severity severity) {
  switch (severity) {
  case Severity::Note:
    return "notice";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  llvm_unreachable("unknown severity");
}

} // namespace

void writeFindingsAsGithub(llvm::ArrayRef<Finding> findings, const ReportContext &context,
                           llvm::raw_ostream &os) {
  for (const Finding &finding : findings) {
    os << "::" << command(finding.severity)
       << " file=" << escape(projectRelativePath(finding.where.file, context.projectRoot), true)
       << ",line=" << finding.where.line << ",col=" << finding.where.column
       << ",title=" << escape(finding.rule, true) << "::"
       << escape(finding.message + " [" + finding.rule + "]", false) << "\n";
  }
}

} // namespace ampify
