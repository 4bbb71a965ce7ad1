// Precision flow: for every tensor expression of a TU, whether autocast computes it in low
// precision (fp16/bf16), in fp32, or whether that is unknown; and for every call, the autocast
// region it runs in. Part of the TU's AnalysisSession (built on the first query), shared by every
// rule and by the rewriter. See docs/analysis.md.
#pragma once

#include "ampify/AnalysisSession.h"
#include "ampify/CastPolicy.h"
#include "ampify/ConstantValue.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <memory>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace ampify {

enum class Precision { Unknown, Fp32, Half, BFloat16 };

inline bool isLow(Precision p) { return p == Precision::Half || p == Precision::BFloat16; }
/// "fp16", "bf16", "fp32" or "of unknown precision".
llvm::StringRef precisionName(Precision p);

/// Why an expression has its precision: one link of a reason chain. A variable's fact names the
/// variable (`subject`) and says where its value came from; `from` is the link before it.
struct PrecisionFact {
  Precision value = Precision::Unknown;
  std::string subject;            ///< "scores", or empty for an unnamed expression
  std::string because;            ///< "the output of `matmul`"
  clang::SourceLocation where;     ///< where `because` happened
  bool explicitCast = false;      ///< the value was set by .to(dtype) or the like
  std::shared_ptr<const PrecisionFact> from;
  /// No value yet (the elements of an empty vector, a nullopt): joining it with a fact gives
  /// that fact.
  bool none = false;
  /// The precision assumed for a tensor parameter, under OtherUnitsAssumption::CallersPassFp16:
  /// `where` is the parameter's declaration. A reason chain always shows this link, which says
  /// what the finding needs of its callers.
  bool assumedArgument = false;
  /// The output of a Sequential that a function of another TU builds, assumed fp16 under a CUDA
  /// fp16 region (OtherUnitsAssumption::CallersRunUnderAutocast and CalleesReturnFp16): `where`
  /// is the call that builds it. A finding whose chain shows it needs that function's Sequential
  /// to end in a layer autocast runs in fp16; nothing that holds regardless may depend on it.
  bool assumedModule = false;
  /// The tensors a value holds when it is not a tensor itself (a pair or tuple, a struct, a
  /// vector or TensorList, an optional), by access path: "0", "1", ... for the elements of a
  /// pair or tuple; a field's name; "*" for every element of a vector or the content of an
  /// optional. Nested aggregates nest.
  std::vector<std::pair<std::string, PrecisionFact>> parts;

  /// The part at `key`, or null.
  const PrecisionFact *part(llvm::StringRef key) const;
};

enum class RegionKind {
  None,     ///< no autocast: ops run in their inputs' dtype
  Autocast, ///< autocast enabled: ops follow the cast policy table
  Disabled, ///< an ampify::AutocastDisabled (or enabled(false)) scope inside a region
};

struct Region {
  RegionKind kind = RegionKind::None;
  /// The autocast dtype: fp16 or bf16; fp32 or unknown where the program sets it to fp32 or to
  /// a non-constant.
  Precision lowDtype = Precision::Half;
  bool cuda = true;                     ///< CUDA autocast (else CPU)
  clang::SourceLocation opened;         ///< where the region (or scope) begins
  std::string how;                      ///< "the ampify::Autocast scope", ...
  /// Set on a region this TU does not open: the analysis assumes that a caller in another TU runs
  /// `assumedFor` (a function this TU defines for other TUs) under CUDA fp16 autocast. What is
  /// found only then holds only if such a caller exists (AnalysisSession::findConditionalFindings).
  const clang::FunctionDecl *assumedFor = nullptr;
  /// With assumedFor: the function being walked got no fact for any argument (the walk of a
  /// function other TUs call, as they might call it). A walk of the same code with the facts a
  /// call of this TU passes says more, and its facts win (PrecisionFlow::record).
  bool argumentsUnknown = false;
  /// With assumedFor: the function whose body the walk is in, which is `assumedFor` itself or a
  /// function of this TU that it calls (`decode_boxes` called by `ssd_loss`).
  const clang::FunctionDecl *walking = nullptr;
};

