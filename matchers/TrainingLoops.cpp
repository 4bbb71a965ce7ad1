#include "ampify/TrainingLoops.h"

#include "ampify/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <memory>

namespace ampify {

using clang::DynTypedNode;

namespace {

/// Calls that end one forward pass and start the next: the forward and loss statements of a
/// pass are the ones after the last of these (zero_grad: see `isZeroGradOnly`).
bool isIterationBoundaryName(llvm::StringRef name) {
  return name == "zero_grad" || name == "step" || name == "backward" || name == "update";
}

llvm::StringRef calledName(const clang::Stmt *s) {
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s)) {
    if (const auto *fn = call->getDirectCallee())
      if (fn->getDeclName().isIdentifier())
        return fn->getName();
    if (const auto *dep = llvm::dyn_cast_or_null<clang::CXXDependentScopeMemberExpr>(call->getCallee()))
      if (dep->getMember().isIdentifier())
        return dep->getMember().getAsIdentifierInfo()->getName();
  }
  return {};
}

bool containsStmt(const clang::Stmt *s, llvm::function_ref<bool(const clang::Stmt *)> pred) {
  if (!s)
    return false;
  if (pred(s))
    return true;
  for (const clang::Stmt *child : s->children())
    if (containsStmt(child, pred))
      return true;
  return false;
}

/// Whether a value of `type` may hold what a pass runs on: a LibTorch object (a tensor, a module,
/// an optimizer), a GradScaler, or a project class or standard container holding one, through
/// pointers, data members, bases and template arguments. A type it cannot see into (incomplete,
/// a project class four data members deep) may.
bool mayHoldTrainingState(clang::QualType type, unsigned depth = 0) {
  type = type.getNonReferenceType();
  while (type->isPointerType() || type->isArrayType())
    type = type->isPointerType() ? type->getPointeeType() : clang::QualType(type->getArrayElementTypeNoTypeQual(), 0);
  if (type->isBuiltinType() || type->isEnumeralType())
    return false;
  const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record)
    return true;
  std::string name = record->getQualifiedNameAsString();
  llvm::StringRef qualified(name);
  if (qualified.starts_with("at::") || qualified.starts_with("c10::") || qualified.starts_with("torch::") ||
      qualified.starts_with("ampify::") || record->getName().contains("Scaler"))
    return true;
  if (const auto *specialization = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record))
    for (const clang::TemplateArgument &argument : specialization->getTemplateArgs().asArray())
      if (argument.getKind() == clang::TemplateArgument::Type && mayHoldTrainingState(argument.getAsType(), depth))
        return true;
  // The standard library's own members (a map's tree, a deque's blocks) are its business: what it
  // holds is its template arguments, looked at above (`std::less<std::string>` of a map need not
  // even be complete).
  if (qualified.starts_with("std::"))
    return false;
  if (!record->hasDefinition() || depth >= 4)
    return true;
  record = record->getDefinition();
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (mayHoldTrainingState(base.getType(), depth + 1))
      return true;
  for (const clang::FieldDecl *field : record->fields())
    if (mayHoldTrainingState(field->getType(), depth + 1))
      return true;
  return false;
}

/// A call of one of those names that may end a pass: LibTorch's and ampify's own, and a project
/// function that runs one or whose body this TU does not show. A project function this TU
/// defines that runs none (`stats.update(loss.item<double>(), n)`, which adds numbers up) ends no
/// pass; neither does a non-virtual method defined elsewhere of a project class that holds nothing
/// a pass runs on (`meters.update(loss_map)` of a logger of floats, defined in metric_logger.cpp).
bool isIterationBoundary(const clang::Stmt *n, unsigned depth = 0) {
  if (!isIterationBoundaryName(calledName(n)))
    return false;
  const clang::FunctionDecl *callee = llvm::cast<clang::CallExpr>(n)->getDirectCallee();
  const clang::FunctionDecl *definition = nullptr;
  if (callee && !callee->hasBody(definition))
    if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(callee); method && !method->isStatic() && !method->isVirtual()) {
      const clang::SourceManager &sm = method->getASTContext().getSourceManager();
      if (!sm.isInSystemHeader(sm.getFileLoc(method->getLocation())) &&
          !mayHoldTrainingState(clang::QualType(method->getParent()->getTypeForDecl(), 0)))
        return false;
    }
  if (!callee || !callee->hasBody(definition) || depth >= 3 ||
      llvm::StringRef(callee->getQualifiedNameAsString()).starts_with("ampify::"))
    return true;
  const clang::SourceManager &sm = definition->getASTContext().getSourceManager();
  if (sm.isInSystemHeader(sm.getFileLoc(definition->getLocation())))
    return true;
  return containsStmt(definition->getBody(),
                      [depth](const clang::Stmt *m) { return isIterationBoundary(m, depth + 1); });
}

bool isBoundary(const clang::Stmt *s) {
  return containsStmt(s, [](const clang::Stmt *n) { return isIterationBoundary(n); });
}

/// `opt.zero_grad();`, `if (k == 0) model->zero_grad();`: a statement that zeroes gradients and
/// neither steps nor runs a backward pass. It may stand before the forward pass or between the
/// loss and its backward; where the loss is computed decides which.
bool isZeroGradOnly(const clang::Stmt *s) {
  bool zeroGrad = false, other = false;
  containsStmt(s, [&](const clang::Stmt *n) {
    llvm::StringRef name = calledName(n);
    if (name == "zero_grad")
      zeroGrad = true;
    else if (isIterationBoundary(n))
      other = true;
    return false;
  });
  return zeroGrad && !other;
}

