#include "CommonOptions.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace ampify {

cl::SubCommand CheckCommand("check", "Report mixed-precision hazards and Tensor Core-hostile shapes");
cl::SubCommand FixCommand("fix", "Migrate LibTorch training loops to mixed precision (ampify::Autocast, GradScaler)");

cl::list<std::string> InputPaths(cl::Positional, cl::desc("<file or directory>..."),
                                 cl::sub(CheckCommand), cl::sub(FixCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory holding compile_commands.json"),
                               cl::value_desc("BUILD_DIR"), cl::sub(CheckCommand), cl::sub(FixCommand),
                               cl::cat(AmpifyCategory));
static cl::opt<std::string> Checks("checks",
                                   cl::desc("Comma-separated globs of checks to run; '-' disables "
                                            "(default: ampify-*)"),
                                   cl::init("ampify-*"), cl::sub(CheckCommand), cl::cat(AmpifyCategory));
static cl::list<std::string> CheckOptions("check-option",
                                          cl::desc("Set a check option, KEY=VALUE (KEY may be "
                                                   "<check>.<option> or a global option)"),
                                          cl::value_desc("KEY=VALUE"), cl::sub(CheckCommand),
                                          cl::cat(AmpifyCategory));
static cl::list<std::string> ExtraArgs("extra-arg",
                                       cl::desc("Append an argument to every compile command"),
                                       cl::sub(CheckCommand), cl::sub(FixCommand), cl::cat(AmpifyCategory));
static cl::list<std::string> ExtraArgsBefore("extra-arg-before",
                                             cl::desc("Prepend an argument to every compile command"),
                                             cl::sub(CheckCommand), cl::sub(FixCommand), cl::cat(AmpifyCategory));
static cl::opt<std::string> TorchPrefix("torch-prefix",
                                        cl::desc("LibTorch install to use when there is no "
                                                 "compile_commands.json"),
                                        cl::value_desc("DIR"), cl::sub(CheckCommand), cl::sub(FixCommand),
                                        cl::cat(AmpifyCategory));
static cl::opt<std::string> Color("color", cl::desc("Colour the output: auto, always, never"),
                                  cl::init("auto"), cl::sub(CheckCommand), cl::sub(FixCommand), cl::cat(AmpifyCategory));
static cl::opt<bool> Verbose("verbose", cl::desc("Say what is being analysed"), cl::sub(CheckCommand), cl::sub(FixCommand),
                             cl::cat(AmpifyCategory));

bool analysisOptionsFromCommandLine(AnalysisOptions &options) {
  std::string error;
  if (!options.checks.parse(Checks, error)) {
    llvm::errs() << "ampify: error: --checks: " << error << "\n";
    return false;
  }
  for (const std::string &kv : CheckOptions) {
    auto [key, value] = llvm::StringRef(kv).split('=');
    if (key.empty() || !llvm::StringRef(kv).contains('=')) {
      llvm::errs() << "ampify: error: --check-option '" << kv << "' is not KEY=VALUE\n";
      return false;
    }
    options.ruleOptions.values[key.trim().str()] = value.trim().str();
  }
  if (Color != "auto" && Color != "always" && Color != "never") {
    llvm::errs() << "ampify: error: --color must be auto, always or never\n";
    return false;
  }
  options.extraArgs = ExtraArgs;
  options.extraArgsBefore = ExtraArgsBefore;
  options.torchPrefix = TorchPrefix;
  options.verbose = Verbose;
  return true;
}

bool useColors() {
  if (Color == "always")
    return true;
  if (Color == "never")
    return false;
  return llvm::sys::Process::StandardOutIsDisplayed();
}

bool analyzeCommandLineInputs(const AnalysisOptions &options, const CallbackFactory &callbacks,
                              std::vector<TranslationUnitResult> &results) {
  auto units = collectTranslationUnits(InputPaths, BuildPath, options);
  if (!units) {
    llvm::errs() << "ampify: error: " << llvm::toString(units.takeError()) << "\n";
    return false;
  }
  if (units->empty()) {
    llvm::errs() << "ampify: error: no translation unit to analyse under the given paths\n";
    return false;
  }
  for (const auto &unit : *units) {
    if (options.verbose)
      llvm::errs() << "ampify: analysing " << unit.Filename << "\n";
    results.push_back(analyzeTranslationUnit(unit, options, callbacks));
    if (!results.back().parsed)
      llvm::errs() << "ampify: error: " << unit.Filename << " was not analysed: "
                   << results.back().failure << "\n";
  }
  return true;
}

} // namespace ampify
