// ampify-linear-unfused-bias: a torch::nn::Linear called under CUDA autocast on input of 3 or
// more dimensions. LibTorch's C++ torch::nn::functional::linear, which LinearImpl::forward runs,
// takes addmm only for 2-D input; otherwise it runs `input.matmul(weight.t())` and then
// `output += bias`. Under autocast the add is a separate, mixed-dtype (fp32 bias onto the fp16
// output), non-vectorised kernel: 17 of them cost 0.89 ms of a 7.8 ms transformer step on an H200.
// torch::linear (at::linear, Python's F.linear) is an autocast op that puts the bias into the
// GEMM's epilogue; the fix-it calls it with the module's weight and bias.
//
// The rank is a lower bound inferred from what the code shows (RankInference below); an input of
// unknown rank gives no finding.
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"
#include "ampify/TrainingLoops.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

/// "No constraint": the value of a variable or function met again while it is being computed
/// (a cycle such as `x = layer->forward(x)`). Every value the program computes comes from values
/// computed before it, so assuming the bound for the cyclic use is sound (induction over the
/// run); a result that stays kInf means nothing is known.
constexpr int kInf = 1 << 16;

int plus(int rank, int delta) { return rank >= kInf ? kInf : std::max(0, rank + delta); }

const Expr *strip(const Expr *e) {
  while (e) {
    const Expr *next = stripWrappers(e)->IgnoreParenImpCasts();
    if (const auto *bind = dyn_cast<CXXBindTemporaryExpr>(next))
      next = bind->getSubExpr();
    if (next == e)
      break;
    e = next;
  }
  return e;
}

/// The user module class a holder, a shared_ptr, a pointer or an object of it names.
const CXXRecordDecl *moduleClassOf(QualType type) {
  if (type.isNull())
    return nullptr;
  type = type.getNonReferenceType().getCanonicalType();
  if (const auto *ptr = type->getAs<PointerType>())
    type = ptr->getPointeeType().getCanonicalType();
  const CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return nullptr;
  if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(record)) {
    llvm::StringRef name = spec->getName();
    if ((name == "shared_ptr" || name == "ModuleHolder") && spec->getTemplateArgs().size() >= 1 &&
        spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
      return moduleClassOf(spec->getTemplateArgs()[0].getAsType());
  }
  for (const CXXBaseSpecifier &base : record->getDefinition()->bases())
    if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            base.getType()->getAsCXXRecordDecl()))
      if (spec->getName() == "ModuleHolder")
        return moduleClassOf(base.getType());
  return record;
}

/// The `forward` defined in the TU of the user module class `record`.
const FunctionDecl *userForward(const CXXRecordDecl *record) {
  if (!record || !record->hasDefinition())
    return nullptr;
  for (const CXXMethodDecl *method : record->getDefinition()->methods())
    if (method->getDeclName().isIdentifier() && method->getName() == "forward" && method->hasBody())
      return method;
  return nullptr;
}

/// The number of entries of a braced size list (`{b, t, d}` as an IntArrayRef), or 0.
int bracedCount(const Expr *e) {
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e))
      e = m->getSubExpr();
    else if (const auto *b = dyn_cast<CXXBindTemporaryExpr>(e))
      e = b->getSubExpr();
    else if (const auto *s = dyn_cast<CXXStdInitializerListExpr>(e))
      e = s->getSubExpr();
    else if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
      if (c->getNumArgs() != 1 ||
          (c->isListInitialization() && !isa<CXXStdInitializerListExpr>(c->getArg(0)->IgnoreImplicit())))
        return 0;
      e = c->getArg(0);
    } else if (const auto *list = dyn_cast<InitListExpr>(e)) {
      for (const Expr *init : list->inits())
        if (!init->getType()->isIntegerType())
          return 0;
      return static_cast<int>(list->getNumInits());
    } else
      return 0;
  }
  return 0;
}

/// A lower bound on the number of dimensions of tensor expressions, from what the TU shows:
/// factories and view/reshape/permute with a braced size list, unsqueeze (+1), an Embedding
/// (+1), shape-keeping modules, methods and functions, broadcasting arithmetic (the larger of
/// the operands), matmul of operands of 2+ dims, `x.size(k)` evaluated before (x has k+1 dims),
/// local variables (every value assigned to them), parameters (every call of the function in
/// the TU) and the returns of the TU's functions and module forwards. 0 is "unknown".
class RankInference {
public:
  RankInference(ASTContext &ctx, llvm::ArrayRef<Decl *> declarations) : ctx_(ctx), declarations_(declarations) {}

