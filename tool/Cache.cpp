#include "ampify/Cache.h"

#include "ampify/BoundedInput.h"
#include "ampify/FindingJson.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

namespace ampify {
namespace json = llvm::json;

std::string defaultCacheDirectory() {
  if (std::optional<std::string> env = llvm::sys::Process::GetEnv("AMPIFY_CACHE_DIR"); env && !env->empty())
    return *env;
  llvm::SmallString<256> dir;
  if (!llvm::sys::path::cache_directory(dir))
    return "";
  llvm::sys::path::append(dir, "ampify");
  return std::string(dir);
}

std::string contentKey(llvm::ArrayRef<std::string> parts) {
  llvm::SHA256 hash;
  for (const std::string &part : parts) {
    std::string length = std::to_string(part.size()) + ":";
    hash.update(length);
    hash.update(part);
  }
  return llvm::toHex(hash.final(), /*LowerCase=*/true);
}

const std::string &FileDigests::of(llvm::StringRef path) {
  auto [it, inserted] = digests_.try_emplace(path);
  if (inserted) {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    it->second = buffer ? llvm::utohexstr(llvm::xxh3_64bits((*buffer)->getBuffer())) : "missing";
  }
  return it->second;
}

std::string toolIdentity() {
  std::string identity = "ampify " AMPIFY_VERSION "; " + clang::getClangFullVersion();
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::sys::fs::file_status status;
  if (!exe.empty() && !llvm::sys::fs::status(exe, status))
    identity += "; " + exe + " " + std::to_string(status.getSize()) + " " +
                std::to_string(status.getLastModificationTime().time_since_epoch().count());
  return identity;
}

json::Value dependencyList(llvm::ArrayRef<std::string> files, FileDigests &digests) {
  json::Array list;
  for (const std::string &file : files)
    list.push_back(json::Array{file, digests.of(file)});
  return list;
}

bool dependenciesUnchanged(const json::Value *list, FileDigests &digests) {
  const json::Array *array = list ? list->getAsArray() : nullptr;
  if (!array)
    return false;
  for (const json::Value &entry : *array) {
    const json::Array *pair = entry.getAsArray();
    if (!pair || pair->size() != 2)
      return false;
    auto file = (*pair)[0].getAsString();
    auto digest = (*pair)[1].getAsString();
    if (!file || !digest || digests.of(*file) != *digest)
      return false;
  }
  return true;
}

std::optional<json::Value> readCacheEntry(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  auto [digest, payload] = (*buffer)->getBuffer().split('\n');
  if (digest != contentKey({payload.str()}))
    return std::nullopt; // truncated, garbled or written by someone else
  auto value = parseJsonBounded(payload, "a cache entry");
  if (!value) {
    llvm::consumeError(value.takeError());
    return std::nullopt;
  }
  return std::move(*value);
}

bool writeCacheEntry(llvm::StringRef path, json::Value entry) {
  std::string payload;
  llvm::raw_string_ostream os(payload);
  os << entry;
  return writeFileQuietly(path, contentKey({payload}) + "\n" + payload);
}

ResultCache ResultCache::open(llvm::StringRef dir, std::string &warning) {
  if (dir.empty()) {
    warning = "no cache directory (set --cache-dir or $AMPIFY_CACHE_DIR)";
    return disabled();
  }
  llvm::SmallString<256> abs(dir);
  llvm::sys::fs::make_absolute(abs);
  if (std::error_code ec = llvm::sys::fs::create_directories(abs)) {
    warning = "cannot create the cache directory '" + std::string(abs) + "': " + ec.message();
    return disabled();
  }
  // Writability is proven by writing, not by permission bits (read-only mounts, ACLs).
  llvm::SmallString<256> probe(abs);
  llvm::sys::path::append(probe, ".probe");
  if (!writeFileQuietly(probe, "ok")) {
    warning = "the cache directory '" + std::string(abs) + "' is not writable";
    return disabled();
  }
  return ResultCache(std::string(abs));
}

std::string ResultCache::subdirectory(llvm::StringRef name) const {
  if (!enabled())
    return "";
  llvm::SmallString<256> path(dir_);
  llvm::sys::path::append(path, name);
  if (llvm::sys::fs::create_directories(path))
    return "";
  return std::string(path);
}

std::string ResultCache::entryPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(dir_);
  llvm::sys::path::append(path, "results", key.take_front(2), key.str() + ".json");
  return std::string(path);
}

std::optional<TranslationUnitResult> ResultCache::lookup(llvm::StringRef key, FileDigests &digests) const {
  if (!enabled())
    return std::nullopt;
  std::optional<json::Value> value = readCacheEntry(entryPath(key));
  const json::Object *entry = value ? value->getAsObject() : nullptr;
  if (!entry || !dependenciesUnchanged(entry->get("dependencies"), digests))
    return std::nullopt;
  TranslationUnitResult result;
  json::Path::Root root;
  const json::Value *stored = entry->get("result");
  if (!stored || !fromJSON(*stored, result, root)) {
    llvm::consumeError(root.getError());
    return std::nullopt;
  }
  return result;
}

void ResultCache::store(llvm::StringRef key, const TranslationUnitResult &result, FileDigests &digests) const {
  if (!enabled() || !result.parsed)
    return;
  std::string path = entryPath(key);
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)))
    return;
  TranslationUnitResult stored = result;
  stored.inputs.clear(); // they are the dependencies, with digests
  json::Object entry{{"dependencies", dependencyList(result.inputs, digests)},
                     {"result", toJSON(stored)}};
  writeCacheEntry(path, std::move(entry));
}

} // namespace ampify
