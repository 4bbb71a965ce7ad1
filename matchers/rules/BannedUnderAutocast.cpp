// ampify-banned-under-autocast: binary_cross_entropy (functional, ATen or the BCELoss module)
// raises "unsafe to autocast" under CUDA autocast. The safe form is
// binary_cross_entropy_with_logits on the logits, which fuses the sigmoid. Only calls that run in
// a CUDA autocast region (per the precision-flow analysis) are reported.
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

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(
        callExpr(callee(functionDecl(hasAnyName("::at::binary_cross_entropy",
                                                "::torch::nn::functional::binary_cross_entropy"))))
            .bind("function"),
        this);
    // criterion(input, target) on a torch::nn::BCELoss holder, or criterion->forward(...).
    finder.addMatcher(cxxOperatorCallExpr(hasOverloadedOperatorName("()")).bind("holder"), this);
    finder.addMatcher(
        cxxMemberCallExpr(callee(cxxMethodDecl(hasName("forward"), ofClass(hasName("::torch::nn::BCELossImpl")))))
            .bind("forward"),
        this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    if (const auto *call = result.Nodes.getNodeAs<CallExpr>("function"))
      return checkFunction(ctx, call);
    if (const auto *call = result.Nodes.getNodeAs<CXXOperatorCallExpr>("holder")) {
      if (call->getNumArgs() >= 2 && moduleKind(call->getArg(0)->getType()) == "BCELoss")
        checkModule(ctx, call, call->getArg(1));
      return;
    }
    if (const auto *call = result.Nodes.getNodeAs<CXXMemberCallExpr>("forward"))
      if (call->getNumArgs() >= 1)
        checkModule(ctx, call, call->getArg(0));
  }

private:
  /// The CUDA autocast region `call` runs in, if any: on the CPU autocast runs the op in fp32.
  std::optional<Region> cudaRegion(ASTContext &ctx, const CallExpr *call) {
    Region region = PrecisionFlow::of(ctx, option("TorchVersion", "")).regionOf(call);
    if (region.kind != RegionKind::Autocast || !region.cuda || insideRunInFp32(call, ctx))
      return std::nullopt;
    return region;
  }

  void checkFunction(ASTContext &ctx, const CallExpr *call) {
    std::optional<Region> region = cudaRegion(ctx, call);
    if (!region)
      return;
    const auto *ref = dyn_cast<DeclRefExpr>(call->getCallee()->IgnoreImpCasts());
    SourceLocation nameLoc = ref ? ref->getNameInfo().getLoc() : call->getBeginLoc();
    FindingBuilder finding = report(ctx, nameLoc, Message);
    addRegionNote(finding, *region);
    LogitsRewrite rewrite = logitsRewrite(call, ctx);
    if (rewrite.edits.empty()) {
      finding.note(rewrite.whyNotLoc, rewrite.whyNot);
      return;
    }
    for (const SourceEdit &edit : rewrite.edits)
      finding.replace(edit.range, edit.text);
  }

  void checkModule(ASTContext &ctx, const CallExpr *call, const Expr *input) {
    std::optional<Region> region = cudaRegion(ctx, call);
    if (!region)
      return;
    FindingBuilder finding = report(ctx, call->getBeginLoc(),
                                    "torch::nn::BCELoss is unsafe under CUDA autocast and raises "
                                    "at run time");
    addRegionNote(finding, *region);
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