  int lowerBound(const Expr *e) {
    budget_ = 20000;
    int r = rank(e, 0);
    return r >= kInf ? 0 : r;
  }

private:
  struct VarUses {
    std::vector<const Expr *> assigned; // `v = e`
    bool escapes = false;               // address taken, bound to a non-const reference, resized in place
    std::vector<std::pair<const Stmt *, int>> sizeEvidence; // (top-level statement, rank) of `v.size(k)`
  };

  int rank(const Expr *e, unsigned depth) {
    if (!e || depth > 24 || budget_ == 0)
      return 0;
    --budget_;
    e = strip(e);
    if (!isTensorType(e->getType()))
      return 0;
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      if (const auto *parm = dyn_cast<ParmVarDecl>(ref->getDecl()))
        return paramRank(parm, e, depth + 1);
      if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
        return varRank(var, e, depth + 1);
      return 0;
    }
    if (const auto *cond = dyn_cast<ConditionalOperator>(e))
      return std::min(rank(cond->getTrueExpr(), depth + 1), rank(cond->getFalseExpr(), depth + 1));
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e))
      return operatorRank(op, depth + 1);
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(e))
      return memberRank(member, depth + 1);
    if (const auto *call = dyn_cast<CallExpr>(e))
      return functionRank(call, depth + 1);
    return 0;
  }

  /// What a module of LibTorch's gives for input `input`.
  int moduleRank(llvm::StringRef kind, const Expr *input, unsigned depth) {
    static const llvm::StringSet<> same = {"Linear",  "LayerNorm", "Dropout", "ReLU",    "GELU",
                                           "SiLU",    "Sigmoid",   "Tanh",    "Identity", "LeakyReLU",
                                           "Softmax", "LogSoftmax", "Mish",   "ELU"};
    if (same.contains(kind))
      return rank(input, depth);
    if (kind == "Embedding")
      return plus(rank(input, depth), 1);
    return 0;
  }

  int operatorRank(const CXXOperatorCallExpr *op, unsigned depth) {
    switch (op->getOperator()) {
    case OO_Call: {
      const Expr *object = op->getArg(0);
      std::string kind = moduleKind(object->getType());
      if (!kind.empty())
        return op->getNumArgs() == 2 ? moduleRank(kind, op->getArg(1), depth) : 0;
      if (const FunctionDecl *forward = userForward(moduleClassOf(object->getType())))
        return returnRank(forward, depth);
      return 0;
    }
    case OO_Plus:
    case OO_Minus:
    case OO_Star:
    case OO_Slash:
      if (op->getNumArgs() == 2)
        return std::max(rank(op->getArg(0), depth), rank(op->getArg(1), depth));
      return op->getNumArgs() == 1 ? rank(op->getArg(0), depth) : 0;
    case OO_Subscript: // tensor[i] selects along dim 0
      return isTensorType(op->getArg(0)->getType()) ? plus(rank(op->getArg(0), depth), -1) : 0;
    default:
      return 0;
    }
  }

  /// Methods and functions of at::/torch:: whose result has the rank of their (first) input.
  static bool keepsRank(llvm::StringRef name) {
    static const llvm::StringSet<> names = {
        "contiguous", "to",        "half",       "float",      "bfloat16",  "double",     "clone",
        "detach",     "cuda",      "cpu",        "relu",       "gelu",      "silu",       "sigmoid",
        "tanh",       "exp",       "log",        "abs",        "neg",       "sqrt",       "rsqrt",
        "pow",        "masked_fill", "softmax",  "log_softmax", "transpose", "swapaxes",  "swapdims",
        "type_as",    "dropout",   "layer_norm", "tril",       "triu",      "clamp",      "clamp_min",
        "clamp_max",  "reciprocal", "narrow",    "leaky_relu", "mish",      "elu",        "square",
        "requires_grad_", "to_dense"};
    return names.contains(name);
  }
  static bool broadcasts(llvm::StringRef name) {
    return name == "add" || name == "sub" || name == "mul" || name == "div" || name == "where";
  }
  /// Factories whose size list is argument `index`.
  static int sizeArgument(llvm::StringRef name) {
    if (name == "randn" || name == "rand" || name == "zeros" || name == "ones" || name == "empty" ||
        name == "full")
      return 0;
    if (name == "randint")
      return 1;
    return -1;
  }

  /// The rank of `name` applied to `self` with `args` (self excluded).
  int opRank(llvm::StringRef name, const Expr *self, llvm::ArrayRef<const Expr *> args, unsigned depth) {
    if (keepsRank(name))
      return rank(self, depth);
    if (name == "view" || name == "reshape" || name == "permute" || name == "expand")
      return args.empty() ? 0 : bracedCount(args[0]);
    if (name == "unsqueeze")
      return plus(rank(self, depth), 1);
    if (name == "select")
      return plus(rank(self, depth), -1);
    if (name == "matmul") {
      if (args.empty())
        return 0;
      int a = rank(self, depth), b = rank(args[0], depth);
      return a >= 2 && b >= 2 ? std::max(a, b) : 0;
    }
    if (broadcasts(name)) {
      int r = rank(self, depth);
      for (const Expr *arg : args)
        if (isTensorType(arg->getType()))
          r = std::max(r, rank(arg, depth));
      return r;
    }
    return 0;
  }

  int memberRank(const CXXMemberCallExpr *call, unsigned depth) {
    const CXXMethodDecl *method = call->getMethodDecl();
    const Expr *object = call->getImplicitObjectArgument();
    if (!method || !object || !method->getDeclName().isIdentifier())
      return 0;
    llvm::StringRef name = method->getName();
    if (name == "forward") {
      std::string kind = moduleKind(object->getType());
      if (!kind.empty())
        return call->getNumArgs() == 1 ? moduleRank(kind, call->getArg(0), depth) : 0;
    }
    if (isTensorType(object->getType())) {
      std::vector<const Expr *> args(call->arg_begin(), call->arg_end());
      return opRank(name, object, args, depth);
    }
    if (method->hasBody() && isUser(method))
      return returnRank(method, depth);
    return 0;
  }

  int functionRank(const CallExpr *call, unsigned depth) {
    const FunctionDecl *fn = call->getDirectCallee();
    if (!fn || !fn->getDeclName().isIdentifier())
      return 0;
    if (fn->hasBody() && isUser(fn))
      return returnRank(fn, depth);
    std::string qualified = fn->getQualifiedNameAsString();
    llvm::StringRef name = fn->getName();
    llvm::StringRef ns = llvm::StringRef(qualified).drop_back(name.size());
    if (ns != "at::" && ns != "torch::" && ns != "torch::nn::functional::")
      return 0;
    if (int index = sizeArgument(name); index >= 0)
      return static_cast<int>(call->getNumArgs()) > index ? bracedCount(call->getArg(index)) : 0;
    if (call->getNumArgs() == 0)
      return 0;
    std::vector<const Expr *> args(call->arg_begin() + 1, call->arg_end());
    if (name == "where") // where(condition, self, other)
      return call->getNumArgs() == 3 ? std::max({rank(call->getArg(0), depth), rank(call->getArg(1), depth),
                                                 rank(call->getArg(2), depth)})
                                     : 0;
    return opRank(name, call->getArg(0), args, depth);
  }

  bool isUser(const Decl *d) const { return !ctx_.getSourceManager().isInSystemHeader(d->getLocation()); }

  int returnRank(const FunctionDecl *fn, unsigned depth) {
    fn = fn->getDefinition() ? fn->getDefinition() : fn;
    if (!fn->hasBody())
      return 0;
    if (!inProgress_.insert(fn).second)
      return kInf;
    int r = kInf;
    bool any = false;
    forEachStmt(fn->getBody(), [&](const Stmt *s) {
      if (const auto *ret = dyn_cast<ReturnStmt>(s)) {
        any = true;
        r = std::min(r, ret->getRetValue() ? rank(ret->getRetValue(), depth) : 0);
      }
    });
    inProgress_.erase(fn);
    return any ? r : 0;
  }

  int paramRank(const ParmVarDecl *parm, const Expr *use, unsigned depth) {
    const auto *fn = dyn_cast_or_null<FunctionDecl>(parm->getDeclContext());
    if (!fn || !fn->hasBody())
      return 0;
    const VarUses &uses = usesOf(parm, fn->getBody());
    if (uses.escapes)
      return 0;
    if (!inProgress_.insert(parm).second)
      return kInf;
    int r = kInf;
    // The arguments of every call of the function in the TU: none, or a function that may be
    // called from elsewhere (virtual, a lambda's), gives unknown.
    const auto *method = dyn_cast<CXXMethodDecl>(fn);
    const std::vector<std::vector<const Expr *>> *calls = callsOf(fn);
    unsigned index = parm->getFunctionScopeIndex();
    if (!calls || calls->empty() || (method && (method->isVirtual() || method->getParent()->isLambda())))
      r = 0;
    else
      for (const std::vector<const Expr *> &args : *calls)
        r = std::min(r, index < args.size() ? rank(args[index], depth) : 0);
    for (const Expr *assigned : uses.assigned)
      r = std::min(r, rank(assigned, depth));
    inProgress_.erase(parm);
    if (uses.assigned.empty())
      r = std::max(r >= kInf ? 0 : r, evidenceBefore(uses, use, fn->getBody()));
    return r;
  }

  int varRank(const VarDecl *var, const Expr *use, unsigned depth) {
    const auto *fn = dyn_cast_or_null<FunctionDecl>(var->getParentFunctionOrMethod());
    if (!fn || !fn->hasBody() || !var->isLocalVarDecl() || var->getType()->isReferenceType())
      return 0;
    const VarUses &uses = usesOf(var, fn->getBody());
    if (uses.escapes)
      return 0;
    if (!inProgress_.insert(var).second)
      return kInf;
    int r = kInf;
    const Expr *init = var->getInit();
    if (const auto *construct = init ? dyn_cast<CXXConstructExpr>(strip(init)) : nullptr;
        construct && construct->getNumArgs() == 0)
      init = nullptr; // `torch::Tensor x;`: undefined, no Linear runs on it
    if (init)
      r = std::min(r, rank(init, depth));
    else if (uses.assigned.empty())
      r = 0;
    for (const Expr *assigned : uses.assigned)
      r = std::min(r, rank(assigned, depth));
    inProgress_.erase(var);
    if (uses.assigned.empty())
      r = std::max(r >= kInf ? 0 : r, evidenceBefore(uses, use, fn->getBody()));
    return r;
  }

  /// `v.size(k)` in a statement of the function's body (not nested in a branch, loop or lambda)
  /// before the one holding `use`: v has k+1 dims there, or the call would have thrown.
  int evidenceBefore(const VarUses &uses, const Expr *use, const Stmt *body) {
    const Stmt *at = topLevelStatement(use, body);
    if (!at)
      return 0;
    int r = 0;
    const auto *compound = cast<CompoundStmt>(body);
    for (const Stmt *s : compound->body()) {
      if (s == at)
        break;
      for (const auto &[where, k] : uses.sizeEvidence)
        if (where == s)
          r = std::max(r, k);
    }
    return r;
  }

  /// The statement of `body` (a compound statement) that holds `e`.
  const Stmt *topLevelStatement(const Expr *e, const Stmt *body) {
    const auto *compound = dyn_cast_or_null<CompoundStmt>(body);
    if (!compound)
      return nullptr;
    DynTypedNode node = DynTypedNode::create(*e);
    for (unsigned steps = 0; steps < 256; ++steps) {
      auto parents = ctx_.getParents(node);
      if (parents.size() != 1)
        return nullptr;
      if (const auto *s = parents[0].get<Stmt>(); s == compound)
        return node.get<Stmt>();
      node = parents[0];
    }
    return nullptr;
  }

  static void forEachStmt(const Stmt *s, const std::function<void(const Stmt *)> &visit) {
    if (!s)
      return;
    visit(s);
    for (const Stmt *child : s->children())
      forEachStmt(child, visit);
  }

  static bool refersTo(const Expr *e, const VarDecl *var) {
    const auto *ref = e ? dyn_cast<DeclRefExpr>(strip(e)) : nullptr;
    return ref && ref->getDecl() == var;
  }

  /// Whether `e` sits, within `top`, only under operands that always run (not the arms of ?:,
  /// the right side of && or ||, a lambda).
  bool unconditionalIn(const Expr *e, const Stmt *top) {
    DynTypedNode node = DynTypedNode::create(*e);
    for (unsigned steps = 0; steps < 256; ++steps) {
      if (node.get<Stmt>() == top)
        return true;
      auto parents = ctx_.getParents(node);
      if (parents.size() != 1)
        return false;
      const Stmt *child = node.get<Stmt>();
      if (const auto *cond = parents[0].get<AbstractConditionalOperator>(); cond && child != cond->getCond())
        return false;
      if (const auto *bin = parents[0].get<BinaryOperator>(); bin && bin->isLogicalOp() && child == bin->getRHS())
        return false;
      if (parents[0].get<LambdaExpr>() || parents[0].get<IfStmt>() || parents[0].get<ForStmt>() ||
          parents[0].get<WhileStmt>() || parents[0].get<DoStmt>() || parents[0].get<CXXForRangeStmt>() ||
          parents[0].get<SwitchStmt>() || parents[0].get<CompoundStmt>())
        return false;
      node = parents[0];
    }
    return false;
  }

  const VarUses &usesOf(const VarDecl *var, const Stmt *body) {
    auto found = uses_.find(var);
    if (found != uses_.end())
      return found->second;
    VarUses uses;
    const auto *compound = dyn_cast<CompoundStmt>(body);
    forEachStmt(body, [&](const Stmt *s) {
      if (const auto *bin = dyn_cast<BinaryOperator>(s)) {
        if (bin->getOpcode() == BO_Assign && refersTo(bin->getLHS(), var))
          uses.assigned.push_back(bin->getRHS());
      } else if (const auto *unary = dyn_cast<UnaryOperator>(s)) {
        if (unary->getOpcode() == UO_AddrOf && refersTo(unary->getSubExpr(), var))
          uses.escapes = true;
      } else if (const auto *lambda = dyn_cast<LambdaExpr>(s)) {
        for (const LambdaCapture &capture : lambda->captures())
          if (capture.capturesVariable() && capture.getCapturedVar() == var &&
              capture.getCaptureKind() == LCK_ByRef)
            uses.escapes = true;
      } else if (const auto *declStmt = dyn_cast<DeclStmt>(s)) {
        for (const Decl *d : declStmt->decls())
          if (const auto *v = dyn_cast<VarDecl>(d);
              v && v->getType()->isReferenceType() && !v->getType().getNonReferenceType().isConstQualified() &&
              refersTo(v->getInit(), var))
            uses.escapes = true;
      }
      if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s)) {
        if (op->getOperator() == OO_Equal && op->getNumArgs() == 2 && refersTo(op->getArg(0), var))
          uses.assigned.push_back(op->getArg(1));
      }
      if (const auto *member = dyn_cast<CXXMemberCallExpr>(s)) {
        const CXXMethodDecl *method = member->getMethodDecl();
        if (method && method->getDeclName().isIdentifier() && refersTo(member->getImplicitObjectArgument(), var)) {
          llvm::StringRef name = method->getName();
          if (name == "squeeze_" || name == "unsqueeze_" || name == "resize_" || name == "resize_as_" ||
              name == "set_" || name == "as_strided_" || name == "swap")
            uses.escapes = true;
          if (name == "size" && member->getNumArgs() == 1 && compound) {
            Expr::EvalResult k;
            const Stmt *top = topLevelStatement(member, compound);
            if (top && member->getArg(0)->EvaluateAsInt(k, ctx_) && unconditionalIn(member, top)) {
              int64_t dim = k.Val.getInt().getExtValue();
              if (dim >= -64 && dim < 64)
                uses.sizeEvidence.push_back({top, static_cast<int>(dim >= 0 ? dim + 1 : -dim)});
            }
          }
        }
      }
      // A non-const lvalue reference parameter may reassign or resize it.
      if (const auto *call = dyn_cast<CallExpr>(s)) {
        const FunctionDecl *fn = call->getDirectCallee();
        unsigned offset = isa<CXXOperatorCallExpr>(call) && isa_and_nonnull<CXXMethodDecl>(fn) ? 1 : 0;
        // A module holder's `m(x)` forwards x to the module's forward: LibTorch's modules take
        // their inputs by value or const reference; a user module's forward says how.
        if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call); op && op->getOperator() == OO_Call) {
          if (!moduleKind(op->getArg(0)->getType()).empty())
            return;
          if (const FunctionDecl *forward = userForward(moduleClassOf(op->getArg(0)->getType())))
            fn = forward;
        }
        for (unsigned i = 0; i < call->getNumArgs(); ++i) {
          if (!refersTo(call->getArg(i), var))
            continue;
          if (!fn) {
            uses.escapes = true;
            continue;
          }
          if (i < offset)
            continue;
          unsigned p = i - offset;
          if (p >= fn->getNumParams()) {
            if (fn->isVariadic() || fn->getPrimaryTemplate() || fn->isTemplateInstantiation())
              uses.escapes = true;
            continue;
          }
          QualType type = fn->getParamDecl(p)->getType();
          if (type->isLValueReferenceType() && !type.getNonReferenceType().isConstQualified())
            uses.escapes = true;
          if (type->isRValueReferenceType() && !isTensorType(type))
            uses.escapes = true;
        }
      }
    });
    return uses_.emplace(var, std::move(uses)).first->second;
  }

  /// The argument lists of every call of `fn` in the TU (module holder calls `m(x)` reach the
  /// module's forward).
  const std::vector<std::vector<const Expr *>> *callsOf(const FunctionDecl *fn) {
    if (!collected_) {
      collected_ = true;
      struct Collector : RecursiveASTVisitor<Collector> {
        RankInference *self;
        bool shouldVisitTemplateInstantiations() const { return true; }
        bool shouldVisitLambdaBody() const { return true; }
        // A function named other than as a call's callee (its address taken, passed on) may
        // be called from anywhere: its parameters are unknown.
        bool VisitDeclRefExpr(DeclRefExpr *ref) {
          if (const auto *fn = dyn_cast<FunctionDecl>(ref->getDecl()))
            ++self->references_[fn->getCanonicalDecl()];
          return true;
        }
        bool VisitCallExpr(CallExpr *call) {
          if (const auto *callee = dyn_cast_or_null<DeclRefExpr>(call->getCallee() ? call->getCallee()->IgnoreParenImpCasts() : nullptr))
            if (const auto *fn = dyn_cast<FunctionDecl>(callee->getDecl()))
              ++self->calledReferences_[fn->getCanonicalDecl()];
          std::vector<const Expr *> args;
          const FunctionDecl *target = nullptr;
          if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call);
              op && op->getOperator() == OO_Call && moduleKind(op->getArg(0)->getType()).empty()) {
            target = userForward(moduleClassOf(op->getArg(0)->getType()));
            if (target)
              args.assign(op->arg_begin() + 1, op->arg_end());
          }
          if (!target) {
            target = call->getDirectCallee();
            if (!target)
              return true;
            unsigned offset =
                isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(target) ? 1 : 0;
            args.assign(call->arg_begin() + offset, call->arg_end());
          }
          self->calls_[target->getCanonicalDecl()].push_back(std::move(args));
          return true;
        }
      } collector;
      collector.self = this;
      for (Decl *d : declarations_)
        collector.TraverseDecl(d);
    }
    const FunctionDecl *canonical = fn->getCanonicalDecl();
    if (references_.lookup(canonical) > calledReferences_.lookup(canonical))
      return nullptr;
    auto found = calls_.find(canonical);
    return found == calls_.end() ? nullptr : &found->second;
  }

  ASTContext &ctx_;
  llvm::ArrayRef<Decl *> declarations_;
  unsigned budget_ = 0;
  llvm::SmallPtrSet<const Decl *, 16> inProgress_;
  std::map<const VarDecl *, VarUses> uses_;
  bool collected_ = false;
  llvm::DenseMap<const FunctionDecl *, std::vector<std::vector<const Expr *>>> calls_;
  llvm::DenseMap<const FunctionDecl *, unsigned> references_, calledReferences_;
};

class LinearUnfusedBiasRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &finder) override {
    followsPrecision();
    finder.addMatcher(cxxOperatorCallExpr(hasOverloadedOperatorName("()"), argumentCountIs(2)).bind("call"), this);
    finder.addMatcher(cxxMemberCallExpr(callee(cxxMethodDecl(hasName("forward"))), argumentCountIs(1)).bind("call"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    // The module as written (`fc1`, `this->head`, `layers[i]`), how its members are reached, and
    // the input.
    const Expr *module = nullptr;
    const char *access = "->";
    const Expr *input = nullptr;
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      module = op->getArg(0);
      input = op->getArg(1);
    } else if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      // LibTorch's LinearImpl::forward, not a forward of a user class derived from it.
      const CXXMethodDecl *method = member->getMethodDecl();
      if (!method || method->getParent()->getName() != "LinearImpl")
        return;
      module = member->getImplicitObjectArgument();
      input = member->getArg(0);
      if (const auto *arrow = dyn_cast<CXXOperatorCallExpr>(module->IgnoreParenImpCasts());
          arrow && arrow->getOperator() == OO_Arrow)
        module = arrow->getArg(0); // holder->forward(x)
      else if (const auto *callee = dyn_cast<MemberExpr>(member->getCallee()); callee && !callee->isArrow())
        access = "."; // impl.forward(x)
    }
    if (!module || !input || moduleKind(module->getType()) != "Linear")
      return;
    const PrecisionFlow &flow = analysis(ctx).flow();
    Region region = flow.regionOf(call);
    if (region.kind != RegionKind::Autocast || !region.cuda || region.lowDtype == Precision::Fp32)
      return;
    // The forward and loss of a training loop not migrated yet are analysed as the region
    // `ampify fix` will open, whose device may turn out to be the CPU: only code already under
    // autocast is reported (`ampify fix` reports this rule's findings on the migrated text).
    for (const TrainingIteration &loop : analysis(ctx).loops().iterations())
      for (const BackwardPass &pass : loop.passes)
        if (!pass.forward.empty() && pass.forward.front()->getBeginLoc() == region.opened)
          return;
    if (!inference_ || inferenceContext_ != &ctx) {
      inference_ = std::make_unique<RankInference>(ctx, analysis(ctx).userDeclarations());
      inferenceContext_ = &ctx;
    }
    int rank = inference_->lowerBound(input);
    if (rank < 3)
      return;

