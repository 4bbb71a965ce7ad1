#include "ampify/LoopDevice.h"

#include "ampify/TorchApi.h"
#include "ampify/TypeNames.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <vector>

namespace ampify {

namespace {

bool isDeviceTypeEnum(clang::QualType type) {
  type = type.getNonReferenceType().getUnqualifiedType();
  if (const auto *e = type->getAs<clang::EnumType>())
    return e->getDecl()->getQualifiedNameAsString() == "c10::DeviceType";
  return false;
}

const clang::Stmt *findStmt(const clang::Stmt *s, llvm::function_ref<bool(const clang::Stmt *)> pred) {
  if (!s)
    return nullptr;
  if (pred(s))
    return s;
  for (const clang::Stmt *child : s->children())
    if (const clang::Stmt *found = findStmt(child, pred))
      return found;
  return nullptr;
}

/// `x.device()`, `model->getUsedDevice()`: a method with no arguments that returns a device, const
/// or named for one (a getter of another file), which is safe to call once more.
bool isDeviceGetter(const clang::CXXMemberCallExpr *call) {
  const clang::CXXMethodDecl *method = call->getMethodDecl();
  if (!method || call->getNumArgs() != 0 || !isRecordNamed(method->getReturnType(), "c10::Device") ||
      !method->getDeclName().isIdentifier())
    return false;
  return method->isConst() || method->getName().contains_insensitive("device");
}

/// The object a method is called on: `model` of `model->f()` (a module holder or smart pointer's
/// `operator->`) and of `model.f()`.
const clang::Expr *objectOf(const clang::CXXMemberCallExpr *call) {
  const clang::Expr *object = call->getImplicitObjectArgument()->IgnoreParenImpCasts();
  if (const auto *arrow = llvm::dyn_cast<clang::CXXOperatorCallExpr>(object);
      arrow && arrow->getOperator() == clang::OO_Arrow && arrow->getNumArgs() == 1)
    object = arrow->getArg(0)->IgnoreParenImpCasts();
  return object;
}

/// A function of a template is read through an instantiation with a body, where calls through
/// the template's parameters are resolved (`model->getUsedDevice()` of `ActorCritic<W, M>` with
/// `template class ActorCritic<GridWorld, ConvNetGW>;`). Its expressions have the pattern's
/// source locations and text.
const clang::FunctionDecl *instantiationOf(const clang::FunctionDecl *fn) {
  if (!fn->isDependentContext())
    return fn;
  auto withBody = [&](const clang::FunctionDecl *candidate) {
    return candidate && candidate->getBody() && !candidate->isDependentContext();
  };
  if (const clang::FunctionTemplateDecl *pattern = fn->getDescribedFunctionTemplate())
    for (const clang::FunctionDecl *spec : pattern->specializations())
      if (withBody(spec))
        return spec;
  const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn);
  const clang::ClassTemplateDecl *owner = method ? method->getParent()->getDescribedClassTemplate() : nullptr;
  if (!owner)
    return fn;
  for (const clang::ClassTemplateSpecializationDecl *spec : owner->specializations())
    for (const clang::Decl *member : spec->decls())
      if (const auto *instance = llvm::dyn_cast<clang::CXXMethodDecl>(member);
          instance && instance->getInstantiatedFromMemberFunction() &&
          instance->getInstantiatedFromMemberFunction()->getCanonicalDecl() == method->getCanonicalDecl() &&
          withBody(instance))
        return instance;
  return fn;
}

DeviceKind join(DeviceKind a, DeviceKind b) {
  if (a == b)
    return a;
  if (a == DeviceKind::Unknown || b == DeviceKind::Unknown)
    return DeviceKind::Unknown;
  return DeviceKind::Either;
}

/// Evaluates device expressions (`torch::kCPU`, `torch::Device(torch::kCUDA)`, "cuda:0",
/// `torch::cuda::is_available() ? torch::kCUDA : torch::kCPU`) through the variables and fields
/// that hold them: a variable is the join of its initializer and of every value the TU assigns
/// to it (`if (torch::cuda::is_available()) device_type = torch::kCUDA;`). Parameters and values
/// read at run time (argv) are Unknown.
class DeviceEvaluator {
public:
  explicit DeviceEvaluator(clang::ASTContext &ctx) : ctx_(ctx) {}

