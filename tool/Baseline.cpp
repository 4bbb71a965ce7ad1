#include "ampify/Baseline.h"

#include "ampify/BoundedInput.h"
#include "ampify/Output.h"
#include "ampify/SafeWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/xxhash.h"

#include <memory>
#include <tuple>

namespace ampify {

std::string normalizeSourceLine(llvm::StringRef line) {
  std::string out;
  bool pendingSpace = false;
  for (char c : line.trim()) {
    if (llvm::isSpace(c)) {
      pendingSpace = true;
      continue;
    }
    if (pendingSpace)
      out += ' ';
    pendingSpace = false;
    out += c;
  }
  return out;
}

std::string fingerprintOf(llvm::StringRef rule, llvm::StringRef relativePath,
                          llvm::StringRef normalizedLine, unsigned occurrence) {
  std::string key = (rule + llvm::Twine('\0') + relativePath + llvm::Twine('\0') +
                     normalizedLine + llvm::Twine('\0') + llvm::Twine(occurrence))
                        .str();
  return llvm::utohexstr(llvm::xxh3_64bits(key), /*LowerCase=*/true, /*Width=*/16);
}

std::vector<std::string> fingerprintFindings(llvm::ArrayRef<Finding> findings,
                                             llvm::StringRef projectRoot) {
  std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> buffers;
  auto lineText = [&](const SourcePoint &where) -> llvm::StringRef {
    auto it = buffers.find(where.file);
    if (it == buffers.end()) {
      auto buffer = llvm::MemoryBuffer::getFile(where.file, /*IsText=*/true);
      it = buffers.emplace(where.file, buffer ? std::move(*buffer) : nullptr).first;
    }
    if (!it->second || where.offset > it->second->getBufferSize())
      return {};
    llvm::StringRef text = it->second->getBuffer();
    size_t begin = text.rfind('\n', where.offset); // searches before the offset
    begin = begin == llvm::StringRef::npos ? 0 : begin + 1;
    size_t end = text.find('\n', where.offset);
    return text.slice(begin, end == llvm::StringRef::npos ? text.size() : end);
  };

  std::vector<std::string> out;
  std::map<std::tuple<std::string, std::string, std::string>, unsigned> seen;
  for (const Finding &finding : findings) {
    std::string path = projectRelativePath(finding.where.file, projectRoot);
    std::string line = normalizeSourceLine(lineText(finding.where));
    unsigned occurrence = seen[{finding.rule, path, line}]++;
    out.push_back(fingerprintOf(finding.rule, path, line, occurrence));
  }
  return out;
}

llvm::Expected<Baseline> Baseline::load(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError(buffer.getError(), "cannot read baseline '%s': %s",
                                   path.str().c_str(), buffer.getError().message().c_str());
  auto invalid = [&](const llvm::Twine &why) {
    return llvm::createStringError(std::errc::invalid_argument, "baseline '%s' is not valid: %s",
                                   path.str().c_str(), why.str().c_str());
  };
  llvm::Expected<llvm::json::Value> parsed = parseJsonBounded((*buffer)->getBuffer(), "the file");
  if (!parsed)
    return invalid(llvm::toString(parsed.takeError()));
  const llvm::json::Object *root = parsed->getAsObject();
  if (!root || root->getInteger("version") != 1)
    return invalid("expected an object with \"version\": 1");
  const llvm::json::Array *entries = root->getArray("findings");
  if (!entries)
    return invalid("no \"findings\" array");
  Baseline baseline;
  baseline.digest_ = llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef((*buffer)->getBuffer())),
                                 /*LowerCase=*/true);
  for (size_t i = 0; i < entries->size(); ++i) {
    const llvm::json::Object *entry = (*entries)[i].getAsObject();
    std::optional<llvm::StringRef> fingerprint = entry ? entry->getString("fingerprint") : std::nullopt;
    if (!fingerprint)
      return invalid("finding " + llvm::Twine(i) + " has no \"fingerprint\" string");
    baseline.remaining_[fingerprint->str()]++;
  }
  return baseline;
}

llvm::Error Baseline::write(llvm::StringRef path, llvm::ArrayRef<Finding> findings,
                            llvm::ArrayRef<std::string> fingerprints, llvm::StringRef projectRoot) {
  llvm::json::Array out;
  for (size_t i = 0; i < findings.size(); ++i)
    out.push_back(llvm::json::Object{
        {"fingerprint", fingerprints[i]},
        {"rule", findings[i].rule},
        {"path", projectRelativePath(findings[i].where.file, projectRoot)},
        {"line", findings[i].where.line}, // for people reading it; matching ignores it
        {"message", findings[i].message}});
  llvm::json::Object document{{"version", 1}, {"findings", std::move(out)}};

  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(document))) << "\n";
  return writeFileSafely(path, os.str());
}

bool Baseline::consume(const std::string &fingerprint) {
  auto it = remaining_.find(fingerprint);
  if (it == remaining_.end() || it->second == 0)
    return false;
  --it->second;
  return true;
}

} // namespace ampify
