// ampify lsp: the Language Server Protocol server (tool/lsp/) on stdin/stdout.
#include "CommonOptions.h"

#include "lsp/Server.h"

#include "llvm/Support/CrashRecoveryContext.h"

namespace cl = llvm::cl;

namespace ampify {
namespace {

cl::opt<unsigned> MaxMessageMiB("max-message-mib",
                                cl::desc("Refuse (with an error reply) LSP messages larger than "
                                         "this many MiB (default 64)"),
                                cl::init(64), cl::sub(LspCommand), cl::cat(AmpifyCategory));

cl::opt<unsigned> DebounceMs("debounce-ms",
                             cl::desc("Analyse a document once its edits pause this long "
                                      "(default 200 ms)"),
                             cl::init(200), cl::sub(LspCommand), cl::cat(AmpifyCategory));

int runLsp() {
  AnalysisOptions options;
  if (!analysisOptionsFromCommandLine(options))
    return ExitUsage;
  // A crash while analysing one document becomes a diagnostic on it; the server goes on.
  llvm::CrashRecoveryContext::Enable();
  // stdout carries the protocol; everything else goes to stderr, which editors keep as a log.
  lsp::Transport transport(stdin, stdout, size_t(MaxMessageMiB) << 20);
  lsp::Server server(transport, options, BuildPath, std::chrono::milliseconds(DebounceMs));
  return server.run();
}

const CommandRegistration registration(LspCommand, runLsp);

} // namespace
} // namespace ampify
