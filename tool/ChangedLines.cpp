#include "ampify/ChangedLines.h"

#include "ampify/Output.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"

#include <limits>
#include <optional>

namespace ampify {
namespace {

/// git's output, removed however the run ends (SIGINT included).
struct TempFile {
  llvm::SmallString<128> path;
  TempFile(llvm::StringRef prefix) {
    if (!llvm::sys::fs::createTemporaryFile(prefix, "txt", path))
      llvm::sys::RemoveFileOnSignal(path);
  }
  ~TempFile() {
    llvm::sys::fs::remove(path);
    llvm::sys::DontRemoveFileOnSignal(path);
  }
  std::string read() const {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    return buffer ? (*buffer)->getBuffer().str() : "";
  }
};

/// Runs git with `args` and returns its stdout, or its stderr as the error.
llvm::Expected<std::string> runGit(llvm::ArrayRef<llvm::StringRef> args) {
  llvm::ErrorOr<std::string> git = llvm::sys::findProgramByName("git");
  if (!git)
    return llvm::createStringError(std::errc::no_such_file_or_directory,
                                   "--changed-since needs git, which is not on PATH");
  std::vector<llvm::StringRef> argv = {*git};
  argv.insert(argv.end(), args.begin(), args.end());
  TempFile out("ampify-git-out"), err("ampify-git-err");
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(out.path),
                                                llvm::StringRef(err.path)};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*git, argv, std::nullopt, redirects, 0, 0, &message);
  if (rc != 0)
    return llvm::createStringError(std::errc::invalid_argument, "git %s failed: %s",
                                   llvm::join(args, " ").c_str(),
                                   llvm::StringRef(message.empty() ? err.read() : message)
                                       .trim()
                                       .str()
                                       .c_str());
  return out.read();
}

/// A path as git prints it: names with non-ASCII bytes, quotes, backslashes or control
/// characters come C-quoted ("b/\303\274.cpp"), with octal escapes for the bytes.
std::string unquoteGitPath(llvm::StringRef text) {
  if (text.size() < 2 || !text.starts_with("\"") || !text.ends_with("\""))
    return text.str();
  text = text.drop_front().drop_back();
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    char c = text[++i];
    if (c >= '0' && c <= '7') {
      unsigned value = 0;
      for (size_t end = std::min(i + 3, text.size()); i < end && text[i] >= '0' && text[i] <= '7'; ++i)
        value = value * 8 + unsigned(text[i] - '0');
      --i;
      out += char(value);
      continue;
    }
    switch (c) {
    case 'a': out += '\a'; break;
    case 'b': out += '\b'; break;
    case 't': out += '\t'; break;
    case 'n': out += '\n'; break;
    case 'v': out += '\v'; break;
    case 'f': out += '\f'; break;
    case 'r': out += '\r'; break;
    default: out += c; // a quote or a backslash
    }
  }
  return out;
}

} // namespace

ChangedLines ChangedLines::fromUnifiedDiff(llvm::StringRef diff, llvm::StringRef repoRoot) {
  ChangedLines changed;
  std::string current; // absolute path of the file the hunks belong to; empty: deleted file
  while (!diff.empty()) {
    auto [line, rest] = diff.split('\n');
    diff = rest;
    if (line.consume_front("+++ ")) {
      current.clear();
      std::string name = unquoteGitPath(line.rtrim("\r\t "));
      line = name;
      if (line.consume_front("b/")) {
        llvm::SmallString<256> path(repoRoot);
        llvm::sys::path::append(path, line);
        llvm::sys::path::native(path);
        current = std::string(path);
      }
      continue;
    }
    // @@ -a[,b] +c[,d] @@: d lines starting at c are new (d defaults to 1; 0 is a pure deletion).
    if (!line.consume_front("@@ ") || current.empty())
      continue;
    size_t plus = line.find(" +");
    if (plus == llvm::StringRef::npos)
      continue;
    llvm::StringRef added = line.drop_front(plus + 2).split(' ').first;
    auto [startText, countText] = added.split(',');
    unsigned start = 0, count = 1;
    if (startText.getAsInteger(10, start) || (!countText.empty() && countText.getAsInteger(10, count)))
      continue;
    if (count > 0)
      changed.ranges_[current].push_back({start, start + count - 1});
  }
  return changed;
}

llvm::Expected<ChangedLines> ChangedLines::sinceGitRef(llvm::StringRef ref,
                                                       llvm::StringRef directory) {
  if (ref.empty() || ref.starts_with("-"))
    return llvm::createStringError(std::errc::invalid_argument,
                                   "--changed-since needs a git revision, not '%s'",
                                   ref.str().c_str());
  auto top = runGit({"-C", directory, "rev-parse", "--show-toplevel"});
  if (!top)
    return top.takeError();
  std::string root = llvm::StringRef(*top).trim().str();
  // --no-ext-diff/--no-color/--no-renames: parseable output whatever the user's git config says.
  auto diff = runGit({"-C", root, "diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames",
                      ref, "--"});
  if (!diff)
    return diff.takeError();
  return fromUnifiedDiff(*diff, root);
}

bool ChangedLines::touches(llvm::StringRef file, unsigned line) const {
  auto it = ranges_.find(file.str());
  if (it == ranges_.end())
    return false;
  return llvm::any_of(it->second, [&](const auto &range) {
    return range.first <= line && line <= range.second;
  });
}

std::vector<std::string> ChangedLines::files() const {
  std::vector<std::string> out;
  for (const auto &entry : ranges_)
    out.push_back(entry.first);
  return out;
}

llvm::json::Value ChangedLines::toJSON(llvm::StringRef root) const {
  llvm::json::Object out;
  for (const auto &[file, ranges] : ranges_) {
    llvm::json::Array list;
    for (const auto &[first, last] : ranges)
      list.push_back(llvm::json::Array{first, last});
    out[projectRelativePath(file, root)] = std::move(list);
  }
  return out;
}

llvm::Expected<ChangedLines> ChangedLines::fromJSON(const llvm::json::Value &value, llvm::StringRef root) {
  auto invalid = [] {
    return llvm::createStringError(std::errc::invalid_argument,
                                   "changed lines must map paths to lists of [first, last] lines");
  };
  const llvm::json::Object *files = value.getAsObject();
  if (!files)
    return invalid();
  ChangedLines changed;
  for (const auto &[path, list] : *files) {
    const llvm::json::Array *ranges = list.getAsArray();
    if (!ranges)
      return invalid();
    llvm::SmallString<256> file(path.str());
    if (!llvm::sys::path::is_absolute(file)) {
      file = root;
      llvm::sys::path::append(file, path.str());
    }
    auto &into = changed.ranges_[std::string(file)];
    for (const llvm::json::Value &range : *ranges) {
      const llvm::json::Array *pair = range.getAsArray();
      std::optional<int64_t> first = pair && pair->size() == 2 ? (*pair)[0].getAsInteger() : std::nullopt;
      std::optional<int64_t> last = pair && pair->size() == 2 ? (*pair)[1].getAsInteger() : std::nullopt;
      if (!first || !last || *first < 1 || *last < *first || *last > std::numeric_limits<unsigned>::max())
        return invalid();
      into.push_back({unsigned(*first), unsigned(*last)});
    }
  }
  return changed;
}

} // namespace ampify