  DeviceKind kindOf(const clang::Expr *e, unsigned depth = 0) {
    if (!e || depth > 12)
      return DeviceKind::Unknown;
    e = e->IgnoreParenImpCasts();
    if (const auto *temp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e))
      return kindOf(temp->getSubExpr(), depth + 1);
    if (const auto *bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e))
      return kindOf(bind->getSubExpr(), depth + 1);
    if (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(e))
      return kindOf(cast->getSubExpr(), depth + 1);
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(e))
      return construct->getNumArgs() ? kindOf(construct->getArg(0), depth + 1) : DeviceKind::Unknown;
    if (const auto *literal = llvm::dyn_cast<clang::StringLiteral>(e)) {
      llvm::StringRef text = literal->getString();
      return text.starts_with("cuda") ? DeviceKind::Cuda : text.starts_with("cpu") ? DeviceKind::Cpu : DeviceKind::Unknown;
    }
    if (const auto *cond = llvm::dyn_cast<clang::AbstractConditionalOperator>(e))
      return join(kindOf(cond->getTrueExpr(), depth + 1), kindOf(cond->getFalseExpr(), depth + 1));
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      if (const auto *constant = llvm::dyn_cast<clang::EnumConstantDecl>(ref->getDecl()))
        return constant->getName() == "CUDA" ? DeviceKind::Cuda
               : constant->getName() == "CPU" ? DeviceKind::Cpu
                                              : DeviceKind::Unknown;
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
        return kindOfStorage(var, var->getInit(), depth);
      return DeviceKind::Unknown;
    }
    if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e))
      if (const auto *field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl()))
        return kindOfStorage(field, field->getInClassInitializer(), depth);
    if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e))
      if (const auto *method = call->getMethodDecl();
          method && method->getDeclName().isIdentifier() && method->getName() == "type")
        return kindOf(call->getImplicitObjectArgument(), depth + 1);
    // A getter this TU defines (`return device_;`): what it returns.
    if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e); call && isDeviceGetter(call))
      if (const clang::FunctionDecl *method = call->getMethodDecl(); method && method->getBody())
        if (const auto *body = llvm::dyn_cast<clang::CompoundStmt>(method->getBody()); body && body->size() == 1)
          if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(body->body_front()))
            return kindOf(ret->getRetValue(), depth + 1);
    return DeviceKind::Unknown;
  }

  DeviceKind kindOfVariable(const clang::VarDecl *var) { return kindOfStorage(var, var->getInit(), 0); }

  /// Whether the TU assigns to the variable or field after its initialisation.
  bool isAssigned(const clang::ValueDecl *storage) {
    index();
    return assignments_.count(storage) != 0;
  }

  /// The first place the TU's own code may reach CUDA (a CUDA device, `.cuda()`, a torch::cuda
  /// function, a "cuda" device string, a device parameter), or an invalid location when it never
  /// does.
  clang::SourceLocation cudaUse() {
    index();
    return cudaUse_;
  }

private:
  DeviceKind kindOfStorage(const clang::ValueDecl *storage, const clang::Expr *init, unsigned depth) {
    if (llvm::isa<clang::ParmVarDecl>(storage))
      return DeviceKind::Unknown;
    index();
    std::optional<DeviceKind> kind;
    if (init)
      kind = kindOf(init, depth + 1);
    auto assigned = assignments_.find(storage);
    if (assigned != assignments_.end())
      for (const clang::Expr *value : assigned->second)
        kind = kind ? join(*kind, kindOf(value, depth + 1)) : kindOf(value, depth + 1);
    return kind.value_or(DeviceKind::Unknown);
  }

  /// One walk of the TU's own code: every value assigned to a variable or field, and the first
  /// use of CUDA.
  void index() {
    if (indexed_)
      return;
    indexed_ = true;
    struct Walker : clang::RecursiveASTVisitor<Walker> {
      DeviceEvaluator &self;
      explicit Walker(DeviceEvaluator &self) : self(self) {}
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitStmt(clang::Stmt *n) {
        if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(n); op && op->getOpcode() == clang::BO_Assign)
          self.noteAssignment(op->getLHS(), op->getRHS());
        if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(n);
            op && op->getOperator() == clang::OO_Equal && op->getNumArgs() == 2)
          self.noteAssignment(op->getArg(0), op->getArg(1));
        if (self.cudaUse_.isInvalid() && usesCuda(n))
          self.cudaUse_ = self.ctx_.getSourceManager().getExpansionLoc(n->getBeginLoc());
        return true;
      }
      // A device parameter: its callers may pass CUDA (unknown stays unknown).
      bool VisitParmVarDecl(clang::ParmVarDecl *param) {
        if (self.cudaUse_.isInvalid() &&
            (isRecordNamed(param->getType(), "c10::Device") || isDeviceTypeEnum(param->getType())))
          self.cudaUse_ = self.ctx_.getSourceManager().getExpansionLoc(param->getLocation());
        return true;
      }
    } walker(*this);
    for (clang::Decl *decl : ctx_.getTraversalScope())
      walker.TraverseDecl(decl);
  }

  void noteAssignment(const clang::Expr *lhs, const clang::Expr *rhs) {
    lhs = lhs->IgnoreParenImpCasts();
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(lhs))
      assignments_[ref->getDecl()].push_back(rhs);
    else if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(lhs))
      assignments_[member->getMemberDecl()].push_back(rhs);
  }

  static bool usesCuda(const clang::Stmt *n) {
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(n)) {
      const clang::NamedDecl *decl = ref->getDecl();
      return decl->getDeclName().isIdentifier() &&
             ((llvm::isa<clang::EnumConstantDecl>(decl) && decl->getName() == "CUDA") || decl->getName() == "kCUDA");
    }
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(n)) {
      std::string name = calleeName(call);
      return llvm::StringRef(name).starts_with("torch::cuda::") || llvm::StringRef(name).ends_with("::cuda");
    }
    if (const auto *literal = llvm::dyn_cast<clang::StringLiteral>(n))
      return literal->getCharByteWidth() == 1 && literal->getString().starts_with("cuda");
    return false;
  }

  clang::ASTContext &ctx_;
  bool indexed_ = false;
  llvm::DenseMap<const clang::ValueDecl *, std::vector<const clang::Expr *>> assignments_;
  clang::SourceLocation cudaUse_;
};

} // namespace

