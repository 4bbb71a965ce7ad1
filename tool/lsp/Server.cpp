#include "Server.h"

#include "Protocol.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace ampify::lsp {
namespace json = llvm::json;
namespace tooling = clang::tooling;

namespace {

// LSP's DiagnosticSeverity and MessageType values.
constexpr int SeverityError = 1, SeverityWarning = 2, SeverityInformation = 3;
constexpr int MessageError = 1, MessageWarning = 2;

/// Paths as findings name them: the real path when the file exists, else absolute and clean.
std::string canonicalPath(llvm::StringRef path) {
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(path, real))
    return std::string(real);
  llvm::SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  return std::string(abs);
}

/// A diagnostic spans the identifier it starts at (a call's name), or one character.
size_t tokenEnd(llvm::StringRef text, size_t offset) {
  size_t end = offset;
  while (end < text.size() && (llvm::isAlnum(text[end]) || text[end] == '_'))
    ++end;
  if (end == offset && offset < text.size() && text[offset] != '\n')
    ++end;
  return end;
}

int severityOf(Severity s) {
  switch (s) {
  case Severity::Error:
    return SeverityError;
  case Severity::Warning:
    return SeverityWarning;
  case Severity::Note:
    return SeverityInformation;
  }
  return SeverityWarning;
}

} // namespace

struct Server::Document {
  std::string uri;
  std::string path; // canonical
  std::string text;
  int64_t version = 0;
  std::unique_ptr<DocumentAnalyzer> analyzer;
  /// The text the published diagnostics describe, and each finding with its diagnostic.
  std::string analysedText;
  std::vector<std::pair<Finding, json::Value>> published;
  /// Edited (or opened, or saved) since the last analysis; analysed once `due` passes with no
  /// newer edit, or at once when a request needs its findings.
  bool pending = false;
  std::chrono::steady_clock::time_point due;
};

Server::Server(Transport &transport, const AnalysisOptions &options, std::string buildDir,
               std::chrono::milliseconds debounce)
    : transport_(transport), options_(options), buildDir_(std::move(buildDir)), debounce_(debounce) {}

Server::~Server() = default;

int Server::run() {
  while (!exitCode_) {
    // Debouncing: a document is analysed when its edits pause for `debounce_`; the messages
    // that arrive meanwhile are handled first, so a burst of edits costs one analysis of the
    // latest text.
    if (Document *next = nextDue()) {
      auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(
          next->due - std::chrono::steady_clock::now());
      if (!transport_.waitForInput(std::max(wait, std::chrono::milliseconds(0)))) {
        analyzeAndPublish(*next);
        continue;
      }
    }
    Incoming in = transport_.read();
    switch (in.kind) {
    case Incoming::EndOfStream:
      // The client went away without `exit`.
      return shutdownRequested_ ? 0 : 1;
    case Incoming::Error:
      llvm::errs() << "ampify lsp: bad message: " << in.errorText << "\n";
      transport_.replyError(nullptr, in.error, in.errorText);
      break;
    case Incoming::Message:
      handle(in.message);
      break;
    }
  }
  return *exitCode_;
}

void Server::handle(const json::Value &message) {
  const json::Object *object = message.getAsObject();
  if (!object) {
    transport_.replyError(nullptr, ErrorCode::InvalidRequest,
                          "a JSON-RPC message must be an object (batches are not supported)");
    return;
  }
  const json::Value *id = object->get("id");
  json::Value replyId = id ? *id : json::Value(nullptr);
  if (id && id->kind() != json::Value::Number && id->kind() != json::Value::String) {
    transport_.replyError(nullptr, ErrorCode::InvalidRequest, "the id must be a number or a string");
    return;
  }
  if (object->getString("jsonrpc") != llvm::StringRef("2.0")) {
    transport_.replyError(replyId, ErrorCode::InvalidRequest, "not a JSON-RPC 2.0 message");
    return;
  }
  const json::Value *methodValue = object->get("method");
  if (!methodValue) {
    if (!object->get("result") && !object->get("error"))
      transport_.replyError(replyId, ErrorCode::InvalidRequest, "a message without a method");
    return; // a response: the server sends no requests that need one
  }
  std::optional<llvm::StringRef> method = methodValue->getAsString();
  if (!method) {
    transport_.replyError(replyId, ErrorCode::InvalidRequest, "the method must be a string");
    return;
  }
  const json::Value *params = object->get("params");
  if (id)
    handleRequest(*method, *id, params);
  else
    handleNotification(*method, params);
}

