// ampify-fp32-intent-lost: an explicit `.to(torch::kFloat)` whose result feeds a lower-precision
// op inside an autocast region: autocast casts it back to fp16/bf16, so the cast buys nothing.
// Only an AutocastDisabled scope keeps the op in fp32.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

class Fp32IntentLostRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(callExpr().bind("call"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    const PrecisionFlow &flow = analysis(ctx).flow();
    for (const Fp32IntentLost &lost : flow.fp32IntentLost(call)) {
      FindingBuilder finding =
          report(ctx, call->getExprLoc(),
                 "`" + lost.op + "` runs in " + precisionName(lost.region.lowDtype).str() +
                     " under autocast: the explicit cast of its input to fp32 is undone");
      addReasonNotes(finding, flow, lost.input);
      finding.note(call->getExprLoc(), "to compute this in fp32, run it in an ampify::AutocastDisabled scope "
                                       "with inputs cast by .to(torch::kFloat)");
      addRegionNote(finding, lost.region);
    }
  }
};

} // namespace
} // namespace ampify

using ampify::Fp32IntentLostRule;
AMPIFY_RULE_FACTORY(Fp32IntentLostRule)
