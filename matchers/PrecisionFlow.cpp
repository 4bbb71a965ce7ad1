#include "ampify/PrecisionFlow.h"

#include "ampify/TorchApi.h"
#include "ampify/TrainingLoops.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <mutex>

using namespace clang;

namespace ampify {

llvm::StringRef precisionName(Precision p) {
  switch (p) {
  case Precision::Half:
    return "fp16";
  case Precision::BFloat16:
    return "bf16";
  case Precision::Fp32:
    return "fp32";
  case Precision::Unknown:
    break;
  }
  return "of unknown precision";
}

namespace {

using FactPtr = std::shared_ptr<const PrecisionFact>;

PrecisionFact unknownFact() { return PrecisionFact(); }

/// Two facts about the same value from different paths: equal precisions survive, anything else
/// is unknown.
PrecisionFact join(const PrecisionFact &a, const PrecisionFact &b) {
  if (a.value == b.value)
    return a;
  return unknownFact();
}

/// The dtype of an op whose output follows its inputs (promotion): any fp32 input makes it fp32,
/// equal low inputs keep it, an unknown input makes it unknown.
Precision promoted(llvm::ArrayRef<PrecisionFact> inputs, size_t *decisive) {
  if (inputs.empty())
    return Precision::Unknown;
  Precision result = inputs[0].value;
  *decisive = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Precision p = inputs[i].value;
    if (p == Precision::Unknown)
      return Precision::Unknown;
    if (p == Precision::Fp32 && result != Precision::Fp32) {
      result = Precision::Fp32;
      *decisive = i;
    } else if (p != result && result != Precision::Fp32) {
      result = Precision::Fp32; // fp16 with bf16 promotes to float
      *decisive = i;
    }
  }
  return result;
}

bool isRecordNamed(QualType type, llvm::StringRef qualified) {
  const CXXRecordDecl *record = type.getNonReferenceType()->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return false;
  if (record->getQualifiedNameAsString() == qualified)
    return true;
  for (const CXXBaseSpecifier &base : record->getDefinition()->bases())
    if (isRecordNamed(base.getType(), qualified))
      return true;
  return false;
}

/// The enumerator a constant enum-typed expression evaluates to, e.g. "Half" or "CPU".
std::string enumeratorName(const Expr *e, ASTContext &ctx) {
  const auto *enumType = e->getType().getCanonicalType()->getAs<EnumType>();
  if (!enumType || e->isValueDependent())
    return {};
  Expr::EvalResult result;
  if (!e->EvaluateAsRValue(result, ctx) || !result.Val.isInt())
    return {};
  for (const EnumConstantDecl *c : enumType->getDecl()->enumerators())
    if (llvm::APSInt::isSameValue(c->getInitVal(), result.Val.getInt()))
      return c->getName().str();
  return {};
}

bool isEnumNamed(QualType type, llvm::StringRef name) {
  const auto *enumType = type.getNonReferenceType().getCanonicalType()->getAs<EnumType>();
  return enumType && enumType->getDecl()->getName() == name;
}

std::string lineOf(ASTContext &ctx, SourceLocation loc) {
  const SourceManager &sm = ctx.getSourceManager();
  return std::to_string(sm.getPresumedLineNumber(sm.getFileLoc(loc)));
}

std::string nameOf(const Expr *e) {
  e = stripWrappers(e);
  if (const auto *ref = dyn_cast_or_null<DeclRefExpr>(e))
    return ref->getDecl()->getNameAsString();
  if (const auto *member = dyn_cast_or_null<MemberExpr>(e))
    return member->getMemberDecl()->getNameAsString();
  return {};
}

/// The user-written forward() a module call reaches: `model->forward(x)` or `model(x)` on a
/// holder (or impl) of a module class defined in this TU.
const CXXMethodDecl *userForward(QualType moduleType) {
  QualType type = moduleType.getNonReferenceType();
  if (const auto *ptr = type->getAs<PointerType>())
    type = ptr->getPointeeType();
  const CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return nullptr;
  for (const CXXMethodDecl *method : record->methods())
    if (method->getName() == "forward" && method->hasBody())
      return method;
  if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(record))
    if (spec->getTemplateArgs().size() >= 1 && spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
        (spec->getName() == "ModuleHolder" || spec->getName() == "shared_ptr"))
      return userForward(spec->getTemplateArgs()[0].getAsType());
  for (const CXXBaseSpecifier &base : record->getDefinition()->bases())
    if (const CXXMethodDecl *m = userForward(base.getType()))
      return m;
  return nullptr;
}

} // namespace

