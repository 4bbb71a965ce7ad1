// ampify-custom-function-under-autocast: `MyFunction::apply(x)` (a torch::autograd::Function<T>)
// inside an autocast region with an input that is not cast explicitly: its forward sees whatever
// dtype autocast produced, and its backward runs outside the region. Python offers
// custom_fwd(cast_inputs=...); in C++ the runtime's ampify::run_in_fp32 does the same.
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

class CustomFunctionUnderAutocastRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(callExpr(callee(cxxMethodDecl(hasName("apply"),
                                                    ofClass(isSameOrDerivedFrom(classTemplateSpecializationDecl(
                                                        hasName("::torch::autograd::Function")))))))
                          .bind("call"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    const PrecisionFlow &flow = analysis(ctx).flow();
    Region region = flow.regionOf(call);
    if (region.kind != RegionKind::Autocast || insideRunInFp32(call, ctx))
      return;
    for (const Expr *arg : call->arguments()) {
      if (!isTensorType(arg->getType()))
        continue;
      const ExprInfo *info = flow.info(arg);
      if (info && info->fact.explicitCast)
        continue; // the caller chose the dtype
      FindingBuilder finding = report(ctx, call->getExprLoc(),
                                      "custom autograd Function applied under autocast with an input whose "
                                      "dtype autocast decides");
      finding.note(arg->getBeginLoc(), "cast the inputs explicitly (e.g. .to(torch::kFloat)) or call it through "
                                       "ampify::run_in_fp32");
      addRegionNote(finding, region);
      return;
    }
  }
};

} // namespace
} // namespace ampify

using ampify::CustomFunctionUnderAutocastRule;
AMPIFY_RULE_FACTORY(CustomFunctionUnderAutocastRule)
