#include "ampify/TorchApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#include <functional>

namespace ampify {
namespace {

const clang::CXXRecordDecl *recordOf(clang::QualType type) {
  if (type.isNull())
    return nullptr;
  type = type.getNonReferenceType().getCanonicalType();
  if (const auto *ptr = type->getAs<clang::PointerType>())
    type = ptr->getPointeeType().getCanonicalType();
  return type->getAsCXXRecordDecl();
}

bool inNamespace(const clang::Decl *d, llvm::StringRef qualified) {
  const auto *ns = llvm::dyn_cast_or_null<clang::NamespaceDecl>(d->getDeclContext()->getEnclosingNamespaceContext());
  return ns && ns->getQualifiedNameAsString() == qualified;
}

/// The module class a holder holds: NetImpl of torch::nn::ModuleHolder<NetImpl>, or of the
/// TORCH_MODULE(Net) class that derives from it alone. Null for other classes.
const clang::CXXRecordDecl *heldModule(const clang::CXXRecordDecl *record) {
  if (!record || !record->hasDefinition())
    return nullptr;
  record = record->getDefinition();
  const auto *holder = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
  if (!holder && record->getNumBases() == 1)
    holder = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
        record->bases_begin()->getType()->getAsCXXRecordDecl());
  if (!holder || holder->getName() != "ModuleHolder" || !inNamespace(holder, "torch::nn") ||
      holder->getTemplateArgs().size() < 1 || holder->getTemplateArgs()[0].getKind() != clang::TemplateArgument::Type)
    return nullptr;
  return recordOf(holder->getTemplateArgs()[0].getAsType());
}

/// "LinearImpl" -> "Linear" for records in torch::nn.
std::string kindFromImpl(const clang::CXXRecordDecl *impl) {
  if (!impl || !inNamespace(impl, "torch::nn"))
    return {};
  llvm::StringRef name = impl->getName();
  if (!name.consume_back("Impl"))
    return {};
  return name.str();
}

} // namespace

bool isTensorType(clang::QualType type) {
  const clang::CXXRecordDecl *record = recordOf(type);
  if (!record || type.getNonReferenceType()->isPointerType())
    return false;
  return record->getName() == "Tensor" && inNamespace(record, "at");
}

/// The torch::nn `...Impl` class that `type` is or holds (LinearImpl for torch::nn::Linear, a
/// ModuleHolder<LinearImpl>, or a (shared) pointer to either); null for other types.
static const clang::CXXRecordDecl *moduleImpl(clang::QualType type) {
  const clang::CXXRecordDecl *record = recordOf(type);
  if (!record || !record->hasDefinition())
    return nullptr;
  // std::shared_ptr<LinearImpl>
  if (const auto *spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record)) {
    if (spec->getQualifiedNameAsString() == "std::shared_ptr" && spec->getTemplateArgs().size() >= 1)
      return moduleImpl(spec->getTemplateArgs()[0].getAsType());
    if (spec->getName() == "ModuleHolder" && inNamespace(spec, "torch::nn") &&
        spec->getTemplateArgs().size() >= 1) {
      const clang::CXXRecordDecl *impl = recordOf(spec->getTemplateArgs()[0].getAsType());
      return kindFromImpl(impl).empty() ? nullptr : impl;
    }
  }
  if (!kindFromImpl(record).empty())
    return record;
  // TORCH_MODULE(Linear) declares `class Linear : public ModuleHolder<LinearImpl>`.
  for (const clang::CXXBaseSpecifier &base : record->getDefinition()->bases())
    if (const clang::CXXRecordDecl *impl = moduleImpl(base.getType()))
      return impl;
  return nullptr;
}

std::string moduleKind(clang::QualType type) { return kindFromImpl(moduleImpl(type)); }

/// Whether `arg` passes no tensor: a default argument, `{}` or `torch::Tensor()`.
static bool isUndefinedTensorArgument(const clang::Expr *arg) {
  if (llvm::isa<clang::CXXDefaultArgExpr>(arg))
    return true;
  arg = stripWrappers(arg);
  if (const auto *list = llvm::dyn_cast<clang::InitListExpr>(arg)) {
    // `{}` as written (an aggregate's semantic form lists its bases' empty initialisers)
    const clang::InitListExpr *written = list->getSyntacticForm() ? list->getSyntacticForm() : list;
    return written->getNumInits() == 0;
  }
  if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(arg))
    return construct->getNumArgs() == 0;
  return llvm::isa<clang::ImplicitValueInitExpr>(arg);
}

