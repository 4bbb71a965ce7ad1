#include "ampify/PrecisionFlow.h"

#include "ampify/LoopDevice.h"
#include "ampify/StatementExits.h"
#include "ampify/TorchApi.h"
#include "ampify/TrainingLoops.h"
#include "ampify/TypeNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#include <map>

using namespace clang;

namespace ampify {

const PrecisionFact *PrecisionFact::part(llvm::StringRef key) const {
  for (const auto &[name, fact] : parts)
    if (name == key)
      return &fact;
  return nullptr;
}

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

/// Nothing yet: the elements of an empty vector, an empty optional.
PrecisionFact noneFact() {
  PrecisionFact none;
  none.none = true;
  return none;
}

/// Two facts about the same value from different paths: equal precisions survive, anything else
/// is unknown; the parts of an aggregate are joined part by part (a part one side lacks is
/// unknown).
PrecisionFact join(const PrecisionFact &a, const PrecisionFact &b) {
  if (a.none)
    return b;
  if (b.none)
    return a;
  PrecisionFact out = a.value == b.value ? a : unknownFact();
  out.parts.clear();
  for (const auto &[key, fact] : a.parts)
    if (const PrecisionFact *other = b.part(key))
      out.parts.emplace_back(key, join(fact, *other));
  return out;
}

/// Which context's facts win when an expression (or member variable) is reached in several: an
/// autocast region's, then a disabled scope's, then those outside any region.
int regionRank(RegionKind kind) { return kind == RegionKind::Autocast ? 2 : kind == RegionKind::Disabled ? 1 : 0; }

/// A fact that holds `parts` (a pair, tuple, struct, vector or optional).
PrecisionFact aggregateFact(std::vector<std::pair<std::string, PrecisionFact>> parts) {
  PrecisionFact fact;
  fact.parts = std::move(parts);
  return fact;
}

bool isKnown(const PrecisionFact &f) { return f.value != Precision::Unknown || !f.parts.empty(); }

/// What a memo key needs of a fact: its precision and those of its parts.
std::string factKey(const PrecisionFact &f) {
  std::string key = std::to_string(static_cast<int>(f.value)) + (f.none ? "n" : "");
  if (!f.parts.empty()) {
    key += "{";
    for (const auto &[name, part] : f.parts)
      key += name + "=" + factKey(part) + ",";
    key += "}";
  }
  return key;
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

/// The tensor whose options a factory argument passes (`atomwise.options()`, or a chain of
/// TensorOptions setters after it: `x.options().requires_grad(false)`), or null.
const Expr *tensorOfOptions(const Expr *e) {
  e = stripWrappers(e);
  while (const auto *call = dyn_cast_or_null<CXXMemberCallExpr>(e)) {
    const CXXMethodDecl *method = call->getMethodDecl();
    const Expr *object = call->getImplicitObjectArgument();
    if (!method || !object)
      return nullptr;
    object = object->IgnoreImpCasts(); // `options()` is TensorBase's
    if (method->getName() == "options" && isTensorType(object->getType()))
      return object;
    e = stripWrappers(object);
  }
  return nullptr;
}

/// The user-written forward() a module call reaches: `model->forward(x)` or `model(x)` on a
/// holder (or impl) of a user module class. Its body may be in another TU.
const CXXMethodDecl *userForward(QualType moduleType) {
  QualType type = moduleType.getNonReferenceType();
  if (const auto *ptr = type->getAs<PointerType>())
    type = ptr->getPointeeType();
  const CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return nullptr;
  const SourceManager &sm = record->getASTContext().getSourceManager();
  if (!sm.isInSystemHeader(sm.getFileLoc(record->getLocation())))
    for (const CXXMethodDecl *method : record->methods())
      if (method->getName() == "forward")
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

bool isSequential(QualType type) { return moduleKind(type) == "Sequential"; }

/// The holder a Sequential expression names: `head` in `head`, `head->` or a copy of `head`.
const Expr *sequentialHolder(const Expr *e) {
  while (e) {
    const Expr *next = stripWrappers(e);
    if (const auto *arrow = dyn_cast<CXXOperatorCallExpr>(next); arrow && arrow->getOperator() == OO_Arrow)
      next = arrow->getArg(0);
    else if (const auto *cast = dyn_cast<CXXFunctionalCastExpr>(next))
      next = cast->getSubExpr();
    if (next == e)
      return e;
    e = next;
  }
  return e;
}

/// The layers of torch::nn::Sequential values, as far as the TU shows how they were built: a
/// construction (`Sequential(Linear(...), ReLU())`, `Sequential({{"fc", Linear(...)}})`), a
/// local constructed so and extended by `push_back` statements of its own block, a call of a
/// same-TU builder, a function or a non-virtual method (each of its `return`s), a parameter (the
/// value passed at each call site in the TU, as ConstantValue does for constants), a member of the class (what its constructors and
/// assignments build it with, and the `push_back` statements of the one constructor that builds
/// it). A `push_back` statement in the body of a loop that is itself a statement of such a block
/// adds its layers zero, one or two times (ways that run a layer more often give nothing a second
/// run does not). Anything else is unknown: a Sequential reassigned, extended by `extend`/`insert`
/// or by a `push_back` inside a branch or a loop that may leave early, one extended through a
/// parameter, pointer or member elsewhere (any holder may alias it), or one passed to a function
/// declared here without a body.
class SequentialLayers {
public:
  using Layers = std::vector<const Expr *>;

  SequentialLayers(ASTContext &ctx, llvm::ArrayRef<Decl *> declarations)
      : ctx_(ctx), declarations_(declarations) {}

  /// Every way `e` may have been built, each as its layers in order; nothing when any is unknown.
  std::optional<std::vector<Layers>> of(const Expr *e, unsigned depth = 0) {
    index();
    e = sequentialHolder(e);
    if (!e || depth > MaxDepth)
      return std::nullopt;
    if (const auto *construct = dyn_cast<CXXConstructExpr>(e)) {
      // A holder of the module another expression gives: `net_ = register_module("net",
      // Sequential(...))` assigns the shared_ptr<SequentialImpl> that register_module returns.
      // A copy of a named holder shares its layers, which this does not follow.
      if (construct->getNumArgs() == 1 && !construct->getConstructor()->getPrimaryTemplate() &&
          isSequential(construct->getArg(0)->getType()))
        return isa<DeclRefExpr, MemberExpr>(sequentialHolder(construct->getArg(0))) ? std::nullopt
                                                                                    : of(construct->getArg(0), depth + 1);
      return construction(construct);
    }
    if (const Expr *registered = registeredModule(e))
      return of(registered, depth + 1);
    if (const auto *call = dyn_cast<CallExpr>(e))
      return builderCall(call, depth);
    if (const auto *member = dyn_cast<MemberExpr>(e))
      return memberBuilds(member, depth);
    const auto *ref = dyn_cast<DeclRefExpr>(e);
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || wild_ || unknownUse_.count(var))
      return std::nullopt;
    if (const auto *param = dyn_cast<ParmVarDecl>(var))
      return parameter(param, depth);
    if (!var->hasLocalStorage() || var->getType()->isReferenceType() || !var->getInit())
      return std::nullopt;
    // A copy of another holder shares its layers, which this does not follow.
    const Expr *init = sequentialHolder(var->getInit());
    if (isa<DeclRefExpr, MemberExpr>(init))
      return std::nullopt;
    std::optional<std::vector<Layers>> built = of(init, depth + 1);
    if (!built)
      return std::nullopt;
    const SourceManager &sm = ctx_.getSourceManager();
    std::vector<Push> before;
    for (const Push &push : pushes_[var])
      if (sm.isBeforeInTranslationUnit(push.loc, ref->getBeginLoc()))
        before.push_back(push);
    return extended(std::move(*built), before);
  }

  /// The call that builds `e`'s Sequential when a function of another TU builds it
  /// (`make_scorer(64, 32)`; also through `register_module`, a local initialised with it, and a
  /// member whose only build in the TU it is); null otherwise, and for a holder the TU may change.
  const CallExpr *builtByOtherUnit(const Expr *e, unsigned depth = 0) {
    index();
    e = sequentialHolder(e);
    if (!e || depth > MaxDepth || wild_)
      return nullptr;
    if (const auto *construct = dyn_cast<CXXConstructExpr>(e)) {
      bool holderOfResult = construct->getNumArgs() == 1 && !construct->getConstructor()->getPrimaryTemplate() &&
                            isSequential(construct->getArg(0)->getType()) &&
                            !isa<DeclRefExpr, MemberExpr>(sequentialHolder(construct->getArg(0)));
      return holderOfResult ? builtByOtherUnit(construct->getArg(0), depth + 1) : nullptr;
    }
    if (const Expr *registered = registeredModule(e))
      return builtByOtherUnit(registered, depth + 1);
    if (const auto *member = dyn_cast<MemberExpr>(e)) {
      const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
      if (!field || !isa<CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()) || unknownMembers_.count(field) ||
          memberPushes_.count(field))
        return nullptr;
      auto found = memberBuilds_.find(field);
      if (found == memberBuilds_.end() || found->second.size() != 1)
        return nullptr;
      return builtByOtherUnit(found->second.front(), depth + 1);
    }
    if (const auto *call = dyn_cast<CallExpr>(e)) {
      const FunctionDecl *callee = call->getDirectCallee();
      const SourceManager &sm = ctx_.getSourceManager();
      if (!isSequentialBuilder(callee) || sm.isInSystemHeader(sm.getFileLoc(callee->getLocation())))
        return nullptr;
      // An accessor a header defines (`d.main_func()` returning the member `main`) whose class
      // this TU does not build: the TU that defines its constructors says what it returns
      // (sequentialAccessorsBuiltHere).
      if (const FunctionDecl *definition = callee->getDefinition();
          definition && (!isSequentialAccessorOfHeader(definition, sm) || returnedBy(definition, depth + 1)))
        return nullptr;
      return call;
    }
    const auto *ref = dyn_cast<DeclRefExpr>(e);
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || isa<ParmVarDecl>(var) || !var->hasLocalStorage() || !var->getInit() || unknownUse_.count(var) ||
        pushes_.count(var))
      return nullptr;
    return builtByOtherUnit(var->getInit(), depth + 1);
  }

  /// Every way the Sequential that `def` (a function with a body in this TU) returns may have been
  /// built: those of each of its `return`s; nothing when any is unknown.
  std::optional<std::vector<Layers>> returnedBy(const FunctionDecl *def, unsigned depth = 0) {
    index();
    std::vector<Layers> all;
    bool known = true;
    std::function<void(const Stmt *)> returns = [&](const Stmt *s) {
      if (!s || !known || isa<LambdaExpr>(s))
        return;
      if (const auto *ret = dyn_cast<ReturnStmt>(s)) {
        std::optional<std::vector<Layers>> built = ret->getRetValue() ? of(ret->getRetValue(), depth + 1) : std::nullopt;
        if (!built)
          known = false;
        else
          all.insert(all.end(), built->begin(), built->end());
      }
      for (const Stmt *child : s->children())
        returns(child);
    };
    returns(def->getBody());
    if (!known || all.empty() || all.size() > MaxWays)
      return std::nullopt;
    return all;
  }

private:
  static constexpr unsigned MaxDepth = 6;
  /// Builders with many returns or parameters with many callers: not followed.
  static constexpr size_t MaxWays = 16;

