#include "CommonOptions.h"

#include "ampify/Cache.h"
#include "ampify/Config.h"
#include "ampify/SafeWriter.h"
#include "ampify/Scheduler.h"
#include "ampify/Shard.h"
#include "ampify/Worker.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

namespace ampify {

cl::SubCommand CheckCommand("check", "Report mixed-precision hazards and Tensor Core-hostile shapes");
cl::SubCommand FixCommand("fix", "Migrate LibTorch training loops to mixed precision (ampify::Autocast, GradScaler)");
// Defined here, before the options it shares, so that they can register with it.
cl::SubCommand LspCommand("lsp", "Serve ampify's diagnostics and fix-its to editors (LSP over stdio)");

cl::list<std::string> InputPaths(cl::Positional, cl::desc("<file or directory>..."),
                                 cl::sub(CheckCommand), cl::sub(FixCommand), cl::cat(AmpifyCategory));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory holding compile_commands.json"),
                               cl::value_desc("BUILD_DIR"), cl::sub(CheckCommand), cl::sub(FixCommand), cl::sub(LspCommand),
                               cl::cat(AmpifyCategory));
static cl::extrahelp CompileFlagsHelp(
    "\nCompile flags (check, fix), as in clang-tidy:\n"
    "  ampify check FILE... -- FLAGS   compile each FILE with FLAGS (a fixed compilation database);\n"
    "                                  ampify adds LibTorch's include directories after them and\n"
    "                                  -std=c++17 unless FLAGS name a standard. Relative paths in\n"
    "                                  FLAGS resolve from the working directory. With '--', -p is\n"
    "                                  ignored.\n"
    "  ampify check -p BUILD_DIR [PATH...]   the TUs of BUILD_DIR/compile_commands.json under PATHs\n");

static std::unique_ptr<clang::tooling::FixedCompilationDatabase> &compileFlags() {
  static std::unique_ptr<clang::tooling::FixedCompilationDatabase> flags;
  return flags;
}

bool takeCompileFlags(int &argc, const char **argv) {
  llvm::SmallString<256> cwd;
  if (std::error_code ec = llvm::sys::fs::current_path(cwd)) {
    llvm::errs() << "ampify: error: cannot read the working directory: " << ec.message() << "\n";
    return false;
  }
  std::string error;
  compileFlags() = clang::tooling::FixedCompilationDatabase::loadFromCommandLine(argc, argv, error, cwd);
  if (!compileFlags() && !error.empty()) {
    llvm::errs() << "ampify: error: the compile flags after '--': " << llvm::StringRef(error).trim() << "\n";
    return false;
  }
  return true;
}

bool compileFlagsGiven() { return compileFlags() != nullptr; }

llvm::Expected<std::vector<clang::tooling::CompileCommand>>
commandLineTranslationUnits(const AnalysisOptions &options) {
  if (!compileFlags())
    return collectTranslationUnits(InputPaths, BuildPath, options);
  if (InputPaths.empty())
    return llvm::createStringError(std::errc::invalid_argument,
                                   "no input: name the files before '--' (ampify check FILE... -- FLAGS)");
  if (!BuildPath.empty())
    llvm::errs() << "ampify: warning: -p " << BuildPath
                 << " is ignored: the compile flags after '--' replace its compilation database (as "
                    "in clang-tidy)\n";
  return collectTranslationUnits(InputPaths, "", options, compileFlags().get());
}

static cl::opt<std::string> Checks("checks",
                                   cl::desc("Comma-separated globs of checks to run; '-' disables "
                                            "(default: ampify-*)"),
                                   cl::init("ampify-*"), cl::sub(CheckCommand), cl::sub(LspCommand), cl::cat(AmpifyCategory));
static cl::list<std::string> CheckOptions("check-option",
                                          cl::desc("Set a check option, KEY=VALUE (KEY may be "
                                                   "<check>.<option> or a global option)"),
                                          cl::value_desc("KEY=VALUE"), cl::sub(CheckCommand), cl::sub(LspCommand),
                                          cl::cat(AmpifyCategory));
static cl::list<std::string> ExtraArgs("extra-arg",
                                       cl::desc("Append an argument to every compile command"),
                                       cl::sub(CheckCommand), cl::sub(FixCommand), cl::sub(LspCommand), cl::cat(AmpifyCategory));
static cl::list<std::string> ExtraArgsBefore("extra-arg-before",
                                             cl::desc("Prepend an argument to every compile command"),
                                             cl::sub(CheckCommand), cl::sub(FixCommand), cl::sub(LspCommand), cl::cat(AmpifyCategory));
static cl::opt<std::string> TorchPrefix("torch-prefix",
                                        cl::desc("LibTorch install to use when there is no "
                                                 "compile_commands.json"),
                                        cl::value_desc("DIR"), cl::sub(CheckCommand), cl::sub(FixCommand), cl::sub(LspCommand),
                                        cl::cat(AmpifyCategory));