/// Local variables, and data members of the object a method runs on (a loss kept in
/// `m_Loss`): what the statements of a forward pass write and read.
using VariableSet = llvm::SmallPtrSet<const clang::ValueDecl *, 16>;

/// The variable, or data member of `this`, that `e` names.
const clang::ValueDecl *namedVariable(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
    return llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e);
      member && llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
  return nullptr;
}

void addReferencedVariables(const clang::Stmt *s, VariableSet &vars) {
  containsStmt(s, [&](const clang::Stmt *n) {
    if (const auto *e = llvm::dyn_cast<clang::Expr>(n))
      if (const clang::ValueDecl *var = namedVariable(e))
        vars.insert(var);
    return false;
  });
}

bool namesVariableIn(const clang::Expr *e, const VariableSet &vars) {
  const clang::ValueDecl *var = namedVariable(e);
  return var && vars.contains(var);
}

/// Whether `s` declares, assigns (`=`, `+=`, ...) or changes in place (`x.add_(y)`) one of `vars`.
bool writesVariable(const clang::Stmt *s, const VariableSet &vars) {
  return containsStmt(s, [&](const clang::Stmt *n) {
    if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(n))
      return llvm::any_of(decls->decls(), [&](const clang::Decl *d) {
        const auto *var = llvm::dyn_cast<clang::VarDecl>(d);
        return var && vars.contains(var);
      });
    if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(n))
      return op->isAssignmentOp() && namesVariableIn(op->getLHS(), vars);
    if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(n))
      return op->isAssignmentOp() && op->getNumArgs() > 0 && namesVariableIn(op->getArg(0), vars);
    if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(n)) {
      const clang::CXXMethodDecl *method = member->getMethodDecl();
      if (method && method->getDeclName().isIdentifier() && method->getName().ends_with("_") &&
          namesVariableIn(member->getImplicitObjectArgument(), vars))
        return true;
    }
    // `logic(data, target, pred, loss)` filling its non-const reference (or pointer) parameters.
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(n); call && !llvm::isa<clang::CXXOperatorCallExpr>(call))
      if (const clang::FunctionDecl *callee = call->getDirectCallee())
        for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams(); ++i) {
          clang::QualType type = callee->getParamDecl(i)->getType();
          const clang::Expr *arg = call->getArg(i)->IgnoreParenImpCasts();
          const auto *address = llvm::dyn_cast<clang::UnaryOperator>(arg);
          bool byReference = type->isLValueReferenceType() && !type.getNonReferenceType().isConstQualified();
          bool byPointer = type->isPointerType() && !type->getPointeeType().isConstQualified() && address &&
                           address->getOpcode() == clang::UO_AddrOf;
          if ((byReference || byPointer) && namesVariableIn(byPointer ? address->getSubExpr() : arg, vars))
            return true;
        }
    return false;
  });
}

/// Which of `stmts` compute `loss`: those that declare, assign or change in place a variable the
/// loss reads, directly or through the later statements that compute it.
std::vector<bool> feedsLoss(llvm::ArrayRef<const clang::Stmt *> stmts, const clang::Expr *loss) {
  VariableSet needed;
  addReferencedVariables(loss, needed);
  std::vector<bool> feeds(stmts.size());
  for (size_t i = stmts.size(); i-- > 0;)
    if (!isZeroGradOnly(stmts[i]) && writesVariable(stmts[i], needed)) {
      feeds[i] = true;
      addReferencedVariables(stmts[i], needed);
    }
  return feeds;
}

const clang::CXXRecordDecl *recordOf(clang::QualType type) {
  if (type.isNull())
    return nullptr;
  type = type.getNonReferenceType();
  if (const auto *ptr = type->getAs<clang::PointerType>())
    type = ptr->getPointeeType();
  return type->getAsCXXRecordDecl();
}

/// ampify::GradScaler, ampify::Autocast and hand-written classes of those names.
bool isMixedPrecisionType(clang::QualType type) {
  const clang::CXXRecordDecl *record = recordOf(type);
  if (!record || !record->getIdentifier())
    return false;
  llvm::StringRef name = record->getName();
  return name == "GradScaler" || name == "Autocast" || name == "AutocastDisabled";
}

/// Whether the code already scales its loss or runs an autocast region.
bool usesMixedPrecision(const clang::Stmt *body) {
  return containsStmt(body, [](const clang::Stmt *n) {
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(n))
      return isMixedPrecisionType(ref->getDecl()->getType());
    if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(n))
      return isMixedPrecisionType(member->getMemberDecl()->getType());
    if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(n))
      for (const clang::Decl *d : decls->decls())
        if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d))
          if (isMixedPrecisionType(var->getType()))
            return true;
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(n))
      return llvm::StringRef(calleeName(call)).starts_with("at::autocast::set_");
    return false;
  });
}