Precision PrecisionFlow::dtypeNamedIn(const Expr *e, ASTContext &ctx, bool *sawDtype) {
  Precision found = Precision::Unknown;
  bool saw = false;
  // The outermost ScalarType-valued subexpression decides: torch::kHalf, TensorOptions(kHalf),
  // torch::dtype(torch::kBFloat16).
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s || saw)
      return;
    if (const auto *sub = dyn_cast<Expr>(s); sub && isEnumNamed(sub->getType(), "ScalarType")) {
      saw = true;
      std::string name = enumeratorName(sub, ctx);
      if (name == "Half")
        found = Precision::Half;
      else if (name == "BFloat16")
        found = Precision::BFloat16;
      else if (name == "Float")
        found = Precision::Fp32;
      return;
    }
    for (const Stmt *child : s->children())
      walk(child);
  };
  walk(e);
  if (sawDtype)
    *sawDtype = saw;
  return found;
}

const CallExpr *PrecisionFlow::halfModelConversion(const FunctionDecl *function, ASTContext &ctx) {
  const CallExpr *found = nullptr;
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s || found)
      return;
    if (const auto *call = dyn_cast<CXXMemberCallExpr>(s)) {
      const CXXMethodDecl *m = call->getMethodDecl();
      if (m && m->getName() == "to" && isRecordNamed(ctx.getRecordType(m->getParent()), "torch::nn::Module"))
        for (const Expr *arg : call->arguments())
          if (isLow(dtypeNamedIn(arg, ctx))) {
            found = call;
            return;
          }
    }
    for (const Stmt *child : s->children())
      walk(child);
  };
  walk(function ? function->getBody() : nullptr);
  return found;
}

/// Walks function bodies in source order with an environment of variable facts and the current
/// region; loops are walked twice so facts assigned late in a body reach its start.
class FlowWalker {
public:
  FlowWalker(PrecisionFlow &flow) : flow_(flow), ctx_(flow.ctx_) {
    // The forward and loss statements of each training iteration that `ampify fix` would
    // migrate are analysed as the CUDA autocast region they will become, so their hazards are
    // reported before the migration.
    for (const TrainingIteration &iteration : TrainingLoops::of(ctx_).iterations())
      for (const BackwardPass &pass : iteration.passes)
        if (!pass.forward.empty())
          loopForward_[pass.forward.front()] = pass.statement;
  }

  void analyseEntry(const FunctionDecl *fn) {
    Env env;
    env.region = Region();
    walkFunction(fn, env, {});
  }

private:
  struct Env {
    std::map<const VarDecl *, PrecisionFact> vars;
    Region region;
    /// Autocast guards open in enclosing scopes, with the region each one replaced.
    std::vector<std::pair<const VarDecl *, Region>> guards;
  };

  static constexpr unsigned MaxDepth = 6;

  PrecisionFact walkFunction(const FunctionDecl *fn, Env env, llvm::ArrayRef<PrecisionFact> args) {
    const Stmt *body = fn->getBody();
    if (!body)
      return unknownFact();
    Env inner;
    inner.region = env.region;
    for (unsigned i = 0; i < fn->getNumParams() && i < args.size(); ++i) {
      if (args[i].value == Precision::Unknown)
        continue;
      PrecisionFact param;
      param.value = args[i].value;
      param.subject = fn->getParamDecl(i)->getNameAsString();
      param.because = "the argument of the call";
      param.where = args[i].where;
      param.from = std::make_shared<PrecisionFact>(args[i]);
      param.explicitCast = args[i].explicitCast;
      inner.vars[fn->getParamDecl(i)] = param;
    }
    std::optional<PrecisionFact> returned;
    returns_.push_back(&returned);
    walkStmt(body, inner);
    returns_.pop_back();
    return returned ? *returned : unknownFact();
  }

