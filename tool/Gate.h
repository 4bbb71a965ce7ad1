// The CI side of `ampify check`: --format, --export-fixes, --project-root, --baseline,
// --write-baseline, --changed-since and --dump-config. CheckCommand calls these around the
// analysis; each step's logic lives in its own file (Output.h, Baseline.h, ChangedLines.h,
// Config.h).
#pragma once

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

/// Reads the options; with --changed-since, narrows the inputs to the changed sources (all of
/// them when a header changed). Returns false on a usage error, already printed.
bool gateSettingsFromCommandLine(GateSettings &settings, bool colors);

/// --dump-config: prints the effective .ampify.yaml of each input and returns the exit code; no
/// value when it was not asked for.
std::optional<int> dumpConfigIfRequested(const AnalysisOptions &options);

/// Keeps the findings the gate reports: those on changed lines (--changed-since) that the
/// baseline does not hold; records them first with --write-baseline (after which none is new).
/// Computes the fingerprints the machine formats print. Returns false when a file could not be
/// written (printed).
bool applyGate(GateSettings &settings, std::vector<Finding> &findings);

/// Prints the report in the chosen format and writes --export-fixes. Returns false when the
/// export could not be written (printed).
bool writeReports(const GateSettings &settings, llvm::ArrayRef<Finding> findings,
                  llvm::raw_ostream &os);

} // namespace ampify
