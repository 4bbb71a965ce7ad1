// ampify-banned-under-autocast: binary_cross_entropy (functional, ATen or the BCELoss module)
// raises "unsafe to autocast" under CUDA autocast. The safe form is
// binary_cross_entropy_with_logits on the logits, which fuses the sigmoid. Only calls that run in
// a CUDA autocast region (per the precision-flow analysis, PrecisionFlow::bannedCalls) are reported.
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
  void registerMatchers(MatchFinder &finder) override { finder.addMatcher(translationUnitDecl().bind("tu"), this); }

  void check(const MatchFinder::MatchResult &result) override { context_ = result.Context; }

  void onEndOfTranslationUnit() override {
    if (!context_)
      return;
    ASTContext &ctx = *context_;
    context_ = nullptr;
    const PrecisionFlow &flow = analysis(ctx).flow();
    // Once per call (a helper may run in several regions), in source order.
    std::vector<const CallExpr *> calls;
    for (const BannedCall &banned : flow.bannedCalls())
      if (llvm::find(calls, banned.call) == calls.end())
        calls.push_back(banned.call);
    const SourceManager &sm = ctx.getSourceManager();
    llvm::sort(calls, [&](const CallExpr *a, const CallExpr *b) {
      return sm.isBeforeInTranslationUnit(a->getBeginLoc(), b->getBeginLoc());
    });
    for (const CallExpr *call : calls) {
      Region region = flow.regionOf(call);
      if (const auto *holder = dyn_cast<CXXOperatorCallExpr>(call))
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
