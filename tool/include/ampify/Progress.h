// A one-line progress display on stderr ("[12/30] 40%, ETA 35 s"), redrawn in place. Shown only
// on a terminal outside CI and without --quiet; messages printed through it erase the line
// first so they never interleave with it.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <cstddef>

namespace ampify {

class Progress {
public:
  Progress(size_t total, bool quiet);
  ~Progress() { finish(); }

  /// `done` TUs of the total are finished, `cached` of them without parsing.
  void update(size_t done, size_t cached);
  /// Prints a line of text to stderr above the progress line.
  void message(llvm::StringRef text);
  void finish();

private:
  void draw();
  void erase();

  size_t total_;
  size_t done_ = 0;
  size_t cached_ = 0;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace ampify
