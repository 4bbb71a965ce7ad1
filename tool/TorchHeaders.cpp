#include "ampify/TorchHeaders.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"

namespace ampify {
namespace {

constexpr llvm::StringLiteral ApiInclude = "include/torch/csrc/api/include";

bool isInstallPrefix(llvm::StringRef prefix) {
  llvm::SmallString<256> header(prefix);
  llvm::sys::path::append(header, ApiInclude, "torch", "torch.h");
  return llvm::sys::fs::exists(header);
}

/// A CMake package dir (prefix/share/cmake/Torch) or the prefix itself.
std::optional<std::string> prefixFrom(llvm::StringRef path) {
  llvm::SmallString<256> candidate(path);
  llvm::sys::fs::make_absolute(candidate);
  llvm::sys::path::remove_dots(candidate, /*remove_dot_dot=*/true);
  for (int up = 0; up < 4 && !candidate.empty(); ++up) {
    if (isInstallPrefix(candidate))
      return std::string(candidate);
    llvm::sys::path::remove_filename(candidate);
  }
  return std::nullopt;
}

/// Asks python3 where the torch package is, without importing it (importing takes seconds).
std::optional<std::string> pythonTorchPrefix(llvm::StringRef python) {
  if (python.empty())
    return std::nullopt;
  llvm::SmallString<128> out;
  if (llvm::sys::fs::createTemporaryFile("ampify-torch", "txt", out))
    return std::nullopt;
  llvm::sys::RemoveFileOnSignal(out);
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(out), llvm::StringRef("")};
  llvm::StringRef args[] = {python, "-c",
                            "import importlib.util as u; s=u.find_spec('torch'); "
                            "print(s.submodule_search_locations[0] if s else '')"};
  int rc = llvm::sys::ExecuteAndWait(python, args, std::nullopt, redirects, /*SecondsToWait=*/20);
  auto buffer = llvm::MemoryBuffer::getFile(out);
  llvm::sys::fs::remove(out);
  llvm::sys::DontRemoveFileOnSignal(out);
  if (rc != 0 || !buffer)
    return std::nullopt;
  llvm::StringRef dir = (*buffer)->getBuffer().trim();
  if (!dir.empty() && isInstallPrefix(dir))
    return dir.str();
  return std::nullopt;
}

/// /usr/include is already on the default search path; naming it again with -isystem would move
/// it before libstdc++'s headers and break their #include_next.
bool isDefaultIncludeDir(llvm::StringRef dir) { return dir == "/usr/include" || dir == "/usr/local/include"; }

TorchInstall makeInstall(std::string prefix, std::string how) {
  TorchInstall install;
  install.prefix = std::move(prefix);
  install.howFound = std::move(how);
  llvm::SmallString<256> include(install.prefix), api(install.prefix);
  llvm::sys::path::append(include, "include");
  llvm::sys::path::append(api, ApiInclude);
  if (!isDefaultIncludeDir(include))
    install.includeArgs.push_back("-isystem" + std::string(include));
  install.includeArgs.push_back("-isystem" + std::string(api));
  return install;
}

} // namespace

TorchSearch TorchSearch::fromEnvironment() {
  TorchSearch search;
  search.torchDir = llvm::sys::Process::GetEnv("Torch_DIR").value_or("");
  search.cmakePrefixPath = llvm::sys::Process::GetEnv("CMAKE_PREFIX_PATH").value_or("");
  if (auto python = llvm::sys::findProgramByName("python3"))
    search.python = *python;
  search.systemPrefixes = {"/usr", "/usr/local"};
  return search;
}

llvm::Expected<TorchInstall> findTorchInstall(llvm::StringRef explicitPrefix,
                                              const TorchSearch &search) {
  if (!explicitPrefix.empty()) {
    if (auto prefix = prefixFrom(explicitPrefix))
      return makeInstall(*prefix, "--torch-prefix");
    return llvm::createStringError(std::errc::no_such_file_or_directory,
                                   "--torch-prefix '%s' holds no include/torch/csrc/api/include/torch/torch.h",
                                   explicitPrefix.str().c_str());
  }
  if (!search.torchDir.empty())
    if (auto prefix = prefixFrom(search.torchDir))
      return makeInstall(*prefix, "$Torch_DIR");
  llvm::SmallVector<llvm::StringRef> entries;
  llvm::StringRef(search.cmakePrefixPath).split(entries, llvm::sys::EnvPathSeparator, -1, false);
  for (llvm::StringRef entry : entries)
    if (auto prefix = prefixFrom(entry))
      return makeInstall(*prefix, "$CMAKE_PREFIX_PATH");
  if (auto prefix = pythonTorchPrefix(search.python))
    return makeInstall(*prefix, "python3's torch package");
  for (const std::string &system : search.systemPrefixes)
    if (isInstallPrefix(system))
      return makeInstall(system, "the system's libtorch-dev");
  return llvm::createStringError(
      std::errc::no_such_file_or_directory,
      "LibTorch headers not found: pass -p BUILD_DIR with a compile_commands.json, or "
      "--torch-prefix=DIR (a LibTorch install), or set Torch_DIR or CMAKE_PREFIX_PATH, or install "
      "Debian's libtorch-dev or python3's torch package");
}

std::vector<std::string> runtimeIncludeArgs() {
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(installed, "include");
  for (llvm::StringRef dir : {llvm::StringRef(installed), llvm::StringRef(AMPIFY_RUNTIME_INCLUDE_DIR)}) {
    llvm::SmallString<256> header(dir);
    llvm::sys::path::append(header, "ampify", "amp.h");
    if (llvm::sys::fs::exists(header))
      return isDefaultIncludeDir(dir) ? std::vector<std::string>{} : std::vector<std::string>{"-isystem" + dir.str()};
  }
  return {};
}

} // namespace ampify