  /// A layer a `push_back` statement adds; `loop` is the loop whose body holds it, if any.
  struct Push {
    SourceLocation loc;
    const Expr *layer;
    const Stmt *loop;
  };
  struct MemberPushes {
    const CXXConstructorDecl *constructor = nullptr;
    std::vector<Push> pushes;
  };

  std::optional<std::vector<Layers>> construction(const CXXConstructExpr *construct) {
    if (!isSequential(construct->getType()))
      return std::nullopt;
    const CXXConstructorDecl *ctor = construct->getConstructor();
    if (ctor->isInheritingConstructor())
      ctor = ctor->getInheritedConstructor().getConstructor();
    Layers layers;
    for (const Expr *arg : construct->arguments()) {
      if (isa<CXXDefaultArgExpr>(arg))
        continue;
      const Expr *bare = arg->IgnoreImplicit();
      if (const auto *list = dyn_cast<CXXStdInitializerListExpr>(bare)) {
        // Sequential({{"fc", Linear(...)}, ...}): NamedAnyModule(name, module) each.
        const auto *inits = dyn_cast<InitListExpr>(list->getSubExpr()->IgnoreImplicit());
        if (!inits)
          return std::nullopt;
        for (const Expr *named : inits->inits()) {
          const auto *pair = dyn_cast<CXXConstructExpr>(named->IgnoreImplicit());
          if (!pair || pair->getNumArgs() != 2)
            return std::nullopt;
          layers.push_back(pair->getArg(1));
        }
        continue;
      }
      // Sequential(Linear(...), ReLU()) reaches ModuleHolder's variadic constructor; other
      // constructors (from a shared_ptr<SequentialImpl>, an OrderedDict) are not followed.
      if (!ctor->getPrimaryTemplate())
        return std::nullopt;
      layers.push_back(arg);
    }
    return std::vector<Layers>{layers};
  }

  /// `register_module("head", m)`: m.
  static const Expr *registeredModule(const Expr *e) {
    const auto *call = dyn_cast<CXXMemberCallExpr>(e);
    const CXXMethodDecl *method = call ? call->getMethodDecl() : nullptr;
    if (!method || method->getName() != "register_module" || call->getNumArgs() != 2)
      return nullptr;
    return call->getArg(1);
  }

