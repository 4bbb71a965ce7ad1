#include "ampify/Preamble.h"

#include "ampify/FindingJson.h"
#include "ampify/HeaderOwnership.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace ampify {
namespace tooling = clang::tooling;
namespace json = llvm::json;

namespace {

/// Sets a manifest's modification time to now: the time of an entry's last use, which pruning
/// orders by (access times are not kept on many file systems).
void markUsed(const std::string &manifest) {
  int fd;
  if (llvm::sys::fs::openFileForWrite(manifest, fd, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_Append))
    return;
  (void)llvm::sys::fs::setLastAccessAndModificationTime(fd, std::chrono::system_clock::now());
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
}

/// Removes a pch file and the header it was built from.
void removePch(llvm::StringRef pch) {
  llvm::sys::fs::remove(pch);
  llvm::sys::fs::remove(pch + ".h");
}

/// How deep the preamble follows user headers that start with another user header.
constexpr unsigned MaxLeadingUserHeaders = 4;

/// Options whose value is the next argument and that only concern the build's outputs.
bool isOutputOption(llvm::StringRef arg) {
  return arg == "-o" || arg == "-MF" || arg == "-MT" || arg == "-MQ";
}

/// The TU's flags without its input file and outputs: what decides whether two TUs can share a
/// precompiled header.
std::vector<std::string> sharedFlags(const tooling::CompileCommand &command) {
  std::vector<std::string> flags;
  const auto &args = command.CommandLine;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (isOutputOption(arg)) {
      ++i;
      continue;
    }
    if (arg == "-c" || arg == "-MD" || arg == "-MMD" || arg == "-MP" ||
        (arg.starts_with("-o") && arg.size() > 2) || (i > 0 && !arg.starts_with("-") &&
                                                      absoluteIn(command.Directory, arg) == command.Filename))
      continue;
    flags.push_back(args[i]);
  }
  return flags;
}

/// A flag that makes the parse start with something other than the main file's text, or that is
/// not C++: such TUs are parsed as they are.
bool injectsOrIsNotCxx(llvm::ArrayRef<std::string> args) {
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg.starts_with("-include") || arg.starts_with("--include") || arg.starts_with("-imacros") ||
        arg.starts_with("-emit-") || arg == "-fsyntax-only" || arg.contains("cuda"))
      return true;
    if (arg == "-x" && i + 1 < args.size() && !llvm::StringRef(args[i + 1]).starts_with("c++"))
      return true;
    if (arg.starts_with("-x") && arg.size() > 2 && !arg.drop_front(2).starts_with("c++"))
      return true;
  }
  return false;
}

/// Skips blank space and comments from `pos`; false when a block comment does not end.
bool skipSpaceAndComments(llvm::StringRef text, size_t &pos) {
  while (pos < text.size()) {
    char c = text[pos];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
      ++pos;
    } else if (text.substr(pos).starts_with("//")) {
      size_t end = text.find('\n', pos);
      if (end != llvm::StringRef::npos && end > 0 && text[end - 1] == '\\')
        return false; // a continued line comment: not worth understanding
      pos = end == llvm::StringRef::npos ? text.size() : end;
    } else if (text.substr(pos).starts_with("/*")) {
      size_t end = text.find("*/", pos + 2);
      if (end == llvm::StringRef::npos)
        return false;
      pos = end + 2;
    } else {
      return true;
    }
  }
  return true;
}

/// One `#include` line a file starts with.
struct LeadingInclude {
  std::string name;
  bool quoted; // "name", not <name>
};

/// Whether `args` define `macro` (-DX, -DX=..., -D X).
bool definesMacro(llvm::ArrayRef<std::string> args, llvm::StringRef macro) {
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg == "-D" && i + 1 < args.size())
      arg = args[++i];
    else if (!arg.consume_front("-D"))
      continue;
    if (arg.split('=').first == macro)
      return true;
  }
  return false;
}

