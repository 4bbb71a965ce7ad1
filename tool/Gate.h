// The CI side of `ampify check`: --format, --export-fixes, --project-root, --baseline,
// --write-baseline, --changed-since and --dump-config. CheckCommand calls these around the
// analysis; each step's logic lives in its own file (Output.h, Baseline.h, ChangedLines.h,
// Config.h).
#pragma once

#include "CommonOptions.h"

#include "ampify/Baseline.h"
#include "ampify/ChangedLines.h"
#include "ampify/Driver.h"
#include "ampify/Output.h"

#include <optional>

namespace ampify {

struct GateSettings {
  FindingsWriter writer = nullptr;
  ReportContext report;
  std::string exportFixesPath;
  std::optional<Baseline> baseline;
  std::string writeBaselinePath;
  std::optional<ChangedLines> changed;
  /// --changed-since found no changed TU under the inputs: nothing to analyse.
  bool nothingChanged = false;
};

/// --fail-on's value: the least severity that fails (warning, error), or none (nothing fails).
/// Returns false for any other value.
bool parseFailOn(llvm::StringRef text, std::optional<Severity> &threshold);
/// Whether a finding is at least `threshold` severe.
bool anyFailing(llvm::ArrayRef<Finding> findings, std::optional<Severity> threshold);

/// Reads the options; with --changed-since, narrows the inputs to the changed sources (all of
/// them when a header changed). Returns false on a usage error, already printed.
bool gateSettingsFromCommandLine(GateSettings &settings, bool colors);

/// --dump-config: prints the effective .ampify.yaml of each input and returns the exit code; no
/// value when it was not asked for.
std::optional<int> dumpConfigIfRequested(const AnalysisOptions &options);

/// Keeps the findings the gate reports: those on changed lines (--changed-since) that the
/// baseline does not hold; records them first with --write-baseline (after which none is new).
/// Computes the fingerprints the machine formats print. With `withheld`, the findings not
/// reported are moved there. Returns false when a file could not be written (printed).
bool applyGate(GateSettings &settings, std::vector<Finding> &findings,
               std::vector<Finding> *withheld = nullptr);

/// What shapes a run's findings beyond each TU's analysis, which a --shard JSON report records
/// ("crossUnit"."settings") for `ampify merge`: `checks` (--checks as typed, or null) and
/// `checkOptions` (--check-option), which with the .ampify.yaml files select checks and
/// severities; `baseline` ({path relative to the project root, sha256}, or null);
/// `changedSince` ({ref, lines: ChangedLines::toJSON}, or null); `ruleDocsUrl`.
llvm::json::Object recordSettings(const GateSettings &settings, const CheckSelection &selection);

/// `ampify merge`: the options and gate that `recorded` (recordSettings') describes, for the
/// project at `root`: the .ampify.yaml files and the baseline are read there, as the shards read
/// them. Errors say what is malformed, or that the baseline is missing or not the one the shards
/// read.
llvm::Error settingsFromRecord(const llvm::json::Object &recorded, llvm::StringRef root,
                               AnalysisOptions &options, GateSettings &settings);

/// Prints the report in the chosen format and writes --export-fixes. Returns false when the
/// export could not be written (printed).
bool writeReports(const GateSettings &settings, llvm::ArrayRef<Finding> findings,
                  llvm::raw_ostream &os);

} // namespace ampify