/// The reason of an assumed argument's fact (OtherUnitsAssumption::CallersPassFp16): a finding's
/// note that says it names a parameter whose callers in other TUs must pass fp16.
inline constexpr llvm::StringLiteral AssumedArgumentReason = "what a caller passes, when it passes an fp16 tensor,";

/// The device whose cast policies apply in `region` (CUDA's outside any region, where only
/// whether an op is known matters: every device's table knows the same ops).
inline AutocastDevice autocastDevice(const Region &region) {
  return region.cuda ? AutocastDevice::CUDA : AutocastDevice::CPU;
}

/// What the analysis knows of one expression. When a function body is analysed in several
/// contexts (called from inside and outside a region), an autocast context wins and the facts of
/// several autocast contexts are joined.
struct ExprInfo {
  PrecisionFact fact;
  Region region;
};

/// An explicit fp32 cast whose result autocast casts back down: `input` (a fact with
/// explicitCast set) feeds `consumer`, a lower-precision op inside an autocast region.
struct Fp32IntentLost {
  PrecisionFact input;
  const clang::CallExpr *consumer;
  std::string op;
  Region region;
};

/// Why a call raises under autocast.
enum class BannedReason {
  /// On CUDA autocast's banned list (CastPolicy::Banned): "unsafe to autocast".
  AutocastBanned,
  /// A LibTorch C++ module whose forward, given a key padding mask, fills it under
  /// AT_DISPATCH_FLOATING_TYPES (float and double only): MultiheadAttention and the Transformer
  /// modules built on it raise "not implemented for 'Half'" (or 'BFloat16') under any autocast.
  FloatOnlyKeyPaddingMask,
  /// An op whose CUDA kernel has no fp16/bf16 version (linalg_svd, linalg_inv, quantile...:
  /// CastPolicyTable::cudaKernelLacksLowPrecision) reached, under CUDA autocast, by a tensor that
  /// autocast made fp16/bf16: autocast does not cast its inputs, so it raises.
  NoLowPrecisionKernel,
};

/// A call that raises at run time under autocast, reached inside an autocast region (a CUDA one
/// for AutocastBanned), outside ampify::run_in_fp32.
struct BannedCall {
  const clang::CallExpr *call;
  std::string op; ///< "binary_cross_entropy", "torch::nn::BCELoss", "torch::nn::MultiheadAttention"
  Region region;
  BannedReason reason = BannedReason::AutocastBanned;
};

/// A call, inside a CUDA fp16 autocast region this TU opens, of a user function that this TU
/// declares but does not define (`model->forward(x)` with forward defined in model.cpp): the
/// callee runs under autocast, which only the TU that defines it can analyse.
struct OutsideCallUnderAutocast {
  const clang::Expr *call;
  const clang::FunctionDecl *callee;
  /// A CUDA fp16 region of this TU, or one assumed for a function other TUs call
  /// (Region::assumedFor): the callee then runs under autocast when that function does.
  Region region;
  /// What the analysis knows of each argument, in the callee's parameter order.
  std::vector<PrecisionFact> arguments;
};

/// What the flow assumes of the code of other TUs, each for one pass of the analysis across TUs
/// (AnalysisSession::findConditionalFindings):
/// - Unknown: nothing; what this TU itself runs;
/// - CallersRunUnderAutocast: also analyses every function this TU defines for other TUs as if a
///   caller there ran it under CUDA fp16 autocast (Region::assumedFor);
/// - CallersPassFp16: as CallersRunUnderAutocast, and each tensor parameter of those functions
///   is fp16 (what a caller passes when its argument is an autocast op's output); the parameter's
///   fact is an `assumedArgument`;
/// - CalleesReturnFp16: a call, under a CUDA fp16 region of this TU, of a function another TU
///   defines returns fp16 (what a callee made of autocast ops returns there).
/// Under CallersRunUnderAutocast and CalleesReturnFp16, a Sequential that a function of another TU
/// builds (`scorer_ = register_module("scorer", make_scorer(64, 32))`) also outputs fp16 where a
/// CUDA fp16 region runs it (PrecisionFact::assumedModule).
enum class OtherUnitsAssumption { Unknown, CallersRunUnderAutocast, CallersPassFp16, CalleesReturnFp16 };