std::string givenKeyPaddingMask(const clang::CallExpr *call, clang::QualType moduleType) {
  const clang::CXXRecordDecl *impl = moduleImpl(moduleType);
  if (!impl)
    return {};
  // `mha->forward(q, k, v, mask)` names the forward it calls; `mha(q, k, v, mask)` goes through
  // ModuleHolder's variadic operator(), whose arguments follow the module and reach forward.
  const clang::FunctionDecl *forward = nullptr;
  unsigned firstArgument = 0;
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
    forward = member->getDirectCallee();
    if (!forward || forward->getName() != "forward")
      return {};
  } else if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call)) {
    if (op->getOperator() != clang::OO_Call)
      return {};
    firstArgument = 1;
    for (const clang::CXXMethodDecl *method : impl->methods())
      if (method->getName() == "forward")
        forward = method;
  }
  if (!forward)
    return {};
  for (unsigned i = 0; i < forward->getNumParams() && firstArgument + i < call->getNumArgs(); ++i) {
    const clang::ParmVarDecl *param = forward->getParamDecl(i);
    if (param->getIdentifier() && param->getName().ends_with("key_padding_mask") &&
        !isUndefinedTensorArgument(call->getArg(firstArgument + i)))
      return param->getName().str();
  }
  return {};
}

std::string calleeName(const clang::CallExpr *call) {
  if (const clang::FunctionDecl *fn = call ? call->getDirectCallee() : nullptr)
    return fn->getQualifiedNameAsString();
  return {};
}

bool isTensorVector(clang::QualType type) {
  if (containerKind(type) != "vector")
    return false;
  const auto *spec = llvm::cast<clang::ClassTemplateSpecializationDecl>(
      type.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  return spec->getTemplateArgs().size() >= 1 && spec->getTemplateArgs()[0].getKind() == clang::TemplateArgument::Type &&
         isTensorType(spec->getTemplateArgs()[0].getAsType());
}

std::string containerKind(clang::QualType type) {
  if (type.isNull())
    return {};
  const auto *spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
      type.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (!spec)
    return {};
  llvm::StringRef name = spec->getName();
  bool std = spec->isInStdNamespace() && llvm::is_contained({"pair", "tuple", "vector", "optional"}, name);
  bool c10 = inNamespace(spec, "c10") && llvm::is_contained({"optional", "ArrayRef", "IListRef"}, name);
  return std || c10 ? name.str() : std::string();
}

const clang::Expr *stripWrappers(const clang::Expr *e) {
  while (e) {
    const clang::Expr *next = e->IgnoreImplicit()->IgnoreParens();
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(next))
      if (construct->getNumArgs() == 1 && construct->getConstructor()->isCopyOrMoveConstructor())
        next = construct->getArg(0);
    // `torch::Tensor scores{expr}`, `int64_t dim{expr}`: the braces hold the value itself (C++17
    // elides the copy), unlike an aggregate's list, whose one element is its first field.
    if (const auto *list = llvm::dyn_cast<clang::InitListExpr>(next))
      if (list->getNumInits() == 1 && (list->getType()->isScalarType() ||
                                       list->getType().getCanonicalType().getUnqualifiedType() ==
                                           list->getInit(0)->getType().getCanonicalType().getUnqualifiedType()))
        next = list->getInit(0);
    if (next == e)
      return e;
    e = next;
  }
  return e;
}

/// Tensor methods that always compute a new tensor (never a view of, or the object itself).
static bool computesNewTensor(llvm::StringRef method) {
  static const llvm::StringSet<> names = {"add", "sub", "mul", "div", "neg", "abs", "exp", "log", "pow", "sqrt",
                                          "rsqrt", "reciprocal", "square", "sigmoid", "tanh", "relu", "softmax",
                                          "log_softmax", "matmul", "mm", "bmm", "sum", "mean", "clamp", "sin",
                                          "cos", "clone"};
  return names.contains(method);
}

const clang::ValueDecl *storageOwner(const clang::Expr *e) {
  for (int depth = 0; e && depth < 32; ++depth) {
    e = stripWrappers(e);
    if (const auto *method = llvm::dyn_cast<clang::CXXMemberCallExpr>(e);
        method && method->getMethodDecl() && computesNewTensor(method->getMethodDecl()->getName()))
      return nullptr;
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
      return ref->getDecl();
    if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e))
      return member->getMemberDecl();
    if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e); op && op->getOperator() == clang::OO_Subscript)
      e = op->getArg(0);
    else if (const auto *method = llvm::dyn_cast<clang::CXXMemberCallExpr>(e);
             method && isTensorType(method->getImplicitObjectArgument()->getType()))
      e = method->getImplicitObjectArgument();
    else
      return nullptr;
  }
  return nullptr;
}

