// Runs a list of TUs: results from the cache where nothing they read has changed, shared
// preambles built once per run (and kept in the cache), the rest parsed by up to `jobs` worker
// processes. Results come back in the order of the list, and whatever a TU printed (compiler
// errors) is replayed in that order too, so the output does not depend on -j.
#pragma once

#include "ampify/Driver.h"

namespace ampify {

struct SchedulerOptions {
  unsigned jobs = 0;            // 0: one per core
  std::string cacheDir;         // "" with useCache: the default location
  bool useResultCache = true;   // --no-cache turns off
  bool usePreamble = true;      // --no-preamble turns off
  bool quiet = false;
  bool verbose = false;
  /// The arguments of the command line that can change a TU's findings (not -j, paths, output
  /// options): part of every result's cache key.
  std::vector<std::string> configuration;
};

std::vector<TranslationUnitResult> runTranslationUnits(const std::vector<clang::tooling::CompileCommand> &units,
                                                       const AnalysisOptions &options,
                                                       const CallbackFactory &callbacks,
                                                       const SchedulerOptions &scheduling);

} // namespace ampify
