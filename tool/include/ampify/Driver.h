// The driver: turns paths or a compilation database into translation units, parses each with
// Clang, runs the selected rules over it and collects their findings. A TU that does not parse,
// or crashes the analysis, is reported and the run goes on.
#pragma once

#include "ampify/Finding.h"
#include "ampify/Rule.h"
#include "ampify/RuleOptions.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ampify {

class ConfigResolver;

struct AnalysisOptions {
  GlobList checks;
  RuleOptions ruleOptions;
  std::vector<std::string> extraArgs;       // appended to every compile command
  std::vector<std::string> extraArgsBefore; // prepended to every compile command
  std::string torchPrefix;                  // --torch-prefix, when there is no database
  bool verbose = false;
  /// The cache whose precompiled preambles `fix` and `lsp` share with `check` (--cache-dir, else
  /// the default one); "" with --no-preamble. `check` reads SchedulerOptions instead.
  std::string preambleCacheDir;
  /// What the preambles of that cache may hold on disk (--preamble-cache-size): publishing one
  /// prunes the least recently used beyond it; 0, no limit. A LibTorch preamble is 80-100 MB, and
  /// every new ampify build or set of flags makes new ones, so without a limit they pile up.
  uint64_t preambleCacheMaxBytes = 5ull << 30;
  std::string headerFilter;                 // HeaderFilterRegex; empty: findings in every header
  /// Per-directory .ampify.yaml: when set, each TU is analysed with the options it resolves for
  /// the TU's main file (see Config.h); null: these options as they are.
  std::shared_ptr<const ConfigResolver> config;
  /// Set by `ampify check`, which joins TUs: each TU also keeps the findings its functions would
  /// have if other TUs ran them under autocast (AnalysisSession::findConditionalFindings).
  bool conditionalFindings = false;
};

/// Creates the match callbacks for one TU and registers their matchers. `check` creates the
/// enabled rules; `fix` adds the training-loop migration.
using CallbackFactory = std::function<std::vector<std::unique_ptr<clang::ast_matchers::MatchFinder::MatchCallback>>(
    clang::ast_matchers::MatchFinder &, RuleContext &)>;

struct TranslationUnitResult {
  std::string file;
  bool parsed = true;   // false: compiler errors (printed to stderr) or a crash
  std::string failure;  // why, when !parsed
  std::vector<Finding> findings;
  /// What the TU leaves for the analysis across TUs (CrossUnit.h), joined by
  /// resolveAcrossUnits once every TU's result is known.
  CrossUnitFacts facts;
  /// Every file the parse read (absolute paths), then every include candidate it found absent:
  /// what a cached result depends on.
  std::vector<std::string> inputs;
};

/// Files (C++ or CUDA sources) and directories (searched recursively for sources) become one TU
/// each, with flags that ampify makes up (LibTorch's headers, -std=c++17). With `buildDir`, the
/// TUs of its compile_commands.json under `paths` (all of them when `paths` is empty).
/// With `compileFlags` (`ampify check FILE... -- FLAGS`, clang-tidy's fixed compilation
/// database) each file is compiled with those flags, followed by LibTorch's include directories
/// when ampify finds them (the user's own -I/-isystem come first and win) and -std=c++17 unless
/// the flags name a standard. Without a database, relative paths in flags resolve from the working
/// directory, as the compiler's would.
/// Errors: a path that does not exist, a file that is not C++, a malformed database, LibTorch's
/// headers not found (without `compileFlags`).
llvm::Expected<std::vector<clang::tooling::CompileCommand>>
collectTranslationUnits(const std::vector<std::string> &paths, llvm::StringRef buildDir,
                        const AnalysisOptions &options,
                        const clang::tooling::CompilationDatabase *compileFlags = nullptr);

/// Reads a compile_commands.json (nesting bounded, see BoundedInput.h); `error` says why on null.
std::unique_ptr<clang::tooling::JSONCompilationDatabase>
loadCompilationDatabase(llvm::StringRef path, std::string &error);