  /// A same-TU function called with known facts or inside a region: analysed in that context.
  PrecisionFact callUserFunction(const FunctionDecl *fn, const Env &env, llvm::ArrayRef<PrecisionFact> args,
                                 SourceLocation callLoc) {
    fn = fn->getDefinition();
    if (!fn || !fn->hasBody() || isInSystem(fn->getLocation()) || depth_ >= MaxDepth)
      return unknownFact();
    bool anyKnown = llvm::any_of(args, [](const PrecisionFact &f) { return f.value != Precision::Unknown; });
    if (env.region.kind == RegionKind::None && !anyKnown)
      return unknownFact(); // the entry-point walk covers this context
    std::string key = std::to_string(reinterpret_cast<uintptr_t>(fn)) + "/" +
                      std::to_string(static_cast<int>(env.region.kind)) +
                      std::to_string(static_cast<int>(env.region.lowDtype));
    for (const PrecisionFact &a : args)
      key += std::to_string(static_cast<int>(a.value));
    if (auto it = memo_.find(key); it != memo_.end())
      return it->second;
    memo_[key] = unknownFact(); // recursion sees unknown
    ++depth_;
    PrecisionFact result = walkFunction(fn, env, args);
    --depth_;
    if (result.value != Precision::Unknown) {
      PrecisionFact call;
      call.value = result.value;
      call.because = "returned by `" + fn->getNameAsString() + "`";
      call.where = callLoc;
      call.from = std::make_shared<PrecisionFact>(result);
      result = call;
    }
    memo_[key] = result;
    return result;
  }

  bool isInSystem(SourceLocation loc) const {
    const SourceManager &sm = ctx_.getSourceManager();
    return loc.isInvalid() || sm.isInSystemHeader(sm.getFileLoc(loc));
  }

  // ---- statements ----

