// ampify-conv-memory-format: a conv net trained under CUDA autocast in the default contiguous
// (NCHW) memory format. cuDNN's fp16/bf16 convolutions run on Tensor Cores in NHWC; given NCHW
// tensors, every convolution of the forward and backward pass transposes its input and output
// (nchwToNhwc kernels), which on the example ResNet costs 2.6x in step time. The fix-its store
// the model's weights in channels_last once, after its `to(device)`, and the forward call's
// input too; later activations and gradients then stay channels_last by themselves.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"
#include "ampify/TrainingLoops.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <set>
#include <utility>

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

class ConvMemoryFormatRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    // model->forward(x), model.forward(x) and model(x), inside a function.
    auto forwardCall = anyOf(cxxMemberCallExpr(callee(cxxMethodDecl(hasName("forward")))),
                             cxxOperatorCallExpr(hasOverloadedOperatorName("()")));
    // A function that trains: it calls backward() or an optimizer's step() (as ampify-half-model);
    // not the modules' own forward methods, which run inside the region too.
    auto training = callExpr(callee(functionDecl(
        anyOf(hasAnyName("::at::Tensor::backward", "::torch::autograd::backward"),
              cxxMethodDecl(hasName("step"), ofClass(isSameOrDerivedFrom("::torch::optim::Optimizer")))))));
    finder.addMatcher(
        callExpr(forwardCall,
                 forFunction(functionDecl(isDefinition(), hasBody(hasDescendant(training))).bind("function")))
            .bind("call"),
        this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    const auto *function = result.Nodes.getNodeAs<FunctionDecl>("function");
    // Loops still in fp32 are analysed as the region `ampify fix` will give them; the migration
    // converts their conv nets itself, so only code already under autocast is reported here.
    for (const TrainingIteration &loop : analysis(ctx).loops().iterations())
      if (loop.function == function)
        return;
    Region region = analysis(ctx).flow().regionOf(call);
    if (region.kind != RegionKind::Autocast || !region.cuda)
      return;
    ChannelsLastPlan plan = channelsLastPlan(call, function, ctx);
    if (!plan.model)
      return;
    FindingBuilder finding =
        report(ctx, call->getBeginLoc(),
               "conv net trained under CUDA autocast in the contiguous (NCHW) memory format: fp16/bf16 "
               "convolutions run in channels_last (NHWC); convert the model once with "
               "ampify::to_channels_last and its 4-D inputs with .contiguous(torch::MemoryFormat::ChannelsLast)");
    // The model is converted once per function; each forward call converts its own input.
    const bool first = convertedModels_.insert({function, plan.model}).second;
    if (first && plan.modelEdits.empty()) {
      finding.note(call->getBeginLoc(), "no `to(device)` of this model in this function: convert the model where "
                                        "it is moved to the GPU, then its inputs");
      return;
    }
    if (first)
      for (const SourceEdit &edit : plan.modelEdits)
        finding.replace(edit.range, edit.text);
    for (const SourceEdit &edit : plan.inputEdits)
      finding.replace(edit.range, edit.text);
    if (!region.assumedFor) // else the join names the caller in another TU
      finding.note(region.opened, "the autocast region: " + region.how);
  }

  void onEndOfTranslationUnit() override { convertedModels_.clear(); }

private:
  std::set<std::pair<const FunctionDecl *, const ValueDecl *>> convertedModels_;
};

} // namespace
} // namespace ampify

using ampify::ConvMemoryFormatRule;
AMPIFY_RULE_FACTORY(ConvMemoryFormatRule)
