#include "Transport.h"

#include "ampify/BoundedInput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <poll.h>
#include <unistd.h>

namespace ampify::lsp {
namespace {

/// A header line longer than this is garbage; only its tail is kept, so that a valid header
/// glued to the end of a broken message is still found.
constexpr size_t MaxHeaderLine = 4096;

} // namespace

int Transport::getByte() {
  if (next_ == buffer_.size()) {
    buffer_.resize(65536);
    ssize_t got;
    do
      got = ::read(fd_, buffer_.data(), buffer_.size());
    while (got < 0 && errno == EINTR);
    buffer_.resize(got > 0 ? size_t(got) : 0);
    next_ = 0;
    if (got <= 0)
      return EOF;
  }
  return static_cast<unsigned char>(buffer_[next_++]);
}

bool Transport::waitForInput(std::chrono::milliseconds timeout) {
  if (next_ < buffer_.size())
    return true;
  struct pollfd p = {fd_, POLLIN, 0};
  int ready;
  do
    ready = ::poll(&p, 1, int(timeout.count()));
  while (ready < 0 && errno == EINTR);
  return ready != 0; // input, end of input, or an error: read() will tell
}

std::optional<std::string> Transport::readLine() {
  std::string line;
  int c;
  while ((c = getByte()) != EOF) {
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
      // The body is not read (a length of 10^12 would swallow the rest of the stream): its bytes
      // are scanned as header lines, which finds the next message's header.
      result.error = ErrorCode::InvalidRequest;
      result.errorText = "Content-Length " + std::to_string(*length) + " exceeds the limit of " +
                         std::to_string(maxMessageBytes_) + " bytes; the body is skipped up to "
                         "the next header";
      return result;
    }
    std::string body;
    body.reserve(*length);
    for (int c; body.size() < *length && (c = getByte()) != EOF;)
      body.push_back(static_cast<char>(c));
    if (body.size() < *length)
      return {};
    auto parsed = parseJsonBounded(body, "the message");
    if (!parsed) {
      result.error = ErrorCode::ParseError;
      result.errorText = llvm::toString(parsed.takeError());
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
