// ampify-scaler-misuse: the order of a loss-scaling iteration, in code that already uses a scaler
// (ampify::GradScaler or a hand-written class with scale/step/update). Within one loop body:
//  - gradients clipped (clip_grad_norm_/clip_grad_value_) after the scaled backward and before
//    unscale_ clip at the wrong threshold;
//  - optimizer.step() called directly after a scaled backward steps with scaled gradients;
//  - scaler.step() without scaler.update() never adjusts the scale;
//  - update() called more than once per iteration backs the scale off several times.
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
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const Stmt *loop = result.Nodes.getNodeAs<Stmt>("loop");
    const Stmt *body = nullptr;
    if (const auto *f = dyn_cast<ForStmt>(loop))
      body = f->getBody();
    else if (const auto *w = dyn_cast<WhileStmt>(loop))
      body = w->getBody();
    else if (const auto *d = dyn_cast<DoStmt>(loop))
      body = d->getBody();
    else if (const auto *r = dyn_cast<CXXForRangeStmt>(loop))
      body = r->getBody();
    std::vector<const CallExpr *> calls;
    collectCalls(body, calls);

    const CallExpr *scaledBackward = nullptr, *unscaled = nullptr, *scalerStep = nullptr;
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
      if (name == "backward" && object && isScaledLoss(object)) {
        scaledBackward = call;
      } else if (onScaler && name == "unscale_") {
        unscaled = call;
      } else if (onScaler && name == "step") {
        scalerStep = call;
        ++scalerSteps;
        unscaled = call;
      } else if (onScaler && name == "update") {
        updates.push_back(call);
      } else if (scaledBackward && !unscaled &&
                 (name == "clip_grad_norm_" || name == "clip_grad_value_")) {
        report(ctx, call->getExprLoc(),
               llvm::Twine("`") + name + "` clips scaled gradients: call the scaler's unscale_(optimizer) first")
            .note(scaledBackward->getExprLoc(), "the gradients were scaled by this backward");
      } else if (scaledBackward && name == "step" && object && isOptimizer(object->getType())) {
        report(ctx, call->getExprLoc(),
               "optimizer step() after a scaled backward: use the scaler's step(optimizer), which unscales and "
               "skips steps with inf/NaN gradients")
            .note(scaledBackward->getExprLoc(), "the gradients were scaled by this backward");
      }
    }
    if (scalerStep && updates.empty())
      report(ctx, scalerStep->getExprLoc(),
             "the scaler steps but is never updated in this iteration: call update() once after the steps");
    if (updates.size() > 1 && scalerSteps > 1)
      report(ctx, updates[1]->getExprLoc(),
             "update() is called once per optimizer: call it once per iteration, after every step");
  }

private:
  /// `scaler.scale(loss)`, possibly through a variable initialised with it in the same body.
  static bool isScaledLoss(const Expr *e) {
    const auto *call = dyn_cast<CXXMemberCallExpr>(stripWrappers(e));
    return call && call->getMethodDecl() && call->getMethodDecl()->getIdentifier() &&
           call->getMethodDecl()->getName() == "scale" && isScaler(call->getImplicitObjectArgument()->getType());
  }

  /// The calls of a loop body in source order (post-order: arguments before the call), without
  /// nested loops, which are iterations of their own, nor lambdas.
  static void collectCalls(const Stmt *s, std::vector<const CallExpr *> &out) {
    if (!s || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, LambdaExpr>(s))
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