/// An expression that can be written twice in a fix (no side effects): a variable, a member (of
/// `this` or of such an expression), an element at a constant or variable index.
bool repeatable(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (llvm::isa<clang::DeclRefExpr>(e) || llvm::isa<clang::CXXThisExpr>(e))
    return true;
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e))
    return repeatable(member->getBase());
  if (const auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
    return repeatable(sub->getBase()) && repeatable(sub->getIdx());
  if (llvm::isa<clang::IntegerLiteral>(e))
    return true;
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e); op && op->getOperator() == clang::OO_Subscript)
    return repeatable(op->getArg(0)) && repeatable(op->getArg(1));
  return false;
}

const clang::Expr *sigmoidOperand(const clang::Expr *e) {
  const auto *call = llvm::dyn_cast_or_null<clang::CallExpr>(stripWrappers(e));
  if (!call)
    return nullptr;
  std::string name = calleeName(call);
  if (name == "at::sigmoid" && writtenArgCount(call) == 1)
    return call->getArg(0);
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call))
    if (name == "at::Tensor::sigmoid" && writtenArgCount(call) == 0)
      return member->getImplicitObjectArgument();
  return nullptr;
}

const clang::CXXConstructorDecl *forwardedConstructor(const clang::CXXRecordDecl *record,
                                                      llvm::ArrayRef<const clang::Expr *> args) {
  if (!record || !(record = record->getDefinition()))
    return nullptr;
  const clang::CXXConstructorDecl *found = nullptr;
  for (const clang::CXXConstructorDecl *ctor : record->ctors()) {
    if (ctor->isCopyOrMoveConstructor() || ctor->isDeleted() || ctor->getMinRequiredArguments() > args.size() ||
        ctor->getNumParams() < args.size())
      continue;
    if (!args.empty() && ctor->getNumParams() > 0) {
      bool argIsInteger = args[0]->IgnoreImplicit()->getType()->isIntegralOrEnumerationType();
      // `const int &hidden` takes an integer as `int hidden` does.
      bool paramIsInteger = ctor->getParamDecl(0)->getType().getNonReferenceType()->isIntegralOrEnumerationType();
      if (argIsInteger != paramIsInteger)
        continue;
    }
    if (found)
      return nullptr;
    found = ctor;
  }
  return found;
}

const clang::CXXConstructorDecl *moduleHolderTarget(const clang::CXXConstructExpr *construct) {
  const clang::CXXConstructorDecl *ctor = construct->getConstructor();
  if (ctor->isInheritingConstructor())
    ctor = ctor->getInheritedConstructor().getConstructor();
  // TORCH_MODULE(Net)'s class default-constructs its ModuleHolder base in its implicit
  // constructor; its other constructors are its own.
  if (!llvm::isa<clang::ClassTemplateSpecializationDecl>(ctor->getParent()) &&
      !(ctor->isDefaultConstructor() && !ctor->isUserProvided()))
    return nullptr;
  // The variadic constructor forwards its arguments; the default one (`Net net;`) builds NetImpl
  // with none, through NetImpl's default arguments.
  bool forwards = ctor->getPrimaryTemplate() && construct->getNumArgs() > 0;
  bool defaults = !ctor->getPrimaryTemplate() && ctor->isDefaultConstructor();
  const clang::CXXRecordDecl *held = heldModule(ctor->getParent());
  if (!held || !(forwards || defaults))
    return nullptr;
  llvm::ArrayRef<const clang::Expr *> args(construct->getArgs(), construct->getNumArgs());
  return forwardedConstructor(held, args);
}

const clang::CXXConstructorDecl *madeObjectConstructor(const clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  if (!callee || !callee->isInStdNamespace() || !callee->getIdentifier() ||
      (callee->getName() != "make_shared" && callee->getName() != "make_unique"))
    return nullptr;
  const clang::TemplateArgumentList *targs = callee->getTemplateSpecializationArgs();
  if (!targs || targs->size() < 1 || targs->get(0).getKind() != clang::TemplateArgument::Type)
    return nullptr;
  llvm::ArrayRef<const clang::Expr *> args(call->getArgs(), call->getNumArgs());
  const clang::CXXRecordDecl *made = targs->get(0).getAsType()->getAsCXXRecordDecl();
  // `std::make_shared<Net>(3, 100)` of a TORCH_MODULE holder: its constructor forwards to NetImpl's.
  if (const clang::CXXRecordDecl *held = heldModule(made))
    made = held;
  return forwardedConstructor(made, args);
}