  void walkStmt(const Stmt *s, Env &env) {
    if (!s)
      return;
    if (const auto *compound = dyn_cast<CompoundStmt>(s)) {
      Region outer = env.region;
      size_t guards = env.guards.size();
      const Stmt *loopBackward = nullptr; // where the current training-loop region ends
      Region beforeLoop;
      for (const Stmt *child : compound->body()) {
        if (child == loopBackward) {
          env.region = beforeLoop;
          loopBackward = nullptr;
        }
        auto start = loopForward_.find(child);
        if (!loopBackward && start != loopForward_.end() && env.region.kind == RegionKind::None) {
          beforeLoop = env.region;
          loopBackward = start->second;
          env.region = trainingLoopRegion(child);
        }
        walkStmt(child, env);
      }
      if (loopBackward)
        env.region = beforeLoop;
      if (env.guards.size() > guards) {
        // Guards declared in this block end with it.
        env.guards.resize(guards);
        env.region = outer;
      }
      return;
    }
    if (const auto *decl = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : decl->decls())
        if (const auto *var = dyn_cast<VarDecl>(d))
          walkVarDecl(var, env);
      return;
    }
    if (const auto *ifStmt = dyn_cast<IfStmt>(s)) {
      walkStmt(ifStmt->getInit(), env);
      if (const DeclStmt *condVar = ifStmt->getConditionVariableDeclStmt())
        walkStmt(condVar, env);
      else
        eval(ifStmt->getCond(), env);
      Env thenEnv = env, elseEnv = env;
      walkStmt(ifStmt->getThen(), thenEnv);
      walkStmt(ifStmt->getElse(), elseEnv);
      env = joinEnv(thenEnv, elseEnv);
      return;
    }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(s)) {
      walkLoop(s, env);
      return;
    }
    if (const auto *ret = dyn_cast<ReturnStmt>(s)) {
      if (!ret->getRetValue())
        return;
      PrecisionFact fact = eval(ret->getRetValue(), env);
      if (!returns_.empty()) {
        std::optional<PrecisionFact> &r = *returns_.back();
        r = r ? join(*r, fact) : fact;
      }
      return;
    }
    if (const auto *e = dyn_cast<Expr>(s)) {
      eval(e, env);
      return;
    }
    for (const Stmt *child : s->children())
      walkStmt(child, env);
  }

  void walkLoop(const Stmt *s, Env &env) {
    // Two passes: the second starts from the join of the entry state and the first pass's end
    // state, so a fact assigned late in the body reaches its start.
    for (int pass = 0; pass < 2; ++pass) {
      Env bodyEnv = env;
      if (const auto *f = dyn_cast<ForStmt>(s)) {
        if (pass == 0)
          walkStmt(f->getInit(), bodyEnv);
        if (f->getCond())
          eval(f->getCond(), bodyEnv);
        walkStmt(f->getBody(), bodyEnv);
        if (f->getInc())
          eval(f->getInc(), bodyEnv);
      } else if (const auto *w = dyn_cast<WhileStmt>(s)) {
        eval(w->getCond(), bodyEnv);
        walkStmt(w->getBody(), bodyEnv);
      } else if (const auto *d = dyn_cast<DoStmt>(s)) {
        walkStmt(d->getBody(), bodyEnv);
        eval(d->getCond(), bodyEnv);
      } else if (const auto *r = dyn_cast<CXXForRangeStmt>(s)) {
        eval(r->getRangeInit(), bodyEnv);
        if (const VarDecl *loopVar = r->getLoopVariable())
          bodyEnv.vars.erase(loopVar);
        walkStmt(r->getBody(), bodyEnv);
      }
      env = joinEnv(env, bodyEnv);
    }
  }

  Env joinEnv(const Env &a, const Env &b) {
    Env out = a;
    for (auto &[var, fact] : out.vars) {
      auto it = b.vars.find(var);
      fact = it == b.vars.end() ? unknownFact() : join(fact, it->second);
    }
    for (const auto &[var, fact] : b.vars)
      if (!out.vars.count(var))
        out.vars[var] = unknownFact();
    if (a.region.kind != b.region.kind)
      out.region = a.region; // a region toggled in one branch only: keep the entry state
    return out;
  }

  void walkVarDecl(const VarDecl *var, Env &env) {
    QualType type = var->getType();
    if (isRecordNamed(type, "ampify::Autocast")) {
      env.guards.push_back({var, env.region});
      env.region = regionOfGuard(var);
      if (var->getInit())
        visitChildren(var->getInit(), env);
      return;
    }
    if (const Expr *init = var->getInit()) {
      PrecisionFact fact = eval(init, env);
      if (isTensorType(type))
        assign(var, fact, var->getLocation(), env);
    }
  }

  void assign(const VarDecl *var, const PrecisionFact &value, SourceLocation loc, Env &env) {
    if (value.value == Precision::Unknown) {
      env.vars[var] = unknownFact();
      return;
    }
    PrecisionFact fact = value;
    if (!value.subject.empty()) {
      // `y = x`: y's fact says it is a copy and points at x's.
      fact.because = "a copy of `" + value.subject + "`";
      fact.where = loc;
      fact.from = std::make_shared<PrecisionFact>(value);
    }
    fact.subject = var->getNameAsString();
    env.vars[var] = fact;
  }

  Region trainingLoopRegion(const Stmt *firstForward) {
    Region r;
    r.kind = RegionKind::Autocast;
    r.opened = firstForward->getBeginLoc();
    r.how = "the forward and loss of a training loop, which `ampify fix` puts under CUDA autocast";
    return r;
  }

  Region regionOfGuard(const VarDecl *var) {
    Region r;
    r.kind = RegionKind::Autocast;
    r.opened = var->getLocation();
    r.how = "the autocast scope `" + var->getNameAsString() + "`";
    if (isRecordNamed(var->getType(), "ampify::AutocastDisabled")) {
      r.kind = RegionKind::Disabled;
      return r;
    }
    // Autocast(device) or Autocast(AutocastOptions(device).dtype(d).enabled(b)).
    std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
      if (!s)
        return;
      if (const auto *call = dyn_cast<CXXMemberCallExpr>(s)) {
        const CXXMethodDecl *m = call->getMethodDecl();
        if (m && m->getName() == "enabled" && call->getNumArgs() == 1) {
          bool value = true;
          if (call->getArg(0)->EvaluateAsBooleanCondition(value, ctx_) && !value)
            r.kind = RegionKind::Disabled;
        }
        if (m && m->getName() == "dtype" && call->getNumArgs() == 1) {
          Precision p = PrecisionFlow::dtypeNamedIn(call->getArg(0), ctx_);
          if (isLow(p))
            r.lowDtype = p;
        }
      }
      if (const auto *e = dyn_cast<Expr>(s); e && isEnumNamed(e->getType(), "DeviceType") &&
                                             enumeratorName(e, ctx_) == "CPU") {
        r.cuda = false;
        r.lowDtype = Precision::BFloat16;
      }
      for (const Stmt *child : s->children())
        walk(child);
    };
    walk(var->getInit());
    return r;
  }

  // ---- expressions ----

  void visitChildren(const Stmt *s, Env &env) {
    for (const Stmt *child : s->children()) {
      if (const auto *e = dyn_cast_or_null<Expr>(child))
        eval(e, env);
      else
        walkStmt(child, env);
    }
  }

  PrecisionFact eval(const Expr *e, Env &env) {
    if (!e)
      return unknownFact();
    PrecisionFact fact = evalUncached(e, env);
    if (isTensorType(e->getType()) || isa<CallExpr>(stripWrappers(e)))
      flow_.record(stripWrappers(e), fact, env.region);
    return fact;
  }

  PrecisionFact evalUncached(const Expr *e, Env &env) {
    const Expr *bare = stripWrappers(e);
    if (bare != e)
      return eval(bare, env);
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
        if (auto it = env.vars.find(var); it != env.vars.end())
          return it->second;
      return unknownFact();
    }
    if (const auto *lambda = dyn_cast<LambdaExpr>(e)) {
      // A lambda's body runs where it is called; the common case (a closure called in the same
      // region) is approximated by walking it here, in the current region.
      Env inner = env;
      walkStmt(lambda->getBody(), inner);
      return unknownFact();
    }
    if (const auto *op = dyn_cast<BinaryOperator>(e)) {
      if (op->isAssignmentOp()) {
        PrecisionFact value = eval(op->getRHS(), env);
        eval(op->getLHS(), env);
        return value;
      }
    }
    if (const auto *cond = dyn_cast<ConditionalOperator>(e)) {
      eval(cond->getCond(), env);
      return join(eval(cond->getTrueExpr(), env), eval(cond->getFalseExpr(), env));
    }
    if (const auto *call = dyn_cast<CallExpr>(e))
      return evalCall(call, env);
    visitChildren(e, env);
    return unknownFact();
  }

  PrecisionFact evalCall(const CallExpr *call, Env &env) {
    // The object of a member call and the written arguments, evaluated once each.
    const Expr *object = nullptr;
    llvm::SmallVector<const Expr *, 4> args;
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call))
      object = member->getImplicitObjectArgument();
    unsigned first = 0;
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call);
        op && isa_and_nonnull<CXXMethodDecl>(op->getDirectCallee())) {
      object = op->getArg(0);
      first = 1;
    }
    for (unsigned i = first; i < call->getNumArgs(); ++i)
      if (!isa<CXXDefaultArgExpr>(call->getArg(i)))
        args.push_back(call->getArg(i));

    PrecisionFact objectFact = object ? eval(object, env) : unknownFact();
    llvm::SmallVector<PrecisionFact, 4> argFacts;
    for (const Expr *a : args)
      argFacts.push_back(eval(a, env));
    if (!isa<CXXOperatorCallExpr>(call) && !isa<CXXMemberCallExpr>(call))
      eval(call->getCallee(), env);

    trackRegionCall(call, object, env);

    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee)
      return unknownFact();
    std::string name = callee->getNameAsString();

    // Assignment to a tensor variable: `x = expr`.
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      OverloadedOperatorKind kind = op->getOperator();
      if (kind == OO_Equal && !argFacts.empty()) {
        if (const auto *ref = dyn_cast<DeclRefExpr>(stripWrappers(object)))
          if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()); var && isTensorType(var->getType()))
            assign(var, argFacts[0], op->getOperatorLoc(), env);
        return argFacts[0];
      }
      if (kind == OO_PlusEqual || kind == OO_MinusEqual || kind == OO_StarEqual || kind == OO_SlashEqual)
        return objectFact;
      if (kind == OO_Call && object) {
        std::vector<PrecisionFact> moduleArgs(argFacts.begin(), argFacts.end());
        return evalModuleCall(call, object->getType(), moduleArgs, env);
      }
    }

    const auto *method = dyn_cast<CXXMethodDecl>(callee);
    bool tensorMethod = method && object && isTensorType(object->getType());
    if (tensorMethod)
      return evalTensorMethod(call, name, objectFact, args, argFacts, env);

    if (method && name == "forward" && object) {
      std::vector<PrecisionFact> moduleArgs(argFacts.begin(), argFacts.end());
      return evalModuleCall(call, object->getType(), moduleArgs, env);
    }

    if (isAtenFunction(callee)) {
      llvm::SmallVector<PrecisionFact, 4> inputs;
      for (size_t i = 0; i < args.size(); ++i)
        if (isDtypeInput(callee, i, args[i]))
          inputs.push_back(argFacts[i]);
      if (llvm::StringRef(name).ends_with("_out") && !inputs.empty())
        return inputs[0]; // out= forms are never autocast: the out tensor's dtype
      if (callee->isOverloadedOperator())
        return applyPolicy(call, CastPolicy::FallThrough, operatorName(callee), inputs, args, env);
      std::optional<CastPolicy> policy = flow_.table_->lookup(name);
      if (!policy)
        return unknownFact();
      return applyPolicy(call, *policy, name, inputs, args, env);
    }

    if (callee->hasBody() || callee->getDefinition()) {
      std::vector<PrecisionFact> callArgs(argFacts.begin(), argFacts.end());
      if (object)
        return unknownFact(); // member functions of user classes other than forward: not followed
      return callUserFunction(callee, env, callArgs, call->getBeginLoc());
    }
    return unknownFact();
  }

  /// Whether argument `i` of an ATen op takes part in its output dtype: a tensor that is not a
  /// mask, condition or index (as ATen names those parameters), whose dtype is bool or integer.
  static bool isDtypeInput(const FunctionDecl *callee, size_t i, const Expr *arg) {
    if (!isTensorType(arg->getType()))
      return false;
    if (!callee || i >= callee->getNumParams() || !callee->getParamDecl(i)->getIdentifier())
      return true;
    llvm::StringRef param = callee->getParamDecl(i)->getName();
    return param != "mask" && param != "condition" && param != "index" && param != "indices";
  }

  static std::string operatorName(const FunctionDecl *fn) {
    switch (fn->getOverloadedOperator()) {
    case OO_Plus:
      return "+";
    case OO_Minus:
      return "-";
    case OO_Star:
      return "*";
    case OO_Slash:
      return "/";
    default:
      return "operator";
    }
  }

  static bool isAtenFunction(const FunctionDecl *fn) {
    const DeclContext *dc = fn->getDeclContext()->getEnclosingNamespaceContext();
    const auto *ns = dyn_cast<NamespaceDecl>(dc);
    if (!ns)
      return false;
    std::string qualified = ns->getQualifiedNameAsString();
    return qualified == "at" || qualified == "torch" || qualified == "torch::nn::functional";
  }

  PrecisionFact evalTensorMethod(const CallExpr *call, llvm::StringRef name, const PrecisionFact &objectFact,
                                 llvm::ArrayRef<const Expr *> args, llvm::ArrayRef<PrecisionFact> argFacts,
                                 Env &env) {
    if (name == "to" || name == "type" || name == "toType") {
      bool sawDtype = false;
      Precision dtype = Precision::Unknown;
      for (const Expr *a : args) {
        dtype = PrecisionFlow::dtypeNamedIn(a, ctx_, &sawDtype);
        if (sawDtype)
          break;
      }
      if (!sawDtype)
        return objectFact; // .to(device): keeps the dtype
      PrecisionFact fact;
      fact.value = dtype;
      fact.explicitCast = true;
      fact.because = "cast explicitly with `." + name.str() + "(...)`";
      fact.where = call->getBeginLoc();
      return dtype == Precision::Unknown ? unknownFact() : fact;
    }
    if (name == "half" || name == "bfloat16") {
      PrecisionFact fact;
      fact.value = name == "half" ? Precision::Half : Precision::BFloat16;
      fact.explicitCast = true;
      fact.because = "cast explicitly with `." + name.str() + "()`";
      fact.where = call->getBeginLoc();
      return fact;
    }
    if (name == "type_as" && !argFacts.empty())
      return argFacts[0];
    if (name.ends_with("_"))
      return objectFact; // in-place ops are never autocast: the tensor keeps its dtype
    std::optional<CastPolicy> policy = flow_.table_->lookup(name);
    if (!policy)
      return unknownFact();
    llvm::SmallVector<PrecisionFact, 4> inputs{objectFact};
    for (size_t i = 0; i < args.size(); ++i)
      if (isDtypeInput(call->getDirectCallee(), i, args[i]))
        inputs.push_back(argFacts[i]);
    return applyPolicy(call, *policy, name, inputs, args, env);
  }

  PrecisionFact evalModuleCall(const CallExpr *call, QualType moduleType, llvm::ArrayRef<PrecisionFact> args,
                               Env &env) {
    std::string kind = moduleKind(moduleType);
    if (!kind.empty()) {
      std::optional<CastPolicy> policy = flow_.table_->lookupModule(kind);
      if (!policy)
        return unknownFact();
      llvm::SmallVector<PrecisionFact, 2> inputs(args.begin(), args.end());
      return applyPolicy(call, *policy, "torch::nn::" + kind, inputs, {}, env);
    }
    if (const CXXMethodDecl *forward = userForward(moduleType))
      return callUserFunction(forward, env, args, call->getBeginLoc());
    return unknownFact();
  }

  PrecisionFact applyPolicy(const CallExpr *call, CastPolicy policy, llvm::StringRef op,
                            llvm::ArrayRef<PrecisionFact> inputs, llvm::ArrayRef<const Expr *> args, Env &env) {
    PrecisionFact fact;
    fact.where = call->getBeginLoc();
    fact.because = "the output of `" + op.str() + "`";
    bool autocast = env.region.kind == RegionKind::Autocast;
    if (policy == CastPolicy::Factory) {
      bool sawDtype = false;
      Precision dtype = Precision::Unknown;
      for (const Expr *a : args) {
        dtype = PrecisionFlow::dtypeNamedIn(a, ctx_, &sawDtype);
        if (sawDtype)
          break;
      }
      fact.value = sawDtype ? dtype : Precision::Fp32;
      return fact.value == Precision::Unknown ? unknownFact() : fact;
    }
    if (autocast && policy == CastPolicy::LowerPrecision) {
      std::vector<Fp32IntentLost> &lost = flow_.intentLost_[call];
      lost.clear(); // a loop body is walked twice
      for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].explicitCast && inputs[i].value == Precision::Fp32)
          lost.push_back({inputs[i], call, op.str(), env.region});
      fact.value = env.region.lowDtype;
      fact.because += ", which autocast runs in " + precisionName(fact.value).str();
      return fact;
    }
    if (autocast && (policy == CastPolicy::Fp32 || policy == CastPolicy::Banned)) {
      fact.value = Precision::Fp32;
      fact.because += ", which autocast runs in fp32";
      return fact;
    }
    if (autocast && policy == CastPolicy::Fp32UnlessDtype) {
      bool sawDtype = false;
      Precision dtype = Precision::Unknown;
      for (const Expr *a : args) {
        dtype = PrecisionFlow::dtypeNamedIn(a, ctx_, &sawDtype);
        if (sawDtype)
          break;
      }
      fact.value = sawDtype ? dtype : Precision::Fp32;
      return fact.value == Precision::Unknown ? unknownFact() : fact;
    }
    // Outside a region every op runs in its inputs' dtype; inside, so do promote and
    // fall-through ops.
    size_t decisive = 0;
    fact.value = promoted(inputs, &decisive);
    if (fact.value == Precision::Unknown)
      return unknownFact();
    fact.from = std::make_shared<PrecisionFact>(inputs[decisive]);
    return fact;
  }

  /// Calls that open or close a region: at::autocast::set_enabled(bool) (1.13),
  /// set_autocast_enabled(device, bool) (2.4+), and exit()/end() on an ampify::Autocast guard.
  void trackRegionCall(const CallExpr *call, const Expr *object, Env &env) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee)
      return;
    std::string qualified = callee->getQualifiedNameAsString();
    if (qualified == "at::autocast::set_enabled" || qualified == "at::autocast::set_cpu_enabled" ||
        qualified == "at::autocast::set_autocast_enabled") {
      const Expr *flag = call->getArg(call->getNumArgs() - 1);
      bool on = false;
      if (!flag->EvaluateAsBooleanCondition(on, ctx_))
        return; // not a constant: the region state is unknown, so nothing is assumed
      if (!on) {
        env.region = Region();
        return;
      }
      Region r;
      r.kind = RegionKind::Autocast;
      r.opened = call->getBeginLoc();
      r.how = "the autocast region opened by `" + callee->getNameAsString() + "`";
      bool cpu = qualified == "at::autocast::set_cpu_enabled" ||
                 (call->getNumArgs() == 2 && enumeratorName(call->getArg(0), ctx_) == "CPU");
      if (cpu) {
        r.cuda = false;
        r.lowDtype = Precision::BFloat16;
      }
      env.region = r;
      return;
    }
    if (object && (callee->getName() == "exit" || callee->getName() == "end"))
      if (const auto *ref = dyn_cast<DeclRefExpr>(stripWrappers(object)))
        for (auto it = env.guards.rbegin(); it != env.guards.rend(); ++it)
          if (it->first == ref->getDecl()) {
            env.region = it->second;
            break;
          }
  }

  PrecisionFlow &flow_;
  ASTContext &ctx_;
  std::map<std::string, PrecisionFact> memo_;
  std::vector<std::optional<PrecisionFact> *> returns_;
  unsigned depth_ = 0;
  /// First forward statement of a training iteration -> its backward statement.
  llvm::DenseMap<const Stmt *, const Stmt *> loopForward_;
};

