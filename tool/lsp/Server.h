// `ampify lsp`: a Language Server Protocol server over stdio. It publishes ampify's findings as
// diagnostics for every open document (after open, change and save, once edits pause: see
// Server::run) and offers their fix-its as
// quick-fix code actions. Documents are analysed from the editor's text, with the compile
// command of the workspace's compile_commands.json, or ampify's own flags without one.
#pragma once

#include "DocumentAnalyzer.h"
#include "Transport.h"

#include <map>
#include <memory>

namespace ampify::lsp {

class Server {
public:
  /// `buildDir`: where compile_commands.json is (-p); empty to search from each document up to
  /// the workspace root, in each directory and its build/.
  /// `debounce`: how long a document's edits must pause before it is analysed.
  Server(Transport &transport, const AnalysisOptions &options, std::string buildDir,
         std::chrono::milliseconds debounce);
  ~Server();

  /// Serves until `exit` or the end of the input; returns the process exit code (0 only after
  /// a `shutdown` request, as LSP specifies).
  int run();

private:
  struct Document;

  void handle(const llvm::json::Value &message);
  void handleRequest(llvm::StringRef method, const llvm::json::Value &id,
                     const llvm::json::Value *params);
  void handleNotification(llvm::StringRef method, const llvm::json::Value *params);

  llvm::json::Value initialize(const llvm::json::Value *params);
  llvm::Expected<llvm::json::Value> codeActions(const llvm::json::Value *params);
  void didOpen(const llvm::json::Value *params);
  void didChange(const llvm::json::Value *params);
  void didSave(const llvm::json::Value *params);
  void didClose(const llvm::json::Value *params);

  Document *documentOf(const llvm::json::Value *params);
  /// The pending document analysed next (the earliest due), or null.
  Document *nextDue();
  void schedule(Document &doc, std::chrono::milliseconds delay);
  void analyzeAndPublish(Document &doc);
  clang::tooling::CompileCommand compileCommandFor(llvm::StringRef path);
  /// The text of `path`: an open document's, else the file on disk.
  std::optional<std::string> textOf(llvm::StringRef path);
  void showMessage(int type, llvm::StringRef text);

  Transport &transport_;
  const AnalysisOptions &options_;
  std::string buildDir_;
  std::chrono::milliseconds debounce_;
  std::string root_;
  bool initialized_ = false;
  bool shutdownRequested_ = false;
  std::optional<int> exitCode_;
  std::map<std::string, std::unique_ptr<Document>> documents_; // by URI
  std::map<std::string, std::unique_ptr<clang::tooling::CompilationDatabase>> databases_;
};

} // namespace ampify::lsp
