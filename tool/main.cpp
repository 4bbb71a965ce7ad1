// ampify: move LibTorch C++ training code to automatic mixed precision.
#include "CommonOptions.h"

#include "ampify/Worker.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>

namespace ampify {

llvm::cl::OptionCategory AmpifyCategory("ampify options");

static std::vector<const CommandRegistration *> &registry() {
  static std::vector<const CommandRegistration *> commands;
  return commands;
}

CommandRegistration::CommandRegistration(llvm::cl::SubCommand &command, int (*run)())
    : command(&command), run(run) {
  registry().push_back(this);
}

const std::vector<const CommandRegistration *> &registeredCommands() { return registry(); }

} // namespace ampify

int main(int argc, const char **argv) {
  llvm::InitLLVM init(argc, argv);
  // A file-size limit (ulimit -f) makes writes fail with EFBIG, reported like a full disk; by
  // default its signal would kill the process (LLVM's handler reports it as a crash).
  std::signal(SIGXFSZ, SIG_IGN);
  // `FILE... -- FLAGS`: the flags are taken off here, before the options are parsed (they are
  // compile flags, not ampify's); workers get them with each TU's compile command.
  if (!ampify::takeCompileFlags(argc, argv))
    return ampify::ExitUsage;
  ampify::setInvocation(argc, argv); // workers re-run it
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "ampify " AMPIFY_VERSION " (built with LLVM " LLVM_VERSION_STRING ")\n";
  });
  llvm::cl::HideUnrelatedOptions(ampify::AmpifyCategory);
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv,
          "ampify: move LibTorch C++ training code to automatic mixed precision\n\n"
          "  ampify check PATH...   report fp16 hazards and Tensor Core-hostile shapes\n"
          "  ampify explain CHECK   print a check's documentation\n"
          "  ampify lsp             serve diagnostics and quick fixes to editors (LSP, stdio)\n"
          "Run 'ampify SUBCOMMAND --help' for a subcommand's options.\n",
          &llvm::errs()))
    return ampify::ExitUsage;
  for (const ampify::CommandRegistration *reg : ampify::registeredCommands())
    if (*reg->command) {
      if (ampify::compileFlagsGiven() && reg->command != &ampify::CheckCommand &&
          reg->command != &ampify::FixCommand) {
        llvm::errs() << "ampify: error: only check and fix take compile flags after '--'\n";
        return ampify::ExitUsage;
      }
      int rc = reg->run();
      // A full disk or a closed pipe on stdout is an error to report, not an abort in the
      // stream's destructor.
      llvm::outs().flush();
      if (llvm::outs().has_error()) {
        llvm::errs() << "ampify: error: cannot write the standard output: "
                     << llvm::outs().error().message() << "\n";
        llvm::outs().clear_error();
        return ampify::ExitUsage;
      }
      return rc;
    }
  llvm::errs() << "ampify: error: no subcommand given; run 'ampify --help'\n";
  return ampify::ExitUsage;
}
