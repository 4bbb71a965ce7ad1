#include "ampify/BoundedInput.h"

#include <vector>

namespace ampify {
namespace {

llvm::Error tooDeep(llvm::StringRef what) {
  return llvm::createStringError(std::errc::invalid_argument,
                                 "%s nests deeper than %u levels; not read", what.str().c_str(),
                                 MaxNestingDepth);
}

/// Whether a quote opens a quoted scalar, given the last non-blank character before it on the
/// line (npos: none) and the start of that character's word: it starts the line's content,
/// follows an indicator ("- ", "? ", ": ", '[', '{', ','), or follows a tag or anchor
/// ("!t '...'", "&a '...'"). Constant time, so that a line of quotes stays linear.
bool startsScalar(llvm::StringRef line, size_t lastSolid, size_t lastWord) {
  if (lastSolid == llvm::StringRef::npos || llvm::StringRef("-?:[{,").contains(line[lastSolid]))
    return true;
  return line[lastWord] == '!' || line[lastWord] == '&';
}

} // namespace

llvm::Error checkJsonNesting(llvm::StringRef text, llvm::StringRef what) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i; // the escaped character, '"' included
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '[' || c == '{') {
      if (++depth > MaxNestingDepth)
        return tooDeep(what);
    } else if ((c == ']' || c == '}') && depth > 0)
      --depth;
  }
  return llvm::Error::success();
}

llvm::Error checkYamlNesting(llvm::StringRef text, llvm::StringRef what) {
  unsigned flow = 0;               // open '[' and '{' (flow collections span lines)
  std::vector<size_t> indents;     // the indentation of each enclosing block line
  char quote = 0;                  // inside a quoted scalar (they span lines too)
  unsigned quoted = 0;             // brackets inside the current quoted scalar
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    size_t i = 0;
    if (!quote && flow == 0) {
      size_t indent = line.find_first_not_of(' ');
      if (indent == llvm::StringRef::npos || line[indent] == '#' || line[indent] == '\r')
        continue; // blank or comment lines do not nest
      while (!indents.empty() && indents.back() >= indent)
        indents.pop_back();
      indents.push_back(indent);
      i = indent;
      // Compact block nesting on one line: "- - - x", "? ? x", "- ? x".
      unsigned inline_ = 0;
      while (i + 1 < line.size() && (line[i] == '-' || line[i] == '?') && line[i + 1] == ' ') {
        ++inline_;
        i = line.find_first_not_of(' ', i + 1);
        if (i == llvm::StringRef::npos)
          i = line.size();
      }
      if (indents.size() + inline_ > MaxNestingDepth)
        return tooDeep(what);
    }
    size_t lastSolid = llvm::StringRef::npos, lastWord = 0;
    for (; i < line.size(); ++i) {
      char c = line[i];
      bool blank = c == ' ' || c == '\t';
      bool opensQuote = !quote && (c == '"' || c == '\'') && startsScalar(line, lastSolid, lastWord);
      if (!blank) {
        if (lastSolid == llvm::StringRef::npos || lastSolid + 1 != i)
          lastWord = i;
        lastSolid = i;
      }
      // Brackets inside a quoted scalar are text; they still count until it closes.
      if (c == '[' || c == '{') {
        unsigned &counter = quote ? quoted : flow;
        ++counter;
        if (flow + quoted + indents.size() > MaxNestingDepth)
          return tooDeep(what);
        continue;
      }
      if (quote) {
        if (quote == '"' && c == '\\')
          lastSolid = ++i; // the escaped character
        else if (c == quote)
          quote = 0, quoted = 0; // '' in a single-quoted scalar closes and reopens it
        continue;
      }
      if (opensQuote)
        quote = c;
      else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t'))
        break; // a comment runs to the end of the line
      else if ((c == ']' || c == '}') && flow > 0)
        --flow;
    }
  }
  return llvm::Error::success();
}

llvm::Expected<llvm::json::Value> parseJsonBounded(llvm::StringRef text, llvm::StringRef what) {
  if (llvm::Error err = checkJsonNesting(text, what))
    return std::move(err);
  auto value = llvm::json::parse(text);
  if (!value)
    return llvm::createStringError(std::errc::invalid_argument, "%s is not valid JSON: %s",
                                   what.str().c_str(), llvm::toString(value.takeError()).c_str());
  return value;
}

} // namespace ampify
