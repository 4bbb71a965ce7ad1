// Each subcommand lives in its own file and registers its runner here; main() runs the one the
// command line selected.
#pragma once

#include "llvm/Support/CommandLine.h"

#include <vector>

namespace ampify {

/// The category every ampify option belongs to; --help shows only these.
extern llvm::cl::OptionCategory AmpifyCategory;

/// Exit codes shared by every subcommand.
enum ExitCode : int { ExitClean = 0, ExitFindings = 1, ExitUsage = 2 };

struct CommandRegistration {
  CommandRegistration(llvm::cl::SubCommand &command, int (*run)());
  llvm::cl::SubCommand *command;
  int (*run)();
};

const std::vector<const CommandRegistration *> &registeredCommands();

} // namespace ampify
