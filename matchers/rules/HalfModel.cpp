// ampify-half-model: a whole model converted with `model->to(torch::kHalf)` and then trained in
// the same function: pure fp16 training keeps no fp32 master weights, so small updates round
// away and gradients underflow. Autocast with a GradScaler (`ampify fix`) is the remedy.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

class HalfModelRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    // A function that trains: it calls backward() or an optimizer's step().
    auto training = callExpr(callee(functionDecl(
        anyOf(hasAnyName("::at::Tensor::backward", "::torch::autograd::backward"),
              cxxMethodDecl(hasName("step"), ofClass(isSameOrDerivedFrom("::torch::optim::Optimizer")))))));
    finder.addMatcher(functionDecl(isDefinition(), hasBody(hasDescendant(training))).bind("function"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *function = result.Nodes.getNodeAs<FunctionDecl>("function");
    const CallExpr *conversion = PrecisionFlow::halfModelConversion(function, ctx);
    if (!conversion)
      return;
    report(ctx, conversion->getExprLoc(),
           "the whole model is converted to low precision and then trained: pure fp16 training keeps no fp32 "
           "master weights")
        .note(conversion->getExprLoc(), "keep the model in fp32 and train under autocast with a GradScaler "
                                        "(`ampify fix` migrates the loop)");
  }
};

} // namespace
} // namespace ampify

using ampify::HalfModelRule;
AMPIFY_RULE_FACTORY(HalfModelRule)