/// `.grad()`, clip_grad_norm_/clip_grad_value_, all-reduce: code that reads or changes gradients.
bool accessesGradients(const clang::Stmt *s) {
  return containsStmt(s, [](const clang::Stmt *n) {
    const auto *call = llvm::dyn_cast<clang::CallExpr>(n);
    if (!call)
      return false;
    std::string name = calleeName(call);
    llvm::StringRef ref(name);
    return ref == "at::Tensor::grad" || ref == "at::Tensor::mutable_grad" ||
           ref.contains("clip_grad_norm_") || ref.contains("clip_grad_value_") ||
           ref.contains("all_reduce") || ref.contains("allreduce");
  });
}

bool readsGradients(const clang::Stmt *s) {
  return containsStmt(s, [](const clang::Stmt *n) {
    const auto *call = llvm::dyn_cast<clang::CallExpr>(n);
    return call && (calleeName(call) == "at::Tensor::grad" || calleeName(call) == "at::Tensor::mutable_grad");
  });
}

/// How many calls deep the loop analysis follows the TU's functions ("a few calls deep").
constexpr unsigned CallsFollowed = 3;

/// Whether `s` resets gradients: `zero_grad()` on an optimizer or module, `x.grad().zero_()` (or
/// `.mutable_grad().reset()`, `.grad().detach_()`...), also inside the functions of the TU it
/// calls (a few calls deep: a `trainer.reset()` helper).
bool resetsGradients(const clang::Stmt *s, unsigned depth = CallsFollowed) {
  return containsStmt(s, [&](const clang::Stmt *n) {
    const auto *call = llvm::dyn_cast<clang::CallExpr>(n);
    if (!call)
      return false;
    llvm::StringRef name = calledName(call);
    if (name == "zero_grad")
      return true;
    if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call);
        member && member->getImplicitObjectArgument() && (name.ends_with("_") || name == "reset")) {
      const auto *object =
          llvm::dyn_cast<clang::CallExpr>(member->getImplicitObjectArgument()->IgnoreImplicit());
      if (object && (calledName(object) == "grad" || calledName(object) == "mutable_grad"))
        return true;
    }
    const clang::FunctionDecl *callee = call->getDirectCallee();
    return depth > 0 && callee && callee->hasBody() && resetsGradients(callee->getBody(), depth - 1);
  });
}

/// The first statement of the iteration's function that starts a thread computing its losses, when
/// the iteration's own forward and loss statements run no module (TrainingIteration::workerThreads):
/// a thread whose body runs a module, or one handed a loss variable of the iteration (`&loss`,
/// `std::ref(loss)`, a lambda naming it), which it computes whatever other files' code it calls.
const clang::Stmt *workerThreadsOf(const TrainingIteration &it) {
  llvm::SmallPtrSet<const clang::ValueDecl *, 4> losses;
  for (const BackwardPass &pass : it.passes) {
    if (runsModule(pass.loss, CallsFollowed))
      return nullptr;
    for (const clang::Stmt *s : pass.forward)
      if (runsModule(s, CallsFollowed))
        return nullptr;
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stripWrappers(pass.loss)))
      losses.insert(ref->getDecl());
  }
  auto namesLoss = [&](const clang::Stmt *s) {
    return containsStmt(s, [&](const clang::Stmt *n) {
      const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(n);
      return ref && losses.count(ref->getDecl());
    });
  };
  const clang::Stmt *started = nullptr;
  containsStmt(it.function->getBody(), [&](const clang::Stmt *n) {
    std::optional<ThreadStart> start = threadStart(n);
    if (start && ((start->body && runsModule(start->body, CallsFollowed)) || namesLoss(n)))
      started = n;
    return started != nullptr;
  });
  return started;
}

bool isLoop(const clang::Stmt *s) {
  return llvm::isa<clang::ForStmt, clang::CXXForRangeStmt, clang::WhileStmt, clang::DoStmt>(s);
}

struct Owner {
  const clang::FunctionDecl *function = nullptr;
  const clang::LambdaExpr *lambda = nullptr;
  const clang::Stmt *body() const { return function ? function->getBody() : nullptr; }
};

struct Site {
  const clang::CallExpr *call;
  Owner owner;
};

/// The function or lambda call operator whose body holds `s`.
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &ctx, const clang::Stmt *s) {
  clang::DynTypedNode node = clang::DynTypedNode::create(*s);
  while (true) {
    auto parents = ctx.getParents(node);
    if (parents.empty())
      return nullptr;
    node = parents[0];
    if (const auto *lambda = node.get<clang::LambdaExpr>())
      return lambda->getCallOperator();
    if (const auto *fn = node.get<clang::FunctionDecl>())
      return fn;
  }
}

} // namespace

bool isOptimizerType(clang::QualType type) {
  const clang::CXXRecordDecl *record = recordOf(type);
  if (!record || !record->hasDefinition())
    return false;
  record = record->getDefinition();
  auto isOptimizer = [](const clang::CXXRecordDecl *r) {
    return r->getQualifiedNameAsString() == "torch::optim::Optimizer";
  };
  if (isOptimizer(record))
    return true;
  return !record->forallBases([&](const clang::CXXRecordDecl *base) { return !isOptimizer(base); });
}

