#include "ampify/Output.h"

#include "ampify/TextOutput.h"

#include "llvm/Support/Path.h"

namespace ampify {
namespace {

struct FormatEntry {
  llvm::StringLiteral name;
  FindingsWriter writer;
};

constexpr FormatEntry Formats[] = {
    {"text", writeFindingsAsText},
    {"json", writeFindingsAsJson},
    {"sarif", writeFindingsAsSarif},
    {"github", writeFindingsAsGithub},
};

} // namespace

void writeFindingsAsText(llvm::ArrayRef<Finding> findings, const ReportContext &context,
                         llvm::raw_ostream &os) {
  printFindingsAsText(findings, os, context.colors);
}

FindingsWriter findingsWriter(llvm::StringRef format) {
  for (const FormatEntry &entry : Formats)
    if (entry.name == format)
      return entry.writer;
  return nullptr;
}

llvm::StringRef findingsFormatNames() { return "text, json, sarif, github"; }

std::string projectRelativePath(llvm::StringRef path, llvm::StringRef root) {
  root = root.rtrim("/");
  if (!path.starts_with(root) || path.size() == root.size() ||
      !llvm::sys::path::is_separator(path[root.size()]))
    return path.str(); // outside the root (or `root` only prefixes a longer directory name)
  return llvm::sys::path::convert_to_slash(path.drop_front(root.size()).ltrim("/"));
}

} // namespace ampify