unsigned writtenArgCount(const clang::CallExpr *call) {
  unsigned n = 0;
  for (const clang::Expr *arg : call->arguments())
    if (!llvm::isa<clang::CXXDefaultArgExpr>(arg))
      ++n;
  return n;
}

bool referencesAny(const clang::Stmt *s, llvm::ArrayRef<const clang::VarDecl *> vars) {
  if (!s)
    return false;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(s); ref && llvm::is_contained(vars, ref->getDecl()))
    return true;
  return llvm::any_of(s->children(), [&](const clang::Stmt *child) { return referencesAny(child, vars); });
}

bool insideRunInFp32(const clang::Stmt *s, clang::ASTContext &ctx) {
  bool inLambda = false;
  clang::DynTypedNodeList parents = ctx.getParents(*s);
  while (!parents.empty()) {
    const clang::DynTypedNode &parent = parents[0];
    if (parent.get<clang::LambdaExpr>())
      inLambda = true;
    else if (const auto *call = parent.get<clang::CallExpr>(); call && inLambda)
      return calleeName(call) == "ampify::run_in_fp32";
    parents = ctx.getParents(parent);
  }
  return false;
}

std::string sourceText(clang::SourceRange tokenRange, const clang::ASTContext &ctx) {
  return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(tokenRange), ctx.getSourceManager(),
                                     ctx.getLangOpts())
      .str();
}

/// Whether `e` is in the code of a template: a function template, a member of a class template,
/// or an instantiation of either (whose text is the template's).
static bool inTemplate(const clang::Expr *e, clang::ASTContext &ctx) {
  clang::DynTypedNodeList parents = ctx.getParents(*e);
  for (int depth = 0; !parents.empty() && depth < 64; ++depth) {
    if (const auto *fn = parents[0].get<clang::FunctionDecl>())
      return fn->isTemplated() || fn->getTemplateInstantiationPattern() != nullptr ||
             fn->getDeclContext()->isDependentContext();
    parents = ctx.getParents(parents[0]);
  }
  return false;
}

std::optional<SourceEdit> runInFp32(const clang::CallExpr *call, clang::ASTContext &ctx) {
  const clang::Expr *callee = call->getCallee();
  unsigned firstArg = 0;
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call)) {
    if (op->getOperator() != clang::OO_Call || op->getNumArgs() == 0)
      return std::nullopt;
    callee = op->getArg(0); // the module: `criterion(out, y)`
    firstArg = 1;
  }
  if (call->getBeginLoc().isMacroID() || call->getEndLoc().isMacroID() || callee->getBeginLoc().isMacroID())
    return std::nullopt;
  std::string text = "ampify::run_in_fp32([&](auto &&...ampify_args) { return " +
                     sourceText(callee->getSourceRange(), ctx) + "(ampify_args...); }";
  // The arguments as written, from the first to the last given (comments and line breaks kept).
  unsigned end = firstArg;
  while (end < call->getNumArgs() && !llvm::isa<clang::CXXDefaultArgExpr>(call->getArg(end)))
    ++end;
  // A braced argument (`{}` for BCE's weight) has no type of its own, so it cannot be forwarded
  // through the lambda's parameter pack: it is written with its parameter's type.
  const clang::FunctionDecl *function = call->getDirectCallee();
  auto bracedArgumentType = [&](unsigned arg) -> std::string {
    std::string written = sourceText(call->getArg(arg)->getSourceRange(), ctx);
    if (!function || written.empty() || written.front() != '{')
      return "";
    // A member operator() takes the module as its first argument, not as a parameter.
    unsigned param = llvm::isa<clang::CXXOperatorCallExpr>(call) && llvm::isa<clang::CXXMethodDecl>(function) ? arg - 1 : arg;
    if (param >= function->getNumParams())
      return "";
    return clang::TypeName::getFullyQualifiedName(
        function->getParamDecl(param)->getType().getNonReferenceType().getUnqualifiedType(), ctx,
        ctx.getPrintingPolicy());
  };
  bool braced = false;
  std::string oneByOne;
  for (unsigned arg = firstArg; arg < end; ++arg) {
    std::string type = bracedArgumentType(arg);
    braced |= !type.empty();
    oneByOne += ", " + type + sourceText(call->getArg(arg)->getSourceRange(), ctx);
  }
  if (braced)
    text += oneByOne;
  else if (end > firstArg) // as written, comments and line breaks kept
    text += ", " + sourceText(clang::SourceRange(call->getArg(firstArg)->getBeginLoc(),
                                                 call->getArg(end - 1)->getEndLoc()),
                              ctx);
  text += ")";
  // In a template the generic lambda makes the result's type dependent, and code after it
  // (`loss.item<float>()`) would then need `template`: the tensor keeps its type.
  if (inTemplate(call, ctx) && isTensorType(call->getType()))
    text = "torch::Tensor(" + text + ")";
  return SourceEdit{clang::CharSourceRange::getTokenRange(call->getSourceRange()), text};
}