class TrainingLoopFinder : public clang::RecursiveASTVisitor<TrainingLoopFinder> {
public:
  TrainingLoopFinder(clang::ASTContext &ctx, TrainingLoops &out)
      : ctx_(ctx), sm_(ctx.getSourceManager()), out_(out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitLambdaExpr(clang::LambdaExpr *lambda) {
    lambdas_[lambda->getCallOperator()] = lambda;
    return true;
  }

  bool VisitCallExpr(clang::CallExpr *call) {
    // A template instantiation can be reached twice (through its template and through the
    // specialisations list): each call counts once.
    if (!visitedCalls_.insert(call).second)
      return true;
    std::string name = calleeName(call);
    if (name == "at::Tensor::backward" || name == "torch::autograd::backward") {
      Owner owner = ownerOf(call);
      if (owner.function)
        backwards_.push_back({call, owner});
      return true;
    }
    if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
      const clang::CXXMethodDecl *method = member->getMethodDecl();
      if (method && method->getDeclName().isIdentifier() && method->getName() == "step" &&
          isOptimizerType(clang::QualType(method->getParent()->getTypeForDecl(), 0))) {
        Owner owner = ownerOf(call);
        if (owner.function)
          steps_.push_back({call, owner});
      }
      return true;
    }
    if (const auto *dep = llvm::dyn_cast_or_null<clang::CXXDependentScopeMemberExpr>(call->getCallee()))
      if (dep->getMember().isIdentifier() && dep->getMember().getAsIdentifierInfo()->getName() == "backward")
        dependentBackwards_.push_back(call);
    return true;
  }

  void finish() {
    // Template patterns: a backward written in a template counts once its template is
    // instantiated (the instantiation is analysed, at the same source locations).
    llvm::DenseSet<clang::SourceLocation> instantiatedBackwards;
    for (const Site &b : backwards_)
      if (!b.owner.function->isDependentContext())
        instantiatedBackwards.insert(b.call->getBeginLoc());
    llvm::DenseSet<clang::SourceLocation> refusedTemplates;
    auto refuseTemplate = [&](const clang::CallExpr *call) {
      if (instantiatedBackwards.contains(call->getBeginLoc()) ||
          !refusedTemplates.insert(call->getBeginLoc()).second)
        return;
      refuse(RefusedIteration::Reason::UninstantiatedTemplate, call->getBeginLoc(),
             "this template is never instantiated in this translation unit: its training loop "
             "cannot be analysed; instantiate it, or migrate it by hand");
    };
    for (const clang::CallExpr *call : dependentBackwards_)
      refuseTemplate(call);

    llvm::MapVector<const clang::FunctionDecl *, std::pair<std::vector<Site>, std::vector<Site>>> byOwner;
    for (const Site &b : backwards_) {
      if (b.owner.function->isDependentContext()) {
        refuseTemplate(b.call);
        continue;
      }
      byOwner[b.owner.function].first.push_back(b);
    }
    for (const Site &s : steps_)
      if (!s.owner.function->isDependentContext())
        byOwner[s.owner.function].second.push_back(s);

    // Instantiations of one template share locations: the first is analysed, the others run
    // its iterations too.
    llvm::DenseMap<clang::SourceLocation, const clang::FunctionDecl *> analysedOwner;
    llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::FunctionDecl *>> otherInstantiations;
    for (auto &[fn, sites] : byOwner) {
      auto &[backs, steps] = sites;
      clang::SourceLocation key = (backs.empty() ? steps : backs).front().call->getBeginLoc();
      if (auto [first, inserted] = analysedOwner.try_emplace(key, fn); !inserted) {
        otherInstantiations[first->second].push_back(fn);
        continue;
      }
      analyzeOwner((backs.empty() ? steps : backs).front().owner, backs, steps);
    }
    for (TrainingIteration &iteration : out_.iterations_)
      if (auto others = otherInstantiations.find(iteration.function); others != otherInstantiations.end())
        iteration.otherInstantiations = others->second;
    llvm::sort(out_.iterations_, [&](const TrainingIteration &a, const TrainingIteration &b) {
      return sm_.isBeforeInTranslationUnit(a.passes.front().call->getBeginLoc(),
                                           b.passes.front().call->getBeginLoc());
    });
    llvm::sort(out_.refusals_, [&](const RefusedIteration &a, const RefusedIteration &b) {
      return sm_.isBeforeInTranslationUnit(a.where, b.where);
    });
  }

private:
  DynTypedNode parentOf(const DynTypedNode &node) {
    auto parents = ctx_.getParents(node);
    return parents.empty() ? DynTypedNode() : parents[0];
  }

  Owner ownerOf(const clang::Stmt *s) {
    for (DynTypedNode node = parentOf(DynTypedNode::create(*s)); !node.getNodeKind().isNone();
         node = parentOf(node)) {
      if (const auto *lambda = node.get<clang::LambdaExpr>())
        return {lambda->getCallOperator(), lambda};
      if (const auto *fn = node.get<clang::FunctionDecl>()) {
        // The parent map may reach a lambda's body through its closure class's call operator.
        auto lambda = lambdas_.find(fn);
        return {fn, lambda == lambdas_.end() ? nullptr : lambda->second};
      }
    }
    return {};
  }

  /// The statement of the innermost block that holds `s`, and that block.
  std::pair<const clang::Stmt *, const clang::CompoundStmt *> statementInBlock(const clang::Stmt *s) {
    const clang::Stmt *last = s;
    for (DynTypedNode node = parentOf(DynTypedNode::create(*s)); !node.getNodeKind().isNone();
         node = parentOf(node)) {
      if (const auto *block = node.get<clang::CompoundStmt>())
        return {last, block};
      if (node.get<clang::LambdaExpr>() || node.get<clang::FunctionDecl>())
        return {};
      if (const auto *stmt = node.get<clang::Stmt>())
        last = stmt;
    }
    return {};
  }

