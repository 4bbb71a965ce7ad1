// ampify-backward-in-autocast: `.backward()` inside an autocast region. PyTorch's docs advise
// against it: backward ops already run in the dtypes forward chose, and the region only adds
// casts (and, with a scaler, hides that backward should run on the scaled loss outside).
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

class BackwardInAutocastRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(
        callExpr(callee(functionDecl(hasAnyName("::at::Tensor::backward", "::torch::autograd::backward"))))
            .bind("call"),
        this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    Region region = analysis(ctx).flow().regionOf(call);
    if (region.kind != RegionKind::Autocast)
      return;
    FindingBuilder finding = report(ctx, call->getExprLoc(),
                                    "backward() runs inside an autocast region; end the region after the "
                                    "loss is computed");
    addRegionNote(finding, region);
  }
};

} // namespace
} // namespace ampify

using ampify::BackwardInAutocastRule;
AMPIFY_RULE_FACTORY(BackwardInAutocastRule)
