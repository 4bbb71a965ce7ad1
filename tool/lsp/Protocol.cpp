#include "Protocol.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

namespace ampify::lsp {

std::optional<std::string> pathFromUri(llvm::StringRef uri) {
  if (!uri.consume_front("file://"))
    return std::nullopt;
  // An authority (file://host/path) other than empty or localhost is not a local file.
  if (!uri.starts_with("/") && !uri.consume_front("localhost"))
    return std::nullopt;
  std::string path;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] != '%') {
      path.push_back(uri[i]);
      continue;
    }
    if (i + 2 >= uri.size() || !llvm::isHexDigit(uri[i + 1]) || !llvm::isHexDigit(uri[i + 2]))
      return std::nullopt;
    path.push_back(static_cast<char>(llvm::hexFromNibbles(uri[i + 1], uri[i + 2])));
    i += 2;
  }
  if (path.empty() || path.find('\0') != std::string::npos)
    return std::nullopt;
  return path;
}

std::string uriFromPath(llvm::StringRef path) {
  std::string uri = "file://";
  for (unsigned char c : path) {
    if (llvm::isAlnum(c) || llvm::StringRef("/-_.~+:@").contains(c))
      uri.push_back(c);
    else
      uri += "%" + llvm::utohexstr(c, /*LowerCase=*/false, /*Width=*/2);
  }
  return uri;
}

namespace {

/// UTF-16 code units of the UTF-8 text `s`; invalid bytes count one each, as clangd does.
unsigned utf16Length(llvm::StringRef s) {
  unsigned units = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    unsigned len = c < 0x80 ? 1 : llvm::getNumBytesForUTF8(c);
    if (len == 0 || i + len > s.size())
      len = 1;
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return units;
}

} // namespace

Position positionAt(llvm::StringRef text, size_t offset) {
  offset = std::min(offset, text.size());
  llvm::StringRef before = text.take_front(offset);
  Position p;
  p.line = before.count('\n');
  size_t lineStart = before.rfind('\n');
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  p.character = utf16Length(before.drop_front(lineStart));
  return p;
}

size_t offsetAt(llvm::StringRef text, Position position) {
  size_t lineStart = 0;
  for (unsigned line = 0; line < position.line; ++line) {
    size_t next = text.find('\n', lineStart);
    if (next == llvm::StringRef::npos)
      return text.size();
    lineStart = next + 1;
  }
  llvm::StringRef line = text.drop_front(lineStart);
  line = line.take_until([](char c) { return c == '\n'; });
  size_t i = 0;
  for (unsigned units = 0; i < line.size() && units < position.character;) {
    unsigned char c = line[i];
    unsigned len = c < 0x80 ? 1 : llvm::getNumBytesForUTF8(c);
    if (len == 0 || i + len > line.size())
      len = 1;
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return lineStart + i;
}

llvm::json::Value toJSON(const Position &p) {
  return llvm::json::Object{{"line", p.line}, {"character", p.character}};
}

llvm::json::Value rangeJSON(llvm::StringRef text, size_t begin, size_t end) {
  return llvm::json::Object{{"start", toJSON(positionAt(text, begin))},
                            {"end", toJSON(positionAt(text, end))}};
}

bool positionFrom(const llvm::json::Value &value, Position &p) {
  const llvm::json::Object *o = value.getAsObject();
  auto line = o ? o->getInteger("line") : std::nullopt;
  auto character = o ? o->getInteger("character") : std::nullopt;
  if (!line || !character || *line < 0 || *character < 0 || *line > UINT32_MAX ||
      *character > UINT32_MAX)
    return false;
  p.line = static_cast<unsigned>(*line);
  p.character = static_cast<unsigned>(*character);
  return true;
}

} // namespace ampify::lsp