  const clang::Stmt *parentStmt(const clang::Stmt *s) {
    DynTypedNode p = parentOf(DynTypedNode::create(*s));
    return p.get<clang::Stmt>();
  }

  /// Loops around `s` inside its function, innermost first.
  std::vector<const clang::Stmt *> loopsAround(const clang::Stmt *s) {
    std::vector<const clang::Stmt *> loops;
    for (DynTypedNode node = parentOf(DynTypedNode::create(*s)); !node.getNodeKind().isNone();
         node = parentOf(node)) {
      if (node.get<clang::LambdaExpr>() || node.get<clang::FunctionDecl>())
        break;
      if (const auto *stmt = node.get<clang::Stmt>(); stmt && isLoop(stmt))
        loops.push_back(stmt);
    }
    return loops;
  }

  bool within(const clang::Stmt *outer, clang::SourceLocation loc) {
    return sm_.isPointWithin(sm_.getExpansionLoc(loc), sm_.getExpansionLoc(outer->getBeginLoc()),
                             sm_.getExpansionLoc(outer->getEndLoc()));
  }

  bool before(clang::SourceLocation a, clang::SourceLocation b) {
    return sm_.isBeforeInTranslationUnit(sm_.getExpansionLoc(a), sm_.getExpansionLoc(b));
  }

  void refuse(RefusedIteration::Reason reason, clang::SourceLocation where, std::string message) {
    out_.refusals_.push_back({reason, where, std::move(message)});
  }

  /// Whether `s` is the then/else branch of the if, or the body of the loop, `parent`.
  static bool bodyOf(const clang::Stmt *parent, const clang::Stmt *s) {
    if (const auto *i = llvm::dyn_cast<clang::IfStmt>(parent))
      return i->getThen() == s || i->getElse() == s;
    if (const auto *f = llvm::dyn_cast<clang::ForStmt>(parent))
      return f->getBody() == s;
    if (const auto *r = llvm::dyn_cast<clang::CXXForRangeStmt>(parent))
      return r->getBody() == s;
    if (const auto *w = llvm::dyn_cast<clang::WhileStmt>(parent))
      return w->getBody() == s;
    if (const auto *d = llvm::dyn_cast<clang::DoStmt>(parent))
      return d->getBody() == s;
    return false;
  }

  static bool hasClosure(const Site &s) { return writtenArgCount(s.call) > 0; }

  void analyzeOwner(const Owner &owner, const std::vector<Site> &backs, const std::vector<Site> &steps) {
    for (const Site &s : steps)
      if (hasClosure(s)) {
        refuse(RefusedIteration::Reason::ClosureStep, s.call->getBeginLoc(),
               "the optimizer step takes a closure (LBFGS-style): GradScaler cannot scale a loss "
               "that the optimizer evaluates itself; not migrated");
        return;
      }
    if (backs.empty()) {
      if (backwards_.empty())
        refuse(RefusedIteration::Reason::BackwardInOtherUnit, steps.front().call->getBeginLoc(),
               "optimizer step() with no backward() in this translation unit (backward and step "
               "in different translation units?): not migrated");
      return;
    }
    if (usesMixedPrecision(owner.body())) {
      TrainingIteration done;
      done.function = owner.function;
      done.lambda = owner.lambda;
      for (const Site &b : backs) {
        BackwardPass pass;
        pass.call = b.call;
        done.passes.push_back(std::move(pass));
      }
      out_.migrated_.push_back(std::move(done));
      return;
    }
    if (steps.empty()) {
      refuseOrphanBackward(owner, backs.front());
      return;
    }
    for (const Site &b : backs)
      if (b.call->getBeginLoc().isMacroID()) {
        refuse(RefusedIteration::Reason::InMacro, b.call->getBeginLoc(),
               "backward() is written inside a macro: not migrated");
        return;
      }
    for (const Site &s : steps)
      if (s.call->getBeginLoc().isMacroID()) {
        refuse(RefusedIteration::Reason::InMacro, s.call->getBeginLoc(),
               "optimizer step() is written inside a macro: not migrated");
        return;
      }

    // The steps each loop of the owner holds, from each step's enclosing loops: asking every loop
    // about every step would be quadratic in a function of thousands of loops.
    llvm::DenseMap<const clang::Stmt *, std::vector<const Site *>> stepsIn;
    for (const Site &s : steps)
      for (const clang::Stmt *l : loopsAround(s.call))
        stepsIn[l].push_back(&s);
    // Group the backward passes by the innermost loop that also holds a step.
    std::map<const clang::Stmt *, std::vector<const Site *>> groups;
    std::vector<const clang::Stmt *> order;
    for (const Site &b : backs) {
      const clang::Stmt *loop = nullptr;
      for (const clang::Stmt *l : loopsAround(b.call))
        if (stepsIn.count(l)) {
          loop = l;
          break;
        }
      if (!groups.count(loop))
        order.push_back(loop);
      groups[loop].push_back(&b);
    }
    llvm::DenseSet<const Site *> inSomeGroupLoop;
    for (const clang::Stmt *loop : order)
      if (loop)
        inSomeGroupLoop.insert(stepsIn[loop].begin(), stepsIn[loop].end());
    for (const clang::Stmt *loop : order) {
      std::vector<const Site *> groupSteps;
      if (loop)
        groupSteps = stepsIn[loop];
      else
        for (const Site &s : steps)
          if (!inSomeGroupLoop.contains(&s))
            groupSteps.push_back(&s);
      if (groupSteps.empty()) {
        refuseOrphanBackward(owner, *groups[loop].front());
        continue;
      }
      buildIteration(owner, loop, groups[loop], groupSteps);
    }
  }