void Server::handleRequest(llvm::StringRef method, const json::Value &id, const json::Value *params) {
  if (method == "initialize") {
    if (initialized_)
      return transport_.replyError(id, ErrorCode::InvalidRequest, "initialize was already received");
    return transport_.reply(id, initialize(params));
  }
  if (!initialized_)
    return transport_.replyError(id, ErrorCode::ServerNotInitialized,
                                 "the first request must be initialize");
  if (shutdownRequested_)
    return transport_.replyError(id, ErrorCode::InvalidRequest, "the server is shutting down");
  if (method == "shutdown") {
    shutdownRequested_ = true;
    return transport_.reply(id, nullptr);
  }
  if (method == "textDocument/codeAction") {
    auto actions = codeActions(params);
    if (!actions)
      return transport_.replyError(id, ErrorCode::InvalidParams, llvm::toString(actions.takeError()));
    return transport_.reply(id, std::move(*actions));
  }
  transport_.replyError(id, ErrorCode::MethodNotFound, "method not found: " + method.str());
}

void Server::handleNotification(llvm::StringRef method, const json::Value *params) {
  if (method == "exit") {
    exitCode_ = shutdownRequested_ ? 0 : 1;
    return;
  }
  if (!initialized_ || shutdownRequested_)
    return; // notifications before initialize or after shutdown are dropped
  if (method == "textDocument/didOpen")
    didOpen(params);
  else if (method == "textDocument/didChange")
    didChange(params);
  else if (method == "textDocument/didSave")
    didSave(params);
  else if (method == "textDocument/didClose")
    didClose(params);
  // Other notifications (initialized, $/cancelRequest, configuration changes) need nothing.
}

json::Value Server::initialize(const json::Value *params) {
  initialized_ = true;
  if (const json::Object *p = params ? params->getAsObject() : nullptr) {
    if (auto uri = p->getString("rootUri")) {
      if (auto path = pathFromUri(*uri))
        root_ = canonicalPath(*path);
    } else if (auto path = p->getString("rootPath")) {
      root_ = canonicalPath(*path);
    }
    if (root_.size() > 1)
      root_ = llvm::StringRef(root_).rtrim('/').str();
  }
  return json::Object{
      {"capabilities",
       json::Object{
           {"textDocumentSync",
            json::Object{{"openClose", true}, {"change", 1 /*Full*/}, {"save", json::Object{{"includeText", false}}}}},
           {"codeActionProvider", json::Object{{"codeActionKinds", json::Array{"quickfix"}}}},
       }},
      {"serverInfo", json::Object{{"name", "ampify"}}},
  };
}

Server::Document *Server::nextDue() {
  Document *next = nullptr;
  for (auto &[uri, doc] : documents_)
    if (doc->pending && (!next || doc->due < next->due))
      next = doc.get();
  return next;
}

void Server::schedule(Document &doc, std::chrono::milliseconds delay) {
  doc.pending = true;
  doc.due = std::chrono::steady_clock::now() + delay;
}

Server::Document *Server::documentOf(const json::Value *params) {
  const json::Object *p = params ? params->getAsObject() : nullptr;
  const json::Object *textDocument = p ? p->getObject("textDocument") : nullptr;
  auto uri = textDocument ? textDocument->getString("uri") : std::nullopt;
  if (!uri)
    return nullptr;
  auto it = documents_.find(uri->str());
  return it == documents_.end() ? nullptr : it->second.get();
}

void Server::didOpen(const json::Value *params) {
  const json::Object *p = params ? params->getAsObject() : nullptr;
  const json::Object *item = p ? p->getObject("textDocument") : nullptr;
  auto uri = item ? item->getString("uri") : std::nullopt;
  auto text = item ? item->getString("text") : std::nullopt;
  if (!uri || !text) {
    llvm::errs() << "ampify lsp: didOpen without textDocument.uri and text, ignored\n";
    return;
  }
  auto path = pathFromUri(*uri);
  if (!path) {
    llvm::errs() << "ampify lsp: " << *uri << " is not a local file, ignored\n";
    return;
  }
  auto doc = std::make_unique<Document>();
  doc->uri = uri->str();
  doc->path = canonicalPath(*path);
  doc->text = text->str();
  doc->version = item->getInteger("version").value_or(0);
  doc->analyzer = std::make_unique<DocumentAnalyzer>(compileCommandFor(doc->path), options_);
  Document &ref = *doc;
  documents_[doc->uri] = std::move(doc);
  // Opening is not a burst of edits to wait out: the editor wants its first diagnostics now.
  schedule(ref, std::chrono::milliseconds(0));
}

