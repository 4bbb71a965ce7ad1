#include "ampify/EditSet.h"

#include "ampify/SafeWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

namespace ampify {
namespace {

llvm::Expected<std::string> readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(), "cannot read '%s': %s", path.str().c_str(),
                                   buffer.getError().message().c_str());
  return (*buffer)->getBuffer().str();
}

std::vector<llvm::StringRef> splitLines(llvm::StringRef text) {
  std::vector<llvm::StringRef> lines;
  while (!text.empty()) {
    size_t end = text.find('\n');
    if (end == llvm::StringRef::npos) {
      lines.push_back(text);
      break;
    }
    lines.push_back(text.take_front(end + 1));
    text = text.drop_front(end + 1);
  }
  return lines;
}

unsigned lineOfOffset(const std::vector<unsigned> &lineStarts, unsigned offset) {
  return std::upper_bound(lineStarts.begin(), lineStarts.end(), offset) - lineStarts.begin() - 1;
}

void emitLine(llvm::raw_ostream &os, char mark, llvm::StringRef line) {
  os << mark << line;
  if (!line.ends_with("\n"))
    os << "\n\\ No newline at end of file\n";
}

/// Paths under the working directory are shown relative to it, as `git diff` does.
std::string displayPath(llvm::StringRef path) {
  llvm::SmallString<256> cwd;
  if (!llvm::sys::fs::current_path(cwd) && path.starts_with(cwd) && path.size() > cwd.size() &&
      llvm::sys::path::is_separator(path[cwd.size()]))
    return path.drop_front(cwd.size() + 1).str();
  return path.str();
}

/// Emits the old and new lines of one hunk as context, removals and additions, through their
/// longest common subsequence (hunks are a few lines, so the quadratic table is cheap).
void emitLineDiff(llvm::raw_ostream &os, llvm::ArrayRef<llvm::StringRef> a,
                  llvm::ArrayRef<llvm::StringRef> b) {
  size_t n = a.size(), m = b.size();
  std::vector<std::vector<unsigned>> common(n + 1, std::vector<unsigned>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1
                                  : std::max(common[i + 1][j], common[i][j + 1]);
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      emitLine(os, ' ', a[i++]);
      ++j;
    } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
      emitLine(os, '-', a[i++]);
    } else {
      emitLine(os, '+', b[j++]);
    }
  }
}

} // namespace

llvm::Error EditSet::addFixesOf(const Finding &finding) {
  // Check the whole finding first so that a conflicting fix is left out entirely, never halfway.
  // The check adds the finding's new edits to a trial set that holds only the edits already
  // taken that they could touch (those that overlap or adjoin them: replacements never overlap
  // each other, so no other can), which costs the same for the thousandth finding of a file as
  // for the first: a file's edits are added in linear time, not quadratic.
  std::map<std::string, std::vector<const clang::tooling::Replacement *>> fresh;
  for (const clang::tooling::Replacement &r : finding.fixes) {
    std::string path = r.getFilePath().str();
    auto taken = taken_.find(path);
    if (taken != taken_.end() && taken->second.count(r))
      continue; // the same edit from another TU (a shared header) or another finding
    auto &mine = fresh[path];
    if (llvm::none_of(mine, [&](const clang::tooling::Replacement *m) { return *m == r; }))
      mine.push_back(&r);
  }
  auto overlapError = [&](llvm::StringRef path, llvm::Error err) {
    llvm::consumeError(std::move(err));
    return llvm::createStringError(std::errc::invalid_argument,
                                   "%s:%u: the fix of [%s] overlaps another edit and was left out",
                                   path.str().c_str(), finding.where.line, finding.rule.c_str());
  };
  for (const auto &[path, mine] : fresh) {
    clang::tooling::Replacements trial;
    auto taken = taken_.find(path);
    if (taken != taken_.end()) {
      std::set<clang::tooling::Replacement> neighbours;
      for (const clang::tooling::Replacement *r : mine) {
        unsigned begin = r->getOffset(), end = r->getOffset() + r->getLength();
        auto it = taken->second.lower_bound(clang::tooling::Replacement(path, begin, 0, ""));
        for (auto before = it; before != taken->second.begin();) {
          --before;
          if (before->getOffset() + before->getLength() < begin)
            break;
          neighbours.insert(*before);
        }
        for (; it != taken->second.end() && it->getOffset() <= end; ++it)
          neighbours.insert(*it);
      }
      for (const clang::tooling::Replacement &n : neighbours)
        if (llvm::Error err = trial.add(n))
          return overlapError(path, std::move(err));
    }
    for (const clang::tooling::Replacement *r : mine)
      if (llvm::Error err = trial.add(*r))
        return overlapError(path, std::move(err));
  }
  for (const auto &[path, mine] : fresh) {
    clang::tooling::Replacements &file = files_[path];
    for (const clang::tooling::Replacement *r : mine) {
      if (llvm::Error err = file.add(*r))
        return overlapError(path, std::move(err)); // not reached: the trial took it
      taken_[path].insert(*r);
    }
    auto digest = finding.parsedDigests.find(path);
    if (digest != finding.parsedDigests.end())
      parsedDigests_.emplace(path, digest->second);
  }
  return llvm::Error::success();
}