/// The `#include` lines `source` starts with, up to the first other line. A header's include
/// guard (`#ifndef X` then `#define X`, X not defined by `args`) and `#pragma once` around them
/// are passed over.
std::vector<LeadingInclude> leadingIncludes(llvm::StringRef source, llvm::ArrayRef<std::string> args) {
  std::vector<LeadingInclude> includes;
  std::string guard;       // the macro of an `#ifndef` line
  bool guardDefined = false; // and its `#define` line was seen
  size_t pos = 0;
  while (skipSpaceAndComments(source, pos) && pos < source.size()) {
    size_t end = source.find('\n', pos);
    llvm::StringRef line = source.slice(pos, end == llvm::StringRef::npos ? source.size() : end);
    llvm::StringRef rest = line.trim();
    if (!rest.consume_front("#"))
      break;
    rest = rest.ltrim();
    pos = end == llvm::StringRef::npos ? source.size() : end;
    if (guard.empty() && includes.empty() && rest.consume_front("ifndef")) {
      guard = rest.trim().str();
      if (guard.empty() || guard.find_first_of(" \t/") != std::string::npos || definesMacro(args, guard))
        break;
      continue;
    }
    if (!guard.empty() && !guardDefined) {
      if (!rest.consume_front("define") || rest.trim() != guard)
        break;
      guardDefined = true;
      continue;
    }
    if (rest.consume_front("pragma") && rest.trim() == "once")
      continue;
    if (!rest.consume_front("include"))
      break;
    rest = rest.ltrim();
    char close = rest.consume_front("<") ? '>' : rest.consume_front("\"") ? '"' : 0;
    size_t closeAt = close ? rest.find(close) : llvm::StringRef::npos;
    if (closeAt == llvm::StringRef::npos)
      break;
    llvm::StringRef after = rest.substr(closeAt + 1).trim();
    if (!after.empty() && !after.starts_with("//"))
      break;
    includes.push_back({rest.take_front(closeAt).str(), close == '"'});
  }
  return includes;
}