static cl::opt<std::string> Color("color", cl::desc("Colour the output: auto, always, never"),
                                  cl::init("auto"), cl::sub(CheckCommand), cl::sub(FixCommand), cl::cat(AmpifyCategory));
static cl::opt<bool> Verbose("verbose", cl::desc("Say what is being analysed"), cl::sub(CheckCommand), cl::sub(FixCommand), cl::sub(LspCommand),
                             cl::cat(AmpifyCategory));

// The execution engine (Scheduler.h): parallel workers, the cache, progress, sharding.
static cl::opt<unsigned> Jobs("j", cl::desc("Analyse this many TUs at once, each in its own worker "
                                            "process (default: the number of cores)"),
                              cl::value_desc("N"), cl::init(0), cl::Prefix, cl::sub(CheckCommand),
                              cl::cat(AmpifyCategory));
static cl::opt<std::string> CacheDir("cache-dir",
                                     cl::desc("Where results and precompiled preambles are cached "
                                              "(default: $AMPIFY_CACHE_DIR, else $XDG_CACHE_HOME/ampify)"),
                                     cl::value_desc("DIR"), cl::sub(CheckCommand), cl::sub(FixCommand),
                                     cl::sub(LspCommand), cl::cat(AmpifyCategory));
static cl::opt<bool> NoCache("no-cache", cl::desc("Parse every TU, reusing no cached result"),
                             cl::sub(CheckCommand), cl::cat(AmpifyCategory));
static cl::opt<bool> NoPreamble("no-preamble",
                                cl::desc("Parse each TU's headers itself instead of sharing a "
                                         "precompiled preamble"),
                                cl::sub(CheckCommand), cl::sub(FixCommand), cl::sub(LspCommand),
                                cl::cat(AmpifyCategory));
static cl::opt<std::string> PreambleCacheSize(
    "preamble-cache-size",
    cl::desc("Keep the cached precompiled preambles under SIZE, dropping the least recently used "
             "(bytes, or with a K, M or G suffix; 0: no limit; default 5G)"),
    cl::value_desc("SIZE"), cl::sub(CheckCommand), cl::sub(FixCommand), cl::sub(LspCommand),
    cl::cat(AmpifyCategory));
static cl::opt<bool> Quiet("quiet", cl::desc("No progress line and no warnings about the cache"),
                           cl::sub(CheckCommand), cl::cat(AmpifyCategory));
static cl::opt<std::string> ShardSpec("shard",
                                      cl::desc("Analyse only part K of N of the TUs (a CI matrix "
                                               "job); 'ampify merge' combines the parts' reports"),
                                      cl::value_desc("K/N"), cl::sub(CheckCommand), cl::cat(AmpifyCategory));
static cl::opt<std::string> WorkerRequestPath("worker", cl::desc("Internal: run one worker job"),
                                              cl::Hidden, cl::sub(CheckCommand));

/// The command line without what cannot change a TU's findings (inputs, parallelism, output
/// and cache options): part of the result cache's key. Unknown options stay in, which can only
/// cost a cache hit, never reuse a wrong result.
static std::vector<std::string> findingRelevantArguments() {
  static const llvm::StringSet<> Irrelevant = {
      "j", "cache-dir", "no-cache", "no-preamble", "preamble-cache-size", "quiet", "verbose", "shard", "worker", "color",
      "fail-on", "fix", "p", "format", "o", "output", "export-fixes"};
  static const llvm::StringSet<> TakesValue = {"j", "cache-dir", "preamble-cache-size", "shard", "p", "o", "output",
                                               "format", "export-fixes", "fail-on", "color"};
  const std::vector<std::string> &args = invocation();
  std::vector<std::string> kept;
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (llvm::is_contained(InputPaths, args[i]))
      continue;
    llvm::StringRef name = arg.ltrim('-').split('=').first;
    if (arg.starts_with("-j") && llvm::all_of(arg.drop_front(2), llvm::isDigit))
      name = "j"; // -jN
    if (arg.starts_with("-") && Irrelevant.contains(name)) {
      if (!arg.contains('=') && TakesValue.contains(name))
        ++i;
      continue;
    }
    kept.push_back(args[i]);
  }
  return kept;
}

llvm::Expected<CheckSelection> commandLineCheckSelection() {
  CheckSelection selection;
  if (Checks.getNumOccurrences())
    selection.checks = Checks;
  for (const std::string &kv : CheckOptions) {
    auto [key, value] = llvm::StringRef(kv).split('=');
    if (key.empty() || !llvm::StringRef(kv).contains('='))
      return llvm::createStringError(std::errc::invalid_argument, "--check-option '%s' is not KEY=VALUE",
                                     kv.c_str());
    selection.options[key.trim().str()] = value.trim().str();
  }
  return selection;
}

