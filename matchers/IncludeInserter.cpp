#include "ampify/IncludeInserter.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Format/Format.h"
#include "clang/Tooling/Inclusions/HeaderIncludes.h"


namespace ampify {
namespace {

/// The include style clang-format would use for `path`: its .clang-format's, else LLVM's.
clang::tooling::IncludeStyle includeStyleFor(llvm::StringRef path, llvm::StringRef code,
                                             llvm::vfs::FileSystem &fs) {
  // Options of a newer clang-format are skipped, silently: the include style is all we read.
  llvm::Expected<clang::format::FormatStyle> style = clang::format::getStyle(
      "file", path, "llvm", code, &fs, /*AllowUnknownOptions=*/true, [](const llvm::SMDiagnostic &, void *) {});
  if (!style) {
    // A .clang-format that does not parse is the project's to fix; the fix-it still gets an
    // include, placed by LLVM's style.
    llvm::consumeError(style.takeError());
    return clang::format::getLLVMStyle().IncludeStyle;
  }
  return style->IncludeStyle;
}

} // namespace

IncludeInserter::IncludeInserter(const clang::SourceManager &sm) : sm_(sm) {}
IncludeInserter::~IncludeInserter() = default;

std::optional<IncludeInserter::Insertion> IncludeInserter::claim(clang::FileID file, llvm::StringRef header) {
  if (!claimed_.emplace(file, header.str()).second)
    return std::nullopt;
  std::unique_ptr<clang::tooling::HeaderIncludes> &includes = files_[file];
  if (!includes) {
    llvm::StringRef path;
    if (auto entry = sm_.getFileEntryRefForID(file))
      path = entry->getName();
    llvm::StringRef code = sm_.getBufferData(file);
    includes = std::make_unique<clang::tooling::HeaderIncludes>(path, code, includeStyleFor(path, code, sm_.getFileManager().getVirtualFileSystem()));
  }
  bool angled = header.starts_with("<");
  std::optional<clang::tooling::Replacement> edit =
      includes->insert(header.drop_front().drop_back(), angled, clang::tooling::IncludeDirective::Include);
  if (!edit)
    return std::nullopt; // the file has this #include already
  return Insertion{sm_.getLocForStartOfFile(file).getLocWithOffset(edit->getOffset()),
                   edit->getReplacementText().str()};
}

} // namespace ampify