void Server::didChange(const json::Value *params) {
  Document *doc = documentOf(params);
  const json::Object *p = params ? params->getAsObject() : nullptr;
  const json::Array *changes = p ? p->getArray("contentChanges") : nullptr;
  if (!doc || !changes) {
    llvm::errs() << "ampify lsp: didChange for a document that is not open, ignored\n";
    return;
  }
  for (const json::Value &change : *changes) {
    const json::Object *c = change.getAsObject();
    auto text = c ? c->getString("text") : std::nullopt;
    if (!text)
      continue;
    const json::Object *range = c->getObject("range");
    Position start, end;
    if (range && range->get("start") && range->get("end") &&
        positionFrom(*range->get("start"), start) &&
        positionFrom(*range->get("end"), end)) {
      size_t b = offsetAt(doc->text, start), e = std::max(b, offsetAt(doc->text, end));
      doc->text.replace(b, e - b, text->str());
    } else {
      doc->text = text->str();
    }
  }
  if (auto version = p->getObject("textDocument")->getInteger("version"))
    doc->version = *version;
  schedule(*doc, debounce_);
}

void Server::didSave(const json::Value *params) {
  if (Document *doc = documentOf(params))
    schedule(*doc, debounce_);
}

void Server::didClose(const json::Value *params) {
  Document *doc = documentOf(params);
  if (!doc)
    return;
  transport_.notify("textDocument/publishDiagnostics",
                    json::Object{{"uri", doc->uri}, {"diagnostics", json::Array{}}});
  documents_.erase(doc->uri);
}

void Server::analyzeAndPublish(Document &doc) {
  doc.pending = false;
  DocumentAnalysis analysis = doc.analyzer->analyze(doc.text);
  llvm::errs() << llvm::formatv("ampify lsp: analysed {0} in {1:F3} s, {2:F3} s CPU ({3})\n",
                                doc.path, analysis.seconds, analysis.cpuSeconds,
                                analysis.preambleReused ? "preamble reused" : "preamble built");
  doc.analysedText = doc.text;
  doc.published.clear();
  json::Array diagnostics;
  if (!analysis.failure.empty())
    diagnostics.push_back(json::Object{{"range", rangeJSON(doc.text, 0, 0)},
                                       {"severity", SeverityError},
                                       {"source", "ampify"},
                                       {"message", "ampify did not analyse this file: " + analysis.failure}});
  for (const CompilerError &error : analysis.errors) {
    bool here = !error.file.empty() && canonicalPath(error.file) == doc.path;
    std::string message = error.message;
    if (!here && !error.file.empty())
      message = llvm::formatv("in included file {0}:{1}:{2}: {3}", error.file, error.line,
                              error.column, error.message);
    size_t at = here ? error.offset : 0;
    diagnostics.push_back(json::Object{{"range", rangeJSON(doc.text, at, tokenEnd(doc.text, at))},
                                       {"severity", SeverityError},
                                       {"source", "ampify"},
                                       {"code", "clang-diagnostic-error"},
                                       {"message", message}});
  }
  for (Finding &finding : analysis.findings) {
    if (finding.where.file != doc.path)
      continue; // a header's findings are published with the header
    json::Array related;
    for (const FindingNote &note : finding.notes) {
      std::optional<std::string> text =
          note.where.file == doc.path ? std::optional<std::string>(doc.text) : textOf(note.where.file);
      if (!text)
        continue;
      related.push_back(json::Object{
          {"location", json::Object{{"uri", uriFromPath(note.where.file)},
                                    {"range", rangeJSON(*text, note.where.offset,
                                                        tokenEnd(*text, note.where.offset))}}},
          {"message", note.message}});
    }
    json::Object diagnostic{
        {"range", rangeJSON(doc.text, finding.where.offset, tokenEnd(doc.text, finding.where.offset))},
        {"severity", severityOf(finding.severity)},
        {"code", finding.rule},
        {"source", "ampify"},
        {"message", finding.message}};
    if (!related.empty())
      diagnostic["relatedInformation"] = std::move(related);
    diagnostics.push_back(json::Object(diagnostic));
    doc.published.emplace_back(std::move(finding), std::move(diagnostic));
  }
  json::Object params{{"uri", doc.uri}, {"diagnostics", std::move(diagnostics)}};
  params["version"] = doc.version;
  transport_.notify("textDocument/publishDiagnostics", std::move(params));
}