  void refuseOrphanBackward(const Owner &owner, const Site &b) {
    if (owner.lambda) {
      // The closure of an LBFGS step: the step's refusal says it all.
      Owner outer = ownerOf(owner.lambda);
      if (llvm::any_of(steps_, [&](const Site &s) { return s.owner.function == outer.function && hasClosure(s); }))
        return;
    }
    if (b.call->getBeginLoc().isMacroID()) {
      refuse(RefusedIteration::Reason::InMacro, b.call->getBeginLoc(),
             "backward() is written inside a macro: not migrated");
      return;
    }
    if (readsGradients(owner.body())) {
      refuse(RefusedIteration::Reason::ManualWeightUpdate, b.call->getBeginLoc(),
             "the weights are updated by hand, with no torch::optim optimizer: GradScaler needs "
             "an optimizer to unscale and skip steps; not migrated");
      return;
    }
    if (llvm::any_of(steps_, [](const Site &s) { return !hasClosure(s); })) {
      // Name the function that calls this one and steps, else any function that steps.
      const clang::FunctionDecl *other = nullptr;
      for (const Site &s : steps_) {
        if (hasClosure(s))
          continue;
        bool callsThis = containsStmt(s.owner.body(), [&](const clang::Stmt *n) {
          const auto *call = llvm::dyn_cast<clang::CallExpr>(n);
          const clang::FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
          return callee && callee->getCanonicalDecl() == owner.function->getCanonicalDecl();
        });
        if (!other || callsThis)
          other = s.owner.function;
        if (callsThis)
          break;
      }
      refuse(RefusedIteration::Reason::StepInOtherFunction, b.call->getBeginLoc(),
             "backward() here but the optimizer step() is in another function ('" +
                 (other->getDeclName().isIdentifier() ? other->getName().str() : std::string("lambda")) +
                 "'): ampify migrates a backward and its step when one function holds both; not "
                 "migrated");
      return;
    }
    refuse(RefusedIteration::Reason::StepInOtherUnit, b.call->getBeginLoc(),
           "backward() with no optimizer step() in this translation unit (backward and step in "
           "different translation units?): not migrated");
  }

