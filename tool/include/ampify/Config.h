// `.ampify.yaml`: per-directory configuration, found by walking up from each analysed file.
//
//   Checks: '-*,ampify-banned-under-autocast'   # appended to the parent's list, like --checks
//   HeaderFilterRegex: 'src/.*'                  # findings in headers only where this matches
//   InheritParentConfig: true                    # default; false stops the walk here
//   CheckOptions:                                # merged key by key, the nearer file wins
//     TensorCoreMultiple: 8
//     ampify-banned-under-autocast.Severity: error
//
// The effective options of a file are: the command line's defaults, then every .ampify.yaml from
// the outermost to the nearest, then the command line's own --checks and --check-option, which
// always win.
#pragma once

#include "ampify/Finding.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ampify {

struct AnalysisOptions;

inline constexpr llvm::StringLiteral ConfigFileName = ".ampify.yaml";

/// One parsed .ampify.yaml.
struct ConfigFile {
  std::string path;
  std::optional<std::string> checks;
  std::optional<std::string> headerFilter;
  bool inheritParent = true;
  std::map<std::string, std::string, std::less<>> checkOptions;
};

/// Parses the text of a config file. Errors read `path:line:col: error: ...` with the offending
/// line, for an unknown key, a wrong type, a malformed check list, regex or severity.
llvm::Expected<ConfigFile> parseConfigFile(llvm::StringRef text, llvm::StringRef path);

/// Checks one option (a rule's, the analysis's, `<rule>.Severity`, `HeaderFilterRegex`): an unknown
/// check or key, or a malformed value; returns why it is invalid, or nothing.
std::optional<std::string> invalidOptionValue(llvm::StringRef key, llvm::StringRef value);

/// The severity that `<rule>.Severity` sets for a rule, if any.
std::optional<Severity> configuredSeverity(const AnalysisOptions &options, llvm::StringRef rule);

/// Applies a TU's effective options to its findings: drops those of rules its Checks disable and
/// those in headers that HeaderFilterRegex excludes (`mainFile` itself always passes), and sets
/// the configured severities.
void applyConfigToFindings(const AnalysisOptions &options, llvm::StringRef mainFile,
                           std::vector<Finding> &findings);

/// Resolves the effective AnalysisOptions of each file. Config files are read once per
/// directory; safe to use from several threads.
class ConfigResolver {
public:
  /// `commandLine` holds the command line's options: its check options always win. The check
  /// list starts from `defaultChecks`; `checksOverride` (the --checks the user typed, if any)
  /// is appended after every config file's.
  ConfigResolver(const AnalysisOptions &commandLine, std::string defaultChecks,
                 std::optional<std::string> checksOverride);
  ~ConfigResolver();

  llvm::Expected<AnalysisOptions> optionsFor(llvm::StringRef file) const;

  /// Prints the effective configuration of `file` as .ampify.yaml text, naming its sources.
  llvm::Error dump(llvm::StringRef file, llvm::raw_ostream &os) const;

private:
  /// The config files that apply in `dir`, outermost first.
  llvm::Expected<std::vector<std::shared_ptr<const ConfigFile>>> chainFor(llvm::StringRef dir) const;

  std::unique_ptr<AnalysisOptions> commandLine_;
  std::string defaultChecks_;
  std::optional<std::string> checksOverride_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::shared_ptr<const ConfigFile>> files_; // by path; null: none
};

/// The root that machine-readable output is relative to: the nearest ancestor of `start`
/// holding `.git`, else the nearest holding .ampify.yaml, else `start` itself.
std::string findProjectRoot(llvm::StringRef start);

} // namespace ampify