LogitsRewrite logitsRewrite(const clang::CallExpr *call, clang::ASTContext &ctx) {
  using namespace clang;
  const SourceManager &sm = ctx.getSourceManager();
  LogitsRewrite rewrite;
  std::string callee = calleeName(call);
  if (callee != "at::binary_cross_entropy" && callee != "torch::nn::functional::binary_cross_entropy") {
    rewrite.whyNotLoc = call->getBeginLoc();
    rewrite.whyNot = "use torch::nn::BCEWithLogitsLoss and pass it the logits (the input before its sigmoid)";
    return rewrite;
  }
  const auto *ref = dyn_cast<DeclRefExpr>(call->getCallee()->IgnoreImpCasts());
  const Expr *logits = call->getNumArgs() >= 1 ? sigmoidOperand(call->getArg(0)) : nullptr;
  if (!logits || !ref) {
    rewrite.whyNotLoc = call->getNumArgs() >= 1 ? call->getArg(0)->getBeginLoc() : call->getBeginLoc();
    rewrite.whyNot = "pass the logits (the input before its sigmoid) to binary_cross_entropy_with_logits, "
                     "which is safe under autocast";
    return rewrite;
  }
  std::vector<SourceEdit> edits;
  SourceLocation nameLoc = ref->getNameInfo().getLoc();
  edits.push_back({CharSourceRange::getTokenRange(nameLoc), "binary_cross_entropy_with_logits"});
  edits.push_back({CharSourceRange::getTokenRange(call->getArg(0)->getSourceRange()), sourceText(logits->getSourceRange(), ctx)});
  bool functional = callee == "torch::nn::functional::binary_cross_entropy";
  unsigned written = writtenArgCount(call);
  if (!functional && written >= 4) {
    // at::binary_cross_entropy(self, target, weight, reduction): the logits form takes
    // pos_weight between weight and reduction.
    SourceLocation end = Lexer::getLocForEndOfToken(call->getArg(2)->getEndLoc(), 0, sm, ctx.getLangOpts());
    edits.push_back({CharSourceRange::getCharRange(end, end), ", /*pos_weight=*/{}"});
  }
  if (functional && written >= 3) {
    const Expr *options = call->getArg(2);
    llvm::StringRef from = "BinaryCrossEntropyFuncOptions";
    size_t at = sourceText(options->getSourceRange(), ctx).find(from.str());
    if (at == std::string::npos) {
      rewrite.whyNotLoc = options->getBeginLoc();
      rewrite.whyNot = "these options must become BinaryCrossEntropyWithLogitsFuncOptions";
      return rewrite;
    }
    SourceLocation fromLoc = options->getBeginLoc().getLocWithOffset(at);
    edits.push_back({CharSourceRange::getCharRange(fromLoc, fromLoc.getLocWithOffset(from.size())),
                     "BinaryCrossEntropyWithLogitsFuncOptions"});
  }
  for (const SourceEdit &edit : edits)
    if (edit.range.getBegin().isMacroID() || edit.range.getEnd().isMacroID() || edit.range.isInvalid()) {
      rewrite.whyNotLoc = call->getBeginLoc();
      rewrite.whyNot = "the call is written in a macro: change it to binary_cross_entropy_with_logits "
                       "on the logits by hand";
      return rewrite;
    }
  rewrite.edits = std::move(edits);
  return rewrite;
}

