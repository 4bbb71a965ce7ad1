// Options shared by the subcommands that analyse code (check, fix).
#pragma once

#include "Commands.h"

#include "ampify/Driver.h"

#include <map>
#include <optional>
#include <string>

namespace ampify {

extern llvm::cl::SubCommand CheckCommand;
extern llvm::cl::SubCommand FixCommand; // migrates training loops; shares the input options
extern llvm::cl::SubCommand LspCommand; // shares the analysis options of check

extern llvm::cl::list<std::string> InputPaths;
extern llvm::cl::opt<std::string> BuildPath;

/// Takes `-- FLAGS` off the end of the command line (`ampify check FILE... -- FLAGS`: clang-tidy's
/// fixed compilation database, LLVM's FixedCompilationDatabase::loadFromCommandLine), shortening
/// `argc` to the arguments before `--`. Returns false on flags it cannot read (printed).
bool takeCompileFlags(int &argc, const char **argv);
/// Whether the command line had `-- FLAGS` (only check and fix take them).
bool compileFlagsGiven();

/// The TUs the command line names: its paths, compiled with the flags after `--` (which replace
/// a `-p` database, as in clang-tidy: -p is then ignored, with a warning), or the TUs of `-p`'s
/// compile_commands.json under them, or with ampify's own flags.
llvm::Expected<std::vector<clang::tooling::CompileCommand>>
commandLineTranslationUnits(const AnalysisOptions &options);

/// Builds the analysis options from the command line; on a usage error prints it and returns
/// false.
/// `impliedOptions` are analysis options the subcommand's own flags set (`fix --device` sets
/// AutocastDevice); an explicit --check-option of the same key wins.
bool analysisOptionsFromCommandLine(AnalysisOptions &options,
                                    const std::map<std::string, std::string> &impliedOptions = {});

/// --checks as typed (none: not given, the default applies) and the --check-option values: with
/// the .ampify.yaml files, which checks report and how severe their findings are. A --shard
/// report records them; `ampify merge` applies them to what it joins.
struct CheckSelection {
  std::optional<std::string> checks;
  std::map<std::string, std::string, std::less<>> options;
};

/// The command line's; the error names a --check-option that is not KEY=VALUE.
llvm::Expected<CheckSelection> commandLineCheckSelection();

/// Sets `options`' checks and rule options from `selection`, and the .ampify.yaml resolver that
/// refines them per file (so set every other option first: the resolver copies them). Returns
/// why the selection is invalid (a malformed glob list, an unknown option or value), or nothing.
std::optional<std::string> applyCheckSelection(const CheckSelection &selection, AnalysisOptions &options);

/// "1 finding", "0 findings": a count and its noun, for summary lines.
std::string plural(size_t count, llvm::StringRef noun);

/// Colour for stdout: --color=always|never, or auto (only on a terminal).
bool useColors();

/// Collects and analyses the TUs named on the command line, printing progress and parse
/// failures. Returns false on a usage error (already printed).
bool analyzeCommandLineInputs(const AnalysisOptions &options, const CallbackFactory &callbacks,
                              std::vector<TranslationUnitResult> &results);

/// Whether --shard was given: the run is part of one, and its report carries its cross-unit
/// facts for `ampify merge` to join instead of joining them itself.
bool isShard();

/// Registers every analysed file (sources and what they read) with the safe writer, so that no
/// report, export or baseline is written over one of them.
void registerInputsOf(const std::vector<TranslationUnitResult> &results);

} // namespace ampify
