// One translation unit's analysis: the LibTorch version its autocast is modelled on (resolved
// once), its training loops, its precision flow and its constant evaluator. Every rule and the
// rewriter of a run share it.
//
// Every front end (ampify check, ampify fix, ampify lsp, the clang-tidy plugin) creates it the
// same way: it owns one AnalysisSessions for the run, hands it to the rules in their RuleContext,
// and calls startTranslationUnit() before each TU is matched; a rule reaches the TU's session
// with Rule::analysis(ctx), which builds it on first use. Nothing is cached outside the session.
#pragma once

#include "ampify/CastPolicy.h"
#include "ampify/CrossUnit.h"
#include "ampify/RuleOptions.h"
#include "ampify/Suppression.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <optional>
#include <vector>
#include <string>

namespace clang {
class ASTContext;
class Decl;
class NamedDecl;
class Preprocessor;
} // namespace clang

namespace ampify {

class ConstantEvaluator;
class IncludeInserter;
class LoopDevices;
enum class DeviceChoice;
class PrecisionFlow;
class TrainingLoops;

class AnalysisSession {
public:
  /// `pp` is the TU's preprocessor (its TORCH_VERSION_* macros), or null where there is none.
  AnalysisSession(clang::ASTContext &ctx, const clang::Preprocessor *pp, const RuleOptions &options);
  ~AnalysisSession();
  AnalysisSession(const AnalysisSession &) = delete;
  AnalysisSession &operator=(const AnalysisSession &) = delete;

  clang::ASTContext &context() const { return ctx_; }
  /// The LibTorch version whose cast policies apply: the global `TorchVersion` option, else the
  /// TU's TORCH_VERSION_MAJOR/MINOR, else 2.x.
  TorchVersion torchVersion() const { return version_; }
  /// Where torchVersion() came from, for messages: "the TorchVersion option", ...
  llvm::StringRef torchVersionOrigin() const { return versionOrigin_; }

  /// The TU's own top-level declarations: those of the traversal scope outside system headers
  /// (LibTorch, the standard library). Every analysis walks these and nothing else, so the
  /// clang-tidy plugin, which traverses the whole TU, sees what ampify's own front ends see.
  llvm::ArrayRef<clang::Decl *> userDeclarations();
  /// Whether `decl` is the user's: not in a system header. The front ends that choose what the
  /// matchers traverse (the driver's user-code consumer) decide with this too.
  static bool isUserDeclaration(const clang::Decl &decl);

  const TrainingLoops &loops();
  /// The device of each training loop's autocast regions (LoopDevice.h), which `fix` writes and
  /// the flow analyses before the migration.
  LoopDevices &loopDevices();
  const PrecisionFlow &flow();
  ConstantEvaluator &constants();
  /// The #includes the TU's fix-its insert, once per file.
  IncludeInserter &includes();
  /// The NOLINT comments of one of the TU's files, read once, from the text that was parsed (an
  /// editor's unsaved buffer included).
  const NolintComments &nolintComments(clang::FileID file);

  /// What this TU leaves for the analysis of the whole project (CrossUnit.h): rules add their
  /// exports; importCallArguments() adds the imports.
  CrossUnitFacts &crossUnitFacts() { return facts_; }
  /// Records, once per TU whichever rule asks first, the known argument values of every call of
  /// a user function this TU does not define (ConstantEvaluator::externalCallArguments), and the
  /// values of the constants it defines for other TUs (ConstantEvaluator::constantsForOtherUnits).
  void importCallArguments();
  /// For the front ends that join TUs (`ampify check`, `ampify fix`), once the TU's rules have
  /// run: records the calls this TU makes under CUDA fp16 autocast of functions other TUs define,
  /// then runs `rematch` (the same rules over the TU again) with a flow that assumes other TUs
  /// run this TU's functions under CUDA fp16 autocast (OtherUnitsAssumption::CallersRunUnderAutocast;
  /// it also records which of them then return fp16), and once more with a flow that assumes
  /// those calls return fp16 (OtherUnitsAssumption::CalleesReturnFp16). Findings that appear only
  /// under an assumption are taken out of `reported`, which holds this TU's findings from
  /// `firstReported` on, and kept as conditional findings. Nothing happens if no rule asked for
  /// the precision flow (`rulesFollowPrecision`: AnalysisSessions::followsPrecision).
  void findConditionalFindings(std::vector<Finding> &reported, size_t firstReported, bool rulesFollowPrecision,
                               llvm::function_ref<void()> rematch);

  /// The options of the analysis itself: global, never per rule (`TorchVersion`).
  static llvm::ArrayRef<OptionSpec> declaredOptions();

private:
  clang::ASTContext &ctx_;
  TorchVersion version_;
  llvm::StringRef versionOrigin_;
  std::optional<std::vector<clang::Decl *>> userDeclarations_;
  std::unique_ptr<TrainingLoops> loops_;
  DeviceChoice deviceChoice_;
  std::unique_ptr<LoopDevices> loopDevices_;
  std::unique_ptr<ConstantEvaluator> constants_;
  std::unique_ptr<PrecisionFlow> flow_;
  std::unique_ptr<IncludeInserter> includes_;
  llvm::DenseMap<clang::FileID, std::unique_ptr<NolintComments>> nolintComments_;
  CrossUnitFacts facts_;
  bool importedCallArguments_ = false;
};

/// The name by which the cross-unit facts of every TU know `decl`: its clang USR (CrossUnit.h);
/// nothing if it has none.
std::optional<std::string> crossUnitName(const clang::Decl &decl);

/// How the facts name an open source (ConstantEvaluator::OpenSource) with `field`: a parameter
/// by its function and index (CrossUnitParameter::leftIn of it for a function this TU does not
/// define: the struct it fills), a constant another TU defines by itself, a function's result by
/// the function and CrossUnitParameter::Result; nothing if it has no name.
std::optional<CrossUnitParameter> crossUnitSource(const clang::NamedDecl &source, std::string field);

/// The session of the TU a front end is matching: one per run (or per LSP analysis), never
/// global.
class AnalysisSessions {
public:
  explicit AnalysisSessions(const RuleOptions &options);
  ~AnalysisSessions();

  /// A new TU begins: the previous TU's session (if any) is dropped. Called before the TU's
  /// matchers run; calling it again for the same TU before matching is harmless.
  void startTranslationUnit(const clang::Preprocessor &pp);
  /// The session of the TU `ctx` holds, built on first use.
  AnalysisSession &of(clang::ASTContext &ctx);
  /// The cross-unit facts of the TU matched last (empty if no rule made any); the driver carries
  /// them with the TU's findings. The LSP server and the clang-tidy plugin see one TU and leave
  /// them.
  CrossUnitFacts takeCrossUnitFacts();

  /// A rule of the run asks what autocast does (Rule::followsPrecision): the join across TUs then
  /// needs every TU's precision facts.
  void followPrecision() { followsPrecision_ = true; }
  bool followsPrecision() const { return followsPrecision_; }

private:
  bool followsPrecision_ = false;
  const RuleOptions &options_;
  const clang::Preprocessor *pp_ = nullptr;
  std::unique_ptr<AnalysisSession> session_;
};

} // namespace ampify