namespace {

/// The module class behind a holder (ModuleHolder<XImpl>, TORCH_MODULE's subclass), a
/// shared_ptr<XImpl> or XImpl itself, if it derives from torch::nn::Module.
const clang::CXXRecordDecl *moduleClass(clang::QualType type, int depth = 0) {
  const clang::CXXRecordDecl *record = recordOf(type);
  if (!record || !record->hasDefinition() || depth > 4)
    return nullptr;
  record = record->getDefinition();
  if (const auto *spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record)) {
    if ((spec->getQualifiedNameAsString() == "std::shared_ptr" ||
         (spec->getName() == "ModuleHolder" && inNamespace(spec, "torch::nn"))) &&
        spec->getTemplateArgs().size() >= 1 && spec->getTemplateArgs()[0].getKind() == clang::TemplateArgument::Type)
      return moduleClass(spec->getTemplateArgs()[0].getAsType(), depth + 1);
  }
  for (const clang::CXXBaseSpecifier &base : record->bases()) {
    const clang::CXXRecordDecl *b = recordOf(base.getType());
    if (!b)
      continue;
    if (b->getName() == "Module" && inNamespace(b, "torch::nn"))
      return record;
    if (const auto *spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(b);
        spec && spec->getName() == "ModuleHolder")
      return moduleClass(base.getType(), depth + 1);  // TORCH_MODULE(X): X : ModuleHolder<XImpl>
    if (const clang::CXXRecordDecl *viaBase = moduleClass(base.getType(), depth + 1))
      return viaBase == b ? record : viaBase;  // Cloneable<XImpl> and other Module subclasses
  }
  return nullptr;
}

/// torch::nn::Module's own methods (to(), parameters(), ...) and those of its subclasses.
bool isModuleMethod(const clang::CXXMethodDecl *method) {
  const clang::CXXRecordDecl *parent = method->getParent();
  return (parent->getName() == "Module" && inNamespace(parent, "torch::nn")) ||
         moduleClass(clang::QualType(parent->getTypeForDecl(), 0)) != nullptr;
}

/// Calls `visit` on `record` and on the module classes of its fields, `depth` levels down.
void forEachModuleClass(const clang::CXXRecordDecl *record, int depth,
                        llvm::function_ref<void(const clang::CXXRecordDecl *)> visit) {
  if (!record)
    return;
  visit(record);
  if (depth == 0)
    return;
  for (const clang::FieldDecl *field : record->fields())
    if (const clang::CXXRecordDecl *sub = moduleClass(field->getType()); sub && sub != record)
      forEachModuleClass(sub, depth - 1, visit);
}

bool anyStmt(const clang::Stmt *s, llvm::function_ref<bool(const clang::Stmt *)> pred) {
  if (!s)
    return false;
  if (pred(s))
    return true;
  for (const clang::Stmt *child : s->children())
    if (anyStmt(child, pred))
      return true;
  return false;
}

} // namespace

ForwardCall forwardCallOf(const clang::CallExpr *call) {
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
    if (!member->getMethodDecl() || member->getMethodDecl()->getName() != "forward")
      return {};
    return {member->getImplicitObjectArgument(), member->getNumArgs() >= 1 ? member->getArg(0) : nullptr};
  }
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call); op && op->getOperator() == clang::OO_Call)
    return {op->getArg(0), op->getNumArgs() >= 2 ? op->getArg(1) : nullptr};
  return {};
}

bool runsModule(const clang::Stmt *s, unsigned depth) {
  return anyStmt(s, [&](const clang::Stmt *n) {
    const auto *call = llvm::dyn_cast<clang::CallExpr>(n);
    if (!call)
      return false;
    if (const clang::Expr *object = forwardCallOf(call).object; object && moduleClass(object->getType()))
      return true;
    const clang::FunctionDecl *callee = call->getDirectCallee();
    // A method another file defines, of a module or of a class that holds one (`env->step()` of
    // an environment holding the policy): it may run it.
    if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call); member && callee && !callee->hasBody())
      if (const clang::CXXRecordDecl *object = recordOf(member->getImplicitObjectArgument()->getType());
          object && object->hasDefinition() &&
          (moduleClass(clang::QualType(object->getTypeForDecl(), 0)) ||
           llvm::any_of(object->getDefinition()->fields(),
                        [](const clang::FieldDecl *field) { return moduleClass(field->getType()) != nullptr; })))
        return true;
    return depth > 0 && callee && callee->hasBody() && runsModule(callee->getBody(), depth - 1);
  });
}