/// Whether a path names a C++ or CUDA source (a TU of its own) / a header, by its extension.
bool isSourceFile(llvm::StringRef path);
bool isHeaderFile(llvm::StringRef path);
/// `path` made absolute against `directory` (a compile command's), without . and .. components.
std::string absoluteIn(llvm::StringRef directory, llvm::StringRef path);
/// Whether the absolute path `file` is `dirOrFile` or lies under it.
bool isUnder(llvm::StringRef file, llvm::StringRef dirOrFile);

/// Parses and analyses one TU. Never throws or aborts on bad code: failures are in the result.
/// `overlay` (absolute path to text) replaces those files' contents on disk for this parse:
/// `ampify fix` analyses its migrated text before writing it.
TranslationUnitResult analyzeTranslationUnit(const clang::tooling::CompileCommand &command,
                                             const AnalysisOptions &options,
                                             const CallbackFactory &callbacks,
                                             const std::map<std::string, std::string> &overlay = {});

/// The arguments every parse of `command` by ampify uses (a TU's analysis, a shared preamble, the
/// LSP server's parse): --extra-arg-before and --extra-arg, library include directories given
/// as -I passed as -isystem (HeaderOwnership.h), and the resource directory of the Clang ampify
/// links.
std::vector<std::string> analysisArguments(const clang::tooling::CompileCommand &command,
                                           const AnalysisOptions &options);

/// Every file `files` saw during a parse, as sorted absolute paths (what a cached result or a
/// precompiled preamble depends on).
std::vector<std::string> filesRead(clang::FileManager &files);

/// The callbacks of `ampify check`: every rule that `options.checks` enables.
CallbackFactory ruleCallbacks(const AnalysisOptions &options);

/// The AST consumer every analysis uses: starts the TU's analysis session in `analyses` and runs
/// `finder` over the TU's own top-level declarations outside system headers. The LSP server
/// drives it from its own preamble-backed parse.
std::unique_ptr<clang::ASTConsumer> createUserCodeConsumer(clang::ast_matchers::MatchFinder &finder,
                                                           AnalysisSessions &analyses,
                                                           clang::CompilerInstance &ci);

/// Drops compile flags that make the compiler load code (-fplugin=, -Xclang -load, ...):
/// scanning an untrusted change in CI must never run it. Returns what was dropped.
std::vector<std::string> dropCodeLoadingFlags(std::vector<std::string> &args);

/// The command that parses `file` for analysis. CUDA sources (.cu, `-x cuda`, nvcc's `-x cu`) are
/// parsed for the host only, without a CUDA toolkit's headers: ampify's declarations of what nvcc
/// provides implicitly (threadIdx, dim3, the launch configuration call...) are force-included
/// from an in-memory directory that withCudaHeaders() provides. An nvcc command becomes a clang++
/// one, keeping only the flags a parse needs (see translateNvccFlags in Driver.cpp).
std::vector<std::string> hostParseCommand(const std::vector<std::string> &args, llvm::StringRef file);

/// `base` with ampify's host-side CUDA declarations (the directory hostParseCommand's commands
/// include) laid over it: the file system of every parse, in `check`, `fix` and the LSP server.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withCudaHeaders(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base);

/// Sorts the findings of all TUs and drops repeats (a header's finding comes once per TU).
std::vector<Finding> mergeFindings(std::vector<TranslationUnitResult> &results);

/// The analysis across TUs: every rule's Rule::resolveAcrossUnits over `facts` (every TU's,
/// appended), amending `findings` (sorted as mergeFindings sorts them, and still so after). A
/// finding it adds is filtered by the .ampify.yaml options of its own file, as a TU's are.
void resolveAcrossUnits(const CrossUnitFacts &facts, const AnalysisOptions &options,
                        std::vector<Finding> &findings);

} // namespace ampify
