// Worker processes: the parent re-runs its own command line with --worker=REQUEST, and the
// child does one job (analyse a TU, or precompile a preamble) and writes its result as JSON. A
// crash or a kill takes down one worker, never the run, and each parse's memory is returned to
// the system when its worker exits.
#pragma once

#include "ampify/Driver.h"

#include "llvm/Support/JSON.h"

namespace ampify {

struct WorkerRequest {
  enum Kind { Analyze, Preamble } kind = Analyze;
  clang::tooling::CompileCommand command;
  std::string includeText; // Preamble: the header to precompile
  std::string output;      // Preamble: where the pch goes
  std::string resultPath;  // where the worker writes its result
  int64_t parent = 0;      // the run's process id: the worker dies with it
};

llvm::json::Value toJSON(const WorkerRequest &request);
bool fromJSON(const llvm::json::Value &value, WorkerRequest &request, llvm::json::Path path);

/// Runs the request in REQUEST_PATH; returns the worker's exit code (0 when the result was
/// written, whatever the TU's outcome).
int runWorker(llvm::StringRef requestPath, const AnalysisOptions &options, const CallbackFactory &callbacks);

/// Remembers the command line the process was started with, which workers re-run.
void setInvocation(int argc, const char **argv);
const std::vector<std::string> &invocation();

} // namespace ampify