namespace {

/// The body of the callable `e` names: a lambda, a variable initialised with one, or a function.
const clang::Stmt *callableBody(const clang::Expr *e) {
  e = e->IgnoreImplicit()->IgnoreParens();
  if (const auto *address = llvm::dyn_cast<clang::UnaryOperator>(e); address && address->getOpcode() == clang::UO_AddrOf)
    e = address->getSubExpr()->IgnoreParens();
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(e))
    return lambda->getBody();
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e);
  if (!ref)
    return nullptr;
  if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
    if (const clang::Expr *init = var->getInit())
      if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(init->IgnoreImplicit()->IgnoreParens()))
        return lambda->getBody();
  if (const auto *function = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl()))
    return function->hasBody() ? function->getBody() : nullptr;
  return nullptr;
}

bool isStdThread(clang::QualType type) {
  const clang::CXXRecordDecl *record = recordOf(type);
  return record && (record->getName() == "thread" || record->getName() == "jthread") && inNamespace(record, "std");
}

} // namespace

std::optional<ThreadStart> threadStart(const clang::Stmt *s) {
  if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(s);
      construct && isStdThread(construct->getType()) && construct->getNumArgs() >= 1 &&
      !construct->getConstructor()->isCopyOrMoveConstructor())
    return ThreadStart{callableBody(construct->getArg(0))};
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(s); member && member->getMethodDecl()) {
    llvm::StringRef name = member->getMethodDecl()->getName();
    const auto *container = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
        recordOf(member->getImplicitObjectArgument()->getType()));
    if ((name == "emplace_back" || name == "emplace") && container && member->getNumArgs() >= 1 &&
        container->getTemplateArgs().size() >= 1 &&
        container->getTemplateArgs()[0].getKind() == clang::TemplateArgument::Type &&
        isStdThread(container->getTemplateArgs()[0].getAsType()))
      return ThreadStart{callableBody(member->getArg(0))};
  }
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s); call && call->getDirectCallee()) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (callee->getName() == "async" && inNamespace(callee, "std"))
      for (const clang::Expr *arg : call->arguments()) {
        const clang::CXXRecordDecl *policy = recordOf(arg->getType());
        if (arg->getType()->isEnumeralType() || (policy && policy->getName() == "launch"))
          continue; // std::launch::async
        return ThreadStart{callableBody(arg)};
      }
  }
  return std::nullopt;
}

namespace {

/// The variable or field an object expression names: `model` in `model->f()`, `model.f()`,
/// `this->model->f()`; `arrow` says whether it was written with `->`.
const clang::ValueDecl *objectDecl(const clang::Expr *object) {
  object = stripWrappers(object);
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(object);
      op && op->getOperator() == clang::OO_Arrow && op->getNumArgs() >= 1)
    object = stripWrappers(op->getArg(0));
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(object))
    return ref->getDecl();
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(object))
    return member->getMemberDecl();
  return nullptr;
}

} // namespace

