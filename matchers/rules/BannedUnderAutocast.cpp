// ampify-banned-under-autocast: calls that raise at run time under autocast.
// - binary_cross_entropy (functional, ATen or the BCELoss module) raises "unsafe to autocast"
//   under CUDA autocast. The safe form is binary_cross_entropy_with_logits on the logits, which
//   fuses the sigmoid.
// - LibTorch's C++ MultiheadAttention (and the Transformer modules built on it) given a key
//   padding mask fills the mask with a float-only kernel (AT_DISPATCH_FLOATING_TYPES) on scores
//   that autocast computed in fp16/bf16: it raises on any autocast device. The call runs in fp32
//   through ampify::run_in_fp32.
// - An op whose CUDA kernel has no fp16/bf16 version (linalg_svd, linalg_inv, quantile...: the GPU
//   conformance run's list, NoLowPrecisionKernel.def) given a tensor that CUDA autocast made
//   fp16/bf16 (the svd of a matmul's output) raises "not implemented for 'Half'": autocast does
//   not cast its inputs. The call runs in fp32 through ampify::run_in_fp32.
// Only calls that run in an autocast region (per the precision-flow analysis,
// PrecisionFlow::bannedCalls) are reported.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

constexpr llvm::StringLiteral Message =
    "binary_cross_entropy is unsafe under CUDA autocast and raises at run time";

class BannedUnderAutocastRule : public Rule {
public:
  using Rule::Rule;

  // The precision flow decides which calls are banned ops (the cast policy tables' Banned
  // entries) running under CUDA autocast, for this rule and for `ampify fix` alike; the rule only
  // needs the TU.
  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(translationUnitDecl().bind("tu"), this);
  }

  void check(const MatchFinder::MatchResult &result) override { context_ = result.Context; }

  void onEndOfTranslationUnit() override {
    if (!context_)
      return;
    ASTContext &ctx = *context_;
    context_ = nullptr;
    const PrecisionFlow &flow = analysis(ctx).flow();
    // Once per call (a helper may run in several regions), in source order.
    std::vector<const BannedCall *> calls;
    for (const BannedCall &banned : flow.bannedCalls())
      if (llvm::none_of(calls, [&](const BannedCall *known) { return known->call == banned.call; }))
        calls.push_back(&banned);
    const SourceManager &sm = ctx.getSourceManager();
    llvm::sort(calls, [&](const BannedCall *a, const BannedCall *b) {
      return sm.isBeforeInTranslationUnit(a->call->getBeginLoc(), b->call->getBeginLoc());
    });
    for (const BannedCall *banned : calls) {
      const CallExpr *call = banned->call;
      Region region = flow.regionOf(call);
      if (banned->reason == BannedReason::FloatOnlyKeyPaddingMask)
        checkKeyPaddingMask(ctx, *banned, region);
      else if (banned->reason == BannedReason::NoLowPrecisionKernel)
        checkNoLowPrecisionKernel(ctx, *banned, region);
      else if (const auto *holder = dyn_cast<CXXOperatorCallExpr>(call))
        checkModule(ctx, call, holder->getArg(1), region);
      else if (const auto *forward = dyn_cast<CXXMemberCallExpr>(call))
        checkModule(ctx, call, forward->getArg(0), region);
      else
        checkFunction(ctx, call, region);
    }
  }

private:
  ASTContext *context_ = nullptr;

  void checkFunction(ASTContext &ctx, const CallExpr *call, const Region &region) {
    const auto *ref = dyn_cast<DeclRefExpr>(call->getCallee()->IgnoreImpCasts());
    SourceLocation nameLoc = ref ? ref->getNameInfo().getLoc() : call->getBeginLoc();
    FindingBuilder finding = report(ctx, nameLoc, Message);
    addRegionNote(finding, region);
    LogitsRewrite rewrite = logitsRewrite(call, ctx);
    if (rewrite.edits.empty()) {
      finding.note(rewrite.whyNotLoc, rewrite.whyNot);
      return;
    }
    for (const SourceEdit &edit : rewrite.edits)
      finding.replace(edit.range, edit.text);
  }

  void checkKeyPaddingMask(ASTContext &ctx, const BannedCall &banned, const Region &region) {
    const CallExpr *call = banned.call;
    const Expr *module = isa<CXXOperatorCallExpr>(call) ? call->getArg(0) : cast<CXXMemberCallExpr>(call)->getImplicitObjectArgument();
    std::string mask = givenKeyPaddingMask(call, module->getType());
    std::string dtype = region.lowDtype == Precision::BFloat16 ? "BFloat16" : "Half";
    FindingBuilder finding =
        report(ctx, call->getBeginLoc(),
               banned.op + " with a " + mask + " raises under autocast (\"attn_output_weights.masked_fill\" not "
               "implemented for '" + dtype + "'): LibTorch's C++ forward fills the mask with a float-only "
               "kernel; run the call in fp32 with ampify::run_in_fp32");
    addRegionNote(finding, region);
    addFp32Fix(ctx, finding, call);
  }

  void checkNoLowPrecisionKernel(ASTContext &ctx, const BannedCall &banned, const Region &region) {
    const CallExpr *call = banned.call;
    std::string dtype = region.lowDtype == Precision::BFloat16 ? "bf16" : "fp16";
    FindingBuilder finding =
        report(ctx, call->getBeginLoc(),
               "`" + banned.op + "` has no " + dtype + " kernel on CUDA and raises under CUDA autocast, which leaves its "
               "input " + dtype + " here; run the call in fp32 with ampify::run_in_fp32");
    addRegionNote(finding, region);
    addFp32Fix(ctx, finding, call);
  }

  // The call in ampify::run_in_fp32 (autocast off, its floating tensors cast to float), or a note
  // where a macro writes it.
  void addFp32Fix(ASTContext &ctx, FindingBuilder &finding, const CallExpr *call) {
    if (std::optional<SourceEdit> fp32 = runInFp32(call, ctx)) {
      finding.replace(fp32->range, fp32->text);
      finding.addInclude(call->getBeginLoc(), "<ampify/amp.h>");
    } else {
      finding.note(call->getBeginLoc(), "the call is written by a macro: wrap it in ampify::run_in_fp32 by hand");
    }
  }

  void checkModule(ASTContext &ctx, const CallExpr *call, const Expr *input, const Region &region) {
    FindingBuilder finding = report(ctx, call->getBeginLoc(),
                                    "torch::nn::BCELoss is unsafe under CUDA autocast and raises "
                                    "at run time");
    addRegionNote(finding, region);
    if (const Expr *logits = sigmoidOperand(input))
      finding.note(logits->getBeginLoc(),
                   "use torch::nn::BCEWithLogitsLoss and pass it '" +
                       sourceText(logits->getSourceRange(), ctx) + "' without the sigmoid");
    else
      finding.note(input->getBeginLoc(),
                   "use torch::nn::BCEWithLogitsLoss and pass it the logits (the input before its "
                   "sigmoid)");
  }
};

} // namespace
} // namespace ampify

using ampify::BannedUnderAutocastRule;
AMPIFY_RULE_FACTORY(BannedUnderAutocastRule)
