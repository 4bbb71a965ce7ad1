#include "ampify/HeaderOwnership.h"

#include "ampify/Driver.h"
#include "ampify/TorchHeaders.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace ampify {
namespace {

constexpr llvm::StringLiteral TorchApiInclude = "include/torch/csrc/api/include";

/// One directory searched for includes, as the command names it (Quote: for "..." ones only).
struct SearchDirectory {
  enum Group { Quote, User, System, After } group;
  std::string path;  // absolute
  size_t argument;   // index of the argument holding the path
  bool joined;       // the flag and the path are one argument (-Idir)
  llvm::StringRef flag;
};

std::vector<SearchDirectory> searchDirectories(const std::vector<std::string> &args,
                                               llvm::StringRef directory) {
  struct Flag {
    llvm::StringLiteral name;
    SearchDirectory::Group group;
  };
  // Longer spellings first: "--include-directory-after" also starts with "--include-directory".
  static constexpr Flag Flags[] = {{"--include-directory-after=", SearchDirectory::After},
                                   {"--include-directory-after", SearchDirectory::After},
                                   {"-isystem-after", SearchDirectory::After},
                                   {"--include-directory=", SearchDirectory::User},
                                   {"--include-directory", SearchDirectory::User},
                                   {"-isystem", SearchDirectory::System},
                                   {"-idirafter", SearchDirectory::After},
                                   {"-iquote", SearchDirectory::Quote},
                                   {"-I", SearchDirectory::User}};
  std::vector<SearchDirectory> dirs;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    for (const Flag &flag : Flags) {
      if (!arg.starts_with(flag.name))
        continue;
      bool joined = arg.size() > flag.name.size();
      if (!joined && i + 1 >= args.size())
        break;
      size_t at = joined ? i : i + 1;
      llvm::StringRef path = joined ? arg.drop_front(flag.name.size()) : llvm::StringRef(args[at]);
      dirs.push_back({flag.group, absoluteIn(directory, path), at, joined, flag.name});
      i = at;
      break;
    }
  }
  // Clang searches the -iquote directories (for "..." only), the -I ones, then the -isystem ones,
  // then its own, then -idirafter.
  llvm::stable_sort(dirs, [](const SearchDirectory &a, const SearchDirectory &b) { return a.group < b.group; });
  return dirs;
}

/// The LibTorch install an include directory belongs to: <prefix>/include or
/// <prefix>/include/torch/csrc/api/include.
std::optional<std::string> torchPrefixOf(llvm::StringRef dir) {
  if (dir.ends_with(TorchApiInclude))
    return dir.drop_back(TorchApiInclude.size()).rtrim("/").str();
  llvm::SmallString<256> api(dir);
  llvm::sys::path::append(api, "torch/csrc/api/include/torch/torch.h");
  if (llvm::sys::path::filename(dir) == "include" && llvm::sys::fs::exists(api))
    return llvm::sys::path::parent_path(dir).str();
  return std::nullopt;
}

} // namespace

std::optional<std::string> vcsRootOf(llvm::StringRef dir) {
  for (llvm::StringRef at = dir; !at.empty(); at = llvm::sys::path::parent_path(at)) {
    for (const char *marker : {".git", ".hg", ".svn", ".jj"}) {
      llvm::SmallString<256> path(at);
      llvm::sys::path::append(path, marker);
      if (llvm::sys::fs::exists(path))
        return at.str();
    }
    if (at == llvm::sys::path::root_path(at))
      break;
  }
  return std::nullopt;
}

HeaderOwnership::HeaderOwnership(const clang::tooling::CompileCommand &command, const AnalysisOptions &options)
    : directory_(command.Directory) {
  if (!options.torchPrefix.empty()) {
    auto install = findTorchInstall(options.torchPrefix, TorchSearch{});
    if (install)
      torchPrefixes_.push_back(install->prefix);
    else
      llvm::consumeError(install.takeError()); // the TU collection reports a bad --torch-prefix
  }
  std::vector<std::string> args = options.extraArgsBefore;
  llvm::append_range(args, command.CommandLine);
  llvm::append_range(args, options.extraArgs);
  for (const SearchDirectory &dir : searchDirectories(args, directory_))
    if (auto prefix = torchPrefixOf(dir.path))
      torchPrefixes_.push_back(*prefix);

  std::string mainDir = llvm::sys::path::parent_path(absoluteIn(directory_, command.Filename)).str();
  std::string commandDir = absoluteIn(directory_, ".");
  for (const std::string &dir : {mainDir, commandDir}) {
    if (auto root = vcsRootOf(dir)) {
      projectDirs_.push_back(*root);
      haveVcsRoot_ = true;
    }
  }
  projectDirs_.push_back(mainDir);
  projectDirs_.push_back(commandDir);
  llvm::sort(projectDirs_);
  projectDirs_.erase(std::unique(projectDirs_.begin(), projectDirs_.end()), projectDirs_.end());
}

bool HeaderOwnership::isLibraryDirectory(llvm::StringRef dir, bool givenAsSystem) const {
  auto under = [&](const std::string &root) { return isUnder(dir, root); };
  if (llvm::any_of(torchPrefixes_, under))
    return true;
  if (llvm::any_of(projectDirs_, under))
    return false;
  if (haveVcsRoot_ || givenAsSystem)
    return true;
  return isUnder(dir, "/usr") || isUnder(dir, "/opt");
}

std::vector<std::string> HeaderOwnership::librariesAsSystem(const std::vector<std::string> &args) const {
  std::vector<std::string> out = args;
  std::vector<SearchDirectory> dirs = searchDirectories(args, directory_);
  // From the back, so that the argument indices of the earlier directories stay valid.
  llvm::sort(dirs, [](const SearchDirectory &a, const SearchDirectory &b) { return a.argument > b.argument; });
  for (const SearchDirectory &dir : dirs) {
    if (dir.group != SearchDirectory::User || !isLibraryDirectory(dir.path, /*givenAsSystem=*/false))
      continue;
    if (dir.joined)
      out[dir.argument] = "-isystem" + llvm::StringRef(args[dir.argument]).drop_front(dir.flag.size()).str();
    else
      out[dir.argument - 1] = "-isystem";
  }
  return out;
}

HeaderOwnership::Found HeaderOwnership::find(llvm::StringRef name, bool quoted, llvm::StringRef includer,
                                             const std::vector<std::string> &args) const {
  auto in = [&](llvm::StringRef dir, bool givenAsSystem) -> std::optional<Found> {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    if (!llvm::sys::fs::is_regular_file(path))
      return std::nullopt;
    return Found{isLibraryDirectory(dir, givenAsSystem) ? Found::Library : Found::User, std::string(path)};
  };
  if (quoted)
    if (auto beside = in(llvm::sys::path::parent_path(absoluteIn(directory_, includer)), /*givenAsSystem=*/false))
      return *beside;
  for (const SearchDirectory &dir : searchDirectories(args, directory_))
    if (dir.group != SearchDirectory::Quote || quoted)
      if (auto found = in(dir.path, dir.group == SearchDirectory::System || dir.group == SearchDirectory::After))
        return *found;
  return Found{Found::Nowhere, ""};
}

} // namespace ampify