/// Whether a user header, beyond its include guard and its `leadingIncludes` leading #include
/// lines, holds nothing that could change how a library header included after it parses: no other
/// preprocessor directive (a macro, a conditional, a pragma, a later include) and no
/// `using namespace`. Conservative: such text inside a comment counts too.
bool changesNoLaterLibrary(llvm::StringRef header, size_t leadingIncludes) {
  size_t includes = 0;
  bool guardTested = false, guardDefined = false, guardClosed = false;
  llvm::SmallVector<llvm::StringRef> lines;
  header.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    llvm::StringRef rest = line.trim();
    if (rest.contains("using namespace"))
      return false;
    if (!rest.consume_front("#"))
      continue;
    rest = rest.ltrim();
    if (rest.consume_front("include")) {
      if (++includes > leadingIncludes)
        return false;
    } else if (rest.consume_front("pragma")) {
      if (rest.trim() != "once")
        return false;
    } else if (rest.consume_front("ifndef")) {
      if (std::exchange(guardTested, true))
        return false;
    } else if (rest.consume_front("define")) {
      if (!guardTested || std::exchange(guardDefined, true))
        return false;
    } else if (rest.consume_front("endif")) {
      if (!guardDefined || std::exchange(guardClosed, true))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

/// Appends to `libraries` the library ones of `includes`, the leading includes of the file
/// `includer`, and those of the user headers among them, as the preamble may hold them (see
/// planPreamble). True when all of `includes` were taken, so that its includer may go on past it.
bool collectLeadingLibraryIncludes(const std::string &includer, const std::vector<LeadingInclude> &includes,
                                   const std::vector<std::string> &args, const HeaderOwnership &ownership,
                                   unsigned depth, std::vector<std::string> &libraries) {
  for (const LeadingInclude &include : includes) {
    HeaderOwnership::Found found = ownership.find(include.name, include.quoted, includer, args);
    // A quoted name found nowhere may be a header the build generates: the user's.
    if (found.owner != HeaderOwnership::Found::User &&
        !(found.owner == HeaderOwnership::Found::Nowhere && include.quoted)) {
      libraries.push_back(include.name);
      continue;
    }
    if (found.path.empty() || depth + 1 >= MaxLeadingUserHeaders)
      return false;
    auto header = llvm::MemoryBuffer::getFile(found.path);
    if (!header)
      return false;
    llvm::StringRef headerText = (*header)->getBuffer();
    std::vector<LeadingInclude> headerIncludes = leadingIncludes(headerText, args);
    if (!collectLeadingLibraryIncludes(found.path, headerIncludes, args, ownership, depth + 1, libraries) ||
        !changesNoLaterLibrary(headerText, headerIncludes.size()))
      return false;
  }
  return true;
}

/// Compiles the library headers without their non-constexpr function bodies, as clangd's
/// preambles do: the rules look only at the user's code, and a header's inline bodies are most of
/// the time it takes to parse (LibTorch's: 16 s with them, 6 s without). The bodies that a TU
/// may need to parse its own code are kept: constexpr functions and ones whose return type is
/// deduced.
class PreambleAction : public clang::GeneratePCHAction {
  bool BeginInvocation(clang::CompilerInstance &compiler) override {
    compiler.getFrontendOpts().SkipFunctionBodies = true;
    return clang::GeneratePCHAction::BeginInvocation(compiler);
  }
};

} // namespace

std::optional<PreamblePlan> planPreamble(const tooling::CompileCommand &command, llvm::StringRef source,
                                         const AnalysisOptions &options) {
  if (llvm::sys::path::extension(command.Filename) == ".cu" || injectsOrIsNotCxx(command.CommandLine) ||
      injectsOrIsNotCxx(options.extraArgs) || injectsOrIsNotCxx(options.extraArgsBefore))
    return std::nullopt;
  // The preamble is compiled with the arguments the TU is parsed with, which already pass the
  // library directories as -isystem and hold the user's extra arguments.
  tooling::CompileCommand analysed = command;
  analysed.CommandLine = analysisArguments(command, options);
  HeaderOwnership ownership(command, options);

  // The library headers the TU starts with. A TU that starts with the user's own header
  // (`#include "model.h"`, as most projects' files do) starts with what that header starts with:
  // its leading library includes go in the preamble too, and the header's own #include lines
  // then find them included and skip them, as they would a second inclusion. Past the header's
  // end the includer's next leading includes are taken too when the header holds nothing that
  // could change how a library parses (`#include "config.h"` of plain declarations, then
  // `#include "model.h"`); otherwise the preamble stops there.
  PreamblePlan plan;
  collectLeadingLibraryIncludes(command.Filename, leadingIncludes(source, analysed.CommandLine), analysed.CommandLine,
                                ownership, 0, plan.includes);
  if (plan.includes.empty())
    return std::nullopt;

  plan.headerCommand.Directory = command.Directory;
  plan.headerCommand.CommandLine = sharedFlags(analysed);
  std::vector<std::string> keyParts = {toolIdentity(), command.Directory};
  keyParts.insert(keyParts.end(), plan.headerCommand.CommandLine.begin(), plan.headerCommand.CommandLine.end());
  plan.flagsKey = contentKey(keyParts);
  return plan;
}

std::string PreamblePlan::includeText(size_t count) const {
  std::string text;
  for (size_t i = 0; i < count && i < includes.size(); ++i)
    text += "#include <" + includes[i] + ">\n";
  return text;
}

std::string PreamblePlan::key(size_t count) const {
  // v3: preambles are built without function bodies.
  return contentKey({"preamble-v3", flagsKey, includeText(count)});
}

llvm::Expected<std::vector<std::string>> buildPreamble(const tooling::CompileCommand &headerCommand,
                                                       llvm::StringRef includeText,
                                                       llvm::StringRef pchPath) {
  std::string headerPath = (pchPath + ".h").str();
  if (!writeFileQuietly(headerPath, includeText))
    return llvm::createStringError(std::errc::io_error, "cannot write '%s'", headerPath.c_str());
  tooling::CompileCommand command = headerCommand;
  command.Filename = headerPath;
  // Instantiating the headers' pending templates once, in the preamble, instead of at the end of
  // every TU that uses it, cuts a TU's parse with a <torch/torch.h> preamble by more than half.
  // Only system headers are in it, whose declarations the analysis never looks at.
  command.CommandLine.insert(command.CommandLine.end(), {"-fpch-instantiate-templates", "-x", "c++-header",
                                                         headerPath, "-o", pchPath.str()});
  class Database : public tooling::CompilationDatabase {
  public:
    explicit Database(tooling::CompileCommand c) : c_(std::move(c)) {}
    std::vector<tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override { return {c_}; }

  private:
    tooling::CompileCommand c_;
  } db(command);
  tooling::ClangTool tool(db, {headerPath});
  tool.clearArgumentsAdjusters(); // keep -o: the output is the point; the flags are final already
  tool.setPrintErrorMessage(false);
  if (tool.run(tooling::newFrontendActionFactory<PreambleAction>().get()) != 0 ||
      !llvm::sys::fs::exists(pchPath))
    return llvm::createStringError(std::errc::invalid_argument, "the preamble did not compile");
  return filesRead(tool.getFiles());
}

tooling::CompileCommand withPreamble(tooling::CompileCommand command, llvm::StringRef pch) {
  command.CommandLine.insert(command.CommandLine.begin() + std::min<size_t>(1, command.CommandLine.size()),
                             {"-include-pch", pch.str(), "-fpch-validate-input-files-content"});
  return command;
}

std::optional<std::string> sharedPreambleFor(const tooling::CompileCommand &command, llvm::StringRef source,
                                             const AnalysisOptions &options, bool buildIfMissing) {
  if (options.preambleCacheDir.empty())
    return std::nullopt;
  std::optional<PreamblePlan> plan = planPreamble(command, source, options);
  if (!plan)
    return std::nullopt;
  std::string warning;
  ResultCache cache = ResultCache::open(options.preambleCacheDir, warning);
  PreambleStore store(cache, options.preambleCacheMaxBytes);
  if (!store.enabled())
    return std::nullopt;
  FileDigests digests;
  for (size_t count = plan->includes.size(); count > 0; --count)
    if (auto pch = store.lookup(plan->key(count), digests))
      return pch;
  if (!buildIfMissing)
    return std::nullopt;
  std::string key = plan->key(plan->includes.size());
  std::string pch = store.scratchPath(key);
  auto inputs = buildPreamble(plan->headerCommand, plan->includeText(plan->includes.size()), pch);
  if (!inputs) {
    llvm::consumeError(inputs.takeError());
    store.discard(key, pch);
    return std::nullopt;
  }
  auto published = store.publish(key, pch, *inputs, digests);
  if (!published)
    store.discard(key, pch);
  return published;
}

std::string PreambleStore::manifestPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(dir_);
  llvm::sys::path::append(path, key.str() + ".json");
  return std::string(path);
}