  /// `head_` of the class whose code this is: every way the TU builds it (its constructors'
  /// initialisers and the assignments to it, `head_ = register_module("head", Sequential(...))`),
  /// joined; its in-class initialiser where nothing else builds it. An empty holder
  /// (`Sequential head_{nullptr}`) builds nothing. Unknown when anything else may change it (passed
  /// to a function of another TU) or nothing builds it here.
  std::optional<std::vector<Layers>> memberBuilds(const MemberExpr *member, unsigned depth) {
    const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
    if (!field || !isa<CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()) || unknownMembers_.count(field))
      return std::nullopt;
    std::vector<const Expr *> builds;
    if (auto found = memberBuilds_.find(field); found != memberBuilds_.end())
      builds = found->second;
    if (builds.empty() && field->hasInClassInitializer() && !isEmptyHolder(field->getInClassInitializer()))
      builds.push_back(field->getInClassInitializer());
    auto pushed = memberPushes_.find(field);
    if (pushed != memberPushes_.end())
      return builtThenPushed(field, builds, pushed->second, depth);
    if (builds.empty())
      return std::nullopt;
    std::vector<Layers> all;
    for (const Expr *build : builds) {
      std::optional<std::vector<Layers>> built = of(build, depth + 1);
      if (!built)
        return std::nullopt;
      all.insert(all.end(), built->begin(), built->end());
    }
    if (all.size() > MaxWays)
      return std::nullopt;
    return all;
  }

  /// A member that one constructor extends with `push_back` statements: what it was built with
  /// before them (`layers = register_module("layers", Sequential())` in that constructor, or a
  /// default-built holder), then those layers. Unknown when something else builds it.
  std::optional<std::vector<Layers>> builtThenPushed(const FieldDecl *field, llvm::ArrayRef<const Expr *> builds,
                                                     const MemberPushes &pushed, unsigned depth) {
    const SourceManager &sm = ctx_.getSourceManager();
    SourceRange ctor = pushed.constructor->getSourceRange();
    std::optional<std::vector<Layers>> built;
    if (builds.size() == 1 && sm.isPointWithin(builds.front()->getBeginLoc(), ctor.getBegin(), ctor.getEnd()) &&
        sm.isBeforeInTranslationUnit(builds.front()->getBeginLoc(), pushed.pushes.front().loc))
      built = of(builds.front(), depth + 1);
    else if (builds.empty() && !field->hasInClassInitializer() && isSequential(field->getType()) &&
             !field->getType()->isPointerType())
      built = std::vector<Layers>{Layers{}}; // `Sequential layers;` holds an empty Sequential
    if (!built)
      return std::nullopt;
    return extended(std::move(*built), pushed.pushes);
  }

  /// Each of `ways` with the layers `pushes` add, in order: a loop's pushes zero, one or two times.
  std::optional<std::vector<Layers>> extended(std::vector<Layers> ways, llvm::ArrayRef<Push> pushes) {
    for (size_t i = 0; i < pushes.size();) {
      size_t end = i + 1;
      while (pushes[i].loop && end < pushes.size() && pushes[end].loop == pushes[i].loop)
        ++end;
      if (!pushes[i].loop) {
        for (Layers &layers : ways)
          layers.push_back(pushes[i].layer);
      } else {
        std::vector<Layers> repeated;
        for (const Layers &layers : ways)
          for (unsigned times = 0; times <= 2; ++times) {
            Layers more = layers;
            for (unsigned t = 0; t < times; ++t)
              for (size_t k = i; k < end; ++k)
                more.push_back(pushes[k].layer);
            repeated.push_back(std::move(more));
          }
        ways = std::move(repeated);
        if (ways.size() > MaxWays)
          return std::nullopt;
      }
      i = end;
    }
    return ways;
  }

  /// `Sequential head_{nullptr}`: a holder with no module, built later.
  static bool isEmptyHolder(const Expr *e) {
    const auto *construct = dyn_cast<CXXConstructExpr>(stripWrappers(e)->IgnoreImplicit());
    return construct && construct->getNumArgs() == 1 &&
           construct->getArg(0)->IgnoreImplicit()->getType()->isNullPtrType();
  }

  /// `head_ = register_module("head", head_)`: the member keeps the module it holds, so this
  /// assignment builds nothing of its own.
  static bool registersItself(const FieldDecl *field, const Expr *assigned) {
    const Expr *holder = sequentialHolder(assigned);
    if (const auto *construct = dyn_cast_or_null<CXXConstructExpr>(holder); construct && construct->getNumArgs() == 1)
      holder = sequentialHolder(construct->getArg(0));
    const Expr *registered = holder ? registeredModule(holder) : nullptr;
    return registered && sequentialMember(registered) == field;
  }

  /// The field of the class that `e` names (`head_`, `this->head_`), if it is a Sequential.
  static const FieldDecl *sequentialMember(const Expr *e) {
    if (!isSequential(e->getType()))
      return nullptr;
    const auto *member = dyn_cast<MemberExpr>(sequentialHolder(e));
    const auto *field = member ? dyn_cast<FieldDecl>(member->getMemberDecl()) : nullptr;
    return field && isa<CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()) ? field : nullptr;
  }

  /// A function that returns a Sequential; a method builds as a function does
  /// (`Agent::makeTrunk`), unless it is virtual: an override may run instead.
  static bool isSequentialBuilder(const FunctionDecl *callee) {
    const auto *method = dyn_cast_or_null<CXXMethodDecl>(callee);
    return callee && !(method && method->isVirtual()) && isSequential(callee->getReturnType());
  }

  std::optional<std::vector<Layers>> builderCall(const CallExpr *call, unsigned depth) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!isSequentialBuilder(callee))
      return std::nullopt;
    const FunctionDecl *def = callee->getDefinition();
    const SourceManager &sm = ctx_.getSourceManager();
    if (!def || !def->hasBody() || sm.isInSystemHeader(sm.getFileLoc(def->getLocation())))
      return std::nullopt;
    return returnedBy(def, depth);
  }

  std::optional<std::vector<Layers>> parameter(const ParmVarDecl *param, unsigned depth) {
    const auto *fn = dyn_cast<FunctionDecl>(param->getDeclContext());
    if (!fn)
      return std::nullopt;
    fn = fn->getCanonicalDecl();
    auto sites = calls_.find(fn);
    if (sites == calls_.end() || addressTaken_.count(fn))
      return std::nullopt;
    unsigned index = param->getFunctionScopeIndex();
    std::vector<Layers> all;
    for (const CallExpr *call : sites->second) {
      unsigned offset = isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(fn) ? 1 : 0;
      if (index + offset >= call->getNumArgs() || isa<CXXDefaultArgExpr>(call->getArg(index + offset)))
        return std::nullopt;
      std::optional<std::vector<Layers>> built = of(call->getArg(index + offset), depth + 1);
      if (!built)
        return std::nullopt;
      all.insert(all.end(), built->begin(), built->end());
    }
    if (all.size() > MaxWays)
      return std::nullopt;
    return all;
  }

  /// What `of` needs from the whole TU, built on first use: call sites, functions used other
  /// than by a call, the push_back statements of locals and the uses that make a holder unknown.
  void index() {
    if (indexed_)
      return;
    indexed_ = true;
    llvm::DenseSet<const DeclRefExpr *> callees;
    std::function<void(const Stmt *)> visit = [&](const Stmt *s) {
      if (!s)
        return;
      if (const auto *block = dyn_cast<CompoundStmt>(s))
        topLevelPushes(block);
      if (const auto *call = dyn_cast<CallExpr>(s))
        visitCall(call, callees);
      if (const auto *ref = dyn_cast<DeclRefExpr>(s))
        if (const auto *fn = dyn_cast<FunctionDecl>(ref->getDecl()); fn && !callees.count(ref))
          addressTaken_.insert(fn->getCanonicalDecl());
      for (const Stmt *child : s->children())
        visit(child);
    };
    std::function<void(const Decl *)> visitDecl = [&](const Decl *d) {
      if (const auto *fn = dyn_cast<FunctionDecl>(d)) {
        if (fn->doesThisDeclarationHaveABody() && !fn->isDependentContext()) {
          if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fn)) {
            constructorPushes(ctor);
            for (const CXXCtorInitializer *init : ctor->inits()) {
              if (const FieldDecl *field = init->getMember();
                  field && init->isWritten() && isSequential(field->getType()) && !isEmptyHolder(init->getInit()))
                memberBuilds_[field].push_back(init->getInit());
              visit(init->getInit());
            }
          }
          visit(fn->getBody());
        }
        return;
      }
      if (const auto *tmpl = dyn_cast<FunctionTemplateDecl>(d)) {
        for (const FunctionDecl *spec : tmpl->specializations())
          visitDecl(spec);
        return;
      }
      if (const auto *var = dyn_cast<VarDecl>(d))
        visit(var->getInit());
      if (const auto *dc = dyn_cast<DeclContext>(d))
        for (const Decl *child : dc->decls())
          visitDecl(child);
    };
    for (const Decl *d : declarations_)
      visitDecl(d);
  }

  /// `seq->push_back(...)` statements in the block that declares the local `seq`, directly or in
  /// the body of one of its loops.
  void topLevelPushes(const CompoundStmt *block) {
    llvm::DenseSet<const VarDecl *> declared;
    for (const Stmt *child : block->body()) {
      if (const auto *decl = dyn_cast<DeclStmt>(child))
        for (const Decl *d : decl->decls())
          if (const auto *var = dyn_cast<VarDecl>(d))
            declared.insert(var);
      pushStatements(child, [&](const CXXMemberCallExpr *push, const Stmt *loop) {
        const VarDecl *var = pushedVar(push);
        if (!var || !declared.count(var))
          return;
        addPush(pushes_[var], push, loop);
      });
    }
  }

  /// `layers->push_back(...)` statements of a constructor on Sequential members of its class,
  /// directly in its body or in the body of one of its loops. A member that more than one
  /// constructor extends is unknown.
  void constructorPushes(const CXXConstructorDecl *ctor) {
    const auto *body = dyn_cast_or_null<CompoundStmt>(ctor->getBody());
    if (!body)
      return;
    for (const Stmt *child : body->body())
      pushStatements(child, [&](const CXXMemberCallExpr *push, const Stmt *loop) {
        const FieldDecl *field = sequentialMember(push->getImplicitObjectArgument());
        if (!field || field->getParent() != ctor->getParent())
          return;
        MemberPushes &pushed = memberPushes_[field];
        if (pushed.constructor && pushed.constructor != ctor)
          unknownMembers_.insert(field);
        pushed.constructor = ctor;
        addPush(pushed.pushes, push, loop);
      });
  }

  /// `statement` if it is a `push_back` call on a Sequential, else those of the body of the loop
  /// it is, when nothing in that body may leave an iteration early: each with the loop.
  template <typename Found> static void pushStatements(const Stmt *statement, Found found) {
    if (const CXXMemberCallExpr *push = pushCall(statement)) {
      found(push, nullptr);
      return;
    }
    const Stmt *body = nullptr;
    if (const auto *loop = dyn_cast<ForStmt>(statement))
      body = loop->getBody();
    else if (const auto *range = dyn_cast<CXXForRangeStmt>(statement))
      body = range->getBody();
    else if (const auto *loop = dyn_cast<WhileStmt>(statement))
      body = loop->getBody();
    if (!body || leavesEarly(body) || continuesEarly(body))
      return;
    if (const auto *block = dyn_cast<CompoundStmt>(body)) {
      for (const Stmt *inner : block->body())
        if (const CXXMemberCallExpr *push = pushCall(inner))
          found(push, statement);
    } else if (const CXXMemberCallExpr *push = pushCall(body)) {
      found(push, statement);
    }
  }

  static const CXXMemberCallExpr *pushCall(const Stmt *statement) {
    const auto *e = dyn_cast<Expr>(statement);
    const auto *push = e ? dyn_cast<CXXMemberCallExpr>(e->IgnoreImplicit()) : nullptr;
    const CXXMethodDecl *m = push ? push->getMethodDecl() : nullptr;
    return m && m->getName() == "push_back" && push->getNumArgs() != 0 &&
                   isSequential(push->getImplicitObjectArgument()->getType())
               ? push
               : nullptr;
  }

  /// push_back("name", module) or push_back(module, ...): its modules, as pushes of `loop`.
  void addPush(std::vector<Push> &into, const CXXMemberCallExpr *push, const Stmt *loop) {
    const Expr *first = push->getArg(0)->IgnoreImplicit();
    bool named = push->getNumArgs() == 2 && (!first->getType()->isRecordType() || isStdString(first->getType()));
    for (unsigned i = named ? 1 : 0; i < push->getNumArgs(); ++i)
      into.push_back({push->getBeginLoc(), push->getArg(i), loop});
    followedPushes_.insert(push);
  }

  /// For `seq->push_back(m)` on a local `seq`: seq.
  static const VarDecl *pushedVar(const CXXMemberCallExpr *call) {
    const CXXMethodDecl *m = call->getMethodDecl();
    if (!m || m->getName() != "push_back" || !isSequential(call->getImplicitObjectArgument()->getType()))
      return nullptr;
    const auto *ref = dyn_cast<DeclRefExpr>(sequentialHolder(call->getImplicitObjectArgument()));
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    return var && var->hasLocalStorage() && !isa<ParmVarDecl>(var) ? var : nullptr;
  }

  void visitCall(const CallExpr *call, llvm::DenseSet<const DeclRefExpr *> &callees) {
    if (const auto *ref = dyn_cast<DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts()))
      callees.insert(ref);
    const FunctionDecl *callee = call->getDirectCallee();
    if (callee)
      calls_[callee->getCanonicalDecl()].push_back(call);
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      const CXXMethodDecl *m = member->getMethodDecl();
      llvm::StringRef name = m ? m->getName() : "";
      if (isSequential(member->getImplicitObjectArgument()->getType()) &&
          (name == "push_back" || name == "extend" || name == "insert") && !followedPushes_.count(member)) {
        if (const VarDecl *var = pushedVar(member); var && name == "push_back")
          unknownUse_.insert(var);
        else
          wild_ = true;
      }
    }
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call); op && op->getOperator() == OO_Equal) {
      if (const FieldDecl *field = sequentialMember(op->getArg(0)); field && op->getNumArgs() == 2) {
        if (!registersItself(field, op->getArg(1)))
          memberBuilds_[field].push_back(op->getArg(1));
      }
      else
        markHolder(op->getArg(0));
    }
    // A function declared here without a body may change a holder passed to it.
    const SourceManager &sm = ctx_.getSourceManager();
    if (!callee || (!callee->isDefined() && !sm.isInSystemHeader(sm.getFileLoc(callee->getLocation()))))
      for (const Expr *arg : call->arguments())
        markHolder(arg);
  }

  void markHolder(const Expr *e) {
    if (!isSequential(e->getType()))
      return;
    if (const auto *member = dyn_cast<MemberExpr>(sequentialHolder(e)))
      if (const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl()))
        unknownMembers_.insert(field);
    if (const auto *ref = dyn_cast<DeclRefExpr>(sequentialHolder(e)))
      if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
        unknownUse_.insert(var);
  }

  ASTContext &ctx_;
  llvm::ArrayRef<Decl *> declarations_;
  bool indexed_ = false;
  bool wild_ = false;
  llvm::DenseMap<const FunctionDecl *, std::vector<const CallExpr *>> calls_;
  llvm::DenseSet<const FunctionDecl *> addressTaken_;
  std::map<const VarDecl *, std::vector<Push>> pushes_;
  llvm::DenseMap<const FieldDecl *, MemberPushes> memberPushes_;
  llvm::DenseSet<const CXXMemberCallExpr *> followedPushes_;
  llvm::DenseSet<const VarDecl *> unknownUse_;
  /// Per Sequential member: what the TU builds it with (initialisers, assignments).
  llvm::DenseMap<const FieldDecl *, std::vector<const Expr *>> memberBuilds_;
  llvm::DenseSet<const FieldDecl *> unknownMembers_;
};

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
  FlowWalker(PrecisionFlow &flow, OtherUnitsAssumption assumed)
      : flow_(flow), ctx_(flow.ctx_), calleesReturnFp16_(assumed == OtherUnitsAssumption::CalleesReturnFp16),
        callersPassFp16_(assumed == OtherUnitsAssumption::CallersPassFp16),
        sequentialsBuiltElsewhereFp16_(assumed == OtherUnitsAssumption::CalleesReturnFp16 ||
                                       assumed == OtherUnitsAssumption::CallersRunUnderAutocast) {
    // The forward and loss statements of each training iteration that `ampify fix` would
    // migrate are analysed as the CUDA autocast region they will become, so their hazards are
    // reported before the migration.
    for (const TrainingIteration &iteration : flow.session_.loops().iterations()) {
      // The device `ampify fix` gives the region; one decided at run time may be CUDA.
      bool cpu = flow.session_.loopDevices().decide(iteration).kind == DeviceKind::Cpu;
      // `ampify fix` refuses an fp16 migration of a loop whose gradients are never reset (the
      // unscaling would change them): nothing will run it under autocast.
      if (iteration.gradientsNeverReset && !cpu)
        continue;
      for (const BackwardPass &pass : iteration.passes)
        if (!pass.forward.empty()) {
          // The region ends where the migration's `autocast.exit()` goes: at a zero_grad written
          // between the loss and the backward, else at the backward statement.
          const Stmt *end = pass.forwardEnd ? pass.forwardEnd : pass.statement;
          loopForward_[pass.forward.front()] = end;
          if (cpu)
            cpuLoops_.insert(pass.forward.front());
          // Each instantiation of a template's loop runs its own copy of the statements.
          for (const FunctionDecl *other : iteration.otherInstantiations) {
            const Stmt *first = sameStatementIn(other->getBody(), pass.forward.front());
            const Stmt *last = sameStatementIn(other->getBody(), end);
            if (!first || !last)
              continue;
            loopForward_[first] = last;
            if (cpu)
              cpuLoops_.insert(first);
          }
        }
    }
  }

  /// The statement of `body` (another instantiation of the template that holds `s`) that was
  /// instantiated from the same source as `s`.
  static const Stmt *sameStatementIn(const Stmt *body, const Stmt *s) {
    if (!body)
      return nullptr;
    if (body->getStmtClass() == s->getStmtClass() && body->getBeginLoc() == s->getBeginLoc() &&
        body->getEndLoc() == s->getEndLoc())
      return body;
    for (const Stmt *child : body->children())
      if (child)
        if (const Stmt *found = sameStatementIn(child, s))
          return found;
    return nullptr;
  }

  void analyseEntry(const FunctionDecl *fn) {
    Env env;
    env.region = Region();
    walkFunction(fn, env, {});
  }

  /// What the Sequential that `fn` (a function other TUs call) builds outputs when a CUDA fp16
  /// region runs it, whatever its input: each of its `return`s built as the TU shows, through
  /// LibTorch layers only; unknown otherwise.
  PrecisionFact outputOfBuiltSequential(const FunctionDecl *fn) {
    Env env = assumedCallerEnv(fn);
    std::optional<std::vector<SequentialLayers::Layers>> built = sequentials_.returnedBy(fn);
    if (!built)
      return unknownFact();
    std::optional<PrecisionFact> out;
    for (const SequentialLayers::Layers &layers : *built) {
      PrecisionFact fact = unknownFact();
      for (const Expr *layer : layers) {
        std::string kind = moduleKind(layer->getType());
        std::optional<CastPolicy> policy =
            kind.empty() || kind == "Sequential" ? std::nullopt
                                                 : flow_.table_->lookupModule(kind, autocastDevice(env.region));
        // A banned layer raises; its report needs the call that runs it.
        if (!policy || *policy == CastPolicy::Banned)
          return unknownFact();
        fact = applyPolicy(nullptr, *policy, "torch::nn::" + kind, {fact}, {}, env, layer);
      }
      out = out ? join(*out, fact) : fact;
    }
    return out && out->value == Precision::Half ? *out : unknownFact();
  }

  /// `fn`, which other TUs may call, as if one of them ran it under CUDA fp16 autocast (and,
  /// with CallersPassFp16, passed it fp16 tensors): what it returns then.
  PrecisionFact analyseAssumingAutocastCaller(const FunctionDecl *fn) {
    Env env = assumedCallerEnv(fn);
    std::vector<PrecisionFact> parameters;
    if (callersPassFp16_)
      for (const ParmVarDecl *param : fn->parameters()) {
        PrecisionFact assumed;
        if (passesTensors(param->getType())) {
          assumed.value = Precision::Half;
          assumed.subject = param->getNameAsString();
          assumed.because = AssumedArgumentReason.str();
          assumed.where = param->getLocation();
          assumed.assumedArgument = true;
        }
        // A vector's elements are what the caller passes in fp16.
        if (isTensorVector(param->getType()))
          assumed = aggregateFact({{"*", std::move(assumed)}});
        parameters.push_back(std::move(assumed));
      }
    return walkFunction(fn, env, parameters, nullptr, /*argumentsAreParameters=*/true);
  }