    const SourceManager &sm = ctx.getSourceManager();
    std::string name = sourceText(module->getSourceRange(), ctx);
    const bool simple = repeatable(module) && !name.empty() && name.size() <= 60;
    const std::string shown = simple ? name : "m";
    const std::string low = region.lowDtype == Precision::BFloat16 ? "bf16"
                            : region.lowDtype == Precision::Half  ? "fp16"
                                                                   : "fp16/bf16";
    FindingBuilder finding =
        report(ctx, call->getBeginLoc(),
               "`" + shown + "` gets input of " + std::to_string(rank) +
                   "+ dimensions under CUDA autocast: LibTorch's C++ Linear adds its fp32 bias in a separate "
                   "kernel after the " + low + " matmul (Python's F.linear fuses it into the GEMM); call "
                   "torch::linear(x, " + shown + access + "weight, " + shown + access + "bias)");
    addRegionNote(finding, region);
    const bool inMacro = call->getBeginLoc().isMacroID() || call->getEndLoc().isMacroID() ||
                         input->getBeginLoc().isMacroID() || input->getEndLoc().isMacroID() ||
                         module->getBeginLoc().isMacroID() || module->getEndLoc().isMacroID();
    if (!simple || inMacro || !sm.isWrittenInSameFile(call->getBeginLoc(), call->getEndLoc()))
      return;
    // Two edits around the input, which stays as written: a Linear call inside it (`fc2(gelu(fc1(x)))`)
    // gets its own, and both apply in one pass.
    SourceLocation inputEnd = Lexer::getLocForEndOfToken(input->getEndLoc(), 0, sm, ctx.getLangOpts());
    SourceLocation callEnd = Lexer::getLocForEndOfToken(call->getEndLoc(), 0, sm, ctx.getLangOpts());
    if (inputEnd.isInvalid() || callEnd.isInvalid())
      return;
    finding.replace(CharSourceRange::getCharRange(call->getBeginLoc(), input->getBeginLoc()), "torch::linear(");
    finding.replace(CharSourceRange::getCharRange(inputEnd, callEnd),
                    ", " + name + access + "weight, " + name + access + "bias)");
  }

  void onEndOfTranslationUnit() override {
    inference_.reset();
    inferenceContext_ = nullptr;
  }

private:
  std::unique_ptr<RankInference> inference_;
  const ASTContext *inferenceContext_ = nullptr;
};

} // namespace
} // namespace ampify

using ampify::LinearUnfusedBiasRule;
AMPIFY_RULE_FACTORY(LinearUnfusedBiasRule)