std::string PreambleStore::scratchPath(llvm::StringRef key) const {
  llvm::SmallString<256> model(dir_);
  llvm::sys::path::append(model, key.take_front(16).str() + "-%%%%%%%%.pch");
  llvm::SmallString<256> path;
  llvm::sys::fs::createUniquePath(model, path, /*MakeAbsolute=*/true);
  return std::string(path);
}

std::optional<std::string> PreambleStore::lookup(llvm::StringRef key, FileDigests &digests) const {
  if (!enabled())
    return std::nullopt;
  std::optional<json::Value> value = readCacheEntry(manifestPath(key));
  const json::Object *manifest = value ? value->getAsObject() : nullptr;
  std::optional<llvm::StringRef> pch = manifest ? manifest->getString("pch") : std::nullopt;
  std::optional<llvm::StringRef> pchDigest = manifest ? manifest->getString("pchDigest") : std::nullopt;
  // A pch's content is checked like any input: a truncated or overwritten file is not used.
  if (pch && pchDigest && digests.of(*pch) == *pchDigest &&
      dependenciesUnchanged(manifest->get("dependencies"), digests)) {
    markUsed(manifestPath(key));
    return pch->str();
  }
  discard(key, pch.value_or(""));
  return std::nullopt;
}

std::optional<std::string> PreambleStore::publish(llvm::StringRef key, llvm::StringRef builtPch,
                                                  llvm::ArrayRef<std::string> inputs,
                                                  FileDigests &digests) const {
  json::Object manifest{{"pch", builtPch},
                        {"pchDigest", digests.of(builtPch)},
                        {"dependencies", dependencyList(inputs, digests)}};
  if (!writeCacheEntry(manifestPath(key), std::move(manifest)))
    return std::nullopt;
  prune(key);
  return builtPch.str();
}

void PreambleStore::prune(llvm::StringRef keep) const {
  struct Entry {
    std::string key, pch;
    uint64_t bytes = 0;
    llvm::sys::TimePoint<> lastUse;
  };
  std::vector<Entry> entries;
  std::map<std::string, std::pair<uint64_t, llvm::sys::TimePoint<>>> pchFiles; // path -> size, mtime
  uint64_t total = 0;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir_, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(it->path(), status) || !llvm::sys::fs::is_regular_file(status))
      continue;
    total += status.getSize();
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.ends_with(".pch")) {
      pchFiles[it->path()] = {status.getSize(), status.getLastModificationTime()};
    } else if (name.ends_with(".json")) {
      Entry entry{name.drop_back(5).str(), "", status.getSize(), status.getLastModificationTime()};
      if (std::optional<json::Value> value = readCacheEntry(it->path()))
        if (const json::Object *manifest = value->getAsObject())
          entry.pch = manifest->getString("pch").value_or("").str();
      entries.push_back(std::move(entry));
    }
  }
  // Each entry weighs its manifest and its pch (the pch's header, a few bytes, counts in `total`).
  for (Entry &entry : entries) {
    auto found = pchFiles.find(entry.pch);
    if (found == pchFiles.end())
      continue;
    entry.bytes += found->second.first;
    pchFiles.erase(found);
  }
  auto now = std::chrono::system_clock::now();
  for (const auto &[pch, sizeAndTime] : pchFiles)
    if (now - sizeAndTime.second > std::chrono::hours(1)) {
      removePch(pch);
      total -= std::min(total, sizeAndTime.first);
    }
  if (maxBytes_ == 0 || total <= maxBytes_)
    return;
  llvm::sort(entries, [](const Entry &a, const Entry &b) { return a.lastUse < b.lastUse; });
  for (const Entry &entry : entries) {
    if (total <= maxBytes_)
      break;
    if (entry.key == keep)
      continue;
    discard(entry.key, entry.pch);
    total -= std::min(total, entry.bytes);
  }
}

void PreambleStore::discard(llvm::StringRef key, llvm::StringRef pch) const {
  std::string manifest = manifestPath(key);
  if (auto value = readJsonFile(manifest)) {
    const json::Object *object = value->getAsObject();
    if (!object || object->getString("pch") == pch)
      llvm::sys::fs::remove(manifest);
  } else {
    llvm::consumeError(value.takeError());
  }
  if (!pch.empty())
    removePch(pch);
}

} // namespace ampify