private:
  /// A lambda bound to a local variable (`auto step = [&](...) {...};`): analysed at each call
  /// of the variable, in the caller's region. `byCopy` holds the facts of the variables it
  /// captures by copy, as they were where it was written.
  struct BoundLambda {
    const LambdaExpr *lambda = nullptr;
    std::map<const ValueDecl *, PrecisionFact> byCopy;
  };

  struct Env {
    /// Variables, parameters and structured bindings.
    std::map<const ValueDecl *, PrecisionFact> vars;
    std::map<const VarDecl *, BoundLambda> lambdas;
    Region region;
    /// Autocast guards open in enclosing scopes, with the region each one replaced.
    std::vector<std::pair<const VarDecl *, Region>> guards;
    /// The dtype a region opened by `set_enabled(true)` (CUDA) or `set_cpu_enabled(true)` gets:
    /// autocast's defaults until `set_autocast_gpu_dtype`/`set_autocast_dtype` change them.
    Precision gpuDtype = Precision::Half;
    Precision cpuDtype = Precision::BFloat16;
  };

  /// The region a caller in another TU opens around `fn`, as the analysis assumes it: CUDA fp16
  /// autocast (Region::assumedFor).
  static Env assumedCallerEnv(const FunctionDecl *fn) {
    Env env;
    env.region.kind = RegionKind::Autocast;
    env.region.opened = fn->getLocation();
    env.region.how = "a caller of `" + fn->getQualifiedNameAsString() + "` in another file";
    env.region.assumedFor = fn;
    return env;
  }

  static constexpr unsigned MaxDepth = 6;

  /// Walks `fn`'s body in `env`'s region with `args` as its parameters' facts; `captured` are the
  /// facts of the variables a lambda's body sees from its enclosing function.
  /// `argumentsAreParameters`: `args` are the parameters' own facts, not those of a call's
  /// arguments.
  PrecisionFact walkFunction(const FunctionDecl *fn, const Env &env, llvm::ArrayRef<PrecisionFact> args,
                             const std::map<const ValueDecl *, PrecisionFact> *captured = nullptr,
                             bool argumentsAreParameters = false) {
    const Stmt *body = fn->getBody();
    if (!body)
      return unknownFact();
    Env inner;
    inner.region = env.region;
    inner.region.argumentsUnknown = env.region.assumedFor && llvm::none_of(args, isKnown);
    inner.region.walking = fn;
    inner.gpuDtype = env.gpuDtype;
    inner.cpuDtype = env.cpuDtype;
    if (captured) {
      inner.vars = *captured;
      inner.lambdas = env.lambdas;
    }
    for (unsigned i = 0; i < fn->getNumParams() && i < args.size(); ++i) {
      if (!isKnown(args[i]))
        continue;
      if (argumentsAreParameters) {
        inner.vars[fn->getParamDecl(i)] = args[i];
        continue;
      }
      PrecisionFact param;
      param.value = args[i].value;
      param.parts = args[i].parts;
      param.subject = fn->getParamDecl(i)->getNameAsString();
      param.because = "the argument of the call";
      param.where = args[i].where;
      param.from = std::make_shared<PrecisionFact>(args[i]);
      param.explicitCast = args[i].explicitCast;
      inner.vars[fn->getParamDecl(i)] = param;
    }
    std::optional<PrecisionFact> returned;
    returns_.push_back(&returned);
    if (env.region.assumedFor)
      flow_.assumedReach_[fn].insert(env.region.assumedFor);
    const FunctionDecl *caller = walking_;
    walking_ = fn;
    walkStmt(body, inner);
    walking_ = caller;
    returns_.pop_back();
    return returned ? *returned : unknownFact();
  }

  /// The memo key of analysing `callee` in `env`'s context with `args`.
  static std::string contextKey(const void *callee, const Env &env, llvm::ArrayRef<PrecisionFact> args) {
    std::string key = std::to_string(reinterpret_cast<uintptr_t>(callee)) + "/" +
                      std::to_string(reinterpret_cast<uintptr_t>(env.region.assumedFor)) + "/" +
                      std::to_string(static_cast<int>(env.region.kind)) +
                      std::to_string(static_cast<int>(env.region.lowDtype)) +
                      std::to_string(static_cast<int>(env.gpuDtype)) + std::to_string(static_cast<int>(env.cpuDtype)) +
                      "/";
    for (const PrecisionFact &a : args)
      key += factKey(a) + ";";
    return key;
  }

  /// A call's result as the caller sees it: "returned by `name`".
  static PrecisionFact returnedBy(const PrecisionFact &result, const std::string &name, SourceLocation callLoc) {
    if (!isKnown(result))
      return result;
    PrecisionFact call;
    call.value = result.value;
    call.parts = result.parts;
    call.because = "returned by `" + name + "`";
    call.where = callLoc;
    call.from = std::make_shared<PrecisionFact>(result);
    return call;
  }

  /// A same-TU function called with known facts or inside a region: analysed in that context. A
  /// user function defined in another TU is unknown; a call of one under CUDA fp16 autocast is
  /// recorded for the analysis across TUs.
  PrecisionFact callUserFunction(const FunctionDecl *callee, const Env &env, llvm::ArrayRef<PrecisionFact> args,
                                 const Expr *call) {
    SourceLocation callLoc = call->getBeginLoc();
    if (isInSystem(callee->getLocation()))
      return unknownFact();
    const FunctionDecl *fn = callee->getDefinition();
    if (!fn || !fn->hasBody()) {
      const Region &r = env.region;
      if (r.kind != RegionKind::Autocast || !r.cuda || r.lowDtype != Precision::Half)
        return unknownFact();
      flow_.recordOutsideCall(call, callee, r, args);
      if (!calleesReturnFp16_ || r.assumedFor)
        return unknownFact();
      std::string name = "`" + callee->getQualifiedNameAsString() + "`";
      auto assumedFp16 = [&](std::string because) {
        PrecisionFact assumed;
        assumed.value = Precision::Half;
        assumed.because = std::move(because);
        assumed.where = callLoc;
        return assumed;
      };
      QualType returned = callee->getReturnType().getNonReferenceType();
      if (isTensorType(returned))
        return assumedFp16("returned by " + name + ", which another file defines");
      // A pair, tuple or struct of tensors: each tensor assumed on its own, so that a finding
      // needs that one to be fp16.
      std::vector<std::pair<std::string, PrecisionFact>> parts;
      for (const std::string &part : tensorPartsOf(returned)) {
        parts.emplace_back(part, assumedFp16(returnedPartName(part) + " of what " + name +
                                             " returns, which another file defines"));
        flow_.assumedReturnedParts_.push_back({call, part, parts.back().second.because});
      }
      return parts.empty() ? unknownFact() : aggregateFact(std::move(parts));
    }
    if (isInSystem(fn->getLocation()) || depth_ >= MaxDepth)
      return unknownFact();
    bool anyKnown = llvm::any_of(args, isKnown);
    if (env.region.kind == RegionKind::None && !anyKnown)
      return unknownFact(); // the entry-point walk covers this context
    std::string key = contextKey(fn, env, args);
    if (auto it = memo_.find(key); it != memo_.end())
      return it->second;
    memo_[key] = unknownFact(); // recursion sees unknown
    ++depth_;
    PrecisionFact result = returnedBy(walkFunction(fn, env, args), fn->getNameAsString(), callLoc);
    --depth_;
    memo_[key] = result;
    return result;
  }

  /// A call of a lambda bound to `var`: its body analysed in the caller's region with the call's
  /// argument facts and the captured variables' facts (by reference: as they are at the call; by
  /// copy: as they were where the lambda was written), memoised like a function.
  PrecisionFact callBoundLambda(const VarDecl *var, const BoundLambda &bound, const CallExpr *call, const Env &env,
                                llvm::ArrayRef<PrecisionFact> args) {
    // A generic lambda's body is that of the call operator instantiated for this call.
    const FunctionDecl *op = call->getDirectCallee();
    if (!op || !op->hasBody())
      op = bound.lambda->getCallOperator();
    if (isInSystem(op->getLocation()) || depth_ >= MaxDepth)
      return unknownFact();
    std::map<const ValueDecl *, PrecisionFact> captured = env.vars;
    for (const auto &[v, fact] : bound.byCopy)
      captured[v] = fact;
    std::string key = "lambda" + contextKey(op, env, args) + "/";
    for (const LambdaCapture &capture : bound.lambda->captures())
      if (capture.capturesVariable())
        if (const auto *v = dyn_cast<VarDecl>(capture.getCapturedVar()))
          if (auto it = captured.find(v); it != captured.end())
            key += std::to_string(reinterpret_cast<uintptr_t>(v)) + ":" +
                   std::to_string(static_cast<int>(it->second.value)) + ",";
    if (auto it = memo_.find(key); it != memo_.end())
      return it->second;
    memo_[key] = unknownFact(); // recursion sees unknown
    ++depth_;
    PrecisionFact result =
        returnedBy(walkFunction(op, env, args, &captured), var->getNameAsString(), call->getBeginLoc());
    --depth_;
    memo_[key] = result;
    return result;
  }

  /// Whether every use of the local `var` is a call `var(...)` (captures by a lambda are not uses;
  /// what its body does with them is).
  bool onlyCalled(const VarDecl *var) {
    if (auto it = onlyCalled_.find(var); it != onlyCalled_.end())
      return it->second;
    const auto *fn = dyn_cast<FunctionDecl>(var->getDeclContext());
    unsigned uses = 0, calls = 0;
    std::function<void(const Stmt *)> scan = [&](const Stmt *s) {
      if (!s)
        return;
      if (const auto *lambda = dyn_cast<LambdaExpr>(s)) {
        scan(lambda->getBody());
        return;
      }
      if (const auto *ref = dyn_cast<DeclRefExpr>(s); ref && ref->getDecl() == var)
        ++uses;
      if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s); op && op->getOperator() == OO_Call && op->getNumArgs() >= 1)
        if (const auto *ref = dyn_cast<DeclRefExpr>(stripWrappers(op->getArg(0))); ref && ref->getDecl() == var)
          ++calls;
      for (const Stmt *child : s->children())
        scan(child);
    };
    scan(fn ? fn->getBody() : nullptr);
    bool result = fn && uses == calls;
    onlyCalled_[var] = result;
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
      const Stmt *loopBackward = nullptr; // where the current training-loop region ends (exclusive)
      Region beforeLoop;
      std::vector<const ValueDecl *> declared;
      for (const Stmt *child : compound->body()) {
        if (const auto *declStmt = dyn_cast<DeclStmt>(child))
          for (const Decl *d : declStmt->decls()) {
            if (const auto *var = dyn_cast<VarDecl>(d))
              declared.push_back(var);
            if (const auto *decomposition = dyn_cast<DecompositionDecl>(d))
              llvm::append_range(declared, decomposition->bindings());
          }
        if (child == loopBackward) {
          env.region = beforeLoop;
          loopBackward = nullptr;
        }
        auto start = loopForward_.find(child);
        if (!loopBackward && start != loopForward_.end() && env.region.kind == RegionKind::None) {
          beforeLoop = env.region;
          loopBackward = start->second;
          env.region = trainingLoopRegion(child, env);
        }
        walkStmt(child, env);
      }
      if (loopBackward)
        env.region = beforeLoop;
      // The block's own variables end with it: no later code can name them, and an environment
      // that kept them would grow with every block of a long function, and every join with it
      // (a function of 5,000 loops took quadratic time).
      for (const ValueDecl *var : declared) {
        env.vars.erase(var);
        if (const auto *local = dyn_cast<VarDecl>(var))
          env.lambdas.erase(local);
      }
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
        PrecisionFact range = eval(r->getRangeInit(), bodyEnv);
        if (const VarDecl *loopVar = r->getLoopVariable()) {
          // `for (auto &t : tensors)`: each element of the vector.
          const PrecisionFact *element = range.part("*");
          if (element && !element->none)
            assign(loopVar, *element, loopVar->getLocation(), bodyEnv);
          else
            bodyEnv.vars.erase(loopVar);
        }
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
    for (const auto &[var, bound] : b.lambdas)
      out.lambdas.try_emplace(var, bound);
    if (a.region.kind != b.region.kind)
      out.region = a.region; // a region toggled in one branch only: keep the entry state
    if (a.gpuDtype != b.gpuDtype)
      out.gpuDtype = Precision::Unknown;
    if (a.cpuDtype != b.cpuDtype)
      out.cpuDtype = Precision::Unknown;
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
    if (const auto *lambda = dyn_cast_or_null<LambdaExpr>(var->getInit() ? stripWrappers(var->getInit()) : nullptr)) {
      BoundLambda &bound = env.lambdas[var];
      bound.lambda = lambda;
      for (const LambdaCapture &capture : lambda->captures())
        if (capture.capturesVariable() && capture.getCaptureKind() == LCK_ByCopy)
          if (const auto *v = dyn_cast<VarDecl>(capture.getCapturedVar()))
            if (auto it = env.vars.find(v); it != env.vars.end())
              bound.byCopy[v] = it->second;
      // Called only through the variable: each call analyses it in its context, so a walk here,
      // in the region where it is written, would only blur those facts.
      if (!onlyCalled(var))
        eval(var->getInit(), env);
      return;
    }
    if (const Expr *init = var->getInit()) {
      PrecisionFact fact = eval(init, env);
      if (isTensorType(type) || !fact.parts.empty())
        assign(var, fact, var->getLocation(), env);
      if (const auto *decomposition = dyn_cast<DecompositionDecl>(var))
        bindStructured(decomposition, env);
    } else if (isContainerOfTensors(type)) {
      env.vars[var] = aggregateFact({{"*", noneFact()}}); // an empty vector, a nullopt
    }
  }

  /// `auto [logits, aux] = expr;`: each name takes its part of the value. Tuple-like values
  /// (pair, tuple) bind through hidden `get<N>` variables, structs through their fields.
  void bindStructured(const DecompositionDecl *decomposition, Env &env) {
    for (const BindingDecl *binding : decomposition->bindings()) {
      PrecisionFact part;
      if (const VarDecl *holding = binding->getHoldingVar()) {
        walkVarDecl(holding, env);
        if (auto it = env.vars.find(holding); it != env.vars.end())
          part = it->second;
      } else if (const Expr *element = binding->getBinding()) {
        part = eval(element, env);
      }
      if (!isKnown(part)) {
        env.vars[binding] = unknownFact();
        continue;
      }
      PrecisionFact fact = part;
      fact.subject = binding->getNameAsString();
      fact.because = "unpacked by the structured binding";
      fact.where = binding->getLocation();
      fact.from = std::make_shared<PrecisionFact>(part);
      env.vars[binding] = fact;
    }
  }

  void assign(const ValueDecl *var, const PrecisionFact &value, SourceLocation loc, Env &env) {
    if (!isKnown(value)) {
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

  Region trainingLoopRegion(const Stmt *firstForward, const Env &env) {
    Region r;
    r.kind = RegionKind::Autocast;
    r.opened = firstForward->getBeginLoc();
    r.how = "the forward and loss of a training loop, which `ampify fix` puts under CUDA autocast";
    if (cpuLoops_.contains(firstForward)) {
      r.cuda = false;
      r.lowDtype = env.cpuDtype;
      r.how = "the forward and loss of a training loop, which `ampify fix` puts under CPU autocast (the "
              "program runs on the CPU)";
    }
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
        if (m && m->getName() == "dtype" && call->getNumArgs() == 1)
          r.lowDtype = PrecisionFlow::dtypeNamedIn(call->getArg(0), ctx_);
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

  // ---- aggregates: pairs, tuples, structs, vectors, optionals, member variables ----

  /// A list of tensors an op takes whole (`at::TensorList`, 2.x's `at::ITensorListRef`, a
  /// std::vector of tensors).
  static bool isTensorList(QualType type) {
    std::string kind = containerKind(type);
    return kind == "ArrayRef" || kind == "IListRef" || (kind == "vector" && isContainerOfTensors(type));
  }

  static bool isContainerOfTensors(QualType type) {
    if (isTensorVector(type))
      return true;
    if (containerKind(type) != "optional")
      return false;
    const auto *spec = cast<ClassTemplateSpecializationDecl>(type.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
    return spec->getTemplateArgs().size() >= 1 && spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
           isTensorType(spec->getTemplateArgs()[0].getAsType());
  }

  /// The parts of a value of `type` that are tensors: the elements of a pair or tuple ("0",
  /// "1", ...), the tensor fields of a struct of the project (fieldKey); none for other types.
  std::vector<std::string> tensorPartsOf(QualType type) const {
    std::vector<std::string> parts;
    const CXXRecordDecl *record = type->getAsCXXRecordDecl();
    if (!record || !record->hasDefinition())
      return parts;
    std::string kind = containerKind(type);
    if (kind == "pair" || kind == "tuple") {
      const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(record);
      if (!spec)
        return parts;
      std::vector<QualType> elements;
      for (const TemplateArgument &arg : spec->getTemplateArgs().asArray()) {
        if (arg.getKind() == TemplateArgument::Type)
          elements.push_back(arg.getAsType());
        else if (arg.getKind() == TemplateArgument::Pack)
          for (const TemplateArgument &element : arg.pack_elements())
            if (element.getKind() == TemplateArgument::Type)
              elements.push_back(element.getAsType());
      }
      for (size_t i = 0; i < elements.size(); ++i)
        if (isTensorType(elements[i]))
          parts.push_back(std::to_string(i));
      return parts;
    }
    if (!kind.empty() || isInSystem(record->getLocation()))
      return parts;
    for (const FieldDecl *field : record->getDefinition()->fields())
      if (isTensorType(field->getType()))
        parts.push_back(fieldKey(field));
    return parts;
  }

  /// The part of an aggregate that `field` names: a pair's `first`/`second` are its elements 0
  /// and 1 (as std::get and structured bindings see them), other fields go by name.
  static std::string fieldKey(const FieldDecl *field) {
    if (containerKind(QualType(field->getParent()->getTypeForDecl(), 0)) == "pair")
      return field->getName() == "first" ? "0" : "1";
    return field->getNameAsString();
  }

  static PrecisionFact partOf(const PrecisionFact &aggregate, llvm::StringRef key) {
    const PrecisionFact *part = aggregate.part(key);
    return part && !part->none ? *part : unknownFact();
  }

  /// `aggregate` with its part `key` set to `value`.
  static PrecisionFact withPart(PrecisionFact aggregate, llvm::StringRef key, const PrecisionFact &value) {
    for (auto &[name, fact] : aggregate.parts)
      if (name == key) {
        fact = value;
        return aggregate;
      }
    aggregate.parts.emplace_back(key.str(), value);
    return aggregate;
  }

  static bool isThis(const Expr *e) { return isa<CXXThisExpr>(e->IgnoreParenImpCasts()); }

  /// `x.field`, `p.first`, and member variables (`cache_`, `this->cache_`), whose fact is the join
  /// of every assignment to them the walk has met, in any method.
  PrecisionFact evalMember(const MemberExpr *member, Env &env) {
    const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
    if (!field) {
      visitChildren(member, env);
      return unknownFact();
    }
    if (isThis(member->getBase())) {
      FieldState &state = fieldFacts_[field];
      state.read = true;
      return state.fact.none ? unknownFact() : state.fact;
    }
    PrecisionFact object = eval(member->getBase(), env);
    return member->isArrow() ? unknownFact() : partOf(object, fieldKey(field));
  }

  /// The element facts of a braced list (`{a, b}`, an initializer_list's elements).
  llvm::SmallVector<PrecisionFact, 4> listElements(const Expr *e, Env &env) {
    llvm::SmallVector<PrecisionFact, 4> facts;
    e = e->IgnoreImplicit();
    if (const auto *list = dyn_cast<CXXStdInitializerListExpr>(e))
      e = list->getSubExpr()->IgnoreImplicit();
    if (const auto *temporary = dyn_cast<MaterializeTemporaryExpr>(e))
      e = temporary->getSubExpr()->IgnoreImplicit();
    if (const auto *list = dyn_cast<InitListExpr>(e))
      for (const Expr *init : list->inits())
        facts.push_back(eval(init, env));
    else
      eval(e, env);
    return facts;
  }

  static PrecisionFact joinAll(llvm::ArrayRef<PrecisionFact> facts) {
    PrecisionFact out = noneFact();
    for (const PrecisionFact &f : facts)
      out = join(out, f);
    return out;
  }

  /// std::pair/tuple/vector/optional and c10::optional/ArrayRef built from tensors.
  PrecisionFact evalConstruct(const CXXConstructExpr *construct, Env &env) {
    std::string kind = containerKind(construct->getType());
    llvm::SmallVector<const Expr *, 4> args;
    for (const Expr *arg : construct->arguments())
      if (!isa<CXXDefaultArgExpr>(arg))
        args.push_back(arg);
    bool tensorList = kind == "ArrayRef" || kind == "IListRef";
    if ((kind == "vector" || tensorList) && args.size() == 1 && isa<CXXStdInitializerListExpr>(args[0]->IgnoreImplicit()))
      return aggregateFact({{"*", joinAll(listElements(args[0], env))}});
    llvm::SmallVector<PrecisionFact, 4> facts;
    for (const Expr *arg : args)
      facts.push_back(eval(arg, env));
    if (construct->getConstructor()->isCopyOrMoveConstructor() && facts.size() == 1)
      return facts[0];
    if (kind == "pair" || kind == "tuple") {
      std::vector<std::pair<std::string, PrecisionFact>> parts;
      for (size_t i = 0; i < facts.size(); ++i)
        parts.emplace_back(std::to_string(i), facts[i]);
      return aggregateFact(std::move(parts));
    }
    if (kind == "vector" && facts.empty())
      return aggregateFact({{"*", noneFact()}});
    if ((kind == "optional" || tensorList) && facts.size() == 1) {
      if (isTensorType(args[0]->getType()))
        return aggregateFact({{"*", facts[0]}});
      if (facts[0].part("*")) // an ArrayRef of a vector
        return aggregateFact({{"*", *facts[0].part("*")}});
    }
    if (kind == "optional" && facts.empty())
      return aggregateFact({{"*", noneFact()}});
    // A class of the project built here computes in this region (a distribution built from the
    // policy's logits: `CategoricalMasked categorical(logits, mask)`): its constructor's body is
    // analysed in it, or, defined in another TU, recorded for the join as any call is.
    const CXXConstructorDecl *ctor = construct->getConstructor();
    if (kind.empty() && !ctor->isImplicit() && !isInSystem(ctor->getLocation()))
      callUserFunction(ctor, env, facts, construct);
    return unknownFact();
  }

  /// `Out{logits, aux}`: an aggregate struct, field by field.
  PrecisionFact evalInitList(const InitListExpr *list, Env &env) {
    const InitListExpr *semantic = list->isSemanticForm() ? list : list->getSemanticForm();
    const CXXRecordDecl *record = list->getType()->getAsCXXRecordDecl();
    std::vector<std::pair<std::string, PrecisionFact>> parts;
    unsigned i = 0;
    if (record && semantic && record->isAggregate() && containerKind(list->getType()).empty())
      for (const FieldDecl *field : record->fields()) {
        if (i >= semantic->getNumInits())
          break;
        PrecisionFact fact = eval(semantic->getInit(i++), env);
        if (isKnown(fact))
          parts.emplace_back(fieldKey(field), fact);
      }
    for (; semantic && i < semantic->getNumInits(); ++i)
      eval(semantic->getInit(i), env);
    return parts.empty() ? unknownFact() : aggregateFact(std::move(parts));
  }

  /// std::make_pair/make_tuple/tie/forward_as_tuple/get/move, and the element accessors and
  /// push_back of vectors, optionals and TensorLists. Nullopt for other calls.
  std::optional<PrecisionFact> evalAggregateCall(const CallExpr *call, const FunctionDecl *callee,
                                                 const Expr *object, const PrecisionFact &objectFact,
                                                 llvm::ArrayRef<PrecisionFact> argFacts, Env &env) {
    llvm::StringRef name = callee->getIdentifier() ? callee->getName() : llvm::StringRef();
    if (!object && callee->isInStdNamespace()) {
      if (name == "make_pair" || name == "make_tuple" || name == "tie" || name == "forward_as_tuple") {
        std::vector<std::pair<std::string, PrecisionFact>> parts;
        for (size_t i = 0; i < argFacts.size(); ++i)
          parts.emplace_back(std::to_string(i), argFacts[i]);
        return aggregateFact(std::move(parts));
      }
      if ((name == "move" || name == "forward") && argFacts.size() == 1)
        return argFacts[0];
      if (name == "get" && argFacts.size() == 1)
        if (const TemplateArgumentList *targs = callee->getTemplateSpecializationArgs();
            targs && targs->size() >= 1 && targs->get(0).getKind() == TemplateArgument::Integral)
          return partOf(argFacts[0], std::to_string(targs->get(0).getAsIntegral().getZExtValue()));
      return std::nullopt;
    }
    std::string kind = object ? containerKind(object->getType()) : std::string();
    if (kind.empty())
      return std::nullopt;
    OverloadedOperatorKind op = callee->getOverloadedOperator();
    if ((name == "push_back" || name == "emplace_back") && argFacts.size() == 1) {
      if (const auto *ref = dyn_cast<DeclRefExpr>(stripWrappers(object)))
        if (auto it = env.vars.find(ref->getDecl()); it != env.vars.end() && it->second.part("*"))
          it->second = withPart(it->second, "*", join(*it->second.part("*"), argFacts[0]));
      return unknownFact();
    }
    if (op == OO_Subscript || op == OO_Star || op == OO_Arrow || name == "at" || name == "front" ||
        name == "back" || name == "value")
      return partOf(objectFact, "*");
    return std::nullopt;
  }

  /// `lhs = value` where lhs is `std::tie(a, b)`, `out.field`, or a member variable.
  bool assignThrough(const Expr *lhs, const PrecisionFact &value, SourceLocation loc, Env &env) {
    lhs = stripWrappers(lhs);
    if (const auto *tie = dyn_cast<CallExpr>(lhs); tie && calleeName(tie) == "std::tie") {
      for (unsigned i = 0; i < tie->getNumArgs(); ++i)
        if (const auto *ref = dyn_cast<DeclRefExpr>(stripWrappers(tie->getArg(i))))
          assign(ref->getDecl(), partOf(value, std::to_string(i)), loc, env);
      return true;
    }
    const auto *member = dyn_cast<MemberExpr>(lhs);
    const auto *field = member ? dyn_cast<FieldDecl>(member->getMemberDecl()) : nullptr;
    if (!field)
      return false;
    if (isThis(member->getBase())) {
      // A constructor's assignments set up parameters and buffers, which `module->to(...)`
      // converts later: only what methods store (caches, last outputs) is followed.
      if (isa_and_nonnull<CXXConstructorDecl>(walking_))
        return true;
      // As for expressions (PrecisionFlow::record): a write in an autocast region wins over
      // writes elsewhere, writes in regions of one kind are joined.
      FieldState &state = fieldFacts_[field];
      int rank = regionRank(env.region.kind);
      PrecisionFact before = state.fact;
      if (rank > state.rank)
        state.fact = value;
      else if (rank == state.rank)
        state.fact = join(state.fact, value);
      state.rank = std::max(rank, state.rank);
      if (state.read && factKey(before) != factKey(state.fact))
        fieldChangedAfterRead_ = true;
      return true;
    }
    if (const auto *ref = dyn_cast<DeclRefExpr>(stripWrappers(member->getBase())); ref && !member->isArrow()) {
      auto it = env.vars.find(ref->getDecl());
      PrecisionFact aggregate = it == env.vars.end() ? PrecisionFact() : it->second;
      env.vars[ref->getDecl()] = withPart(aggregate, fieldKey(field), value);
      return true;
    }
    return false;
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
      if (auto it = env.vars.find(ref->getDecl()); it != env.vars.end())
        return it->second;
      return unknownFact();
    }
    if (const auto *member = dyn_cast<MemberExpr>(e))
      return evalMember(member, env);
    if (const auto *cast = dyn_cast<CXXFunctionalCastExpr>(e); cast && (cast->getCastKind() == CK_NoOp ||
                                                                        cast->getCastKind() == CK_ConstructorConversion))
      return eval(cast->getSubExpr(), env); // `Output{a, b}`, `torch::Tensor(x)`
    if (const auto *construct = dyn_cast<CXXConstructExpr>(e))
      return evalConstruct(construct, env);
    if (const auto *list = dyn_cast<InitListExpr>(e))
      return evalInitList(list, env);
    if (const auto *lambda = dyn_cast<LambdaExpr>(e)) {
      // A lambda's body runs where it is called. One passed on (to an algorithm, a thread,
      // run_in_fp32) is walked here, in the current region: the common case is a closure
      // called in the region it is written in. Calls of one bound to a variable are followed.
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
    // ampify::run_in_fp32(fn, args...): the arguments are computed in the region, fn runs with
    // autocast off on them cast to float, and a tensor it returns is fp32.
    if (call->getNumArgs() >= 1 && calleeName(call) == "ampify::run_in_fp32") {
      Env off = env;
      off.region.kind = RegionKind::Disabled;
      eval(call->getArg(0), off);
      for (unsigned i = 1; i < call->getNumArgs(); ++i)
        eval(call->getArg(i), env);
      if (!isTensorType(call->getType()))
        return unknownFact();
      PrecisionFact fact;
      fact.value = Precision::Fp32;
      fact.because = "the result of ampify::run_in_fp32, which runs its function with autocast off";
      fact.where = call->getBeginLoc();
      return fact;
    }
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
    if (std::optional<PrecisionFact> aggregate = evalAggregateCall(call, callee, object, objectFact, argFacts, env))
      return *aggregate;

    // Assignment: `x = expr` to a tensor or aggregate variable, a field, a member variable, or
    // `std::tie(a, b) = expr`.
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      OverloadedOperatorKind kind = op->getOperator();
      if (kind == OO_Equal && !argFacts.empty()) {
        if (const auto *ref = dyn_cast<DeclRefExpr>(stripWrappers(object))) {
          if (isTensorType(ref->getType()) || isKnown(argFacts[0]) || !containerKind(ref->getType()).empty())
            assign(ref->getDecl(), argFacts[0], op->getOperatorLoc(), env);
        } else {
          assignThrough(object, argFacts[0], op->getOperatorLoc(), env);
        }
        return argFacts[0];
      }
      if (kind == OO_PlusEqual || kind == OO_MinusEqual || kind == OO_StarEqual || kind == OO_SlashEqual)
        return objectFact;
      if (kind == OO_Call && object) {
        if (const auto *ref = dyn_cast<DeclRefExpr>(stripWrappers(object)))
          if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
            if (auto it = env.lambdas.find(var); it != env.lambdas.end())
              return callBoundLambda(var, it->second, call, env, argFacts);
        std::vector<PrecisionFact> moduleArgs(argFacts.begin(), argFacts.end());
        return evalModuleCall(call, object, object->getType(), moduleArgs, env);
      }
    }

    const auto *method = dyn_cast<CXXMethodDecl>(callee);
    bool tensorMethod = method && object && isTensorType(object->getType());
    if (tensorMethod)
      return evalTensorMethod(call, name, objectFact, args, argFacts, env);

    if (method && name == "forward" && object) {
      std::vector<PrecisionFact> moduleArgs(argFacts.begin(), argFacts.end());
      return evalModuleCall(call, object, object->getType(), moduleArgs, env);
    }

    if (std::optional<std::string> aten = atenOpName(callee)) {
      name = *aten;
      llvm::SmallVector<PrecisionFact, 4> inputs;
      for (size_t i = 0; i < args.size(); ++i)
        if (isDtypeInput(callee, i, args[i]))
          inputs.push_back(argFacts[i]);
        else if (const PrecisionFact *elements = argFacts[i].part("*"); elements && isTensorList(args[i]->getType()))
          inputs.push_back(*elements); // `torch::stack(states, 0)`, `torch::cat({x, h}, 1)`: its elements
      if (llvm::StringRef(name).ends_with("_out") && !inputs.empty())
        return inputs[0]; // out= forms are never autocast: the out tensor's dtype
      if (callee->isOverloadedOperator())
        return applyPolicy(call, CastPolicy::FallThrough, operatorName(callee), inputs, args, env);
      std::optional<CastPolicy> policy = flow_.table_->lookup(name, autocastDevice(env.region));
      if (!policy)
        return unknownFact();
      return applyPolicy(call, *policy, name, inputs, args, env);
    }

    // Functions and member functions the user wrote (a member function's member variables are
    // followed through their assignments, see evalMember).
    std::vector<PrecisionFact> callArgs(argFacts.begin(), argFacts.end());
    return callUserFunction(callee, env, callArgs, call);
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

  /// The ATen op a function of LibTorch's API runs: its own name in `at`, `torch` and
  /// `torch::nn::functional`; in `torch::linalg` the op is `linalg_` and the name
  /// (torch::linalg::svd runs linalg_svd). nullopt for any other function.
  static std::optional<std::string> atenOpName(const FunctionDecl *fn) {
    const DeclContext *dc = fn->getDeclContext()->getEnclosingNamespaceContext();
    const auto *ns = dyn_cast<NamespaceDecl>(dc);
    if (!ns)
      return std::nullopt;
    std::string qualified = ns->getQualifiedNameAsString();
    std::string name = fn->getNameAsString();
    if (qualified == "at" || qualified == "torch" || qualified == "torch::nn::functional")
      return name;
    if (qualified == "torch::linalg")
      return llvm::StringRef(name).starts_with("linalg_") ? name : "linalg_" + name;
    return std::nullopt;
  }

  PrecisionFact evalTensorMethod(const CallExpr *call, llvm::StringRef name, const PrecisionFact &objectFact,
                                 llvm::ArrayRef<const Expr *> args, llvm::ArrayRef<PrecisionFact> argFacts,
                                 Env &env) {
    // `h[i]`: Tensor::operator[] selects a slice, in the tensor's dtype.
    if (name == "operator[]")
      return objectFact;
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
    std::optional<CastPolicy> policy = flow_.table_->lookup(name, autocastDevice(env.region));
    if (!policy)
      return unknownFact();
    llvm::SmallVector<PrecisionFact, 4> inputs{objectFact};
    for (size_t i = 0; i < args.size(); ++i)
      if (isDtypeInput(call->getDirectCallee(), i, args[i]))
        inputs.push_back(argFacts[i]);
    return applyPolicy(call, *policy, name, inputs, args, env);
  }

  /// A module called by `call`: `module` is the module expression, or for a layer of a
  /// Sequential, the layer's construction (`layer` set).
  PrecisionFact evalModuleCall(const CallExpr *call, const Expr *module, QualType moduleType,
                               llvm::ArrayRef<PrecisionFact> args, Env &env, bool layer = false,
                               unsigned depth = 0) {
    std::string kind = moduleKind(moduleType);
    if (kind == "Sequential")
      return evalSequential(call, module, args, env, depth);
    // Attention's scores are computed by linear and bmm, in the region's lower precision, before
    // the mask is filled in by a float-only kernel: the call raises on any autocast device.
    if (!kind.empty() && !layer && env.region.kind == RegionKind::Autocast && isLow(env.region.lowDtype) &&
        !givenKeyPaddingMask(call, moduleType).empty() && !insideRunInFp32(call, ctx_))
      flow_.recordBanned(call, "torch::nn::" + kind, env.region, BannedReason::FloatOnlyKeyPaddingMask);
    if (!kind.empty()) {
      std::optional<CastPolicy> policy = flow_.table_->lookupModule(kind, autocastDevice(env.region));
      if (!policy)
        return unknownFact();
      llvm::SmallVector<PrecisionFact, 2> inputs(args.begin(), args.end());
      return applyPolicy(call, *policy, "torch::nn::" + kind, inputs, {}, env, layer ? module : nullptr);
    }
    if (const CXXMethodDecl *forward = userForward(moduleType))
      return callUserFunction(forward, env, args, call);
    return unknownFact();
  }

  /// `seq->forward(x)`: x through the layers the TU shows `seq` was built with (each way it may
  /// have been built, joined); unknown when they are not known.
  PrecisionFact evalSequential(const CallExpr *call, const Expr *sequential, llvm::ArrayRef<PrecisionFact> args,
                               Env &env, unsigned depth) {
    if (args.size() != 1 || depth >= MaxDepth)
      return unknownFact();
    std::optional<std::vector<SequentialLayers::Layers>> built = sequentials_.of(sequential);
    if (!built)
      return sequentialBuiltElsewhere(call, sequential, env);
    std::optional<PrecisionFact> out;
    for (const SequentialLayers::Layers &layers : *built) {
      if (layers.empty())
        continue; // an empty Sequential throws: no value comes out that way
      PrecisionFact fact = args[0];
      for (const Expr *layer : layers) {
        fact = evalModuleCall(call, layer, layer->getType(), {fact}, env, /*layer=*/true, depth + 1);
        if (fact.value == Precision::Unknown)
          break;
      }
      out = out ? join(*out, fact) : fact;
    }
    if (!out || out->value == Precision::Unknown)
      return unknownFact();
    PrecisionFact fact;
    fact.value = out->value;
    std::string name = nameOf(sequentialHolder(sequential));
    fact.because = "the output of the Sequential" + (name.empty() ? std::string() : " `" + name + "`");
    fact.where = call->getBeginLoc();
    fact.from = std::make_shared<PrecisionFact>(*out);
    return fact;
  }

  /// `seq->forward(x)` where a function of another TU builds `seq`, under a CUDA fp16 region:
  /// fp16 when the analysis assumes so of such Sequentials (a finding on it then needs that
  /// function's Sequential to end in a layer autocast runs in fp16), unknown otherwise.
  PrecisionFact sequentialBuiltElsewhere(const CallExpr *call, const Expr *sequential, const Env &env) {
    const CallExpr *builder = sequentials_.builtByOtherUnit(sequential);
    const Region &r = env.region;
    if (!builder || r.kind != RegionKind::Autocast || !r.cuda || r.lowDtype != Precision::Half)
      return unknownFact();
    flow_.runsSequentialsBuiltElsewhere_ = true;
    if (!sequentialsBuiltElsewhereFp16_)
      return unknownFact();
    PrecisionFact assumed;
    assumed.value = Precision::Half;
    assumed.because = "the output of the Sequential that `" + builder->getDirectCallee()->getQualifiedNameAsString() +
                      "` builds, which another file defines,";
    assumed.where = builder->getBeginLoc();
    assumed.assumedModule = true;
    if (llvm::none_of(flow_.assumedReturnedParts_, [&](const AssumedReturnedPart &p) { return p.call == builder; }))
      flow_.assumedReturnedParts_.push_back({builder, SequentialOutputPart, assumed.because});
    PrecisionFact fact;
    fact.value = Precision::Half;
    std::string name = nameOf(sequentialHolder(sequential));
    fact.because = "the output of the Sequential" + (name.empty() ? std::string() : " `" + name + "`");
    fact.where = call->getBeginLoc();
    fact.from = std::make_shared<PrecisionFact>(std::move(assumed));
    return fact;
  }

  /// An op whose CUDA kernel has no version for the fp16/bf16 tensor it gets in a CUDA autocast
  /// region raises there (linalg_svd of a matmul's output): a banned call of its own kind.
  void recordIfNoLowPrecisionKernel(const CallExpr *call, llvm::StringRef op, Precision input, const Env &env) {
    if (call && env.region.cuda && isLow(input) &&
        CastPolicyTable::cudaKernelLacksLowPrecision(op, input == Precision::BFloat16) &&
        !insideRunInFp32(call, ctx_))
      flow_.recordBanned(call, op, env.region, BannedReason::NoLowPrecisionKernel);
  }

  /// `layer`: the op is a layer of a Sequential that `call` runs. Its fact points at the layer's
  /// construction, and fp32-intent-lost is not recorded for it: the layers share the call.
  PrecisionFact applyPolicy(const CallExpr *call, CastPolicy policy, llvm::StringRef op,
                            llvm::ArrayRef<PrecisionFact> inputs, llvm::ArrayRef<const Expr *> args, Env &env,
                            const Expr *layer = nullptr) {
    PrecisionFact fact;
    fact.where = layer ? layer->getBeginLoc() : call->getBeginLoc();
    fact.because = "the output of `" + op.str() + "`";
    bool autocast = env.region.kind == RegionKind::Autocast;
    // Factories, and fp32-unless-dtype ops under autocast: the dtype their arguments name, else
    // fp32.
    if (policy == CastPolicy::Factory || (autocast && policy == CastPolicy::Fp32UnlessDtype)) {
      bool sawDtype = false;
      Precision dtype = Precision::Unknown;
      for (const Expr *a : args) {
        dtype = PrecisionFlow::dtypeNamedIn(a, ctx_, &sawDtype);
        if (sawDtype)
          break;
      }
      if (!sawDtype)
        for (const Expr *a : args)
          if (const Expr *like = tensorOfOptions(a)) {
            // `torch::zeros({n}, atomwise.options())`: the dtype of `atomwise`.
            PrecisionFact source = eval(like, env);
            if (source.value == Precision::Unknown)
              return unknownFact();
            fact.value = source.value;
            fact.because += ", made with the options of a tensor that is " + precisionName(source.value).str();
            fact.from = std::make_shared<PrecisionFact>(std::move(source));
            return fact;
          }
      fact.value = sawDtype ? dtype : Precision::Fp32;
      return fact.value == Precision::Unknown ? unknownFact() : fact;
    }
    if (autocast && policy == CastPolicy::LowerPrecision) {
      // A region whose dtype was set from a non-constant: nothing is known of the result.
      if (env.region.lowDtype == Precision::Unknown)
        return unknownFact();
      if (!layer) {
        std::vector<Fp32IntentLost> &lost = flow_.intentLost_[call];
        lost.clear(); // a loop body is walked twice
        for (size_t i = 0; i < inputs.size() && isLow(env.region.lowDtype); ++i)
          if (inputs[i].explicitCast && inputs[i].value == Precision::Fp32)
            lost.push_back({inputs[i], call, op.str(), env.region});
      }
      fact.value = env.region.lowDtype;
      fact.because += ", which autocast runs in " + precisionName(fact.value).str();
      recordIfNoLowPrecisionKernel(call, op, fact.value, env);
      return fact;
    }
    if (autocast && policy == CastPolicy::Banned && env.region.cuda && !insideRunInFp32(call, ctx_))
      flow_.recordBanned(call, op, env.region);
    if (autocast && (policy == CastPolicy::Fp32 || policy == CastPolicy::Banned)) {
      fact.value = Precision::Fp32;
      fact.because += ", which autocast runs in fp32";
      return fact;
    }
    // Outside a region every op runs in its inputs' dtype; inside, so do promote and
    // fall-through ops.
    size_t decisive = 0;
    fact.value = promoted(inputs, &decisive);
    if (fact.value == Precision::Unknown)
      return unknownFact();
    if (autocast)
      recordIfNoLowPrecisionKernel(call, op, fact.value, env);
    fact.from = std::make_shared<PrecisionFact>(inputs[decisive]);
    // `w.max(1, true)`, `x.topk(k)`: the values and their indices. The values keep the input's
    // dtype (element 0, as std::get and structured bindings see it); the indices are int64.
    if (call && containerKind(call->getType()) == "tuple")
      return aggregateFact({{"0", std::move(fact)}});
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
      r.cuda = !cpu;
      r.lowDtype = cpu ? env.cpuDtype : env.gpuDtype;
      env.region = r;
      return;
    }
    // set_autocast_gpu_dtype(d), set_autocast_cpu_dtype(d) (1.13), set_autocast_dtype(device, d)
    // (2.4+): the dtype of regions opened afterwards, and of the open one on that device.
    if (qualified == "at::autocast::set_autocast_gpu_dtype" || qualified == "at::autocast::set_autocast_cpu_dtype" ||
        qualified == "at::autocast::set_autocast_dtype") {
      bool gpu = qualified == "at::autocast::set_autocast_gpu_dtype";
      bool cpu = qualified == "at::autocast::set_autocast_cpu_dtype";
      if (qualified == "at::autocast::set_autocast_dtype" && call->getNumArgs() == 2) {
        std::string device = enumeratorName(call->getArg(0), ctx_);
        gpu = device == "CUDA" || device.empty(); // a non-constant device may be either
        cpu = device == "CPU" || device.empty();
      }
      Precision dtype = PrecisionFlow::dtypeNamedIn(call->getArg(call->getNumArgs() - 1), ctx_);
      if (gpu)
        env.gpuDtype = dtype;
      if (cpu)
        env.cpuDtype = dtype;
      if (env.region.kind == RegionKind::Autocast && ((env.region.cuda && gpu) || (!env.region.cuda && cpu)))
        env.region.lowDtype = dtype;
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

public:
  /// A member variable was read before the walk met its assignment in another method: the TU
  /// needs a second walk that starts with every assignment known.
  bool needsSecondWalk() const { return fieldChangedAfterRead_; }
  void startSecondWalk() {
    memo_.clear();
    fieldChangedAfterRead_ = false;
  }

private:
  PrecisionFlow &flow_;
  ASTContext &ctx_;
  const bool calleesReturnFp16_;
  const bool callersPassFp16_;
  /// A Sequential that a function of another TU builds outputs fp16 under a CUDA fp16 region.
  const bool sequentialsBuiltElsewhereFp16_;
  SequentialLayers sequentials_{ctx_, flow_.session_.userDeclarations()};
  /// Member variables of the TU's classes, as every assignment to them joins.
  struct FieldState {
    PrecisionFact fact = noneFact();
    int rank = -1; ///< regionRank of the writes `fact` joins
    bool read = false;
  };
  llvm::DenseMap<const FieldDecl *, FieldState> fieldFacts_;
  bool fieldChangedAfterRead_ = false;
  const FunctionDecl *walking_ = nullptr; // the function whose body is being walked
  std::map<std::string, PrecisionFact> memo_;
  llvm::DenseMap<const VarDecl *, bool> onlyCalled_;
  std::vector<std::optional<PrecisionFact> *> returns_;
  unsigned depth_ = 0;
  /// First forward statement of a training iteration -> its backward statement.
  llvm::DenseMap<const Stmt *, const Stmt *> loopForward_;
  /// The first forward statements of the iterations that `ampify fix` migrates to CPU autocast.
  llvm::SmallPtrSet<const Stmt *, 4> cpuLoops_;
};

PrecisionFlow::PrecisionFlow(AnalysisSession &session, OtherUnitsAssumption assumed)
    : ctx_(session.context()), session_(session),
      table_(&CastPolicyTable::forVersion(session.torchVersion())) {
  FlowWalker walker(*this, assumed);
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
  for (Decl *d : session_.userDeclarations())
    visit(d);
  if (walker.needsSecondWalk()) {
    // Facts recorded before the member variables were known are dropped, not joined.
    infos_.clear();
    throughCallerInfos_.clear();
    intentLost_.clear();
    bannedCalls_.clear();
    walker.startSecondWalk();
    for (Decl *d : session_.userDeclarations())
      visit(d);
  }
  if (assumed == OtherUnitsAssumption::CallersRunUnderAutocast || assumed == OtherUnitsAssumption::CallersPassFp16)
    for (const FunctionDecl *fn : definedForOtherUnits(session_)) {
      PrecisionFact returned = walker.analyseAssumingAutocastCaller(fn);
      // What holds regardless of other TUs' Sequentials only. Under CallersPassFp16 a result may
      // be fp16 only because of what the caller passes (AnalysisSession says which parameters).
      if (returned.value == Precision::Half && !dependsOnAssumedModule(returned))
        fp16Returns_.push_back({fn, std::move(returned), ""});
      else
        for (auto &[part, fact] : returned.parts)
          if (fact.value == Precision::Half && !dependsOnAssumedModule(fact))
            fp16Returns_.push_back({fn, fact, part});
      if (assumed == OtherUnitsAssumption::CallersRunUnderAutocast && isSequential(fn->getReturnType()))
        if (PrecisionFact output = walker.outputOfBuiltSequential(fn); output.value == Precision::Half)
          fp16Returns_.push_back({fn, std::move(output), SequentialOutputPart});
    }
  if (assumed == OtherUnitsAssumption::CallersRunUnderAutocast)
    for (const FunctionDecl *accessor : sequentialAccessorsBuiltHere(session_))
      if (PrecisionFact output = walker.outputOfBuiltSequential(accessor); output.value == Precision::Half)
        fp16Returns_.push_back({accessor, std::move(output), SequentialOutputPart});
}

bool isSequentialAccessorOfHeader(const FunctionDecl *fn, const SourceManager &sm) {
  const auto *method = dyn_cast<CXXMethodDecl>(fn);
  SourceLocation at = sm.getFileLoc(fn->getLocation());
  return method && method->doesThisDeclarationHaveABody() && method->isInlined() && !method->isVirtual() &&
         !method->isDependentContext() && !method->isStatic() && isSequential(method->getReturnType()) &&
         !sm.isInMainFile(at) && !sm.isInSystemHeader(at);
}

std::vector<const FunctionDecl *> sequentialAccessorsBuiltHere(AnalysisSession &session) {
  const SourceManager &sm = session.context().getSourceManager();
  std::vector<const FunctionDecl *> found;
  // Every TU that includes the header compiles the accessor; only the one that defines all of its
  // class's constructors, one of them in its own file, sees every way the members are built.
  auto builtHere = [&](const CXXRecordDecl *record) {
    bool own = false;
    for (const CXXConstructorDecl *ctor : record->ctors()) {
      if (ctor->isImplicit() || ctor->isDeleted() || ctor->isDefaulted())
        continue;
      const FunctionDecl *definition = nullptr;
      if (!ctor->hasBody(definition))
        return false;
      own |= sm.isInMainFile(sm.getFileLoc(definition->getLocation()));
    }
    return own;
  };
  std::function<void(const Decl *)> visit = [&](const Decl *d) {
    if (const auto *record = dyn_cast<CXXRecordDecl>(d)) {
      if (!record->isThisDeclarationADefinition() || record->isDependentContext() || !builtHere(record))
        return;
      for (const CXXMethodDecl *method : record->methods())
        if (isSequentialAccessorOfHeader(method, sm))
          found.push_back(method);
      return;
    }
    if (isa<NamespaceDecl, LinkageSpecDecl>(d))
      for (const Decl *child : cast<DeclContext>(d)->decls())
        visit(child);
  };
  for (Decl *d : session.userDeclarations())
    visit(d);
  return found;
}

bool PrecisionFlow::dependsOnAssumedModule(const PrecisionFact &fact) {
  for (const PrecisionFact *link = &fact; link; link = link->from.get()) {
    if (link->assumedModule)
      return true;
    for (const auto &[part, inner] : link->parts)
      if (dependsOnAssumedModule(inner))
        return true;
  }
  return false;
}

std::vector<const FunctionDecl *> definedForOtherUnits(AnalysisSession &session) {
  const SourceManager &sm = session.context().getSourceManager();
  std::vector<const FunctionDecl *> found;
  std::function<void(const Decl *)> visit = [&](const Decl *d) {
    if (const auto *fn = dyn_cast<FunctionDecl>(d)) {
      // Another TU can call it only if it has external linkage and is not main; a template or a
      // function written in a header is compiled into every TU that calls it, which analyses it.
      // Constructors are in: another TU may build an object under autocast (a distribution from
      // the policy's logits), and its findings hold only where the join shows such a call.
      if (fn->doesThisDeclarationHaveABody() && !fn->isDependentContext() && !fn->isMain() &&
          fn->isExternallyVisible() && fn->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
          !isa<CXXDestructorDecl>(fn) &&
          sm.isInMainFile(sm.getFileLoc(fn->getLocation())) && !fn->isInlined())
        found.push_back(fn);
      return;
    }
    if (isa<FunctionTemplateDecl>(d) || isa<ClassTemplateDecl>(d))
      return;
    if (const auto *dc = dyn_cast<DeclContext>(d))
      for (const Decl *child : dc->decls())
        visit(child);
  };
  for (Decl *d : session.userDeclarations())
    visit(d);
  return found;
}

void PrecisionFlow::record(const Expr *e, const PrecisionFact &fact, const Region &region) {
  if (region.assumedFor && region.walking && region.walking != region.assumedFor)
    if (auto [through, first] = throughCallerInfos_.try_emplace(e, ExprInfo{fact, region}); !first)
      through->second.fact = join(through->second.fact, fact);
  auto [it, fresh] = infos_.try_emplace(e, ExprInfo{fact, region});
  if (fresh)
    return;
  ExprInfo &old = it->second;
  // Under an assumed caller, a walk with a call's argument facts (`masked_softmax(scores, lens)`
  // with fp16 scores) says more than the walk of the same function as other TUs may call it.
  bool moreKnown = region.assumedFor && old.region.argumentsUnknown && !region.argumentsUnknown;
  bool lessKnown = old.region.assumedFor && region.argumentsUnknown && !old.region.argumentsUnknown;
  if (regionRank(region.kind) > regionRank(old.region.kind) ||
      (regionRank(region.kind) == regionRank(old.region.kind) && moreKnown)) {
    old = ExprInfo{fact, region};
  } else if (regionRank(region.kind) == regionRank(old.region.kind) && !lessKnown) {
    old.fact = join(old.fact, fact);
  }
}

const ExprInfo *PrecisionFlow::info(const Expr *e) const {
  const clang::Expr *stripped = stripWrappers(e);
  if (throughCallers_)
    if (auto through = throughCallerInfos_.find(stripped); through != throughCallerInfos_.end())
      return &through->second;
  auto it = infos_.find(stripped);
  return it == infos_.end() ? nullptr : &it->second;
}

void PrecisionFlow::recordBanned(const CallExpr *call, llvm::StringRef op, const Region &region,
                                 BannedReason reason) {
  for (const BannedCall &known : bannedCalls_)
    if (known.call == call && known.region.opened == region.opened)
      return; // a loop body is walked twice
  bannedCalls_.push_back({call, op.str(), region, reason});
}

void PrecisionFlow::recordOutsideCall(const Expr *call, const FunctionDecl *callee, const Region &region,
                                      llvm::ArrayRef<PrecisionFact> arguments) {
  for (OutsideCallUnderAutocast &known : outsideCalls_)
    if (known.call == call && known.region.assumedFor == region.assumedFor) {
      // A loop body is walked twice, and a function once per context: an argument is fp16 at the
      // call if it is in one of them.
      for (size_t i = 0; i < arguments.size() && i < known.arguments.size(); ++i)
        if (arguments[i].value == Precision::Half && known.arguments[i].value != Precision::Half)
          known.arguments[i] = arguments[i];
      return;
    }
  outsideCalls_.push_back({call, callee, region, std::vector<PrecisionFact>(arguments.begin(), arguments.end())});
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
  auto say = [&](const PrecisionFact &link) {
    std::string subject = link.subject.empty() ? "this value" : "`" + link.subject + "`";
    notes.push_back({link.where, subject + " is " + precisionName(link.value).str() + " because it is " +
                                     link.because + " at line " + lineOf(ctx_, link.where)});
  };
  const PrecisionFact *link = &fact;
  for (int n = 0; link && n < 4; link = link->from.get(), ++n) {
    if (link->value == Precision::Unknown || link->because.empty())
      return notes;
    say(*link);
  }
  // Past the first steps, the chain still names what it assumes of other TUs: the parameter a
  // caller must pass in fp16, the Sequential another TU's function must build. The join needs
  // them to know what the finding depends on.
  for (; link; link = link->from.get())
    if (link->assumedArgument || link->assumedModule)
      say(*link);
  return notes;
}

} // namespace ampify

#include "ampify/Rule.h"

namespace ampify {

void addReasonNotes(FindingBuilder &finding, const PrecisionFlow &flow, const PrecisionFact &fact) {
  for (const auto &[loc, text] : flow.explain(fact))
    finding.note(loc, text);
}

void addOriginNotes(FindingBuilder &finding, llvm::ArrayRef<ValueOrigin> origins) {
  for (const ValueOrigin &origin : origins)
    finding.note(origin.loc, origin.message);
}

void addRegionNote(FindingBuilder &finding, const Region &region) {
  // An assumed region's caller is in another TU: the join names it (findingsUnderOtherUnitsAutocast).
  if (region.kind != RegionKind::None && region.opened.isValid() && !region.assumedFor)
    finding.note(region.opened, llvm::Twine(region.kind == RegionKind::Disabled ? "autocast is disabled by "
                                                                                 : "autocast is enabled by ") +
                                    region.how);
}


} // namespace ampify
