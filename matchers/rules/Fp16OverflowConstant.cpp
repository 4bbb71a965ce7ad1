// ampify-fp16-overflow-constant: a constant above fp16's largest finite value (65504) written into
// a tensor that the precision flow says is fp16: masked_fill(mask, -1e9) raises "value cannot be
// converted to type at::Half without overflow", and so do where(mask, x, -1e9) and full/full_like;
// fill_, index_put_ and arithmetic overflow to inf silently.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <cmath>

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

constexpr double HalfMax = 65504.0;
/// What a mask constant becomes: fp16's lowest finite value, which fp16, bf16 and fp32 all hold.
/// -inf would turn a fully masked row into NaN after softmax (exp(-inf - -inf)).
constexpr llvm::StringLiteral MaskLowest = "-65504.0", MaskHighest = "65504.0";

/// Whether `call` is an operand of torch::where (`where(valid, q, full_like(q, -1e9))`): the
/// constant it fills with masks, as masked_fill's does.
bool isWhereOperand(const CallExpr *call, ASTContext &ctx) {
  DynTypedNodeList parents = ctx.getParents(*call);
  while (!parents.empty()) {
    if (const auto *parent = parents[0].get<CallExpr>()) {
      std::string name = calleeName(parent);
      return name == "at::where" || name == "torch::where" || name == "at::Tensor::where";
    }
    const auto *wrapper = parents[0].get<Expr>();
    if (!wrapper || !(isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, CXXConstructExpr,
                          ExprWithCleanups, ParenExpr>(wrapper)))
      return false;
    parents = ctx.getParents(*wrapper);
  }
  return false;
}

class Fp16OverflowConstantRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(
                                   "masked_fill", "masked_fill_", "fill_", "index_put_", "where", "full",
                                   "full_like", "add", "sub", "mul", "div", "operator+", "operator-",
                                   "operator*", "operator/", "operator+=", "operator-=", "operator*=",
                                   "operator/="))))
                          .bind("call"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    const PrecisionFlow &flow = analysis(ctx).flow();
    // The tensor written is the call's result (an in-place form returns its object).
    const ExprInfo *written = flow.info(call);
    if (!written || written->fact.value != Precision::Half)
      return;
    for (const Expr *arg : call->arguments()) {
      if (isTensorType(arg->getType()))
        continue;
      std::vector<RealConstantValue> values = analysis(ctx).constants().evaluateReal(arg);
      auto overflowing = llvm::find_if(values, [](const RealConstantValue &v) {
        return std::fabs(v.value) > HalfMax && !std::isinf(v.value);
      });
      if (overflowing == values.end())
        continue;
      double value = overflowing->value;
      std::string op = calleeName(call);
      op = op.substr(op.rfind(':') + 1);
      FindingBuilder finding =
          report(ctx, arg->getBeginLoc(),
                 llvm::Twine("constant ") + formatReal(value) + " overflows fp16 (largest finite value 65504) in `" +
                     op + "`");
      addOriginNotes(finding, overflowing->origins);
      bool mask = op == "masked_fill" || op == "masked_fill_" || op == "where" ||
                  ((op == "full_like" || op == "full") && isWhereOperand(call, ctx));
      // A parameter's value is one caller's: the other callers' calls must not change.
      if (mask && !overflowing->fromCaller)
        finding.replace(arg->getSourceRange(), value < 0 ? MaskLowest : MaskHighest);
      else if (mask)
        finding.note(arg->getBeginLoc(), "use -65504.0 for a mask: finite in fp16, bf16 and fp32 (-inf makes a "
                                         "fully masked row NaN after softmax)");
      else
        finding.note(arg->getBeginLoc(), value < 0 ? "use the dtype's lowest value, e.g. "
                                                     "std::numeric_limits<c10::Half>::lowest() (-65504)"
                                                   : "use the dtype's largest value, e.g. "
                                                     "std::numeric_limits<c10::Half>::max() (65504)");
      // Why the tensor written into is fp16: its input's chain (`scores` is the output of
      // `matmul`), not the flagged call itself.
      const PrecisionFact *why = &written->fact;
      if (why->from && why->where == call->getBeginLoc())
        why = why->from.get();
      addReasonNotes(finding, flow, *why);
      addRegionNote(finding, written->region);
    }
  }
};

} // namespace
} // namespace ampify

using ampify::Fp16OverflowConstantRule;
AMPIFY_RULE_FACTORY(Fp16OverflowConstantRule)
