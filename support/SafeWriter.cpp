#include "ampify/SafeWriter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace ampify {
namespace {

std::mutex inputsLock;
std::vector<std::string> &inputs() {
  static std::vector<std::string> paths;
  return paths;
}

std::error_code lastError() { return std::error_code(errno, std::generic_category()); }

llvm::Error failure(std::error_code ec, llvm::StringRef path, llvm::StringRef what) {
  return llvm::createStringError(ec, "cannot write '%s': %s (%s); it was left as it was",
                                 path.str().c_str(), what.str().c_str(), ec.message().c_str());
}

llvm::Error refusal(llvm::StringRef path, llvm::StringRef why) {
  return llvm::createStringError(std::errc::operation_not_permitted, "refusing to write '%s': %s",
                                 path.str().c_str(), why.str().c_str());
}

const char *fileKind(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return "a device";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

bool namesInput(const struct stat &target) {
  std::lock_guard<std::mutex> lock(inputsLock);
  for (const std::string &input : inputs()) {
    struct stat st;
    if (::stat(input.c_str(), &st) == 0 && st.st_dev == target.st_dev && st.st_ino == target.st_ino)
      return true;
  }
  return false;
}

/// Writes all of `content` at offset 0 of `fd`.
std::error_code writeAll(int fd, llvm::StringRef content) {
  for (size_t done = 0; done < content.size();) {
    ssize_t n = ::pwrite(fd, content.data() + done, content.size() - done, done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return lastError();
    }
    done += size_t(n);
  }
  return {};
}

/// The new content's copy beside the target. It is created unnamed (O_TMPFILE), so a kill -9
/// leaves nothing, and gets a name only for the rename; a named fallback (filesystems without
/// O_TMPFILE) is removed on signals by LLVM's handler and here on every other path.
class TempCopy {
public:
  ~TempCopy() {
    if (fd_ >= 0)
      ::close(fd_);
    forgetName(/*unlink=*/true);
  }

  std::error_code create(llvm::StringRef dir, llvm::StringRef base) {
    model_ = dir;
    llvm::sys::path::append(model_, "." + base + ".ampify-%%%%%%.tmp");
    fd_ = ::open(std::string(dir).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd_ >= 0)
      return {};
    llvm::SmallString<256> name;
    if (std::error_code ec = llvm::sys::fs::createUniqueFile(model_, fd_, name))
      return ec;
    adoptName(name);
    return {};
  }

  int fd() const { return fd_; }

  /// A name for the unnamed copy, to rename it over the target.
  std::error_code name(llvm::StringRef &out) {
    if (name_.empty()) {
      std::string proc = "/proc/self/fd/" + std::to_string(fd_);
      for (int attempt = 0;; ++attempt) {
        llvm::SmallString<256> candidate;
        llvm::sys::fs::createUniquePath(model_, candidate, /*MakeAbsolute=*/false);
        adoptName(candidate); // registered before it exists: no window without a remover
        if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name_.c_str(), AT_SYMLINK_FOLLOW) == 0)
          break;
        std::error_code ec = lastError();
        forgetName(/*unlink=*/false);
        if (ec != std::errc::file_exists || attempt == 100)
          return ec;
      }
    }
    out = name_;
    return {};
  }

  /// After the rename the name is the target's.
  void renamed() { forgetName(/*unlink=*/false); }

private:
  void adoptName(llvm::StringRef name) {
    name_ = name.str();
    llvm::sys::RemoveFileOnSignal(name_);
  }
  void forgetName(bool unlink) {
    if (name_.empty())
      return;
    if (unlink)
      ::unlink(name_.c_str());
    llvm::sys::DontRemoveFileOnSignal(name_);
    name_.clear();
  }

  int fd_ = -1;
  llvm::SmallString<256> model_;
  std::string name_;
};

mode_t creationMode() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

llvm::Error writeToStdout(llvm::StringRef content) {
  llvm::outs() << content;
  llvm::outs().flush();
  if (!llvm::outs().has_error())
    return llvm::Error::success();
  std::error_code ec = llvm::outs().error();
  llvm::outs().clear_error();
  return llvm::createStringError(ec, "cannot write the standard output: %s", ec.message().c_str());
}

