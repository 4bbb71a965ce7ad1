// ampify-scaler-misuse: the order of a loss-scaling iteration, in code that already uses a scaler
// (ampify::GradScaler or a hand-written class with scale/step/update). An iteration is a loop body,
// or a function body that itself runs the scaled backward (a train_step() helper). Within one:
//  - gradients clipped (clip_grad_norm_/clip_grad_value_) or read (`p.grad()`) after the scaled
//    backward and before unscale_ see values multiplied by the scale;
//  - optimizer.step() called directly after a scaled backward steps with scaled gradients;
//  - scaler.step() without scaler.update() never adjusts the scale;
//  - update() called more than once per iteration, or in a loop over the optimizers, backs the
//    scale off several times.
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

/// A scaler: a class with scale, step and update members (GradScaler's shape).
bool isScaler(QualType type) {
  const CXXRecordDecl *record = type.getNonReferenceType()->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return false;
  bool scale = false, step = false, update = false;
  for (const CXXMethodDecl *m : record->methods()) {
    if (!m->getIdentifier())
      continue;
    scale |= m->getName() == "scale";
    step |= m->getName() == "step";
    update |= m->getName() == "update";
  }
  return scale && step && update;
}

bool isOptimizer(QualType type) {
  const CXXRecordDecl *record = type.getNonReferenceType()->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return false;
  if (record->getQualifiedNameAsString() == "torch::optim::Optimizer")
    return true;
  for (const CXXBaseSpecifier &base : record->bases())
    if (isOptimizer(base.getType()))
      return true;
  return false;
}

class ScalerMisuseRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(stmt(anyOf(forStmt(), whileStmt(), doStmt(), cxxForRangeStmt())).bind("loop"), this);
    finder.addMatcher(functionDecl(isDefinition()).bind("function"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    std::vector<const CallExpr *> calls;
    if (const auto *function = result.Nodes.getNodeAs<FunctionDecl>("function")) {
      collectCalls(function->getBody(), calls);
      // A function body is an iteration of its own only where it runs the scaled backward.
      if (llvm::any_of(calls, isScaledBackward))
        checkIteration(ctx, calls, {});
      return;
    }
    const Stmt *loop = result.Nodes.getNodeAs<Stmt>("loop");
    const Stmt *body = nullptr;
    std::vector<const VarDecl *> loopVars;
    if (const auto *f = dyn_cast<ForStmt>(loop)) {
      body = f->getBody();
      if (const auto *init = dyn_cast_or_null<DeclStmt>(f->getInit()))
        for (const Decl *d : init->decls())
          if (const auto *var = dyn_cast<VarDecl>(d))
            loopVars.push_back(var);
    } else if (const auto *w = dyn_cast<WhileStmt>(loop)) {
      body = w->getBody();
    } else if (const auto *d = dyn_cast<DoStmt>(loop)) {
      body = d->getBody();
    } else if (const auto *r = dyn_cast<CXXForRangeStmt>(loop)) {
      body = r->getBody();
      loopVars.push_back(r->getLoopVariable());
    }
    collectCalls(body, calls);
    checkIteration(ctx, calls, loopVars);
  }

private:
  /// The checks on the calls of one iteration, in source order. `loopVars` are the variables the
  /// loop header declares (its index or element).
  void checkIteration(ASTContext &ctx, const std::vector<const CallExpr *> &calls,
                      llvm::ArrayRef<const VarDecl *> loopVars) {
    const CallExpr *scaledBackward = nullptr, *unscaled = nullptr, *scalerStep = nullptr,
                   *stepPerLoopVar = nullptr;
    std::vector<const CallExpr *> updates;
    unsigned scalerSteps = 0;
    for (const CallExpr *call : calls) {
      const auto *member = dyn_cast<CXXMemberCallExpr>(call);
      const FunctionDecl *callee = call->getDirectCallee();
      if (!callee || !callee->getIdentifier())
        continue;
      llvm::StringRef name = callee->getName();
      const Expr *object = member ? member->getImplicitObjectArgument() : nullptr;
      bool onScaler = object && isScaler(object->getType());
      if (isScaledBackward(call)) {
        scaledBackward = call;
        unscaled = nullptr;
      } else if (onScaler && name == "unscale_") {
        unscaled = call;
      } else if (onScaler && name == "step") {
        scalerStep = call;
        ++scalerSteps;
        unscaled = call;
        if (!loopVars.empty() && referencesAny(call, loopVars))
          stepPerLoopVar = call;
      } else if (onScaler && name == "update") {
        updates.push_back(call);
      } else if (scaledBackward && !unscaled &&
                 (name == "clip_grad_norm_" || name == "clip_grad_value_")) {
        report(ctx, call->getExprLoc(),
               llvm::Twine("`") + name + "` clips scaled gradients: call the scaler's unscale_(optimizer) first")
            .note(scaledBackward->getExprLoc(), "the gradients were scaled by this backward");
      } else if (scaledBackward && !unscaled && name == "grad" && object && isTensorType(object->getType()) &&
                 !onlyTestsDefined(ctx, call)) {
        report(ctx, call->getExprLoc(),
               "gradient read after a scaled backward and before unscale_: it sees the gradients multiplied by "
               "the loss scale; call the scaler's unscale_(optimizer) first")
            .note(scaledBackward->getExprLoc(), "the gradients were scaled by this backward");
      } else if (scaledBackward && name == "step" && object && isOptimizer(object->getType())) {
        report(ctx, call->getExprLoc(),
               "optimizer step() after a scaled backward: use the scaler's step(optimizer), which unscales and "
               "skips steps with inf/NaN gradients")
            .note(scaledBackward->getExprLoc(), "the gradients were scaled by this backward");
      }
    }
    // Only in an iteration that runs the scaled backward: a loop over the optimizers steps each one
    // and leaves the update to the iteration around it.
    if (scaledBackward && scalerStep && updates.empty())
      report(ctx, scalerStep->getExprLoc(),
             "the scaler steps but is never updated in this iteration: call update() once after the steps");
    if (updates.size() > 1 && scalerSteps > 1)
      report(ctx, updates[1]->getExprLoc(),
             "update() is called once per optimizer: call it once per iteration, after every step");
    // for (auto &opt : optimizers) { scaler.step(opt); scaler.update(); }: this loop runs once
    // per optimizer, with no backward of its own.
    else if (stepPerLoopVar && !updates.empty() &&
             llvm::none_of(calls, [](const CallExpr *c) { return calleeIs(c, "backward"); }))
      report(ctx, updates.front()->getExprLoc(),
             "update() is called once per optimizer: call it once per iteration, after the loop over the "
             "optimizers")
          .note(stepPerLoopVar->getExprLoc(), "each pass of this loop steps one optimizer");
  }

  static bool calleeIs(const CallExpr *call, llvm::StringRef name) {
    const FunctionDecl *callee = call->getDirectCallee();
    return callee && callee->getIdentifier() && callee->getName() == name;
  }

  /// `scaler.scale(loss).backward()`, also through a local initialised with `scaler.scale(loss)`.
  static bool isScaledBackward(const CallExpr *call) {
    const auto *member = dyn_cast<CXXMemberCallExpr>(call);
    return member && calleeIs(call, "backward") && isScaledLoss(member->getImplicitObjectArgument());
  }

  static bool isScaledLoss(const Expr *e) {
    e = stripWrappers(e);
    if (const auto *ref = dyn_cast<DeclRefExpr>(e))
      if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()); var && var->isLocalVarDecl() && var->getInit())
        e = stripWrappers(var->getInit());
    const auto *call = dyn_cast<CXXMemberCallExpr>(e);
    return call && calleeIs(call, "scale") && isScaler(call->getImplicitObjectArgument()->getType());
  }

  /// `p.grad().defined()` asks whether there is a gradient, which scaling does not change.
  static bool onlyTestsDefined(ASTContext &ctx, const CallExpr *grad) {
    DynTypedNodeList parents = ctx.getParents(*grad);
    // Up through the derived-to-base cast (defined() is TensorBase's) and parentheses.
    while (parents.size() == 1 && (parents[0].get<ImplicitCastExpr>() || parents[0].get<ParenExpr>()))
      parents = ctx.getParents(parents[0]);
    const auto *member = parents.size() == 1 ? parents[0].get<MemberExpr>() : nullptr;
    return member && member->getMemberDecl()->getIdentifier() && member->getMemberDecl()->getName() == "defined";
  }

  static bool containsBackward(const Stmt *s) {
    if (const auto *call = dyn_cast_or_null<CallExpr>(s); call && calleeIs(call, "backward"))
      return true;
    return s && llvm::any_of(s->children(), containsBackward);
  }

  /// The calls of a loop body in source order (post-order: arguments before the call), without
  /// lambdas and nested loops that run a backward (gradient accumulation: iterations of their
  /// own). Other nested loops (over parameters or optimizers) are part of this iteration.
  static void collectCalls(const Stmt *s, std::vector<const CallExpr *> &out) {
    if (!s || isa<LambdaExpr>(s) || (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(s) && containsBackward(s)))
      return;
    for (const Stmt *child : s->children())
      collectCalls(child, out);
    if (const auto *call = dyn_cast<CallExpr>(s))
      out.push_back(call);
  }
};

} // namespace
} // namespace ampify

using ampify::ScalerMisuseRule;
AMPIFY_RULE_FACTORY(ScalerMisuseRule)
