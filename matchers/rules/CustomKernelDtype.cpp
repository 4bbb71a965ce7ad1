// ampify-custom-kernel-dtype: a tensor that is fp16/bf16 under autocast reaches code that accepts
// only float: `t.data_ptr<float>()`, `t.accessor<float, N>()` and the packed accessors that CUDA
// kernels take (`packed_accessor32/64<float, N>()`, `generic_packed_accessor`) raise "expected
// scalar type Float but found Half"; AT_DISPATCH_FLOATING_TYPES covers float and double only, so it raises
// "not implemented for 'Half'" (also in .cu files, where such kernels usually live); a CUDA kernel
// launch that passes `t.data_ptr()` (untyped) to a `float *` parameter reads fp16 data as float.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

constexpr llvm::StringLiteral FloatOnlyDispatch = "AT_DISPATCH_FLOATING_TYPES";

class CustomKernelDtypeRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("data_ptr", "accessor", "packed_accessor32",
                                                                   "packed_accessor64", "generic_packed_accessor",
                                                                   "scalar_type"))))
                          .bind("call"),
                      this);
    finder.addMatcher(cudaKernelCallExpr().bind("launch"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const PrecisionFlow &flow = analysis(ctx).flow();
    if (const auto *launch = result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch"))
      return checkLaunch(ctx, flow, launch);
    const auto *call = result.Nodes.getNodeAs<CXXMemberCallExpr>("call");
    const ExprInfo *info = flow.info(call->getImplicitObjectArgument());
    if (!info || !isLow(info->fact.value))
      return;
    llvm::StringRef name = call->getMethodDecl()->getName();
    if (name == "scalar_type")
      return checkDispatch(ctx, flow, call, *info);
    // `float` as written: data_ptr<scalar_t>() inside a dispatch is float in one case only.
    const auto *member = dyn_cast<MemberExpr>(call->getCallee()->IgnoreParens());
    if (!member || member->getNumTemplateArgs() < 1)
      return;
    const TemplateArgument &written = member->getTemplateArgs()[0].getArgument();
    if (written.getKind() != TemplateArgument::Type ||
        !isa<BuiltinType>(written.getAsType().getTypePtr()) ||
        !written.getAsType()->isSpecificBuiltinType(BuiltinType::Float))
      return;
    FindingBuilder finding = report(ctx, call->getExprLoc(),
                                    llvm::Twine("`") + name + "<float>` on a tensor that is " +
                                        precisionName(info->fact.value) + " here raises at run time");
    finding.note(call->getExprLoc(), "run this code in an ampify::AutocastDisabled scope and pass "
                                     "`.to(torch::kFloat)` of the tensor, or template it on the scalar type");
    addReasonNotes(finding, flow, info->fact);
    addRegionNote(finding, info->region);
  }

private:
  /// `kernel<<<grid, block>>>(static_cast<float *>(t.data_ptr()), ...)` with a low-precision t: the
  /// untyped pointer is not checked against the tensor's dtype, so the kernel silently reads fp16
  /// bits as float. (`t.data_ptr<float>()` raises instead and is reported where it is written.)
  void checkLaunch(ASTContext &ctx, const PrecisionFlow &flow, const CUDAKernelCallExpr *launch) {
    const FunctionDecl *kernel = launch->getDirectCallee();
    if (!kernel)
      return;
    for (unsigned i = 0; i < launch->getNumArgs() && i < kernel->getNumParams(); ++i) {
      QualType param = kernel->getParamDecl(i)->getType();
      if (!param->isPointerType() || !param->getPointeeType()->isSpecificBuiltinType(BuiltinType::Float))
        continue;
      const auto *data = dyn_cast<CXXMemberCallExpr>(launch->getArg(i)->IgnoreParenCasts());
      if (!data || !data->getMethodDecl() || !data->getMethodDecl()->getIdentifier() ||
          data->getMethodDecl()->getName() != "data_ptr" || data->getMethodDecl()->getTemplateSpecializationArgs())
        continue;
      const ExprInfo *info = flow.info(data->getImplicitObjectArgument());
      if (!info || !isLow(info->fact.value))
        continue;
      FindingBuilder finding =
          report(ctx, launch->getArg(i)->getBeginLoc(),
                 llvm::Twine("kernel `") + kernel->getName() + "` takes `float *` but receives the data of a tensor "
                     "that is " + precisionName(info->fact.value) + " here: it reads " +
                     precisionName(info->fact.value) + " values as float");
      finding.note(kernel->getParamDecl(i)->getLocation(), "the parameter is declared here");
      finding.note(launch->getArg(i)->getBeginLoc(),
                   "launch the kernel in an ampify::AutocastDisabled scope with `.to(torch::kFloat)` of the "
                   "tensor, or template the kernel on the scalar type and dispatch with "
                   "AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, ...)");
      addReasonNotes(finding, flow, info->fact);
      addRegionNote(finding, info->region);
    }
  }

  /// `AT_DISPATCH_FLOATING_TYPES(t.scalar_type(), ...)` with a low-precision t.
  void checkDispatch(ASTContext &ctx, const PrecisionFlow &flow, const CXXMemberCallExpr *call, const ExprInfo &info) {
    const SourceManager &sm = ctx.getSourceManager();
    SourceLocation loc = call->getBeginLoc();
    if (!loc.isMacroID() || !sm.isMacroArgExpansion(loc))
      return;
    // The outermost macro the argument was written in is the user's dispatch macro.
    SourceLocation expansion = sm.getExpansionLoc(loc);
    llvm::StringRef macro;
    for (SourceLocation l = loc; l.isMacroID(); l = sm.getImmediateMacroCallerLoc(l))
      macro = Lexer::getImmediateMacroName(l, sm, ctx.getLangOpts());
    if (macro != FloatOnlyDispatch)
      return;
    FindingBuilder finding = report(ctx, expansion,
                                    llvm::Twine(FloatOnlyDispatch) + " covers float and double only; the tensor is " +
                                        precisionName(info.fact.value) + " here, which raises \"not implemented "
                                                                         "for 'Half'\"");
    // The macro name and its '(' become the wider dispatch with Half and BFloat16.
    const char *text = sm.getCharacterData(expansion);
    if (llvm::StringRef(text).starts_with((FloatOnlyDispatch + "(").str()))
      finding.replace(CharSourceRange::getCharRange(expansion, expansion.getLocWithOffset(FloatOnlyDispatch.size() + 1)),
                      "AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, ");
    addReasonNotes(finding, flow, info.fact);
    addRegionNote(finding, info.region);
  }
};

} // namespace
} // namespace ampify

using ampify::CustomKernelDtypeRule;
AMPIFY_RULE_FACTORY(CustomKernelDtypeRule)
