// The training iterations of a translation unit: where a loss is back-propagated
// (`Tensor::backward`, `torch::autograd::backward`) and a `torch::optim::Optimizer` steps, with
// the statements that compute the forward pass and the loss. `ampify fix` migrates them; other
// analyses (precision flow) look at the forward and loss path of the same iterations.
//
// The analysis is per TU and shared through the TU's AnalysisSession (`analysis(ctx).loops()`),
// over the TU's traversal scope (the declarations the TU itself wrote), template instantiations
// and lambda bodies included.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <string>
#include <vector>

namespace ampify {

/// One backward pass: `loss.backward(args...)` or `torch::autograd::backward(losses, ...)`.
struct BackwardPass {
  const clang::CallExpr *call = nullptr;
  /// The object of Tensor::backward, or the first argument of torch::autograd::backward.
  const clang::Expr *loss = nullptr;
  bool autogradFunction = false; // torch::autograd::backward
  /// The statement of `block` that holds the call (the call's own statement, or an enclosing
  /// `if`/block when the loss was computed further out).
  const clang::Stmt *statement = nullptr;
  const clang::CompoundStmt *block = nullptr;
  /// The statements of `block` before `statement` that compute the forward pass and the loss, in
  /// order: the region that `ampify fix` puts under autocast. They start after the previous
  /// backward/step/update of the iteration (or the start of the block), and after a zero_grad
  /// written before the loss is computed; they end at `forwardEnd`. Empty when the loss was
  /// computed by an earlier pass or inside the backward statement itself (see
  /// `lossComputedInline`).
  std::vector<const clang::Stmt *> forward;
  /// The statement of `block` right after `forward`: `statement`, or a zero_grad written between
  /// the loss and the backward (forward, loss, zero_grad, backward, step: the order of the
  /// pytorch-cpp tutorials), which stays outside the region with everything after it.
  const clang::Stmt *forwardEnd = nullptr;
  /// The loss expression calls something (`criterion(model(x), y).backward()`): the forward pass
  /// runs inside the backward statement.
  bool lossComputedInline = false;
};

/// `opt.step()`, `opt->step()` on an object, reference, pointer, unique_ptr or shared_ptr whose
/// class derives from torch::optim::Optimizer.
struct OptimizerStep {
  const clang::CXXMemberCallExpr *call = nullptr;
  /// The optimizer as written before `.`/`->` (for `opt->step()`, the pointer `opt`).
  const clang::Expr *optimizer = nullptr;
  bool throughPointer = false; // written with `->`
  /// The statement of `block` that holds the call, and that block; `statement` is the call's
  /// own expression statement unless the call is the body of a brace-less if/loop (`statement`
  /// is then that if/loop).
  const clang::Stmt *statement = nullptr;
  const clang::CompoundStmt *block = nullptr;
  /// The call is the whole body of a brace-less if/loop (`if (k % 4 == 0) opt.step();`).
  bool unbraced = false;
};

/// One training iteration: the backward passes and optimizer steps of one loop body, or of one
/// function (a helper, a lambda, an update() method) that runs once per iteration.
struct TrainingIteration {
  /// The function whose body holds the calls: a free function, a method, a lambda's call
  /// operator, or a template instantiation (its source locations are the template's).
  const clang::FunctionDecl *function = nullptr;
  /// Set when `function` is a lambda's call operator.
  const clang::LambdaExpr *lambda = nullptr;
  /// The innermost loop of `function` holding the passes and steps; null when `function` itself
  /// is the per-iteration body.
  const clang::Stmt *loop = nullptr;
  /// The outermost loop of `function` around `loop` that does not declare the optimizers:
  /// state that must outlive one iteration (a loss scaler) goes right before it.
  const clang::Stmt *outerLoop = nullptr;
  std::vector<BackwardPass> passes; // in source order
  std::vector<OptimizerStep> steps; // in source order
  /// Statements between the last backward pass and the step that read or change gradients
  /// (clip_grad_norm_/clip_grad_value_, `.grad()`, all-reduce), in source order.
  std::vector<const clang::Stmt *> gradientAccesses;
  /// Statements after a backward pass that read or change gradients where no unscale_ can go
  /// before them: before a later backward pass of the iteration, or before a step that is
  /// conditional (inside an if of the same block; they run whether or not the step does). They
  /// see scaled gradients.
  std::vector<const clang::Stmt *> scaledGradientReads;
  /// No zero_grad() (or other gradient reset) anywhere in the loops around the iteration, nor in
  /// the functions of the TU they call: gradients accumulate over the whole run. (Periodic
  /// resets, `if (i % k == 0) opt.zero_grad()`, count as resets.)
  bool gradientsNeverReset = false;
  /// A statement of `function` that starts a thread whose body runs a module (runsModule), or
  /// that is handed a loss variable of the iteration (`&loss`, `std::ref(loss)`, a lambda naming
  /// it), where the iteration's own forward and loss statements run no module: the losses are
  /// computed by other threads, which an autocast region of this thread does not reach
  /// (autocast's state belongs to the thread that enables it). Null otherwise.
  const clang::Stmt *workerThreads = nullptr;
  /// The other instantiations of the template that `function` instantiates, which run the
  /// same statements on other types (`Trainer<Classifier>::train` and
  /// `Trainer<CNNClassifier>::train`): one migration edits them all, and each runs under the
  /// region it opens.
  std::vector<const clang::FunctionDecl *> otherInstantiations;
};

/// A place where backward or step was found but no iteration can be migrated, and why.
struct RefusedIteration {
  enum class Reason {
    ClosureStep,         // step(closure): LBFGS and friends
    ManualWeightUpdate,  // backward with no optimizer, weights updated by hand
    StepInOtherFunction, // backward here, the optimizer step in another function of this TU
    StepInOtherUnit,     // backward with no optimizer step anywhere in this TU
    BackwardInOtherUnit, // optimizer step with no backward anywhere in this TU
    InMacro,             // backward or step written inside a macro
    UninstantiatedTemplate,
    ForwardElsewhere,    // the loss comes from outside the function (a parameter)
    StepValueUsed,       // the Tensor returned by step() is used
  };
  Reason reason;
  clang::SourceLocation where;
  std::string message; // says why, for the user
};

class TrainingLoops {
public:
  /// Finds the training iterations of the TU that `ctx` holds.
  /// The loops of `declarations` (the TU's own, AnalysisSession::userDeclarations()).
  TrainingLoops(clang::ASTContext &ctx, llvm::ArrayRef<clang::Decl *> declarations);

  /// Iterations that ampify can migrate, in source order.
  const std::vector<TrainingIteration> &iterations() const { return iterations_; }
  /// Iterations already using ampify::GradScaler or ampify::Autocast (or another GradScaler /
  /// Autocast by those names): nothing to do.
  const std::vector<TrainingIteration> &migrated() const { return migrated_; }
  const std::vector<RefusedIteration> &refusals() const { return refusals_; }

private:
  friend class TrainingLoopFinder;
  std::vector<TrainingIteration> iterations_;
  std::vector<TrainingIteration> migrated_;
  std::vector<RefusedIteration> refusals_;
};

/// Whether `type` is torch::optim::Optimizer or derives from it (object, reference or pointer,
/// not a smart pointer).
bool isOptimizerType(clang::QualType type);

/// The function whose text holds the names a migration must not clash with, and whose device
/// expressions it may use: the iteration's function, or the function around its lambda.
const clang::FunctionDecl *scopeFunction(clang::ASTContext &ctx, const TrainingIteration &it);

} // namespace ampify