/// A function this TU defines for other TUs that returns fp16 when a caller runs it under CUDA
/// fp16 autocast, whatever the precision of its arguments (OtherUnitsAssumption::CallersRunUnderAutocast).
struct Fp16ReturnUnderAutocast {
  const clang::FunctionDecl *function;
  PrecisionFact returned;
  /// One tensor of the pair, tuple or struct it returns (returnedValueKey's part), "" for all.
  std::string part;
};

/// Under OtherUnitsAssumption::CalleesReturnFp16: one tensor of the pair, tuple or struct that a
/// function of another TU returns at `call`, assumed fp16; `because` is the fact's reason. Also,
/// with `part` SequentialOutputPart, the output of the Sequential such a function builds at
/// `call` (PrecisionFact::assumedModule), under either assumption about other TUs.
struct AssumedReturnedPart {
  const clang::Expr *call;
  std::string part; // returnedValueKey's
  std::string because;
};

class PrecisionFlow {
public:
  /// What is known of `e` (wrappers stripped), or null if the analysis never reached it.
  const ExprInfo *info(const clang::Expr *e) const;
  /// From now on, info() gives what the walks through a call of this TU found of an expression,
  /// where they reached it (throughCallerInfos_): the rules, run again, then explain their
  /// findings through the callers of the TU.
  void preferFactsThroughCallers() { throughCallers_ = true; }
  Precision precisionOf(const clang::Expr *e) const;
  /// The region a call runs in; RegionKind::None if the analysis never reached it.
  Region regionOf(const clang::Expr *call) const;
  /// The explicit fp32 casts that `consumer` (a lower-precision op in a region) undoes.
  llvm::ArrayRef<Fp32IntentLost> fp32IntentLost(const clang::CallExpr *consumer) const;
  /// Every banned op call met in a CUDA autocast region, once per (call, region), in walk order.
  /// `ampify fix` reads them: it must not put such a call under autocast.
  llvm::ArrayRef<BannedCall> bannedCalls() const { return bannedCalls_; }
  const CastPolicyTable &policies() const { return *table_; }
  /// The calls of functions defined in other TUs that run under a CUDA fp16 autocast region of
  /// this TU (or, with an assumption about callers, under an assumed one), once per call and
  /// assumed caller, in walk order.
  llvm::ArrayRef<OutsideCallUnderAutocast> outsideCallsUnderAutocast() const { return outsideCalls_; }
  /// With OtherUnitsAssumption::CallersRunUnderAutocast: the functions analysed under an assumed region,
  /// each with the assumed functions (Region::assumedFor) whose analysis reached it; every such
  /// function reaches itself.
  const std::map<const clang::FunctionDecl *, std::set<const clang::FunctionDecl *>> &assumedReach() const {
    return assumedReach_;
  }
  /// With OtherUnitsAssumption::CallersRunUnderAutocast: the functions this TU defines for other
  /// TUs whose result, or a tensor of the pair, tuple or struct they return, is then fp16.
  llvm::ArrayRef<Fp16ReturnUnderAutocast> fp16Returns() const { return fp16Returns_; }
  /// With OtherUnitsAssumption::CalleesReturnFp16: the tensors of the pairs, tuples and structs
  /// that outside calls under autocast return, as assumed.
  llvm::ArrayRef<AssumedReturnedPart> assumedReturnedParts() const { return assumedReturnedParts_; }
  /// Whether a CUDA fp16 region of this TU runs a Sequential that a function of another TU builds.
  bool runsSequentialsBuiltElsewhere() const { return runsSequentialsBuiltElsewhere_; }
  /// Whether `fact`'s value depends on a Sequential of another TU assumed fp16
  /// (PrecisionFact::assumedModule), through its chain or its parts.
  static bool dependsOnAssumedModule(const PrecisionFact &fact);

