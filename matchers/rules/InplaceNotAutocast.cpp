// ampify-inplace-not-autocast: in-place (`x.exp_()`) and out= (`at::exp_out(out, x)`) forms of
// fp32-policy ops are not autocast ops: on an fp16 tensor inside a region they compute in fp16,
// where the out-of-place form would have run in fp32.
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

class InplaceNotAutocastRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(callExpr(callee(functionDecl(matchesName("(_|_out)$")))).bind("call"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    const FunctionDecl *callee = call->getDirectCallee();
    llvm::StringRef name = callee->getName();
    llvm::StringRef base = name;
    bool out = base.consume_back("_out");
    if (!out)
      base.consume_back("_");
    const PrecisionFlow &flow = analysis(ctx).flow();
    std::optional<CastPolicy> policy = flow.policies().lookup(base, autocastDevice(flow.regionOf(call)));
    if (!policy || (*policy != CastPolicy::Fp32 && *policy != CastPolicy::Fp32UnlessDtype))
      return;
    // The tensor computed on: the object of `x.exp_()`, the first argument of `at::exp_(x)`,
    // the input (after `out`) of `at::exp_out(out, x)`.
    const Expr *tensor = nullptr;
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call))
      tensor = member->getImplicitObjectArgument();
    else if (call->getNumArgs() > (out ? 1u : 0u))
      tensor = call->getArg(out ? 1 : 0);
    if (!tensor || !isTensorType(tensor->getType()))
      return;
    const ExprInfo *info = flow.info(tensor);
    if (!info || !isLow(info->fact.value) || flow.regionOf(call).kind != RegionKind::Autocast)
      return;
    FindingBuilder finding =
        report(ctx, call->getExprLoc(),
               llvm::Twine("`") + name + "` is not autocast and computes in " + precisionName(info->fact.value) +
                   "; the out-of-place `" + base + "` would run in fp32");
    finding.note(call->getExprLoc(), llvm::Twine("use the out-of-place form, `x = x.") + base + "(...)`");
    addReasonNotes(finding, flow, info->fact);
    addRegionNote(finding, flow.regionOf(call));
  }
};

} // namespace
} // namespace ampify

using ampify::InplaceNotAutocastRule;
AMPIFY_RULE_FACTORY(InplaceNotAutocastRule)
