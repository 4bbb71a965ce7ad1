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
  enum class Dtype { Float16, BFloat16 };
  enum class Device { Cuda, Cpu, Auto };
  Dtype dtype = Dtype::Float16;
  Device device = Device::Auto;
};

class TrainingLoopMigration : public Rule {
public:
  static constexpr llvm::StringLiteral Name = "ampify-fix";

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