llvm::Error write(llvm::StringRef path, llvm::StringRef given, WriteKind kind, bool durable) {
  if (kind == WriteKind::Output && path == "-")
    return writeToStdout(given);
  std::string target = path.str();
  struct stat st;
  if (::lstat(target.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    llvm::SmallString<256> real;
    if (std::error_code ec = llvm::sys::fs::real_path(path, real))
      return refusal(path, "it is a symbolic link whose target cannot be resolved (" + ec.message() + ")");
    target = std::string(real);
  }
  bool exists = ::stat(target.c_str(), &st) == 0;
  if (!exists && errno != ENOENT)
    return failure(lastError(), path, "cannot examine it");
  std::string content = given.str();
  std::optional<std::string> original;
  if (exists) {
    if (!S_ISREG(st.st_mode))
      return refusal(path, std::string("it is ") + fileKind(st.st_mode) +
                               "; ampify writes only regular files");
    if ((st.st_mode & 0222) == 0 || ::access(target.c_str(), W_OK) != 0)
      return refusal(path, "it is read-only");
    if (kind == WriteKind::Output && namesInput(st))
      return refusal(path, "it is one of the files this run reads");
    auto buffer = llvm::MemoryBuffer::getFile(target, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!buffer)
      return failure(buffer.getError(), path, "cannot read it");
    original = (*buffer)->getBuffer().str();
    if (kind == WriteKind::SourceEdit && usesCrlf(*original))
      content = withCrlf(content);
  }

  llvm::SmallString<256> dir(llvm::sys::path::parent_path(target));
  if (dir.empty())
    dir = ".";
  TempCopy temp;
  if (std::error_code ec = temp.create(dir, llvm::sys::path::filename(target)))
    return failure(ec, path, "cannot create a temporary file in '" + std::string(dir) + "'");
  if (std::error_code ec = writeAll(temp.fd(), content))
    return failure(ec, path, "writing the new content failed");
  if (durable && ::fsync(temp.fd()) != 0)
    return failure(lastError(), path, "writing the new content failed");

  // A rename would give the file a new inode: other hard links would keep the old content, and
  // an unprivileged writer could not give it back its owner. Such files are rewritten in place,
  // now that the complete new content is known to fit.
  bool inPlace = exists && (st.st_nlink > 1 || (::geteuid() != 0 && (st.st_uid != ::geteuid() ||
                                                                       st.st_gid != ::getegid())));
  if (inPlace) {
    int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
      return failure(lastError(), path, "cannot open it");
    std::error_code ec = writeAll(fd, content);
    if (!ec && ::ftruncate(fd, content.size()) != 0)
      ec = lastError();
    if (!ec && durable && ::fsync(fd) != 0)
      ec = lastError();
    if (ec) {
      // Put the old content back (it is never longer than what the disk held a moment ago).
      (void)writeAll(fd, *original);
      (void)::ftruncate(fd, original->size());
      ::close(fd);
      return failure(ec, path, "rewriting it in place failed");
    }
    ::close(fd);
    return llvm::Error::success();
  }

  if (::fchmod(temp.fd(), exists ? st.st_mode & 07777 : creationMode()) != 0 ||
      (exists && ::geteuid() == 0 && ::fchown(temp.fd(), st.st_uid, st.st_gid) != 0))
    return failure(lastError(), path, "cannot give the new file the old one's mode and owner");
  llvm::StringRef name;
  if (std::error_code ec = temp.name(name))
    return failure(ec, path, "cannot name the temporary file");
  if (::rename(name.str().c_str(), target.c_str()) != 0)
    return failure(lastError(), path, "cannot replace it");
  temp.renamed();
  return llvm::Error::success();
}

} // namespace

void registerInput(llvm::StringRef path) {
  std::lock_guard<std::mutex> lock(inputsLock);
  inputs().push_back(path.str());
}

llvm::Error writeFileSafely(llvm::StringRef path, llvm::StringRef content, WriteKind kind) {
  return write(path, content, kind, /*durable=*/true);
}

bool writeFileQuietly(llvm::StringRef path, llvm::StringRef content) {
  if (llvm::Error err = write(path, content, WriteKind::Output, /*durable=*/false)) {
    llvm::consumeError(std::move(err));
    return false;
  }
  return true;
}

bool usesCrlf(llvm::StringRef text) {
  size_t crlf = 0, lf = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      ++(i > 0 && text[i - 1] == '\r' ? crlf : lf);
  return crlf > lf;
}

std::string withCrlf(llvm::StringRef text) {
  std::string out;
  out.reserve(text.size() + text.size() / 32);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r'))
      out += '\r';
    out += text[i];
  }
  return out;
}

} // namespace ampify
