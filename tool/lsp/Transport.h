// JSON-RPC over a byte stream with LSP's base protocol framing: `Content-Length: N` headers, a
// blank line, then N bytes of JSON. Reading never trusts the peer: a missing or malformed header,
// an oversized body or invalid JSON comes back as an error to reply with, and the stream is
// resynchronised on the next header.
#pragma once

#include "llvm/Support/JSON.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace ampify::lsp {

/// JSON-RPC 2.0 and LSP error codes.
enum class ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
};

struct Incoming {
  enum Kind { Message, Error, EndOfStream } kind = EndOfStream;
  llvm::json::Value message = nullptr; // kind == Message
  ErrorCode error = ErrorCode::ParseError;
  std::string errorText; // kind == Error
};

class Transport {
public:
  /// `in` is read through its file descriptor, unbuffered by stdio, so that waitForInput sees
  /// exactly what read() has not consumed.
  Transport(std::FILE *in, std::FILE *out, size_t maxMessageBytes)
      : fd_(fileno(in)), out_(out), maxMessageBytes_(maxMessageBytes) {}

  /// Blocks until a message, a framing/JSON error, or the end of the input.
  Incoming read();
  /// Whether read() has something to read (or the input ended) within `timeout`.
  bool waitForInput(std::chrono::milliseconds timeout);

  void send(const llvm::json::Value &message);
  void reply(const llvm::json::Value &id, llvm::json::Value result);
  void replyError(const llvm::json::Value &id, ErrorCode code, llvm::StringRef text);
  void notify(llvm::StringRef method, llvm::json::Value params);

private:
  /// One header line without its line break; nullopt at the end of the input.
  std::optional<std::string> readLine();
  int getByte(); // EOF at the end of the input

  int fd_;
  std::string buffer_;
  size_t next_ = 0;
  std::FILE *out_;
  size_t maxMessageBytes_;
  std::mutex writeLock_;
};

} // namespace ampify::lsp