  /// The variable a loss expression names, if it is just a variable.
  static const clang::VarDecl *lossVariable(const clang::Expr *loss) {
    const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stripWrappers(loss)->IgnoreParenImpCasts());
    return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  }

  static bool computesInline(const clang::Expr *loss) {
    return containsStmt(loss, [](const clang::Stmt *n) {
      return llvm::isa<clang::CallExpr>(n) && !llvm::isa<clang::CXXOperatorCallExpr>(n);
    });
  }

  /// The forward statements of `pass` in its block, before its statement, and where they end.
  static void findForward(BackwardPass &pass) {
    // The statements after the previous backward/step/update of the block, zero_grads included.
    std::vector<const clang::Stmt *> stmts;
    for (const clang::Stmt *s : pass.block->body()) {
      if (s == pass.statement)
        break;
      if (isBoundary(s) && !isZeroGradOnly(s))
        stmts.clear();
      else
        stmts.push_back(s);
    }
    // A zero_grad before the last statement that computes the loss ends the previous pass (what
    // comes before it prepares the batch: `auto x = batch.data.to(device);`), unless a statement
    // before it runs the model for the loss (forward, zero_grad, loss: a U-Net trainer's order),
    // which the region must hold: the zero_grad then stays inside. One after the last (forward,
    // loss, zero_grad, backward) ends this pass's region and stays outside it, with what follows
    // it. A loss computed inside the backward statement (`opt.zero_grad(); loss.mean().backward();`)
    // is last computed by that statement, which the migration splits: its region runs up to it,
    // and holds a zero_grad only when a forward comes before it (PPO: evaluate, losses, zero_grad).
    std::vector<bool> feeds = feedsLoss(stmts, pass.loss);
    auto lastFeed = llvm::find(llvm::reverse(feeds), true);
    size_t computed = pass.lossComputedInline ? stmts.size()
                      : lastFeed == feeds.rend() ? 0
                                                 : feeds.rend() - lastFeed;
    bool forwardSoFar = false;
    size_t begin = 0, end = stmts.size();
    for (size_t i = 0; i < stmts.size(); ++i) {
      if (!isZeroGradOnly(stmts[i])) {
        forwardSoFar = forwardSoFar || (i >= begin && feeds[i] && runsModule(stmts[i], CallsFollowed));
        continue;
      }
      if (computed == 0 || (i < computed && !forwardSoFar))
        begin = i + 1;
      else if (i >= computed && end == stmts.size())
        end = i;
    }
    // What runs after the last statement that computes the loss (a model's state updated from
    // the batch, a check of the loss) is not the forward pass and stays in fp32, as in the
    // original program: only the forward and the loss run under autocast, as PyTorch recommends.
    // A declaration there may compute the loss of a later backward pass of the block
    // (`auto second = out.mean();`): the region keeps it, and what comes before it.
    if (computed > begin && computed < end) {
      size_t cut = computed;
      for (size_t i = computed; i < end; ++i)
        if (llvm::isa<clang::DeclStmt>(stmts[i]))
          cut = i + 1;
      end = cut;
    }
    pass.forward.assign(stmts.begin() + begin, stmts.begin() + end);
    pass.forwardEnd = end == stmts.size() ? pass.statement : stmts[end];
  }

  bool buildPass(const Owner &owner, const Site &b, BackwardPass &pass) {
    pass.call = b.call;
    if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(b.call)) {
      pass.loss = member->getImplicitObjectArgument();
      if (const auto *callee = llvm::dyn_cast<clang::MemberExpr>(member->getCallee()); callee && callee->isArrow()) {
        refuse(RefusedIteration::Reason::ForwardElsewhere, b.call->getBeginLoc(),
               "backward() is called through a pointer to the loss: not migrated");
        return false;
      }
    } else {
      pass.autogradFunction = true;
      pass.loss = b.call->getArg(0);
    }
    pass.lossComputedInline = computesInline(pass.loss);
    const clang::VarDecl *lossVar = lossVariable(pass.loss);
    if (lossVar && llvm::isa<clang::ParmVarDecl>(lossVar)) {
      refuse(RefusedIteration::Reason::ForwardElsewhere, b.call->getBeginLoc(),
             "the loss '" + lossVar->getName().str() +
                 "' is a parameter: its forward pass runs in the caller, outside this function; "
                 "not migrated");
      return false;
    }
    auto [statement, block] = statementInBlock(b.call);
    while (statement) {
      pass.statement = statement;
      pass.block = block;
      findForward(pass);
      // `auto loss = ...; if (ok) { loss.backward(); ... }`: the forward pass is further out.
      const clang::Stmt *blockParent = parentStmt(block);
      if (!pass.forward.empty() || pass.lossComputedInline || block == owner.body() || !blockParent ||
          isLoop(blockParent) || (lossVar && within(block, lossVar->getLocation())))
        break;
      std::tie(statement, block) = statementInBlock(block);
    }
    if (!pass.statement)
      return false;
    // Only the statements that compute the loss are the forward pass: a macro after them
    // (`AT_ASSERT(!std::isnan(loss.item<float>()))`) is left as it is.
    std::vector<bool> feeds = feedsLoss(pass.forward, pass.loss);
    for (size_t i = 0; i < pass.forward.size(); ++i) {
      const clang::Stmt *s = pass.forward[i];
      if (feeds[i] && (s->getBeginLoc().isMacroID() || s->getEndLoc().isMacroID())) {
        refuse(RefusedIteration::Reason::InMacro, s->getBeginLoc(),
               "the forward pass of this iteration is written inside a macro: not migrated");
        return false;
      }
    }
    // The migration inserts text before the first forward statement and before `forwardEnd`; a
    // statement that starts a macro invocation takes it before the invocation, one that starts
    // inside an expansion has no such place.
    for (const clang::Stmt *edge : {pass.forward.empty() ? nullptr : pass.forward.front(), pass.forwardEnd}) {
      clang::SourceLocation begin = edge ? edge->getBeginLoc() : clang::SourceLocation();
      if (begin.isMacroID() && edge != pass.statement &&
          !clang::Lexer::isAtStartOfMacroExpansion(begin, sm_, ctx_.getLangOpts())) {
        refuse(RefusedIteration::Reason::InMacro, begin,
               "the forward pass of this iteration starts or ends inside a macro: not migrated");
        return false;
      }
    }
    if (pass.statement->getBeginLoc().isMacroID()) {
      refuse(RefusedIteration::Reason::InMacro, pass.statement->getBeginLoc(),
             "backward() is written inside a macro: not migrated");
      return false;
    }
    return true;
  }

  bool buildStep(const Site &s, OptimizerStep &step) {
    const auto *call = llvm::cast<clang::CXXMemberCallExpr>(s.call);
    step.call = call;
    const auto *callee = llvm::dyn_cast<clang::MemberExpr>(call->getCallee()->IgnoreParens());
    if (!callee)
      return false;
    step.throughPointer = callee->isArrow();
    step.optimizer = callee->getBase();
    if (const auto *arrow = llvm::dyn_cast<clang::CXXOperatorCallExpr>(step.optimizer->IgnoreImplicit());
        arrow && arrow->getOperator() == clang::OO_Arrow)
      step.optimizer = arrow->getArg(0); // unique_ptr/shared_ptr: the pointer as written
    // The full expression of the step: the call with its temporaries and casts.
    const clang::Stmt *full = call;
    const clang::Stmt *parent = parentStmt(full);
    while (parent && llvm::isa<clang::ExprWithCleanups, clang::CXXBindTemporaryExpr,
                               clang::MaterializeTemporaryExpr, clang::ImplicitCastExpr>(parent)) {
      full = parent;
      parent = parentStmt(full);
    }
    if (const auto *block = llvm::dyn_cast_or_null<clang::CompoundStmt>(parent)) {
      step.statement = full;
      step.block = block;
      return true;
    }
    if (parent && llvm::isa<clang::IfStmt, clang::ForStmt, clang::WhileStmt, clang::CXXForRangeStmt,
                            clang::DoStmt>(parent)) {
      if (bodyOf(parent, full)) {
        auto [statement, block] = statementInBlock(call);
        if (!statement)
          return false;
        step.statement = full;
        step.block = block;
        step.unbraced = true;
        return true;
      }
    }
    refuse(RefusedIteration::Reason::StepValueUsed, call->getBeginLoc(),
           "the value that step() returns is used: GradScaler::step returns whether the optimizer "
           "stepped, not the loss; not migrated");
    return false;
  }

  void buildIteration(const Owner &owner, const clang::Stmt *loop, const std::vector<const Site *> &backs,
                      const std::vector<const Site *> &steps) {
    TrainingIteration it;
    it.function = owner.function;
    it.lambda = owner.lambda;
    it.loop = loop;
    for (const Site *b : backs) {
      BackwardPass pass;
      if (!buildPass(owner, *b, pass))
        return;
      it.passes.push_back(std::move(pass));
    }
    for (const Site *s : steps) {
      OptimizerStep step;
      if (!buildStep(*s, step))
        return;
      it.steps.push_back(step);
    }
    // Scaler state must outlive the loop: climb to the outermost loop that does not declare an
    // optimizer of the iteration.
    it.outerLoop = loop;
    if (loop) {
      std::vector<const clang::Stmt *> outer = loopsAround(loop);
      for (const clang::Stmt *l : outer) {
        bool declaresOptimizer = llvm::any_of(it.steps, [&](const OptimizerStep &s) {
          const clang::VarDecl *var = lossVariable(s.optimizer);
          return var && within(l, var->getLocation());
        });
        if (declaresOptimizer)
          break;
        it.outerLoop = l;
      }
    }
    // Nothing resets the gradients anywhere in the loops around the iteration: they accumulate
    // over every iteration of the run. (An iteration that is a whole function, with no loop, may
    // be reset by its caller.)
    if (loop) {
      std::vector<const clang::Stmt *> outer = loopsAround(loop);
      it.gradientsNeverReset = !resetsGradients(outer.empty() ? loop : outer.back());
    }
    it.workerThreads = workerThreadsOf(it);
    // Gradient reads between the last backward and a step: unscale_ runs once per step, after
    // every gradient of it was accumulated, so a read between two backward passes (a demo
    // printing `x.grad()`) sees scaled gradients (scaledGradientReads, below).
    clang::SourceLocation lastBackward = it.passes.front().call->getEndLoc();
    for (const BackwardPass &pass : it.passes)
      if (before(lastBackward, pass.call->getEndLoc()))
        lastBackward = pass.call->getEndLoc();
    for (const OptimizerStep &step : it.steps) {
      if (step.unbraced)
        continue; // the block around a conditional step runs whether or not it steps
      for (const clang::Stmt *s : step.block->body()) {
        if (s == step.statement || within(s, step.call->getBeginLoc()))
          break;
        if (before(s->getBeginLoc(), lastBackward) || llvm::is_contained(it.gradientAccesses, s))
          continue;
        if (!isBoundary(s) && accessesGradients(s))
          it.gradientAccesses.push_back(s);
      }
    }
    llvm::sort(it.gradientAccesses, [&](const clang::Stmt *a, const clang::Stmt *b) {
      return before(a->getBeginLoc(), b->getBeginLoc());
    });
    for (const BackwardPass &pass : it.passes) {
      const auto *after = llvm::find(pass.block->body(), pass.statement);
      if (after == pass.block->body_end())
        continue;
      for (const clang::Stmt *s : llvm::make_range(after + 1, pass.block->body_end())) {
        if (llvm::any_of(it.steps, [&](const OptimizerStep &step) { return within(s, step.call->getBeginLoc()); }))
          break;
        if (!isBoundary(s) && accessesGradients(s) && !llvm::is_contained(it.gradientAccesses, s) &&
            !llvm::is_contained(it.scaledGradientReads, s))
          it.scaledGradientReads.push_back(s);
      }
    }
    out_.iterations_.push_back(std::move(it));
  }

  clang::ASTContext &ctx_;
  const clang::SourceManager &sm_;
  TrainingLoops &out_;
  std::vector<Site> backwards_;
  std::vector<Site> steps_;
  std::vector<const clang::CallExpr *> dependentBackwards_;
  llvm::DenseSet<const clang::CallExpr *> visitedCalls_;
  llvm::DenseMap<const clang::FunctionDecl *, const clang::LambdaExpr *> lambdas_;
};

TrainingLoops::TrainingLoops(clang::ASTContext &ctx, llvm::ArrayRef<clang::Decl *> declarations) {
  TrainingLoopFinder finder(ctx, *this);
  for (clang::Decl *decl : declarations)
    finder.TraverseDecl(decl);
  finder.finish();
}

const clang::FunctionDecl *scopeFunction(clang::ASTContext &ctx, const TrainingIteration &it) {
  if (it.lambda)
    if (const auto *outer = enclosingFunction(ctx, it.lambda))
      return outer;
  return it.function;
}

} // namespace ampify
