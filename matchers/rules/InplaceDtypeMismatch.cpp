// ampify-inplace-dtype-mismatch: index_add_, index_copy_, scatter_, scatter_add_, masked_scatter_,
// index_put_ and put_ write a source tensor into another and raise unless both have one dtype
// ("self (BFloat16) and source (Float) must have the same scalar type"). Autocast changes the
// dtype of one and not of the other: `torch::zeros_like(h)` of a Linear output is bf16 under CPU
// autocast while the messages added into it stay fp32.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

/// The written argument that holds the source, for the method form (`self.index_add_(dim, index,
/// source)`); the function form (`at::index_add(self, dim, index, source)`) has self first.
const llvm::StringMap<unsigned> &sourceArgument() {
  static const llvm::StringMap<unsigned> ops = {
      {"index_add_", 2},      {"index_add", 2}, {"index_copy_", 2}, {"index_copy", 2}, {"scatter_", 2},
      {"scatter", 2},         {"scatter_add_", 2}, {"masked_scatter_", 1}, {"masked_scatter", 1},
      {"index_put_", 1},      {"put_", 1},      {"put", 1}};
  return ops;
}

class InplaceDtypeMismatchRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    std::vector<llvm::StringRef> names;
    for (const auto &op : sourceArgument())
      names.push_back(op.getKey());
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(names)))).bind("call"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    const FunctionDecl *callee = call->getDirectCallee();
    llvm::StringRef name = callee->getName();
    const Expr *self = nullptr;
    unsigned sourceIndex = sourceArgument().lookup(name);
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      self = member->getImplicitObjectArgument();
    } else {
      if (call->getNumArgs() == 0)
        return;
      self = call->getArg(0);
      ++sourceIndex;
    }
    if (sourceIndex >= writtenArgCount(call))
      return;
    const Expr *source = call->getArg(sourceIndex);
    // scatter_(dim, index, value) with a scalar value has no source tensor.
    if (!isTensorType(self->getType()) || !isTensorType(source->getType()))
      return;
    const PrecisionFlow &flow = analysis(ctx).flow();
    const Region &region = flow.regionOf(call);
    if (region.kind != RegionKind::Autocast)
      return;
    // The out-of-place forms that autocast casts to the widest input type do not raise.
    if (!name.ends_with("_"))
      if (std::optional<CastPolicy> policy = flow.policies().lookup(name, autocastDevice(region));
          policy && *policy == CastPolicy::Promote)
        return;
    const ExprInfo *target = flow.info(self);
    const ExprInfo *written = flow.info(source);
    if (!target || !written || target->fact.value == Precision::Unknown || written->fact.value == Precision::Unknown ||
        target->fact.value == written->fact.value)
      return;
    FindingBuilder finding =
        report(ctx, source->getBeginLoc(),
               llvm::Twine("`") + name + "` raises unless the tensor it writes and its source have one dtype, but "
                   "under autocast the tensor is " + precisionName(target->fact.value) + " and the source " +
                   precisionName(written->fact.value));
    // Casting the low side up computes what the program computed before autocast, in fp32:
    // the source of any form, the input of an out-of-place form, a fresh tensor written in place
    // (`torch::zeros_like(x)`). A named tensor written in place is the result, in its own dtype:
    // the source is cast to it, as the op would have done with a source of that dtype.
    bool inMacro = call->getBeginLoc().isMacroID() || source->getEndLoc().isMacroID() ||
                   self->getEndLoc().isMacroID();
    bool oneIsFp32 = target->fact.value == Precision::Fp32 || written->fact.value == Precision::Fp32;
    const Expr *low = isLow(written->fact.value) ? source : self;
    bool writesNamedStorage = name.ends_with("_") && storageOwner(self);
    if (!inMacro && oneIsFp32 && (low == source || !writesNamedStorage))
      finding.insertAfterToken(low->getEndLoc(), ".to(torch::kFloat)");
    else if (!inMacro && oneIsFp32 && repeatable(stripWrappers(self)))
      finding.insertAfterToken(source->getEndLoc(),
                               ".to(" + sourceText(self->getSourceRange(), ctx) + ".scalar_type())");
    else
      finding.note(source->getBeginLoc(), "cast the source to the dtype of the tensor it is written into: "
                                          "`.to(target.scalar_type())`");
    addReasonNotes(finding, flow, target->fact);
    addReasonNotes(finding, flow, written->fact);
    addRegionNote(finding, region);
  }
};

} // namespace
} // namespace ampify

using ampify::InplaceDtypeMismatchRule;
AMPIFY_RULE_FACTORY(InplaceDtypeMismatchRule)