  /// The reason chain of a fact as notes: "`scores` is fp16 because it is the output of `matmul`
  /// at line 41".
  std::vector<std::pair<clang::SourceLocation, std::string>> explain(const PrecisionFact &fact) const;

  /// The dtype a ScalarType-valued expression (torch::kHalf, at::ScalarType::Float, inside
  /// TensorOptions...) names: Unknown if it names none or one that is not constant.
  static Precision dtypeNamedIn(const clang::Expr *e, clang::ASTContext &ctx, bool *sawDtype = nullptr);

  /// The first `module->to(torch::kHalf)` (or kBFloat16) in `function`'s body: the whole model
  /// converted to low precision. Null if there is none.
  static const clang::CallExpr *halfModelConversion(const clang::FunctionDecl *function, clang::ASTContext &ctx);

  /// Analyses the session's TU with the cast policies of its LibTorch version.
  explicit PrecisionFlow(AnalysisSession &session, OtherUnitsAssumption assumed = OtherUnitsAssumption::Unknown);

private:
  friend class FlowWalker;
  void record(const clang::Expr *e, const PrecisionFact &fact, const Region &region);
  void recordBanned(const clang::CallExpr *call, llvm::StringRef op, const Region &region,
                    BannedReason reason = BannedReason::AutocastBanned);
  void recordOutsideCall(const clang::Expr *call, const clang::FunctionDecl *callee, const Region &region,
                         llvm::ArrayRef<PrecisionFact> arguments);

  clang::ASTContext &ctx_;
  AnalysisSession &session_;
  const CastPolicyTable *table_;
  llvm::DenseMap<const clang::Expr *, ExprInfo> infos_;
  /// Under an assumed caller, what the walks that reached an expression through a call of this TU
  /// gave (Region::walking is not assumedFor), joined: the hazard of a helper holds for the fp16
  /// arguments of its caller's callers too, though the helper's own walk reached it first.
  llvm::DenseMap<const clang::Expr *, ExprInfo> throughCallerInfos_;
  llvm::DenseMap<const clang::CallExpr *, std::vector<Fp32IntentLost>> intentLost_;
  std::vector<BannedCall> bannedCalls_;
  std::vector<OutsideCallUnderAutocast> outsideCalls_;
  std::map<const clang::FunctionDecl *, std::set<const clang::FunctionDecl *>> assumedReach_;
  std::vector<Fp16ReturnUnderAutocast> fp16Returns_;
  std::vector<AssumedReturnedPart> assumedReturnedParts_;
  bool runsSequentialsBuiltElsewhere_ = false;
  bool throughCallers_ = false;
};

} // namespace ampify

namespace ampify {
/// The functions the session's main file defines that other TUs may call: external linkage, not
/// inline, not a template, not main, not a constructor or destructor.
std::vector<const clang::FunctionDecl *> definedForOtherUnits(AnalysisSession &session);

/// A non-virtual method defined inline in a project header that returns a Sequential
/// (`torch::nn::Sequential main_func() { return main; }`): every TU that includes the header has
/// its body, but only one that builds its class's members knows what it returns.
bool isSequentialAccessorOfHeader(const clang::FunctionDecl *fn, const clang::SourceManager &sm);

/// The Sequential accessors (isSequentialAccessorOfHeader) of the classes whose constructors this
/// TU defines, all of them, one in its own file: what they return holds for every TU's calls.
std::vector<const clang::FunctionDecl *> sequentialAccessorsBuiltHere(AnalysisSession &session);

class FindingBuilder;
/// Adds the reason chain of `fact` to a finding, as notes.
void addReasonNotes(FindingBuilder &finding, const PrecisionFlow &flow, const PrecisionFact &fact);
/// Adds a note pointing at where `region` was opened.
void addRegionNote(FindingBuilder &finding, const Region &region);
/// Adds the notes saying where a constant's value came from (ConstantEvaluator's origins).
void addOriginNotes(FindingBuilder &finding, llvm::ArrayRef<ValueOrigin> origins);
} // namespace ampify
