#include "ampify/Suppression.h"

#include "ampify/RuleOptions.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace ampify {
namespace {

enum class NolintKind { ThisLine, NextLine, Begin, End };

struct NolintDirective {
  NolintKind kind;
  unsigned line;            // 1-based line holding the comment
  std::optional<std::string> checks; // the text between the parentheses; none: every check
};

/// Whether a directive's check list names `rule`.
bool covers(const std::optional<std::string> &checks, llvm::StringRef rule) {
  if (!checks)
    return true;
  GlobList list;
  std::string error;
  return list.parse(*checks, error) && list.contains(rule);
}

std::vector<NolintDirective> directivesOf(llvm::StringRef text) {
  std::vector<NolintDirective> out;
  unsigned line = 1;
  for (llvm::StringRef rest = text; !rest.empty(); ++line) {
    auto [lineText, next] = rest.split('\n');
    rest = next;
    for (size_t at = lineText.find("NOLINT"); at != llvm::StringRef::npos;
         at = lineText.find("NOLINT", at + 1)) {
      llvm::StringRef tail = lineText.drop_front(at + 6);
      NolintKind kind = NolintKind::ThisLine;
      if (tail.consume_front("NEXTLINE"))
        kind = NolintKind::NextLine;
      else if (tail.consume_front("BEGIN"))
        kind = NolintKind::Begin;
      else if (tail.consume_front("END"))
        kind = NolintKind::End;
      NolintDirective d{kind, line, std::nullopt};
      if (tail.consume_front("(")) {
        size_t close = tail.find(')');
        if (close == llvm::StringRef::npos)
          continue; // an unclosed list is not a directive
        d.checks = tail.take_front(close).str();
      }
      out.push_back(std::move(d));
    }
  }
  return out;
}

} // namespace

NolintComments::NolintComments(llvm::StringRef fileText) {
  if (!fileText.contains("NOLINT"))
    return; // the common case costs one search
  std::vector<const NolintDirective *> open; // NOLINTBEGINs not yet closed
  std::vector<NolintDirective> directives = directivesOf(fileText);
  for (const NolintDirective &d : directives) {
    switch (d.kind) {
    case NolintKind::ThisLine:
      lines_[d.line].push_back(d.checks);
      break;
    case NolintKind::NextLine:
      lines_[d.line + 1].push_back(d.checks);
      break;
    case NolintKind::Begin:
      open.push_back(&d);
      break;
    case NolintKind::End: {
      // Closes the innermost NOLINTBEGIN with the same list; an END without one is ignored.
      auto match = std::find_if(open.rbegin(), open.rend(), [&](const NolintDirective *b) {
        return b->checks == d.checks;
      });
      if (match == open.rend())
        break;
      const NolintDirective *begin = *match;
      open.erase(std::next(match).base());
      spans_.push_back({begin->line, d.line, begin->checks});
      break;
    }
    }
  }
}

bool NolintComments::suppresses(unsigned line, llvm::StringRef rule) const {
  if (line == 0)
    return false;
  if (auto at = lines_.find(line); at != lines_.end())
    for (const Checks &checks : at->second)
      if (covers(checks, rule))
        return true;
  return llvm::any_of(spans_, [&](const Span &span) {
    return span.first <= line && line <= span.last && covers(span.checks, rule);
  });
}

} // namespace ampify