class LoopDevices::Impl {
public:
  explicit Impl(clang::ASTContext &ctx) : ctx_(ctx), sm_(ctx.getSourceManager()), evaluator_(ctx) {}

  DeviceDecision decide(const TrainingIteration &it) {
    const BackwardPass &pass = it.passes.front();
    const clang::Stmt *at = pass.forward.empty() ? pass.statement : pass.forward.front();
    const Candidates &candidates = candidatesOf(scopeFunction(ctx_, it));
    // The program's own device expression, visible where the region starts: the regions follow
    // it at run time (`device.type()`).
    for (const clang::Expr *arg : candidates.moves) {
      // `device`, or a member of a variable (`config.device`), passed by value or reference, or
      // converted (`x.to(device)` takes TensorOptions in LibTorch, `x.to(device_type)` a Device).
      const clang::Expr *e = arg->IgnoreImplicit();
      if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(e);
          construct && construct->getNumArgs() >= 1 &&
          (construct->getConstructor()->isCopyOrMoveConstructor() ||
           (!llvm::isa<clang::CXXTemporaryObjectExpr>(construct) &&
            (isDeviceTypeEnum(construct->getArg(0)->getType()) ||
             isRecordNamed(construct->getArg(0)->getType(), "c10::Device")))) &&
          llvm::all_of(llvm::drop_begin(construct->arguments()),
                       [](const clang::Expr *a) { return llvm::isa<clang::CXXDefaultArgExpr>(a); }))
        e = construct->getArg(0);
      e = e->IgnoreParenImpCasts();
      // `torch::Device(device_name)`: the program's device string (`"cuda"` when available), whose
      // device is known at run time.
      const clang::Expr *named = e, *built = e;
      if (const auto *cast = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(e))
        built = cast->getSubExpr()->IgnoreImplicit();
      if (const auto *fromString = llvm::dyn_cast<clang::CXXConstructExpr>(built);
          fromString && isRecordNamed(e->getType(), "c10::Device") && fromString->getNumArgs() >= 1 &&
          isStdString(fromString->getArg(0)->getType()))
        named = fromString->getArg(0)->IgnoreImplicit();
      // `*device`: a pointer or smart pointer to the program's torch::Device.
      const clang::Expr *pointer = nullptr;
      if (const auto *deref = llvm::dyn_cast<clang::UnaryOperator>(e); deref && deref->getOpcode() == clang::UO_Deref)
        pointer = deref->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *star = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e);
          star && star->getOperator() == clang::OO_Star && star->getNumArgs() == 1)
        pointer = star->getArg(0)->IgnoreParenImpCasts();
      if (pointer && isRecordNamed(e->getType(), "c10::Device"))
        named = pointer;
      else
        pointer = nullptr;
      // `model->device()`, `images.device()`, `net.getUsedDevice()`: a device getter of one of the
      // program's objects, which the region calls again where it starts.
      const clang::Expr *root = named;
      bool tensorGetter = false;
      if (const auto *getter = llvm::dyn_cast<clang::CXXMemberCallExpr>(named); getter && isDeviceGetter(getter)) {
        root = objectOf(getter);
        tensorGetter = isTensorType(root->getType());
      }
      while (const auto *member = llvm::dyn_cast<clang::MemberExpr>(root)) {
        if (member->isArrow())
          break;
        root = member->getBase()->IgnoreParenImpCasts();
      }
      const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(root);
      const auto *var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
      // A member of the object whose method holds the loop (`this->device_`, `device_`).
      const auto *ofThis = llvm::dyn_cast<clang::MemberExpr>(root);
      bool member = ofThis && llvm::isa<clang::CXXThisExpr>(ofThis->getBase()->IgnoreParenImpCasts()) &&
                    llvm::isa<clang::FieldDecl>(ofThis->getMemberDecl()) && seesThis(it);
      // A constant (`torch::kCUDA`) is not the program's own variable: the constants below take it.
      if ((!member && (!var || var->isConstexpr() || !visibleAt(it, var, at))) || e->getBeginLoc().isMacroID())
        continue;
      // A tensor moves by assignment (`images = images.to(device)`): where the region starts, its
      // device may still be the one it had before, so only a tensor never assigned is asked.
      if (tensorGetter && evaluator_.isAssigned(member ? ofThis->getMemberDecl() : var))
        continue;
      std::string text = sourceText(e->getSourceRange(), ctx_);
      if (pointer)
        return programExpression(sourceText(pointer->getSourceRange(), ctx_) + "->type()", text,
                                 evaluator_.kindOf(e), e->getBeginLoc());
      if (isRecordNamed(e->getType(), "c10::Device"))
        return programExpression(text + ".type()", text, evaluator_.kindOf(e), e->getBeginLoc());
      if (isDeviceTypeEnum(e->getType()))
        return programExpression(text, text, evaluator_.kindOf(e), e->getBeginLoc());
    }
    for (const clang::VarDecl *var : candidates.variables)
      if (visibleAt(it, var, at))
        return programExpression(var->getName().str() + ".type()", var->getName().str(),
                                 evaluator_.kindOfVariable(var), var->getLocation());
    // Constant devices: where the program moves its tensors and modules.
    const clang::Expr *toCuda = nullptr, *toCpu = nullptr;
    for (const clang::Expr *arg : candidates.moves) {
      DeviceKind kind = evaluator_.kindOf(arg);
      if (kind == DeviceKind::Cuda && !toCuda)
        toCuda = arg;
      if (kind == DeviceKind::Cpu && !toCpu)
        toCpu = arg;
    }
    if (!candidates.cudaCalls.empty() && (!toCuda || sm_.isBeforeInTranslationUnit(candidates.cudaCalls.front()->getBeginLoc(), toCuda->getBeginLoc())))
      toCuda = candidates.cudaCalls.front();
    if (toCuda)
      return {"c10::kCUDA", DeviceKind::Cuda, toCuda->getBeginLoc(),
              "autocast on CUDA: the program moves its tensors or model to CUDA here"};
    if (toCpu)
      return {"c10::kCPU", DeviceKind::Cpu, toCpu->getBeginLoc(),
              "autocast on the CPU (bf16, no loss scaling): the program moves its tensors or model to the CPU "
              "here, and never to CUDA in this function"};
    clang::SourceLocation cuda = evaluator_.cudaUse();
    if (cuda.isValid())
      return {"c10::kCUDA", DeviceKind::Cuda, cuda,
              "autocast on CUDA: no device expression of the program is visible where the region starts, and "
              "the program may reach CUDA here"};
    return {"c10::kCPU", DeviceKind::Cpu, {},
            "autocast on the CPU (bf16, no loss scaling): the program never reaches CUDA (no CUDA device, "
            ".cuda() or torch::cuda call, no device parameter in this translation unit); pass --device=cuda to "
            "migrate it for CUDA"};
  }

