// ampify-dtype-assumption: an exact dtype check or branch on a tensor that is fp16/bf16 under
// autocast: `TORCH_CHECK(x.scalar_type() == at::kFloat)` fails, `if (x.dtype() == torch::kFloat32)`
// takes the other branch.
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

class DtypeAssumptionRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    auto dtypeQuery = cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("scalar_type", "dtype"))),
                                        on(expr(hasType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
                                            cxxRecordDecl(hasAnyName("::at::Tensor", "::at::TensorBase")))))))))
                          .bind("query");
    // Operands are matched as written, ignoring implicit conversions (scalar_type() == kFloat
    // compares enums; dtype() == kFloat32 compares a TypeMeta with a ScalarType).
    finder.addMatcher(binaryOperator(hasAnyOperatorName("==", "!="), hasEitherOperand(ignoringImplicit(dtypeQuery)))
                          .bind("compare"),
                      this);
    finder.addMatcher(cxxOperatorCallExpr(hasAnyOverloadedOperatorName("==", "!="),
                                          hasAnyArgument(ignoringImplicit(dtypeQuery)))
                          .bind("compare"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *query = result.Nodes.getNodeAs<CXXMemberCallExpr>("query");
    const auto *compare = result.Nodes.getNodeAs<Expr>("compare");
    // The other operand must name float32 exactly.
    const Expr *other = nullptr;
    if (const auto *op = dyn_cast<BinaryOperator>(compare))
      other = op->getLHS()->IgnoreImplicit() == query ? op->getRHS() : op->getLHS();
    else if (const auto *call = dyn_cast<CXXOperatorCallExpr>(compare); call && call->getNumArgs() == 2)
      other = call->getArg(0)->IgnoreImplicit() == query ? call->getArg(1) : call->getArg(0);
    if (!other || PrecisionFlow::dtypeNamedIn(other, ctx) != Precision::Fp32)
      return;
    const PrecisionFlow &flow = analysis(ctx).flow();
    const ExprInfo *info = flow.info(query->getImplicitObjectArgument());
    if (!info || !isLow(info->fact.value))
      return;
    FindingBuilder finding =
        report(ctx, compare->getExprLoc(),
               llvm::Twine("this dtype check expects float32, but the tensor is ") +
                   precisionName(info->fact.value) + " here");
    finding.note(compare->getExprLoc(), "accept the low-precision dtypes too (e.g. check is_floating_point()), "
                                        "or cast with .to(torch::kFloat) first");
    addReasonNotes(finding, flow, info->fact);
    addRegionNote(finding, info->region);
  }
};

} // namespace
} // namespace ampify

using ampify::DtypeAssumptionRule;
AMPIFY_RULE_FACTORY(DtypeAssumptionRule)
