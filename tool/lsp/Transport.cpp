#include "Transport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace ampify::lsp {
namespace {

/// A header line longer than this is garbage; only its tail is kept, so that a valid header
/// glued to the end of a broken message is still found.
constexpr size_t MaxHeaderLine = 4096;

} // namespace

std::optional<std::string> Transport::readLine() {
  std::string line;
  int c;
  while ((c = std::getc(in_)) != EOF) {
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      return line;
    }
    line.push_back(static_cast<char>(c));
    if (line.size() > 2 * MaxHeaderLine)
      line.erase(0, line.size() - MaxHeaderLine);
  }
  return std::nullopt;
}

Incoming Transport::read() {
  while (true) {
    std::optional<size_t> length;
    bool sawHeader = false, malformed = false;
    std::string badValue;
    while (true) {
      std::optional<std::string> line = readLine();
      if (!line)
        return {};
      if (line->empty()) {
        if (sawHeader)
          break;
        continue; // blank lines between messages
      }
      sawHeader = true;
      llvm::StringRef text(*line);
      size_t at = text.lower().find("content-length:");
      if (at == std::string::npos)
        continue; // Content-Type and unknown headers are ignored
      llvm::StringRef value = text.drop_front(at + strlen("content-length:")).trim();
      unsigned long long parsed;
      if (value.getAsInteger(10, parsed)) {
        malformed = true;
        badValue = value.str();
      } else {
        malformed = false;
        length = parsed;
      }
    }
    Incoming result;
    result.kind = Incoming::Error;
    if (malformed || !length) {
      result.error = ErrorCode::ParseError;
      result.errorText = malformed ? "malformed Content-Length header '" + badValue + "'"
                                   : std::string("message without a Content-Length header");
      return result;
    }
    if (*length > maxMessageBytes_) {
      // Skip the body without holding it.
      char chunk[65536];
      for (size_t left = *length; left > 0;) {
        size_t got = std::fread(chunk, 1, std::min(left, sizeof(chunk)), in_);
        if (got == 0)
          return {};
        left -= got;
      }
      result.error = ErrorCode::InvalidRequest;
      result.errorText = "message of " + std::to_string(*length) + " bytes exceeds the limit of " +
                         std::to_string(maxMessageBytes_) + " bytes";
      return result;
    }
    std::string body(*length, '\0');
    if (*length && std::fread(body.data(), 1, *length, in_) != *length)
      return {};
    auto parsed = llvm::json::parse(body);
    if (!parsed) {
      result.error = ErrorCode::ParseError;
      result.errorText = "invalid JSON: " + llvm::toString(parsed.takeError());
      return result;
    }
    result.kind = Incoming::Message;
    result.message = std::move(*parsed);
    return result;
  }
}

void Transport::send(const llvm::json::Value &message) {
  std::string body;
  llvm::raw_string_ostream os(body);
  os << message;
  os.flush();
  std::lock_guard<std::mutex> lock(writeLock_);
  std::fprintf(out_, "Content-Length: %zu\r\n\r\n", body.size());
  std::fwrite(body.data(), 1, body.size(), out_);
  std::fflush(out_);
}

void Transport::reply(const llvm::json::Value &id, llvm::json::Value result) {
  send(llvm::json::Object{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Transport::replyError(const llvm::json::Value &id, ErrorCode code, llvm::StringRef text) {
  send(llvm::json::Object{
      {"jsonrpc", "2.0"},
      {"id", id},
      {"error", llvm::json::Object{{"code", static_cast<int>(code)}, {"message", text}}}});
}

void Transport::notify(llvm::StringRef method, llvm::json::Value params) {
  send(llvm::json::Object{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

} // namespace ampify::lsp