private:
  struct Candidates {
    std::vector<const clang::Expr *> moves;         ///< the devices of `.to(...)` calls, then of tensor options
    std::vector<const clang::Expr *> cudaCalls;     ///< `.cuda()` calls
    std::vector<const clang::VarDecl *> variables;  ///< torch::Device locals and parameters
  };

  DeviceDecision programExpression(std::string argument, const std::string &text, DeviceKind kind,
                                   clang::SourceLocation where) {
    std::string what = kind == DeviceKind::Cpu    ? "which is the CPU: autocast on the CPU (bf16, no loss scaling)"
                       : kind == DeviceKind::Cuda ? "which is CUDA: autocast on CUDA"
                       : kind == DeviceKind::Either
                           ? "which is CUDA or the CPU, decided at run time: autocast on that device (fp16 on "
                             "CUDA, bf16 on the CPU)"
                           : "decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)";
    return {std::move(argument), kind, where, "autocast device from the program's `" + text + "`, " + what};
  }

  const Candidates &candidatesOf(const clang::FunctionDecl *fn) {
    auto [known, first] = candidates_.try_emplace(fn);
    Candidates &c = known->second;
    if (!first || !fn)
      return c;
    fn = instantiationOf(fn);
    std::vector<const clang::Expr *> creations;
    findStmt(fn->getBody(), [&](const clang::Stmt *n) {
      if (const auto *call = llvm::dyn_cast<clang::CallExpr>(n)) {
        const auto *callee = call->getDirectCallee();
        llvm::StringRef name = callee && callee->getDeclName().isIdentifier() ? callee->getName() : "";
        if (name == "to" && call->getNumArgs() >= 1)
          c.moves.push_back(call->getArg(0)->IgnoreImplicit());
        // Where it creates them: the device of a tensor option (`torch::TensorOptions().device(device)`,
        // `torch::device(device)`), which `torch::from_blob(..., options)` and the factories take.
        if (name == "device" && call->getNumArgs() == 1 && isRecordNamed(call->getType(), "c10::TensorOptions"))
          creations.push_back(call->getArg(0)->IgnoreImplicit());
        if (name == "cuda" && llvm::isa<clang::CXXMemberCallExpr>(call))
          c.cudaCalls.push_back(call);
      }
      if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(n))
        for (const clang::Decl *d : decls->decls())
          if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d); var && isRecordNamed(var->getType(), "c10::Device"))
            c.variables.push_back(var);
      return false;
    });
    // A move names the device the computation runs on; a creation may be of a buffer kept on the
    // CPU (a replay memory), so the moves are asked first.
    llvm::append_range(c.moves, creations);
    for (const clang::ParmVarDecl *param : fn->parameters())
      if (isRecordNamed(param->getType(), "c10::Device"))
        c.variables.push_back(param);
    return c;
  }

  /// Whether the iteration's code can name the members of `this`: a method, or a lambda in one
  /// that captures it.
  bool seesThis(const TrainingIteration &it) {
    const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(scopeFunction(ctx_, it));
    if (!method || !method->isInstance())
      return false;
    if (!it.lambda || it.lambda->getCaptureDefault() != clang::LCD_None)
      return true;
    return llvm::any_of(it.lambda->explicit_captures(), [](const clang::LambdaCapture &c) { return c.capturesThis(); });
  }

  /// Whether `var` can be named at `at`: a global, a parameter of the function (or of the function
  /// around a lambda that captures by reference), or a local declared before in an enclosing block.
  bool visibleAt(const TrainingIteration &it, const clang::VarDecl *var, const clang::Stmt *at) const {
    if (var->hasGlobalStorage() && !var->isStaticLocal())
      return true;
    if (it.lambda && it.lambda->getCaptureDefault() == clang::LCD_None)
      return false;
    if (llvm::isa<clang::ParmVarDecl>(var))
      return true;
    if (!sm_.isBeforeInTranslationUnit(var->getLocation(), at->getBeginLoc()))
      return false;
    auto parents = ctx_.getParents(*var);
    if (parents.empty())
      return false;
    const auto *declStmt = parents[0].get<clang::DeclStmt>();
    if (!declStmt)
      return false;
    auto blockParents = ctx_.getParents(*declStmt);
    const clang::Stmt *block = blockParents.empty() ? nullptr : blockParents[0].get<clang::Stmt>();
    return block && sm_.isPointWithin(at->getBeginLoc(), block->getBeginLoc(), block->getEndLoc());
  }

  clang::ASTContext &ctx_;
  const clang::SourceManager &sm_;
  DeviceEvaluator evaluator_;
  std::map<const clang::FunctionDecl *, Candidates> candidates_;
};

LoopDevices::LoopDevices(clang::ASTContext &ctx, DeviceChoice choice)
    : choice_(choice), impl_(std::make_unique<Impl>(ctx)) {}
LoopDevices::~LoopDevices() = default;

DeviceDecision LoopDevices::decide(const TrainingIteration &it) {
  if (choice_ == DeviceChoice::Cuda)
    return {"c10::kCUDA", DeviceKind::Cuda, {}, {}};
  if (choice_ == DeviceChoice::Cpu)
    return {"c10::kCPU", DeviceKind::Cpu, {}, {}};
  return impl_->decide(it);
}

} // namespace ampify