PrecisionFlow::PrecisionFlow(ASTContext &ctx, const CastPolicyTable &table) : ctx_(ctx), table_(&table) {
  FlowWalker walker(*this);
  // Every function body the TU itself wrote is an entry point; calls into same-TU functions from
  // a region analyse the callee again in that region.
  std::function<void(const Decl *)> visit = [&](const Decl *d) {
    if (const auto *fn = dyn_cast<FunctionDecl>(d)) {
      if (fn->doesThisDeclarationHaveABody() && !fn->isDependentContext())
        walker.analyseEntry(fn);
      return;
    }
    if (const auto *tmpl = dyn_cast<FunctionTemplateDecl>(d)) {
      for (const FunctionDecl *spec : tmpl->specializations())
        visit(spec);
      return;
    }
    if (const auto *dc = dyn_cast<DeclContext>(d))
      for (const Decl *child : dc->decls())
        visit(child);
  };
  for (Decl *d : ctx.getTraversalScope())
    visit(d);
}

void PrecisionFlow::record(const Expr *e, const PrecisionFact &fact, const Region &region) {
  auto [it, fresh] = infos_.try_emplace(e, ExprInfo{fact, region});
  if (fresh)
    return;
  ExprInfo &old = it->second;
  auto rank = [](RegionKind k) { return k == RegionKind::Autocast ? 2 : k == RegionKind::Disabled ? 1 : 0; };
  if (rank(region.kind) > rank(old.region.kind)) {
    old = ExprInfo{fact, region};
  } else if (rank(region.kind) == rank(old.region.kind)) {
    old.fact = join(old.fact, fact);
  }
}

