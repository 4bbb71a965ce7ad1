// ampify-inplace-not-autocast: in-place (`x.exp_()`) and out= (`at::exp_out(out, x)`) forms of
// fp32-policy ops are not autocast ops: on an fp16 tensor inside a region they compute in fp16,
// where the out-of-place form would have run in fp32.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

/// The statement or expression that holds `s`, past implicit casts and full-expression cleanups.
const Stmt *parentOf(const Stmt *s, ASTContext &ctx) {
  for (int depth = 0; s && depth < 8; ++depth) {
    DynTypedNodeList parents = ctx.getParents(*s);
    s = parents.empty() ? nullptr : parents[0].get<Stmt>();
    if (!isa_and_nonnull<ImplicitCastExpr, ExprWithCleanups>(s))
      return s;
  }
  return nullptr;
}

/// `x.exp_();` as a statement on a local tensor that nothing else can see rewritten to
/// `x = x.exp();`, which autocast runs in fp32 and which computes the same values. None when the
/// in-place write could reach other code: `x` a parameter, member, reference or const, its
/// initialiser a view of another tensor, or `x` named between its declaration and the call other
/// than as the object of a statement-level call or of a call that returns no tensor, or the call
/// in a loop that `x` outlives.
std::optional<SourceEdit> outOfPlace(const CallExpr *call, llvm::StringRef base, ASTContext &ctx) {
  const auto *member = dyn_cast<CXXMemberCallExpr>(call);
  if (!member || call->getBeginLoc().isMacroID() || call->getEndLoc().isMacroID())
    return std::nullopt;
  // `log_var.mul(0.5).exp_()`: the object is a fresh temporary, and the in-place result is that
  // temporary: the out-of-place call gives the same values.
  const Expr *object = member->getImplicitObjectArgument()->IgnoreImplicit();
  const auto *callee = dyn_cast<MemberExpr>(member->getCallee()->IgnoreParens());
  if (object->isPRValue() && !storageOwner(object) && callee && !callee->getMemberLoc().isMacroID())
    return SourceEdit{CharSourceRange::getTokenRange(callee->getMemberLoc(), callee->getMemberLoc()), base.str()};
  if (!isa_and_nonnull<CompoundStmt>(parentOf(call, ctx)))
    return std::nullopt;
  const auto *ref = dyn_cast<DeclRefExpr>(member->getImplicitObjectArgument()->IgnoreParenImpCasts());
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !var->hasLocalStorage() || isa<ParmVarDecl>(var) || var->getType()->isReferenceType() ||
      var->getType().isConstQualified() || !var->getInit() || storageOwner(var->getInit()))
    return std::nullopt;
  const auto *scope = dyn_cast_or_null<FunctionDecl>(var->getParentFunctionOrMethod());
  if (!scope || !scope->getBody())
    return std::nullopt;
  const SourceManager &sm = ctx.getSourceManager();
  // In a loop that x outlives, what the next iteration names before the call comes after it.
  for (const Stmt *s = parentOf(call, ctx); s && s != scope->getBody(); s = parentOf(s, ctx))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(s) &&
        sm.isBeforeInTranslationUnit(var->getLocation(), s->getBeginLoc()))
      return std::nullopt;
  bool sharedOnTheWay = false;
  std::function<void(const Stmt *)> visit = [&](const Stmt *s) {
    if (!s || sharedOnTheWay)
      return;
    if (const auto *use = dyn_cast<DeclRefExpr>(s); use && use->getDecl() == var && use != ref &&
        sm.isBeforeInTranslationUnit(var->getLocation(), use->getLocation()) &&
        sm.isBeforeInTranslationUnit(use->getLocation(), call->getBeginLoc())) {
      // `x.size(0)`, or `x.mul_(2);` as a statement: x stays the only name of its storage.
      const auto *object = dyn_cast_or_null<MemberExpr>(parentOf(use, ctx));
      const auto *method = object ? dyn_cast_or_null<CXXMemberCallExpr>(parentOf(object, ctx)) : nullptr;
      bool statement = method && isa_and_nonnull<CompoundStmt>(parentOf(method, ctx));
      if (!method || !(statement || !isTensorType(method->getType())))
        sharedOnTheWay = true;
    }
    for (const Stmt *child : s->children())
      visit(child);
  };
  visit(scope->getBody());
  if (sharedOnTheWay)
    return std::nullopt;
  std::string name = var->getNameAsString();
  std::string text = name + " = " + name + "." + base.str() + "(";
  unsigned given = writtenArgCount(call);
  if (given)
    text += sourceText(SourceRange(call->getArg(0)->getBeginLoc(), call->getArg(given - 1)->getEndLoc()), ctx);
  text += ")";
  return SourceEdit{CharSourceRange::getTokenRange(call->getSourceRange()), text};
}

class InplaceNotAutocastRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
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
    if (std::optional<SourceEdit> fix = outOfPlace(call, base, ctx))
      finding.replace(fix->range, fix->text);
    else
      finding.note(call->getExprLoc(), llvm::Twine("use the out-of-place form, `x = x.") + base + "(...)`");
    addReasonNotes(finding, flow, info->fact);
    addRegionNote(finding, flow.regionOf(call));
  }
};

} // namespace
} // namespace ampify

using ampify::InplaceNotAutocastRule;
AMPIFY_RULE_FACTORY(InplaceNotAutocastRule)