ChannelsLastPlan channelsLastPlan(const clang::CallExpr *forward, const clang::FunctionDecl *function,
                                  clang::ASTContext &ctx) {
  ChannelsLastPlan plan;
  if (!forward || !function || !function->hasBody() || forward->getBeginLoc().isMacroID())
    return plan;
  auto [object, input] = forwardCallOf(forward);
  const clang::ValueDecl *decl = object ? objectDecl(object) : nullptr;
  if (!decl || !input || !isTensorType(input->getType()))
    return plan;
  const clang::CXXRecordDecl *model = moduleClass(decl->getType());
  if (!model)
    return plan;
  // A `.view()` of an activation fails on channels_last tensors (they are not contiguous in NCHW
  // order), so the model's code, and the functions it calls, must be seen to have none: a method
  // or a function that another file defines leaves the model as it is.
  const clang::SourceManager &sm = ctx.getSourceManager();
  bool conv2d = false, views = false;
  const clang::FunctionDecl *unseen = nullptr;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 16> seen;
  std::function<void(const clang::FunctionDecl *, unsigned)> scan = [&](const clang::FunctionDecl *fn, unsigned depth) {
    if (!fn || !seen.insert(fn->getCanonicalDecl()).second || sm.isInSystemHeader(sm.getFileLoc(fn->getLocation())))
      return;
    const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn);
    if (fn->isImplicit() || fn->isDeleted() || fn->isDefaulted() || (method && method->isPureVirtual()) ||
        llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(fn))
      return;
    const clang::Stmt *body = fn->getBody();
    if (!body) {
      unseen = unseen ? unseen : fn;
      return;
    }
    // The callees are scanned from inside this walk: `views` is only ever set, never reset.
    if (anyStmt(body, [&](const clang::Stmt *s) {
          const auto *call = llvm::dyn_cast<clang::CallExpr>(s);
          if (!call)
            return false;
          const std::string name = calleeName(call); // at::Tensor::view (at::TensorBase in the mocks)
          if (llvm::StringRef(name).starts_with("at::Tensor") && llvm::StringRef(name).ends_with("::view"))
            return true;
          if (depth > 0)
            scan(call->getDirectCallee(), depth - 1);
          return false;
        }))
      views = true;
  };
  forEachModuleClass(model, 3, [&](const clang::CXXRecordDecl *record) {
    if (kindFromImpl(record) == "Conv2d")
      conv2d = true;
    for (const clang::FieldDecl *field : record->fields())
      if (moduleKind(field->getType()) == "Conv2d")
        conv2d = true;
    for (const clang::CXXMethodDecl *method : record->methods())
      scan(method, 2);
  });
  if (!conv2d)
    return plan;
  plan.unseen = unseen;
  const clang::Stmt *body = function->getBody();
  const bool already = anyStmt(body, [](const clang::Stmt *s) {
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(s))
      return ref->getDecl()->getName() == "ChannelsLast" || ref->getDecl()->getName() == "to_channels_last";
    return false;
  });
  if (unseen || views || already)
    return plan;
  plan.model = decl;

  const clang::LangOptions &lang = ctx.getLangOpts();
  // The input: x -> x.contiguous(torch::MemoryFormat::ChannelsLast); a + b -> (a + b).contiguous(...)
  const clang::Expr *written = stripWrappers(input);
  const std::string suffix = ".contiguous(torch::MemoryFormat::ChannelsLast)";
  clang::SourceLocation inputEnd = clang::Lexer::getLocForEndOfToken(written->getEndLoc(), 0, sm, lang);
  if (written->getBeginLoc().isMacroID() || inputEnd.isInvalid())
    return plan;
  const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(written);
  const bool postfix = op ? op->getOperator() == clang::OO_Call || op->getOperator() == clang::OO_Subscript
                          : llvm::isa<clang::DeclRefExpr, clang::MemberExpr, clang::CallExpr, clang::ParenExpr,
                                      clang::ArraySubscriptExpr>(written);
  if (!postfix)
    plan.inputEdits.push_back({clang::CharSourceRange::getCharRange(written->getBeginLoc(), written->getBeginLoc()), "("});
  plan.inputEdits.push_back({clang::CharSourceRange::getCharRange(inputEnd, inputEnd), (postfix ? "" : ")") + suffix});

  // The model: after `model->to(device);` (the last one before the forward call), once.
  const clang::CXXMemberCallExpr *to = nullptr;
  anyStmt(body, [&](const clang::Stmt *s) {
    const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(s);
    if (call && call->getMethodDecl() && call->getMethodDecl()->getName() == "to" &&
        isModuleMethod(call->getMethodDecl()) && objectDecl(call->getImplicitObjectArgument()) == decl &&
        sm.isBeforeInTranslationUnit(call->getBeginLoc(), forward->getBeginLoc()))
      to = call;
    return false;
  });
  if (!to || to->getBeginLoc().isMacroID())
    return plan;
  clang::SourceLocation afterSemi =
      clang::Lexer::findLocationAfterToken(to->getEndLoc(), clang::tok::semi, sm, lang, false);
  if (afterSemi.isInvalid())
    return plan;
  const auto *toMember = llvm::dyn_cast<clang::MemberExpr>(to->getCallee()->IgnoreImplicit());
  const clang::Expr *toObject = to->getImplicitObjectArgument()->IgnoreImplicit();
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(toObject); op && op->getOperator() == clang::OO_Arrow)
    toObject = op->getArg(0);
  std::string modelText = sourceText(toObject->getSourceRange(), ctx);
  if (!toMember || modelText.empty())
    return plan;
  // Indent as the `to` statement is.
  const unsigned column = sm.getSpellingColumnNumber(to->getBeginLoc());
  plan.modelEdits.push_back({clang::CharSourceRange::getCharRange(afterSemi, afterSemi),
                             "\n" + std::string(column > 0 ? column - 1 : 0, ' ') + "ampify::to_channels_last(" +
                                 (toMember->isArrow() ? "*" : "") + modelText + ");"});
  return plan;
}

} // namespace ampify
