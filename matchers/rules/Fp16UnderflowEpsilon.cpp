// ampify-fp16-underflow-epsilon: a constant between 0 and fp16's smallest normal value (6.1e-5)
// added to, clamped into or compared with an fp16 tensor: `x + 1e-8` is x, so log(x + 1e-8) is
// -inf at 0 and a / (b + 1e-8) divides by zero. Adam's eps is flagged only where the model itself
// was converted to half (under autocast, parameters and optimizer state stay fp32).
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <cmath>

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

constexpr double HalfSmallestNormal = 6.1e-5;

/// The first of `values` (those of one expression) that fp16 cannot represent as a normal number.
const RealConstantValue *firstUnderflowing(const std::vector<RealConstantValue> &values) {
  for (const RealConstantValue &v : values)
    if (v.value != 0 && std::fabs(v.value) < HalfSmallestNormal)
      return &v;
  return nullptr;
}

class Fp16UnderflowEpsilonRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(
                                   "add", "sub", "add_", "sub_", "clamp", "clamp_", "clamp_min", "clamp_min_",
                                   "clamp_max", "operator+", "operator-", "operator+=", "operator-=",
                                   "operator<", "operator>", "operator<=", "operator>=", "lt", "gt", "le",
                                   "ge"))))
                          .bind("call"),
                      this);
    // AdamOptions(...).eps(1e-8): a hazard only when the model's parameters are half.
    finder.addMatcher(cxxMemberCallExpr(callee(cxxMethodDecl(hasName("eps"),
                                                             ofClass(hasAnyName("::torch::optim::AdamOptions",
                                                                                "::torch::optim::AdamWOptions")))),
                                        hasAncestor(functionDecl().bind("function")))
                          .bind("eps"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    if (const auto *eps = result.Nodes.getNodeAs<CXXMemberCallExpr>("eps"))
      return checkAdamEps(ctx, eps, result.Nodes.getNodeAs<FunctionDecl>("function"));
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    const PrecisionFlow &flow = analysis(ctx).flow();
    // The fp16 tensor the constant meets: the object or a tensor argument.
    const ExprInfo *tensor = nullptr;
    const Expr *tensorExpr = nullptr;
    const Expr *object = nullptr;
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call))
      object = member->getImplicitObjectArgument();
    auto consider = [&](const Expr *e) {
      if (const ExprInfo *i = flow.info(e); i && i->fact.value == Precision::Half && !tensor) {
        tensor = i;
        tensorExpr = e;
      }
    };
    if (object && isTensorType(object->getType()))
      consider(object);
    for (const Expr *arg : call->arguments())
      if (isTensorType(arg->getType()))
        consider(arg);
    if (!tensor)
      return;
    for (const Expr *arg : call->arguments()) {
      if (isTensorType(arg->getType()))
        continue;
      std::vector<RealConstantValue> values = analysis(ctx).constants().evaluateReal(arg);
      const RealConstantValue *value = firstUnderflowing(values);
      if (!value)
        continue;
      FindingBuilder finding = report(ctx, arg->getBeginLoc(),
                                      "constant " + formatReal(value->value) +
                                          " is below fp16's smallest normal value (6.1e-5) and is lost "
                                          "against an fp16 tensor");
      addOriginNotes(finding, value->origins);
      if (tensor->region.kind == RegionKind::Autocast && !isInPlace(call) && computeInFp32(finding, tensorExpr))
        finding.note(arg->getBeginLoc(), "computed in fp32, as before autocast: the fp16 tensor is cast to float "
                                         "first");
      else
        finding.note(arg->getBeginLoc(), "use at least 1e-4 (fp16's epsilon is 9.8e-4), or compute this in "
                                         "fp32 in an ampify::AutocastDisabled scope");
      addReasonNotes(finding, flow, tensor->fact);
      addRegionNote(finding, tensor->region);
    }
  }

private:
  /// `h += 1e-8`, `h.add_(1e-8)`: the result keeps h's dtype, fp32 or not.
  static bool isInPlace(const CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee)
      return true;
    if (callee->isOverloadedOperator())
      return callee->getOverloadedOperator() == OO_PlusEqual || callee->getOverloadedOperator() == OO_MinusEqual;
    return callee->getName().ends_with("_");
  }

  /// Under autocast the fix-it casts the fp16 operand to float (`h.to(torch::kFloat) + 1e-8`): the
  /// sum is then computed as the program computed it before the migration, and the ops after it
  /// take fp32 (lower-precision ones cast it back; the others promote). False when the operand's
  /// text cannot be edited (a macro).
  static bool computeInFp32(FindingBuilder &finding, const Expr *tensor) {
    const Expr *written = tensor->IgnoreImplicit();
    if (written->getBeginLoc().isMacroID() || written->getEndLoc().isMacroID())
      return false;
    const auto *op = dyn_cast<CXXOperatorCallExpr>(written);
    bool postfix = op ? op->getOperator() == OO_Subscript || op->getOperator() == OO_Call
                      : isa<DeclRefExpr, MemberExpr, CallExpr, ParenExpr, ArraySubscriptExpr>(written);
    if (!postfix)
      finding.insertBefore(written->getBeginLoc(), "(");
    finding.insertAfterToken(written->getEndLoc(), postfix ? ".to(torch::kFloat)" : ").to(torch::kFloat)");
    return true;
  }

  static bool convertsToHalf(const CallExpr *conversion, ASTContext &ctx) {
    for (const Expr *arg : conversion->arguments())
      if (PrecisionFlow::dtypeNamedIn(arg, ctx) == Precision::Half)
        return true;
    return false;
  }

  void checkAdamEps(ASTContext &ctx, const CXXMemberCallExpr *eps, const FunctionDecl *function) {
    if (eps->getNumArgs() != 1 || !function)
      return;
    std::vector<RealConstantValue> values =
        analysis(ctx).constants().evaluateReal(eps->getArg(0));
    const RealConstantValue *value = firstUnderflowing(values);
    if (!value)
      return;
    const CallExpr *conversion = PrecisionFlow::halfModelConversion(function, ctx);
    // A bf16 model keeps float32's exponent range: 1e-8 is representable there.
    if (!conversion || !convertsToHalf(conversion, ctx))
      return;
    FindingBuilder finding = report(ctx, eps->getArg(0)->getBeginLoc(),
                                    "Adam's eps " + formatReal(value->value) +
                                        " underflows in fp16 optimizer state: the model was converted to half");
    addOriginNotes(finding, value->origins);
    finding.note(conversion->getBeginLoc(), "the model is converted to half here");
  }
};

} // namespace
} // namespace ampify

using ampify::Fp16UnderflowEpsilonRule;
AMPIFY_RULE_FACTORY(Fp16UnderflowEpsilonRule)