llvm::Error EditSet::writeDiff(llvm::raw_ostream &os) const {
  constexpr unsigned Context = 3;
  for (const auto &[path, repls] : files_) {
    auto original = readFile(path);
    if (!original)
      return original.takeError();
    auto edited = clang::tooling::applyAllReplacements(*original, repls);
    if (!edited)
      return edited.takeError();
    std::vector<llvm::StringRef> oldLines = splitLines(*original);
    std::vector<unsigned> lineStarts{0};
    for (llvm::StringRef line : oldLines)
      lineStarts.push_back(lineStarts.back() + line.size());

    // Each replacement touches a range of old lines; merge ranges whose context overlaps.
    struct Hunk {
      unsigned first, last; // old lines, inclusive
    };
    std::vector<Hunk> hunks;
    for (const clang::tooling::Replacement &r : repls) {
      unsigned first = lineOfOffset(lineStarts, r.getOffset());
      unsigned endOffset = r.getOffset() + r.getLength();
      unsigned last = r.getLength() ? lineOfOffset(lineStarts, endOffset - 1) : first;
      first = first >= Context ? first - Context : 0;
      last = std::min<unsigned>(last + Context, oldLines.empty() ? 0 : oldLines.size() - 1);
      if (!hunks.empty() && first <= hunks.back().last + 1)
        hunks.back().last = std::max(hunks.back().last, last);
      else
        hunks.push_back({first, last});
    }
    std::string shown = displayPath(path);
    if (llvm::sys::path::is_absolute(shown))
      os << "--- " << shown << "\n+++ " << shown << "\n";
    else
      os << "--- a/" << shown << "\n+++ b/" << shown << "\n";
    int shift = 0; // new line number minus old line number before the current hunk
    for (const Hunk &hunk : hunks) {
      unsigned begin = lineStarts[hunk.first];
      unsigned end = lineStarts[std::min<size_t>(hunk.last + 1, oldLines.size())];
      clang::tooling::Replacements local;
      for (const clang::tooling::Replacement &r : repls)
        if (r.getOffset() >= begin && r.getOffset() + r.getLength() <= end)
          llvm::cantFail(local.add(clang::tooling::Replacement(
              "", r.getOffset() - begin, r.getLength(), r.getReplacementText())));
      std::string oldText = original->substr(begin, end - begin);
      std::string newText = llvm::cantFail(clang::tooling::applyAllReplacements(oldText, local));
      std::vector<llvm::StringRef> newLines = splitLines(newText);
      unsigned oldCount = hunk.last - hunk.first + 1;
      os << "@@ -" << hunk.first + 1 << "," << oldCount << " +" << hunk.first + 1 + shift << ","
         << newLines.size() << " @@\n";
      std::vector<llvm::StringRef> oldHunk(oldLines.begin() + hunk.first,
                                           oldLines.begin() + hunk.last + 1);
      emitLineDiff(os, oldHunk, newLines);
      shift += int(newLines.size()) - int(oldCount);
    }
  }
  return llvm::Error::success();
}

llvm::Error EditSet::apply() const {
  llvm::Error errors = llvm::Error::success();
  for (const auto &[path, repls] : files_) {
    auto original = readFile(path);
    if (!original) {
      errors = llvm::joinErrors(std::move(errors), original.takeError());
      continue;
    }
    auto digest = parsedDigests_.find(path);
    if (digest != parsedDigests_.end() && digest->second != llvm::xxh3_64bits(*original)) {
      errors = llvm::joinErrors(
          std::move(errors),
          llvm::createStringError(std::errc::device_or_resource_busy,
                                  "'%s' changed on disk since it was analysed; not written",
                                  path.c_str()));
      continue;
    }
    auto edited = clang::tooling::applyAllReplacements(*original, repls);
    if (!edited) {
      errors = llvm::joinErrors(std::move(errors), edited.takeError());
      continue;
    }
    if (llvm::Error err = writeFileSafely(path, *edited, WriteKind::SourceEdit))
      errors = llvm::joinErrors(std::move(errors), std::move(err));
  }
  return errors;
}

} // namespace ampify
