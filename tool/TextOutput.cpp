#include "ampify/TextOutput.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/STLExtras.h"

#include <map>

namespace ampify {

namespace {

/// The fix-its shown under a finding's source line. Clang numbers the snippet's lines from the
/// first line of any fix-it range, also one outside the lines it shows (at most
/// SnippetLineLimit around the finding) or in another file: a migration's `#include` edit at
/// line 4 made the loop at line 39 print as `4 |`. So only the fix-its of the finding's file
/// that fit in one window of that many lines around it are shown, nearest first; all of them
/// are still applied.
std::vector<clang::FixItHint>
shownFixes(const Finding &finding, clang::SourceLocation loc, const clang::SourceManager &sources,
           llvm::function_ref<clang::SourceLocation(const std::string &, unsigned)> locate, unsigned limit) {
  struct Candidate {
    unsigned first, last;
    clang::FixItHint hint;
  };
  unsigned caret = sources.getSpellingLineNumber(loc);
  std::vector<Candidate> candidates;
  for (const clang::tooling::Replacement &fix : finding.fixes) {
    if (fix.getFilePath() != finding.where.file)
      continue;
    clang::SourceLocation begin = locate(fix.getFilePath().str(), fix.getOffset());
    if (begin.isInvalid())
      continue;
    clang::SourceLocation end = begin.getLocWithOffset(fix.getLength());
    candidates.push_back({sources.getSpellingLineNumber(begin), sources.getSpellingLineNumber(end),
                          clang::FixItHint::CreateReplacement(clang::CharSourceRange::getCharRange(begin, end),
                                                              fix.getReplacementText())});
  }
  auto distance = [caret](const Candidate &c) {
    return c.last < caret ? caret - c.last : c.first > caret ? c.first - caret : 0;
  };
  llvm::stable_sort(candidates, [&](const Candidate &a, const Candidate &b) { return distance(a) < distance(b); });
  unsigned first = caret, last = caret;
  std::vector<clang::FixItHint> shown;
  for (const Candidate &c : candidates) {
    unsigned newFirst = std::min(first, c.first), newLast = std::max(last, c.last);
    if (limit && newLast - newFirst + 1 > limit)
      continue;
    first = newFirst;
    last = newLast;
    shown.push_back(c.hint);
  }
  llvm::sort(shown, [](const clang::FixItHint &a, const clang::FixItHint &b) {
    return a.RemoveRange.getBegin() < b.RemoveRange.getBegin();
  });
  return shown;
}

} // namespace

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
      for (const clang::FixItHint &hint : shownFixes(finding, loc, sources, locate, options->SnippetLineLimit))
        builder << hint;
    }
    for (const FindingNote &note : finding.notes) {
      unsigned id = engine.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
      engine.Report(locate(note.where.file, note.where.offset), id) << note.message;
    }
  }
  printer.EndSourceFile();
}

} // namespace ampify