llvm::Expected<json::Value> Server::codeActions(const json::Value *params) {
  const json::Object *p = params ? params->getAsObject() : nullptr;
  const json::Object *range = p ? p->getObject("range") : nullptr;
  Position start, end;
  if (!range || !range->get("start") || !range->get("end") ||
      !positionFrom(*range->get("start"), start) ||
      !positionFrom(*range->get("end"), end) || !p->getObject("textDocument"))
    return llvm::createStringError("codeAction needs textDocument and range");
  json::Array actions;
  Document *doc = documentOf(params);
  if (doc && doc->pending)
    analyzeAndPublish(*doc); // the latest text, once, instead of waiting for the pause
  // Fix-its are offsets into the analysed text; a document edited since has none to offer.
  if (!doc || doc->analysedText != doc->text)
    return json::Value(std::move(actions));
  size_t from = offsetAt(doc->text, start), to = offsetAt(doc->text, end);
  for (const auto &[finding, diagnostic] : doc->published) {
    size_t begin = finding.where.offset, finish = tokenEnd(doc->text, begin);
    if (finding.fixes.empty() || finish < from || begin > to)
      continue;
    std::map<std::string, json::Array> editsByUri;
    bool complete = true;
    for (const tooling::Replacement &fix : finding.fixes) {
      std::string file = canonicalPath(fix.getFilePath());
      std::optional<std::string> text =
          file == doc->path ? std::optional<std::string>(doc->text) : textOf(file);
      if (!text) {
        complete = false;
        break;
      }
      editsByUri[uriFromPath(file)].push_back(json::Object{
          {"range", rangeJSON(*text, fix.getOffset(), fix.getOffset() + fix.getLength())},
          {"newText", fix.getReplacementText()}});
    }
    if (!complete)
      continue; // half a fix would break the code
    json::Object changes;
    for (auto &[uri, edits] : editsByUri)
      changes[uri] = std::move(edits);
    actions.push_back(json::Object{{"title", "Apply ampify's fix (" + finding.rule + ")"},
                                   {"kind", "quickfix"},
                                   {"isPreferred", true},
                                   {"diagnostics", json::Array{diagnostic}},
                                   {"edit", json::Object{{"changes", std::move(changes)}}}});
  }
  return json::Value(std::move(actions));
}

std::optional<std::string> Server::textOf(llvm::StringRef path) {
  for (const auto &[uri, doc] : documents_)
    if (doc->path == path)
      return doc->text;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return std::nullopt;
  return (*buffer)->getBuffer().str();
}

tooling::CompileCommand Server::compileCommandFor(llvm::StringRef path) {
  std::vector<std::string> candidates;
  if (!buildDir_.empty()) {
    llvm::SmallString<256> db(buildDir_);
    if (llvm::sys::path::filename(db) != "compile_commands.json")
      llvm::sys::path::append(db, "compile_commands.json");
    candidates.push_back(std::string(db));
  } else {
    // Each directory from the file up to the workspace root, and its build/; never above the
    // root (a database there is not the workspace's to trust). A file outside the root, or any
    // file when the client named no root, has only its own directory.
    auto insideRoot = [&](llvm::StringRef dir) {
      return dir == root_ || (dir.starts_with(root_) && dir.size() > root_.size() &&
                              (root_ == "/" || dir[root_.size()] == '/'));
    };
    for (llvm::StringRef dir = llvm::sys::path::parent_path(path); !dir.empty();
         dir = llvm::sys::path::parent_path(dir)) {
      for (const char *sub : {"", "build"}) {
        llvm::SmallString<256> db(dir);
        llvm::sys::path::append(db, sub, "compile_commands.json");
        candidates.push_back(std::string(db));
      }
      if (root_.empty() || dir == root_ || !insideRoot(dir))
        break;
    }
  }
  for (const std::string &candidate : candidates) {
    if (!llvm::sys::fs::exists(candidate))
      continue;
    auto &db = databases_[candidate];
    if (!db) {
      std::string error;
      auto loaded = loadCompilationDatabase(candidate, error);
      if (!loaded) {
        showMessage(MessageError, "ampify: cannot read " + candidate + ": " + error);
        databases_.erase(candidate);
        continue;
      }
      // A file the database does not list (a header, a new file) borrows a neighbour's flags.
      db = tooling::inferMissingCompileCommands(std::move(loaded));
    }
    std::vector<tooling::CompileCommand> commands = db->getCompileCommands(path);
    if (!commands.empty()) {
      if (options_.verbose)
        llvm::errs() << "ampify lsp: " << path << ": flags from " << candidate << "\n";
      return commands.front();
    }
  }
  auto defaults = collectTranslationUnits({path.str()}, "", options_);
  if (defaults && defaults->size() == 1)
    return defaults->front();
  std::string why = defaults ? "not a C++ source" : llvm::toString(defaults.takeError());
  showMessage(MessageWarning, "ampify: no compile command for " + path.str() + " (" + why +
                                  "); analysing it with -std=c++17 only");
  return tooling::CompileCommand(llvm::sys::path::parent_path(path), path,
                                 {"clang++", "-std=c++17", path.str()}, "");
}

void Server::showMessage(int type, llvm::StringRef text) {
  llvm::errs() << text << "\n";
  transport_.notify("window/showMessage", json::Object{{"type", type}, {"message", text}});
}

} // namespace ampify::lsp
