// --export-fixes: clang-tidy's YAML (TranslationUnitDiagnostics), so that
// clang-apply-replacements and the editors and CI scripts built around it apply ampify's fixes.
#include "ampify/Output.h"

#include "ampify/SafeWriter.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/YAMLTraits.h"

namespace ampify {
namespace tooling = clang::tooling;

llvm::Error exportFixes(llvm::ArrayRef<Finding> findings, const ReportContext &context,
                        llvm::StringRef outputPath) {
  auto relative = [&](llvm::StringRef path) {
    return projectRelativePath(path, context.projectRoot);
  };
  tooling::TranslationUnitDiagnostics exported;
  exported.MainSourceFile = findings.empty() ? "" : relative(findings.front().where.file);
  for (const Finding &finding : findings) {
    tooling::DiagnosticMessage message(finding.message);
    message.FilePath = relative(finding.where.file);
    message.FileOffset = finding.where.offset;
    for (const clang::tooling::Replacement &fix : finding.fixes) {
      tooling::Replacement moved(relative(fix.getFilePath()), fix.getOffset(), fix.getLength(),
                                 fix.getReplacementText());
      if (llvm::Error err = message.Fix[moved.getFilePath()].add(moved))
        return llvm::createStringError(std::errc::invalid_argument,
                                       "fixes of %s:%u overlap: %s", message.FilePath.c_str(),
                                       finding.where.line, llvm::toString(std::move(err)).c_str());
    }
    llvm::SmallVector<tooling::DiagnosticMessage, 1> notes;
    for (const FindingNote &note : finding.notes) {
      tooling::DiagnosticMessage n(note.message);
      n.FilePath = relative(note.where.file);
      n.FileOffset = note.where.offset;
      notes.push_back(std::move(n));
    }
    tooling::Diagnostic::Level level = finding.severity == Severity::Error
                                           ? tooling::Diagnostic::Error
                                           : tooling::Diagnostic::Warning;
    exported.Diagnostics.emplace_back(finding.rule, message, notes, level, context.projectRoot);
  }

  std::string text;
  llvm::raw_string_ostream out(text);
  llvm::yaml::Output yaml(out);
  yaml << exported;
  return writeFileSafely(outputPath, out.str());
}

} // namespace ampify
