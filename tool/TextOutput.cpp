#include "ampify/TextOutput.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"

#include <map>

namespace ampify {

void printFindingsAsText(llvm::ArrayRef<Finding> findings, llvm::raw_ostream &os, bool colors) {
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> options = new clang::DiagnosticOptions();
  options->ShowColors = colors;
  clang::TextDiagnosticPrinter printer(os, options.get());
  clang::DiagnosticsEngine engine(new clang::DiagnosticIDs(), options, &printer,
                                  /*ShouldOwnClient=*/false);
  clang::FileManager files{clang::FileSystemOptions()};
  clang::SourceManager sources(engine, files);
  clang::LangOptions lang;
  lang.CPlusPlus = lang.CPlusPlus17 = true;
  printer.BeginSourceFile(lang, nullptr);

  std::map<std::string, clang::FileID> fileIds;
  auto locate = [&](const std::string &path, unsigned offset) -> clang::SourceLocation {
    auto it = fileIds.find(path);
    if (it == fileIds.end()) {
      clang::FileID fid;
      if (auto entry = files.getOptionalFileRef(path))
        fid = sources.getOrCreateFileID(*entry, clang::SrcMgr::C_User);
      it = fileIds.emplace(path, fid).first;
    }
    if (it->second.isInvalid())
      return {};
    return sources.getComposedLoc(it->second, offset);
  };

  auto levelOf = [](Severity s) {
    switch (s) {
    case Severity::Note:
      return clang::DiagnosticsEngine::Note;
    case Severity::Warning:
      return clang::DiagnosticsEngine::Warning;
    case Severity::Error:
      return clang::DiagnosticsEngine::Error;
    }
    llvm_unreachable("unknown severity");
  };

  for (const Finding &finding : findings) {
    clang::SourceLocation loc = locate(finding.where.file, finding.where.offset);
    if (loc.isInvalid()) {
      // The file is gone since the analysis: still say what was found.
      os << finding.where.file << ":" << finding.where.line << ":" << finding.where.column << ": "
         << severityName(finding.severity) << ": " << finding.message << " [" << finding.rule << "]\n";
      continue;
    }
    {
      // Clang attaches a note to the diagnostic before it and drops it when that one was
      // ignored, which is the engine's initial state: a finding that is itself a note (a
      // migrated loop) stands alone.
      if (finding.severity == Severity::Note)
        engine.setLastDiagnosticIgnored(false);
      unsigned id = engine.getCustomDiagID(levelOf(finding.severity), "%0");
      clang::DiagnosticBuilder builder = engine.Report(loc, id);
      builder << (finding.message + " [" + finding.rule + "]");
      for (const clang::tooling::Replacement &fix : finding.fixes) {
        clang::SourceLocation begin = locate(fix.getFilePath().str(), fix.getOffset());
        if (begin.isInvalid())
          continue;
        builder << clang::FixItHint::CreateReplacement(
            clang::CharSourceRange::getCharRange(begin, begin.getLocWithOffset(fix.getLength())),
            fix.getReplacementText());
      }
    }
    for (const FindingNote &note : finding.notes) {
      unsigned id = engine.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
      engine.Report(locate(note.where.file, note.where.offset), id) << note.message;
    }
  }
  printer.EndSourceFile();
}

} // namespace ampify
