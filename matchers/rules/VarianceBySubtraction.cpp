// ampify-variance-by-subtraction: a variance or covariance computed as E[x*y] - E[x]*E[y] (an
// SSIM's `conv2d(img1 * img1, window) - mu1 * mu1`, a hand-written normalisation's
// `(x * x).mean(-1) - mean * mean`) where autocast computes the second moment E[x*y] in fp16 or
// bf16. It is rounded to 11 (8) significant bits before the subtraction; where the variance is
// small beside the squared mean, the difference keeps none of its digits and turns negative.
#include "ampify/ConstantValue.h"
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

/// The ops that average (or sum) their input over a window, a dimension or a matrix: a moment
/// of what they are given.
bool isAveraging(llvm::StringRef name) {
  static const llvm::StringSet<> ops = {"conv1d", "conv2d", "conv3d", "avg_pool1d", "avg_pool2d", "avg_pool3d",
                                        "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
                                        "mean", "nanmean", "sum", "matmul", "mm", "bmm", "linear"};
  return ops.contains(name);
}

/// The unqualified name of the op a call reaches ("conv2d" for
/// `torch::nn::functional::conv2d(...)` and for `x.conv2d(...)`, "operator*" for `a * b`).
std::string opName(const CallExpr *call) {
  const FunctionDecl *callee = call->getDirectCallee();
  return callee ? callee->getNameAsString() : std::string();
}

class VarianceBySubtractionRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName("operator-", "sub")))).bind("difference"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *difference = result.Nodes.getNodeAs<CallExpr>("difference");
    const Expr *minuend = nullptr, *subtrahend = nullptr;
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(difference)) {
      if (member->getNumArgs() < 1)
        return;
      minuend = member->getImplicitObjectArgument();
      subtrahend = member->getArg(0);
    } else {
      if (difference->getNumArgs() < 2)
        return;
      minuend = difference->getArg(0);
      subtrahend = difference->getArg(1);
    }
    if (!isTensorType(minuend->getType()) || !isTensorType(subtrahend->getType()))
      return;
    const PrecisionFlow &flow = analysis(ctx).flow();
    const Region &region = flow.regionOf(difference);
    if (region.kind != RegionKind::Autocast)
      return;
    const ExprInfo *moment = flow.info(minuend);
    if (!moment || !isLow(moment->fact.value))
      return;
    const CallExpr *secondMoment = averagingOf(minuend, ctx, /*ofProduct=*/true);
    const CallExpr *product = productOf(subtrahend, ctx);
    if (!secondMoment || !product || !productOfMoments(product, ctx))
      return;
    SourceLocation at = difference->getBeginLoc();
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(difference))
      at = op->getOperatorLoc();
    FindingBuilder finding = report(
        ctx, at,
        llvm::Twine("a variance computed as E[x*y] - E[x]*E[y] loses its digits under autocast: `") + opName(secondMoment) +
            "` of a product is " + precisionName(moment->fact.value) +
            ", rounded before the subtraction, and where the variance is small beside the squared mean the "
            "difference is noise and can turn negative; compute the moments in fp32 (an "
            "ampify::AutocastDisabled scope with the inputs cast .to(torch::kFloat)), or the centred form "
            "E[(x - E[x])^2]");
    if (secondMoment != stripWrappers(minuend))
      finding.note(secondMoment->getBeginLoc(),
                   llvm::Twine("the second moment, `") + opName(secondMoment) + "` of a product");
    if (product != stripWrappers(subtrahend))
      finding.note(product->getBeginLoc(), "the product of first moments it is taken from");
    addReasonNotes(finding, flow, moment->fact);
    addRegionNote(finding, region);
  }

private:
  /// `e`, or what the local variable `e` names was initialised with, and so on a few times
  /// (`auto mu1_sq = mu1.pow(2);`): a variable that nothing changes after it.
  const Expr *definition(const Expr *e, ASTContext &ctx) {
    for (unsigned depth = 0; depth < 4; ++depth) {
      e = stripWrappers(e);
      const auto *ref = dyn_cast<DeclRefExpr>(e);
      const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
      if (!var || !var->isLocalVarDecl() || var->getType()->isReferenceType() || !var->getInit() ||
          analysis(ctx).constants().mayChange(var))
        return e;
      e = var->getInit();
    }
    return stripWrappers(e);
  }

  /// The product of two tensors (or a square) that `e` computes: `a * b`, `a.mul(b)`,
  /// `torch::mul(a, b)`, `a.pow(2)`, `torch::pow(a, 2)`, `a.square()`.
  const CallExpr *productOf(const Expr *e, ASTContext &ctx) {
    const auto *call = dyn_cast<CallExpr>(definition(e, ctx));
    if (!call)
      return nullptr;
    llvm::SmallVector<const Expr *, 2> tensors;
    llvm::SmallVector<const Expr *, 2> others;
    operands(call, tensors, others);
    std::string name = opName(call);
    if ((name == "operator*" || name == "mul") && tensors.size() == 2)
      return call;
    if (name == "square" && tensors.size() == 1)
      return call;
    if (name == "pow" && tensors.size() == 1 && others.size() == 1) {
      std::vector<RealConstantValue> exponent = analysis(ctx).constants().evaluateReal(others[0]);
      if (exponent.size() == 1 && exponent.front().value == 2.0)
        return call;
    }
    return nullptr;
  }

  /// Whether both factors of `product` (a square's one) are first moments: averages of a tensor.
  bool productOfMoments(const CallExpr *product, ASTContext &ctx) {
    llvm::SmallVector<const Expr *, 2> tensors, others;
    operands(product, tensors, others);
    return llvm::all_of(tensors, [&](const Expr *t) { return averagingOf(t, ctx, /*ofProduct=*/false); });
  }

  /// The averaging call `e` computes, of a product when `ofProduct` (the second moment E[x*y]).
  const CallExpr *averagingOf(const Expr *e, ASTContext &ctx, bool ofProduct) {
    const auto *call = dyn_cast<CallExpr>(definition(e, ctx));
    if (!call || !isAveraging(opName(call)))
      return nullptr;
    llvm::SmallVector<const Expr *, 2> tensors, others;
    operands(call, tensors, others);
    if (tensors.empty())
      return nullptr;
    if (ofProduct && !productOf(tensors.front(), ctx))
      return nullptr;
    return call;
  }

  /// A call's operands in order, the object of a method first: tensors and the rest.
  static void operands(const CallExpr *call, llvm::SmallVectorImpl<const Expr *> &tensors,
                       llvm::SmallVectorImpl<const Expr *> &others) {
    auto add = [&](const Expr *arg) { (isTensorType(arg->getType()) ? tensors : others).push_back(arg); };
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call))
      add(member->getImplicitObjectArgument());
    for (unsigned i = 0, n = writtenArgCount(call); i < n; ++i)
      add(call->getArg(i));
  }
};

} // namespace
} // namespace ampify

using ampify::VarianceBySubtractionRule;
AMPIFY_RULE_FACTORY(VarianceBySubtractionRule)