const ExprInfo *PrecisionFlow::info(const Expr *e) const {
  auto it = infos_.find(stripWrappers(e));
  return it == infos_.end() ? nullptr : &it->second;
}

llvm::ArrayRef<Fp32IntentLost> PrecisionFlow::fp32IntentLost(const CallExpr *consumer) const {
  auto it = intentLost_.find(consumer);
  return it == intentLost_.end() ? llvm::ArrayRef<Fp32IntentLost>() : llvm::ArrayRef(it->second);
}

Precision PrecisionFlow::precisionOf(const Expr *e) const {
  const ExprInfo *i = info(e);
  return i ? i->fact.value : Precision::Unknown;
}

Region PrecisionFlow::regionOf(const Expr *call) const {
  const ExprInfo *i = info(call);
  return i ? i->region : Region();
}

std::vector<std::pair<SourceLocation, std::string>> PrecisionFlow::explain(const PrecisionFact &fact) const {
  std::vector<std::pair<SourceLocation, std::string>> notes;
  const PrecisionFact *link = &fact;
  for (int n = 0; link && n < 4; link = link->from.get(), ++n) {
    if (link->value == Precision::Unknown || link->because.empty())
      break;
    std::string subject = link->subject.empty() ? "this value" : "`" + link->subject + "`";
    notes.push_back({link->where, subject + " is " + precisionName(link->value).str() + " because it is " +
                                      link->because + " at line " + lineOf(ctx_, link->where)});
  }
  return notes;
}

