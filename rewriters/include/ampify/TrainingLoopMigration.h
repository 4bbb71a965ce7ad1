// `ampify fix`: rewrites the training iterations that TrainingLoops finds to run their forward
// pass and loss under ampify::Autocast and (fp16) to scale the loss with ampify::GradScaler.
// Each migrated iteration is one finding whose fixes are the whole migration (tooling
// Replacements, applied by EditSet); each loop that cannot be migrated is a finding with no fix
// that says why. docs/fix.md describes the edits.
#pragma once

#include "ampify/Rule.h"

#include <vector>

namespace ampify {

struct MigrationOptions {
  /// DeviceDefault: the device's autocast dtype, fp16 on CUDA and bf16 on the CPU (what
  /// ampify::Autocast picks when given no dtype).
  enum class Dtype { DeviceDefault, Float16, BFloat16 };
  enum class Device { Cuda, Cpu, Auto };
  Dtype dtype = Dtype::DeviceDefault;
  Device device = Device::Auto;

  /// Whether the regions run fp16, which needs a GradScaler; bf16 has fp32's exponent range and
  /// needs none (docs/fix.md).
  bool fp16() const { return dtype == Dtype::Float16 || (dtype == Dtype::DeviceDefault && device != Device::Cpu); }
  /// Conv nets: the model and its forward inputs go to channels_last (the fix-its of
  /// ampify-conv-memory-format); off with --no-channels-last and for CPU regions.
  bool channelsLast = true;
  /// Calls in a loop's forward and loss, of functions that other TUs define, whose body would
  /// break under autocast with no edit there to make it safe (a BCELoss module that raises, a
  /// variance from rounded moments): `ampify fix` finds them when it joins the TUs (docs/fix.md).
  /// Each runs in fp32 through ampify::run_in_fp32, which is what the program computed before.
  struct Fp32Call {
    SourcePoint call; // where the call begins
    std::string why;  // what the callee would do under autocast
  };
  std::vector<Fp32Call> fp32Calls;
};

class TrainingLoopMigration : public Rule {
public:
  static constexpr llvm::StringLiteral Name = "ampify-fix";
  /// The message of a finding (no fix, not printed) for each iteration that already uses
  /// GradScaler or Autocast: `ampify fix` counts them for its summary.
  static constexpr llvm::StringLiteral AlreadyMigrated = "training loop already migrated";
  /// How the declaration that opens a migrated region starts (`ampify::Autocast autocast(...);`):
  /// among a migration's edits, the one at the region's start.
  static constexpr llvm::StringLiteral RegionOpening = "ampify::Autocast ";

  TrainingLoopMigration(RuleContext &context, MigrationOptions options)
      : Rule(Name, context), options_(options) {}

  void registerMatchers(clang::ast_matchers::MatchFinder &finder) override;
  /// Only notes the TU's ASTContext: the migration runs once the whole TU has been matched.
  void check(const clang::ast_matchers::MatchFinder::MatchResult &result) override;
  void onEndOfTranslationUnit() override;

private:
  MigrationOptions options_;
  clang::ASTContext *context_ = nullptr;
};

} // namespace ampify
