#include "ampify/Progress.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace ampify {

Progress::Progress(size_t total, bool quiet)
    : total_(total),
      enabled_(!quiet && llvm::sys::Process::StandardErrIsDisplayed() &&
               !llvm::sys::Process::GetEnv("CI")) {}

void Progress::update(size_t done, size_t cached) {
  done_ = done;
  cached_ = cached;
  if (enabled_)
    draw();
}

void Progress::message(llvm::StringRef text) {
  erase();
  llvm::errs() << text;
  if (!text.ends_with("\n"))
    llvm::errs() << "\n";
  if (enabled_ && done_ < total_)
    draw();
}

void Progress::finish() {
  erase();
  enabled_ = false;
}

void Progress::draw() {
  erase();
  std::string line;
  llvm::raw_string_ostream os(line);
  os << "ampify: [" << done_ << "/" << total_ << "] " << (total_ ? done_ * 100 / total_ : 100) << "%";
  if (cached_)
    os << ", " << cached_ << " cached";
  // The ETA counts only the TUs that were parsed: cached ones take no time.
  size_t parsed = done_ - cached_;
  size_t left = total_ - done_;
  if (parsed > 0 && left > 0) {
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    os << ", ETA " << llvm::format("%.0f", elapsed / parsed * left) << " s";
  }
  llvm::errs() << line;
  llvm::errs().flush();
  drawn_ = true;
}

void Progress::erase() {
  if (!drawn_)
    return;
  llvm::errs() << "\r\x1b[K";
  llvm::errs().flush();
  drawn_ = false;
}

} // namespace ampify