namespace {
std::mutex flowsMutex;
llvm::DenseMap<const ASTContext *, std::unique_ptr<PrecisionFlow>> flows;
} // namespace

const PrecisionFlow &PrecisionFlow::of(ASTContext &ctx, llvm::StringRef torchVersionOption) {
  {
    std::lock_guard<std::mutex> lock(flowsMutex);
    if (auto it = flows.find(&ctx); it != flows.end())
      return *it->second;
  }
  TorchVersion version{2, 0};
  if (auto configured = TorchVersion::parse(torchVersionOption))
    version = *configured;
  else if (auto fromMacros = recordedTorchVersion(ctx))
    version = *fromMacros;
  // Built without the lock held: a crash inside the analysis (recovered by the driver) must not
  // leave the lock taken for the next TU.
  auto flow = std::make_unique<PrecisionFlow>(ctx, CastPolicyTable::forVersion(version));
  std::lock_guard<std::mutex> lock(flowsMutex);
  auto [it, fresh] = flows.try_emplace(&ctx, std::move(flow));
  if (fresh)
    ctx.AddDeallocation(
        [](void *key) {
          std::lock_guard<std::mutex> lock(flowsMutex);
          flows.erase(static_cast<const ASTContext *>(key));
        },
        &ctx);
  return *it->second;
}

} // namespace ampify

#include "ampify/Rule.h"

namespace ampify {

void addReasonNotes(FindingBuilder &finding, const PrecisionFlow &flow, const PrecisionFact &fact) {
  for (const auto &[loc, text] : flow.explain(fact))
    finding.note(loc, text);
}

void addRegionNote(FindingBuilder &finding, const Region &region) {
  if (region.kind != RegionKind::None && region.opened.isValid())
    finding.note(region.opened, llvm::Twine(region.kind == RegionKind::Disabled ? "autocast is disabled by "
                                                                                 : "autocast is enabled by ") +
                                    region.how);
}

ConstantEvaluator &PrecisionFlow::constants() const {
  if (!constants_)
    constants_ = std::make_unique<ConstantEvaluator>(ctx_);
  return *constants_;
}

} // namespace ampify