std::optional<std::string> applyCheckSelection(const CheckSelection &selection, AnalysisOptions &options) {
  std::string defaultChecks = Checks.getDefault().getValue();
  std::string error;
  if (!options.checks.parse(selection.checks.value_or(defaultChecks), error))
    return "--checks: " + error;
  options.ruleOptions.values = selection.options;
  for (const auto &[key, value] : options.ruleOptions.values)
    if (auto why = invalidOptionValue(key, value))
      return "--check-option: " + *why;
  // .ampify.yaml files refine these per directory; what the command line says explicitly wins.
  options.config = std::make_shared<ConfigResolver>(options, defaultChecks, selection.checks);
  return std::nullopt;
}

/// "512", "300K", "80M", "5G" (binary multiples, either case) as bytes; none for anything else or
/// a value past 2^64.
static std::optional<uint64_t> parseByteSize(llvm::StringRef text) {
  unsigned shift = 0;
  if (!text.empty())
    switch (llvm::toUpper(text.back())) {
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    default: break;
    }
  uint64_t value;
  if (shift)
    text = text.drop_back();
  if (text.empty() || text.getAsInteger(10, value) || value > (UINT64_MAX >> shift))
    return std::nullopt;
  return value << shift;
}

bool analysisOptionsFromCommandLine(AnalysisOptions &options,
                                    const std::map<std::string, std::string> &impliedOptions) {
  auto selection = commandLineCheckSelection();
  if (!selection) {
    llvm::errs() << "ampify: error: " << llvm::toString(selection.takeError()) << "\n";
    return false;
  }
  for (const auto &[key, value] : impliedOptions)
    selection->options.emplace(key, value); // an explicit --check-option wins
  if (Color != "auto" && Color != "always" && Color != "never") {
    llvm::errs() << "ampify: error: --color must be auto, always or never\n";
    return false;
  }
  options.extraArgs = ExtraArgs;
  options.extraArgsBefore = ExtraArgsBefore;
  options.torchPrefix = TorchPrefix;
  options.verbose = Verbose;
  if (!NoPreamble)
    options.preambleCacheDir = CacheDir.empty() ? defaultCacheDirectory() : std::string(CacheDir);
  if (PreambleCacheSize.getNumOccurrences()) {
    std::optional<uint64_t> bytes = parseByteSize(PreambleCacheSize);
    if (!bytes) {
      llvm::errs() << "ampify: error: --preamble-cache-size must be a number of bytes, optionally "
                      "followed by K, M or G (for example 2G), not '" << PreambleCacheSize << "'\n";
      return false;
    }
    options.preambleCacheMaxBytes = *bytes;
  }
  if (std::optional<std::string> why = applyCheckSelection(*selection, options)) {
    llvm::errs() << "ampify: error: " << *why << "\n";
    return false;
  }
  return true;
}

std::string plural(size_t count, llvm::StringRef noun) {
  return std::to_string(count) + " " + noun.str() + (count == 1 ? "" : "s");
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
  if (!WorkerRequestPath.empty()) {
    // A worker: one job for the parent process, which reads the result file; nothing else runs.
    llvm::outs().flush();
    llvm::errs().flush();
    std::exit(runWorker(WorkerRequestPath, options, callbacks));
  }
  auto units = commandLineTranslationUnits(options);
  if (!units) {
    llvm::errs() << "ampify: error: " << llvm::toString(units.takeError()) << "\n";
    return false;
  }
  if (units->empty()) {
    llvm::errs() << "ampify: error: no translation unit to analyse under the given paths\n";
    return false;
  }
  if (!ShardSpec.empty()) {
    auto shard = parseShard(ShardSpec);
    if (!shard) {
      llvm::errs() << "ampify: error: " << llvm::toString(shard.takeError()) << "\n";
      return false;
    }
    *units = selectShard(std::move(*units), *shard);
    if (units->empty())
      return true; // more shards than TUs: this one has nothing to do
  }
  // Code-loading flags are dropped (and said so) here, once per TU, cached or not.
  for (auto &unit : *units)
    for (const std::string &flag : dropCodeLoadingFlags(unit.CommandLine))
      llvm::errs() << "ampify: warning: ignoring '" << flag << "' in the compile command of "
                   << unit.Filename << ": flags that load code are never honoured\n";
  SchedulerOptions scheduling;
  scheduling.jobs = Jobs;
  scheduling.cacheDir = CacheDir;
  scheduling.useResultCache = !NoCache;
  scheduling.usePreamble = !NoPreamble;
  scheduling.quiet = Quiet;
  scheduling.verbose = options.verbose;
  scheduling.configuration = findingRelevantArguments();
  results = runTranslationUnits(*units, options, callbacks, scheduling);
  registerInputsOf(results);
  return true;
}

bool isShard() { return !ShardSpec.empty(); }

void registerInputsOf(const std::vector<TranslationUnitResult> &results) {
  for (const TranslationUnitResult &result : results) {
    registerInput(result.file);
    for (const std::string &input : result.inputs)
      registerInput(input);
  }
}

} // namespace ampify
