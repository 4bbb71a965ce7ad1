#include "ampify/Rule.h"

#include "ampify/IncludeInserter.h"
#include "ampify/Suppression.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/Path.h"

namespace ampify {

llvm::StringRef severityName(Severity s) {
  switch (s) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  llvm_unreachable("unknown severity");
}

bool findingLess(const Finding &a, const Finding &b) {
  return std::tie(a.where.file, a.where.offset, a.rule, a.message) <
         std::tie(b.where.file, b.where.offset, b.rule, b.message);
}

bool findingEqual(const Finding &a, const Finding &b) {
  return a.where.file == b.where.file && a.where.offset == b.where.offset && a.rule == b.rule &&
         a.message == b.message;
}

namespace {

std::string absolutePath(const clang::SourceManager &sm, clang::FileID fid) {
  if (auto entry = sm.getFileEntryRefForID(fid)) {
    llvm::StringRef real = entry->getFileEntry().tryGetRealPathName();
    if (!real.empty())
      return real.str();
    llvm::SmallString<256> path(entry->getName());
    llvm::sys::fs::make_absolute(path);
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    return std::string(path);
  }
  return "<unknown>";
}

} // namespace

SourcePoint sourcePointAt(const clang::SourceManager &sm, clang::SourceLocation loc) {
  clang::SourceLocation fileLoc = sm.getFileLoc(loc);
  auto [fid, offset] = sm.getDecomposedLoc(fileLoc);
  SourcePoint point;
  point.file = absolutePath(sm, fid);
  point.offset = offset;
  point.line = sm.getLineNumber(fid, offset);
  point.column = sm.getColumnNumber(fid, offset);
  return point;
}

bool isEditableRange(const clang::SourceManager &sm, clang::CharSourceRange range) {
  return range.isValid() && !range.getBegin().isMacroID() && !range.getEnd().isMacroID() &&
         !sm.isInSystemHeader(range.getBegin());
}

FindingBuilder::FindingBuilder(Rule &rule, clang::ASTContext &ctx, clang::SourceLocation loc,
                               std::string message)
    : rule_(&rule), ctx_(&ctx) {
  const clang::SourceManager &sm = ctx.getSourceManager();
  finding_.rule = rule.name().str();
  finding_.message = std::move(message);
  if (loc.isInvalid() || sm.isInSystemHeader(sm.getFileLoc(loc))) {
    suppressed_ = true;
    return;
  }
  finding_.where = sourcePointAt(sm, loc);
  // NOLINT comments are honoured here, where every consumer (check, fix, the LSP server, the
  // clang-tidy plugin) gets its findings, reading the text that was parsed (an editor's unsaved
  // buffer included).
  clang::FileID fid = sm.getFileID(sm.getFileLoc(loc));
  if (rule.analysis(ctx).nolintComments(fid).suppresses(finding_.where.line, finding_.rule))
    suppressed_ = true;
}

FindingBuilder::~FindingBuilder() {
  if (!rule_ || suppressed_)
    return;
  // Includes are claimed only now, by a finding that is made and keeps its fixes, so that a
  // suppressed one or one whose fixes were dropped does not keep a later finding from inserting
  // the header.
  if (fixesValid_ && !finding_.fixes.empty())
    for (const auto &[file, header] : includes_)
      if (auto insertion = rule_->analysis(*ctx_).includes().claim(file, header))
        insertBefore(insertion->at, insertion->text);
  if (!fixesValid_)
    finding_.fixes.clear();
  rule_->context_.sink.consume(std::move(finding_));
}

FindingBuilder &FindingBuilder::note(clang::SourceLocation loc, const llvm::Twine &message) {
  if (loc.isValid())
    finding_.notes.push_back({sourcePointAt(ctx_->getSourceManager(), loc), message.str()});
  return *this;
}

FindingBuilder &FindingBuilder::replace(clang::CharSourceRange range, llvm::StringRef text) {
  const clang::SourceManager &sm = ctx_->getSourceManager();
  if (!isEditableRange(sm, range)) {
    fixesValid_ = false;
    return *this;
  }
  finding_.fixes.emplace_back(sm, range, text, ctx_->getLangOpts());
  // Once per file of the finding: hashing the whole file for each of its edits would make a file
  // with many migrated loops cost quadratic time.
  std::string path = finding_.fixes.back().getFilePath().str();
  if (!finding_.parsedDigests.count(path))
    finding_.parsedDigests.emplace(path, llvm::xxh3_64bits(sm.getBufferData(sm.getFileID(range.getBegin()))));
  return *this;
}

FindingBuilder &FindingBuilder::replace(clang::SourceRange tokenRange, llvm::StringRef text) {
  return replace(clang::CharSourceRange::getTokenRange(tokenRange), text);
}

FindingBuilder &FindingBuilder::insertBefore(clang::SourceLocation loc, llvm::StringRef text) {
  return replace(clang::CharSourceRange::getCharRange(loc, loc), text);
}

FindingBuilder &FindingBuilder::insertAfterToken(clang::SourceLocation tokenLoc, llvm::StringRef text) {
  clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(
      tokenLoc, 0, ctx_->getSourceManager(), ctx_->getLangOpts());
  if (end.isInvalid()) {
    fixesValid_ = false;
    return *this;
  }
  return insertBefore(end, text);
}

FindingBuilder &FindingBuilder::addInclude(clang::SourceLocation usedAt, llvm::StringRef header) {
  const clang::SourceManager &sm = ctx_->getSourceManager();
  clang::FileID file = sm.getFileID(sm.getFileLoc(usedAt));
  if (file.isValid() && !llvm::is_contained(includes_, std::make_pair(file, header.str())))
    includes_.emplace_back(file, header.str());
  return *this;
}

FindingBuilder &FindingBuilder::dropFixes() {
  fixesValid_ = false;
  return *this;
}

Rule::Rule(llvm::StringRef name, RuleContext &context) : name_(name.str()), context_(context) {}
Rule::~Rule() = default;

void Rule::run(const clang::ast_matchers::MatchFinder::MatchResult &result) {
  // ampify's own front ends match the user's declarations only; the clang-tidy plugin's matchers
  // walk the whole TU. A match made of library code alone (LibTorch's modules building their own
  // layers) is not the user's, and would otherwise count towards the user's findings.
  const clang::SourceManager &sm = *result.SourceManager;
  bool located = false;
  for (const auto &[id, node] : result.Nodes.getMap()) {
    clang::SourceLocation loc = node.getSourceRange().getBegin();
    if (loc.isInvalid())
      continue;
    if (!sm.isInSystemHeader(sm.getFileLoc(loc)))
      return check(result);
    located = true;
  }
  if (!located)
    check(result);
}

FindingBuilder Rule::report(clang::ASTContext &ctx, clang::SourceLocation loc,
                            const llvm::Twine &message) {
  return FindingBuilder(*this, ctx, loc, message.str());
}

std::optional<std::string> Rule::declare(OptionSpec spec) {
  std::string local = name_ + "." + spec.key;
  const std::string *text = context_.options.find(local);
  llvm::StringRef given = local;
  if (!text) {
    text = context_.options.find(spec.key);
    given = spec.key;
  }
  std::optional<std::string> value;
  if (text) {
    if (auto why = invalidOptionValue(spec, *text))
      optionErrors_.push_back("invalid value of option '" + given.str() + "': " + *why);
    else
      value = *text;
  }
  declaredOptions_.push_back(std::move(spec));
  return value;
}

int64_t Rule::integerOption(llvm::StringRef key, int64_t defaultValue, int64_t min, int64_t max,
                            llvm::StringRef description) {
  OptionSpec spec{key.str(), OptionSpec::Type::Integer, std::to_string(defaultValue), min, max, {},
                  description.str()};
  std::optional<std::string> text = declare(std::move(spec));
  return text ? integerOptionValue(*text) : defaultValue;
}

bool Rule::booleanOption(llvm::StringRef key, bool defaultValue, llvm::StringRef description) {
  OptionSpec spec{key.str(), OptionSpec::Type::Boolean, defaultValue ? "true" : "false", 0, 1, {},
                  description.str()};
  std::optional<std::string> text = declare(std::move(spec));
  return text ? booleanOptionValue(*text) : defaultValue;
}

} // namespace ampify
