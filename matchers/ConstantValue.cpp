#include "ampify/ConstantValue.h"
#include "ampify/AnalysisSession.h"
#include "ampify/StatementExits.h"
#include "ampify/TorchApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <set>

using namespace clang;

namespace ampify {
namespace {

/// Limits that keep evaluation cheap on generated or recursive code. A size set by a builder in
/// main.cpp (`auto options = NBeatsOptions(48, 12).data_size(3);`) and read through a member copy
/// and a reference in a module's constructor takes about ten steps.
constexpr unsigned MaxDepth = 12;
constexpr size_t MaxValues = 32;
/// The most iterations of a counting loop whose counter's values are followed.
constexpr size_t MaxIterations = 16;

/// One call of a function or constructor, with the argument expression for each parameter
/// (null where the call leaves it to the default argument).
struct CallSite {
  SourceLocation loc;
  std::vector<const Expr *> args;
};

/// Strips parentheses, implicit conversions, temporaries, the braces of a scalar's initialiser
/// (`z_dim_{z_dim}`) and value-preserving explicit casts: integer to integer for integer values;
/// for real values any arithmetic cast, and constructions of a class from its value (`c10::Scalar(-1e9)`, `optional<Scalar>`), which is how LibTorch takes
/// a scalar argument.
const Expr *strip(const Expr *e, bool real) {
  auto keeps = [real](QualType type) {
    return real ? type->isArithmeticType() : type->isIntegralOrEnumerationType();
  };
  while (e) {
    const Expr *next = e->IgnoreParenImpCasts();
    if (const auto *temp = dyn_cast<MaterializeTemporaryExpr>(next))
      next = temp->getSubExpr();
    else if (const auto *cleanups = dyn_cast<ExprWithCleanups>(next))
      next = cleanups->getSubExpr();
    else if (const auto *bind = dyn_cast<CXXBindTemporaryExpr>(next))
      next = bind->getSubExpr();
    else if (const auto *list = dyn_cast<InitListExpr>(next);
             list && list->getNumInits() == 1 && keeps(list->getType()) && keeps(list->getInit(0)->getType()))
      next = list->getInit(0); // `z_dim_{z_dim}`: a scalar member initialised with braces
    else if (const auto *cast = dyn_cast<ExplicitCastExpr>(next)) {
      if ((keeps(cast->getType()) && keeps(cast->getSubExpr()->getType())) ||
          (real && isa<CXXFunctionalCastExpr>(cast) && cast->getType()->isRecordType()))
        next = cast->getSubExpr();
    } else if (const auto *construct = dyn_cast<CXXConstructExpr>(next);
               real && construct && construct->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(construct->getArg(0))) {
      next = construct->getArg(0);
    }
    if (next == e)
      return e;
    e = next;
  }
  return e;
}

const ValueDecl *referencedDecl(const Expr *e) {
  e = e ? e->IgnoreParenImpCasts() : nullptr;
  if (const auto *ref = dyn_cast_or_null<DeclRefExpr>(e))
    return ref->getDecl();
  if (const auto *member = dyn_cast_or_null<MemberExpr>(e))
    return member->getMemberDecl();
  return nullptr;
}

bool isThisMember(const MemberExpr *member) {
  return isa<CXXThisExpr>(member->getBase()->IgnoreParenImpCasts());
}

/// The data member a user-written accessor returns (`int64_t units() const { return units_; }`,
/// the getter that TORCH_ARG declares), or null.
const FieldDecl *accessedField(const CXXMethodDecl *method) {
  const FunctionDecl *definition = nullptr;
  if (!method || method->getNumParams() != 0 || !method->hasBody(definition))
    return nullptr;
  const auto *body = dyn_cast_or_null<CompoundStmt>(definition->getBody());
  const auto *ret = body && body->size() == 1 ? dyn_cast<ReturnStmt>(body->body_front()) : nullptr;
  const auto *member =
      ret && ret->getRetValue() ? dyn_cast<MemberExpr>(ret->getRetValue()->IgnoreParenImpCasts()) : nullptr;
  return member && isThisMember(member) ? dyn_cast<FieldDecl>(member->getMemberDecl()) : nullptr;
}

/// The data member a builder's setter writes and the parameter it writes there, for a method
/// that does only that and returns `*this` (TORCH_ARG's setters, `.units(60)`); nulls otherwise.
std::pair<const FieldDecl *, const ParmVarDecl *> setterOf(const CXXMethodDecl *method) {
  const FunctionDecl *definition = nullptr;
  if (!method || method->getNumParams() != 1 || !method->hasBody(definition))
    return {};
  const auto *body = dyn_cast_or_null<CompoundStmt>(definition->getBody());
  if (!body || body->size() != 2)
    return {};
  const auto *assign = dyn_cast<BinaryOperator>(*body->body_begin());
  const auto *ret = dyn_cast<ReturnStmt>(body->body_back());
  const auto *deref = ret && ret->getRetValue() ? dyn_cast<UnaryOperator>(ret->getRetValue()->IgnoreParenImpCasts())
                                                : nullptr;
  if (!assign || assign->getOpcode() != BO_Assign || !deref || deref->getOpcode() != UO_Deref ||
      !isa<CXXThisExpr>(deref->getSubExpr()->IgnoreParenImpCasts()))
    return {};
  const auto *member = dyn_cast<MemberExpr>(assign->getLHS()->IgnoreParenImpCasts());
  const Expr *value = assign->getRHS()->IgnoreParenImpCasts();
  if (const auto *move = dyn_cast<CallExpr>(value); move && move->getNumArgs() == 1 && move->getDirectCallee() &&
                                                    move->getDirectCallee()->isInStdNamespace() &&
                                                    move->getDirectCallee()->getName() == "move")
    value = move->getArg(0)->IgnoreParenImpCasts();
  const auto *ref = dyn_cast<DeclRefExpr>(value);
  if (!member || !isThisMember(member) || !ref || ref->getDecl() != definition->getParamDecl(0))
    return {};
  return {dyn_cast<FieldDecl>(member->getMemberDecl()), method->getParamDecl(0)};
}

/// A method of the project that this TU declares but does not define and that has a builder
/// setter's shape: not const, one parameter, returning a reference to its own class
/// (`auto EmbedDim(int x) -> ViTOptions &;`, defined in vit.cpp). Which member it sets, if it sets
/// one, only the defining TU knows (CrossUnitFacts::setters): values read after a call of it
/// hold under SetterAssumptions.
bool isSetterOfOtherUnit(const CXXMethodDecl *method, const SourceManager &sm) {
  const FunctionDecl *definition = nullptr;
  if (!method || method->isStatic() || method->isConst() || method->getNumParams() != 1 ||
      method->hasBody(definition) || sm.isInSystemHeader(sm.getFileLoc(method->getLocation())))
    return false;
  const auto *reference = method->getReturnType()->getAs<LValueReferenceType>();
  const CXXRecordDecl *returned = reference ? reference->getPointeeType()->getAsCXXRecordDecl() : nullptr;
  return returned && !reference->getPointeeType().isConstQualified() &&
         returned->getCanonicalDecl() == method->getParent()->getCanonicalDecl();
}

/// An instantiation of a template whose body this TU does not have: another TU defines it, by an
/// explicit instantiation (`template class ResNetImpl<BasicBlock>;` beside the template's
/// out-of-line members in resnet.cpp).
bool isInstantiatedInOtherUnit(const FunctionDecl *function) {
  const FunctionDecl *pattern = function->getTemplateInstantiationPattern();
  return function->isTemplateInstantiation() && pattern && !pattern->isDefined();
}

/// A user function defined in another TU: declared here (a header of the project), not in a
/// system header, and with no body in this TU.
bool isDefinedInOtherUnit(const FunctionDecl *function, const SourceManager &sm) {
  return !function->hasBody() && !function->isDeleted() && !function->isImplicit() &&
         function->isExternallyVisible() &&
         (!function->isTemplateInstantiation() || isInstantiatedInOtherUnit(function)) &&
         !sm.isInSystemHeader(sm.getFileLoc(function->getLocation()));
}

/// The struct of the project that a non-const pointer of `type` points to (`TrainParams *`); null
/// for any other type, a library's struct or a pointer to const.
const CXXRecordDecl *pointedProjectStruct(QualType type, const SourceManager &sm) {
  if (!type->isPointerType() || type->getPointeeType().isConstQualified())
    return nullptr;
  const CXXRecordDecl *record = type->getPointeeType()->getAsCXXRecordDecl();
  return record && !sm.isInSystemHeader(sm.getFileLoc(record->getLocation())) ? record : nullptr;
}

/// The struct a parameter lets its function fill: taken by non-const lvalue reference (`void
/// load_config(Config &cfg)`) or, C style, by non-const pointer to a struct of the project (`void
/// initTrainingParams(TrainParams *p)`, whose `p->iNoiseSize = 100` the evaluator follows as it
/// follows `cfg.hidden = 100`). Null for any other parameter.
const CXXRecordDecl *filledStruct(const ParmVarDecl *param) {
  QualType type = param->getType();
  if (type->isLValueReferenceType() && !type.getNonReferenceType().isConstQualified())
    return type.getNonReferenceType()->getAsCXXRecordDecl();
  return pointedProjectStruct(type, param->getASTContext().getSourceManager());
}

bool isFilledStructParameter(const ParmVarDecl *param) { return filledStruct(param) != nullptr; }

/// Whether `callee` is the C library's function `name`, global or in std (`malloc`, `std::free`).
bool isCLibraryFunction(const FunctionDecl *callee, llvm::StringRef name) {
  return callee && callee->getIdentifier() && callee->getName() == name &&
         (callee->getDeclContext()->getRedeclContext()->isTranslationUnit() || callee->isInStdNamespace());
}

/// What a pointer's initialiser allocates a struct with: the `new` expression (`new Config()`,
/// `new Config`), or a C allocation cast to the pointer's type (`(Config *)malloc(sizeof(Config))`),
/// whose members hold nothing known until written. Null for any other initialiser (`&cfg`, `p`).
const Expr *allocation(const Expr *init) {
  if (!init)
    return nullptr;
  init = init->IgnoreParenImpCasts();
  if (const auto *allocated = dyn_cast<CXXNewExpr>(init))
    return allocated->isArray() ? nullptr : allocated;
  const auto *cast = dyn_cast<ExplicitCastExpr>(init);
  const auto *call = cast ? dyn_cast<CallExpr>(cast->getSubExpr()->IgnoreParenImpCasts()) : nullptr;
  const FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  return isCLibraryFunction(callee, "malloc") || isCLibraryFunction(callee, "calloc") ? cast : nullptr;
}

/// A pointer through which the evaluator follows a struct's members as it follows a variable's:
/// a parameter that fills the caller's struct (filledStruct), or a local that owns what its
/// initialiser allocates (`TrainParams *p = (TrainParams *)malloc(...)`). The Index makes it a
/// written variable when it may reach the struct by another path (objectPointerUses).
bool isObjectPointer(const VarDecl *var) {
  if (const auto *param = dyn_cast<ParmVarDecl>(var))
    return param->getType()->isPointerType() && isFilledStructParameter(param);
  return var->isLocalVarDecl() && !var->isStaticLocal() &&
         pointedProjectStruct(var->getType(), var->getASTContext().getSourceManager()) &&
         allocation(var->getInit());
}

using FieldPath = llvm::SmallVector<const FieldDecl *, 2>;

/// A FieldPath as the facts name it: "hidden", "encoder.hidden".
std::string pathName(llvm::ArrayRef<const FieldDecl *> path) {
  std::string name;
  for (const FieldDecl *field : path)
    name += (name.empty() ? "" : ".") + field->getNameAsString();
  return name;
}

/// The data members of `record` and of its bases: what a function filling the struct may write.
std::vector<const FieldDecl *> fieldsWithBases(const CXXRecordDecl *record) {
  std::vector<const FieldDecl *> fields;
  if (!record || !record->hasDefinition())
    return fields;
  record = record->getDefinition();
  for (const CXXBaseSpecifier &base : record->bases())
    llvm::append_range(fields, fieldsWithBases(base.getType()->getAsCXXRecordDecl()));
  llvm::append_range(fields, record->fields());
  return fields;
}

/// Whether the braced list `list` initialises `record` itself, whose members it lists in order,
/// and not a struct derived from it (whose list starts with its bases).
bool listInitialises(const InitListExpr *list, const CXXRecordDecl *record) {
  const CXXRecordDecl *initialised = list->getType()->getAsCXXRecordDecl();
  return initialised && initialised->getCanonicalDecl() == record->getCanonicalDecl();
}

/// The integer data members of a struct of the project (not a library's) that a parameter of
/// `type` takes by value, by const reference or by pointer to const, also those of its base
/// structs (`feature_dim` of `struct AppearanceConfig : ModelConfigBase`) and of the project's
/// structs it holds (`encoder.hidden`), outermost first: the sizes a config struct carries to
/// another TU.
std::vector<FieldPath> integerFieldsOfProjectStruct(QualType type, const SourceManager &sm, unsigned depth = 0) {
  if (type->isReferenceType() || type->isPointerType()) {
    QualType pointee = type->isPointerType() ? type->getPointeeType() : type.getNonReferenceType();
    if (!pointee.isConstQualified())
      return {};
    type = pointee;
  }
  const CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition() || sm.isInSystemHeader(sm.getFileLoc(record->getLocation())) || depth > 2)
    return {};
  std::vector<FieldPath> fields;
  for (const CXXBaseSpecifier &base : record->getDefinition()->bases())
    if (!base.isVirtual() && base.getAccessSpecifier() == AS_public)
      for (FieldPath &inherited : integerFieldsOfProjectStruct(base.getType(), sm, depth + 1))
        fields.push_back(std::move(inherited));
  for (const FieldDecl *field : record->getDefinition()->fields()) {
    if (field->getType()->isIntegralOrEnumerationType())
      fields.push_back({field});
    else if (!field->getType()->isReferenceType() && !field->getType()->isPointerType())
      for (FieldPath &inner : integerFieldsOfProjectStruct(field->getType(), sm, depth + 1)) {
        inner.insert(inner.begin(), field);
        fields.push_back(std::move(inner));
      }
  }
  return fields;
}

/// An integer variable of namespace scope or a static data member, of external linkage, not
/// constexpr (every TU sees its value) and not a template's: one that TUs share by name.
bool isIntegerSharedAcrossUnits(const VarDecl *var) {
  return var->getType()->isIntegralOrEnumerationType() && var->hasGlobalStorage() && !var->isStaticLocal() &&
         var->isExternallyVisible() && !var->isTemplated() && !var->isConstexpr();
}

/// An integer constant one TU may define for others: a const (not constexpr or inline) variable
/// of namespace scope or a static data member, of external linkage. Declared without its value
/// (`extern const int64_t kHidden;`), its value is the defining TU's.
bool isConstantAcrossUnits(const VarDecl *var) {
  return isIntegerSharedAcrossUnits(var) && var->getType().isConstQualified() && !var->isInline();
}

/// An integer variable that every TU may write (`int n_hidden = 128;` in main.cpp, `extern int
/// n_letters;` in a header): isIntegerSharedAcrossUnits, not const. Its value is its definition's
/// where no analysed TU writes it (GlobalWritten).
bool isMutableAcrossUnits(const VarDecl *var) {
  return isIntegerSharedAcrossUnits(var) && !var->getType().isConstQualified();
}

/// How the source names member `path` of `var`, quoted, then `suffix`: `cfg.hidden`, or
/// `p->hidden` through a pointer.
std::string memberSpelling(const VarDecl *var, llvm::StringRef path, llvm::StringRef suffix = "") {
  return "`" + var->getNameAsString() + (var->getType()->isPointerType() ? "->" : ".") + path.str() + "`" +
         suffix.str();
}

/// The object pointer (isObjectPointer) that `e` names, if it does.
const VarDecl *objectPointer(const Expr *e) {
  const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  return var && isObjectPointer(var) ? var : nullptr;
}

/// The data members `e` names from a struct object, outermost first (`cfg.encoder.hidden`:
/// encoder, hidden), and in `root` that object (`cfg`, an object pointer, isObjectPointer, of
/// `p->encoder.hidden`, or a data member of the object a method runs on: `options_` of
/// `&options_.decoder`); empty unless every step is a `.` of a data member, or the first a `->`
/// from an object pointer.
FieldPath memberPath(const Expr *e, const Expr **root) {
  FieldPath path;
  e = e->IgnoreParenImpCasts();
  while (const auto *member = dyn_cast<MemberExpr>(e)) {
    const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
    if (field && isThisMember(member))
      break;
    if (!field || (member->isArrow() && !objectPointer(member->getBase())))
      return {};
    path.insert(path.begin(), field);
    e = member->getBase()->IgnoreParenImpCasts();
    if (member->isArrow())
      break;
  }
  *root = e;
  return path;
}

/// The variable whose member `member` names through data members alone (memberPath), with that
/// path: a parameter, or a local (not static, not a reference; an object pointer among them).
/// Null for any other member.
const VarDecl *memberRoot(const MemberExpr *member, FieldPath *path) {
  const Expr *root = nullptr;
  *path = memberPath(member, &root);
  const auto *ref = path->empty() ? nullptr : dyn_cast<DeclRefExpr>(root);
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || (!isa<ParmVarDecl>(var) &&
               (!var->isLocalVarDecl() || var->isStaticLocal() || var->getType()->isReferenceType())))
    return nullptr;
  return var;
}

/// `var.field = value` for a scalar data member of a local struct variable (`cfg.num_tags = 17;`,
/// `cfg.lr = 2e-3;` after `TaggerConfig cfg;`), also of a struct inside it
/// (`cfg.encoder.hidden = 150;`), of a struct parameter the function fills
/// (isFilledStructParameter), or `p->field = value` through an object pointer (isObjectPointer):
/// a write the evaluator follows in order, not one that makes the variable unknown. The variable,
/// or nothing for any other assignment.
const VarDecl *localFieldAssignment(const BinaryOperator *op) {
  if (op->getOpcode() != BO_Assign)
    return nullptr;
  const auto *member = dyn_cast<MemberExpr>(op->getLHS()->IgnoreParenImpCasts());
  if (!member || !isa<FieldDecl>(member->getMemberDecl()) || !member->getType()->isScalarType())
    return nullptr;
  FieldPath path;
  const VarDecl *var = memberRoot(member, &path);
  if (const auto *param = dyn_cast_or_null<ParmVarDecl>(var); param && !isFilledStructParameter(param))
    return nullptr;
  return var;
}

/// The data members of its own object that the method `definition` may write: every member its
/// body names other than to read its value (`count_ = n;`, `++count_`, `items_.push_back(x)`, a
/// reference bound to one, a member of one). Nothing known when the object may change another
/// way: `this` used other than to name a member (passed, returned, `*this`, captured), or a
/// non-const method of its own called.
std::optional<llvm::SmallVector<const FieldDecl *, 8>> ownFieldWrites(const FunctionDecl *definition) {
  llvm::SmallSetVector<const FieldDecl *, 8> fields;
  bool known = definition->getBody() != nullptr;
  std::function<void(const Stmt *)> scan = [&](const Stmt *s) {
    if (!s || !known)
      return;
    if (const auto *cast = dyn_cast<ImplicitCastExpr>(s); cast && cast->getCastKind() == CK_LValueToRValue)
      if (const auto *member = dyn_cast<MemberExpr>(cast->getSubExpr()->IgnoreParens());
          member && isThisMember(member) && isa<FieldDecl>(member->getMemberDecl()))
        return; // its value read
    if (const auto *member = dyn_cast<MemberExpr>(s); member && isThisMember(member)) {
      if (const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl()))
        fields.insert(field);
      else if (const auto *method = dyn_cast<CXXMethodDecl>(member->getMemberDecl());
               method && !method->isStatic() && !method->isConst())
        known = false;
      return;
    }
    if (isa<CXXThisExpr>(s)) {
      known = false; // reached only where it names no member
      return;
    }
    for (const Stmt *child : s->children())
      scan(child);
  };
  scan(definition->getBody());
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(definition); ctor && known)
    for (const CXXCtorInitializer *init : ctor->inits())
      scan(init->getInit());
  if (!known)
    return std::nullopt;
  return llvm::SmallVector<const FieldDecl *, 8>(fields.begin(), fields.end());
}

/// A whole assignment of a data member of the object a method runs on: `hidden_ = value` of a
/// scalar, or `config_ = config` of a struct whose copy or move assignment the compiler writes
/// (member by member, so its members take the assigned struct's).
struct OwnFieldAssignment {
  const FieldDecl *field = nullptr;
  const Expr *value = nullptr;
};

OwnFieldAssignment ownFieldAssignment(const Stmt *s) {
  const Expr *target = nullptr, *value = nullptr;
  if (const auto *op = dyn_cast<BinaryOperator>(s); op && op->getOpcode() == BO_Assign) {
    target = op->getLHS();
    value = op->getRHS();
  } else if (const auto *call = dyn_cast<CXXOperatorCallExpr>(s);
             call && call->getOperator() == OO_Equal && call->getNumArgs() == 2) {
    const auto *method = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee());
    if (!method || !(method->isCopyAssignmentOperator() || method->isMoveAssignmentOperator()) ||
        method->isUserProvided())
      return {};
    target = call->getArg(0);
    value = call->getArg(1);
  } else {
    return {};
  }
  const auto *member = dyn_cast<MemberExpr>(target->IgnoreParenImpCasts());
  if (!member || !isThisMember(member) || !(member->getType()->isScalarType() || member->getType()->isRecordType()))
    return {};
  return {dyn_cast<FieldDecl>(member->getMemberDecl()), value};
}

/// Whether `s` assigns the data member `field` of the object it runs on.
bool assignsOwnField(const Stmt *s, const FieldDecl *field) {
  if (!s)
    return false;
  if (ownFieldAssignment(s).field == field)
    return true;
  return llvm::any_of(s->children(), [&](const Stmt *c) { return assignsOwnField(c, field); });
}

bool containsStatement(const Stmt *s, const Stmt *target) {
  if (!s)
    return false;
  return s == target || llvm::any_of(s->children(), [&](const Stmt *c) { return containsStatement(c, target); });
}

/// Whether `s` may leave the function before its end: a `return` or `goto` (a `throw` leaves no
/// object to read).
bool mayReturn(const Stmt *s) {
  if (!s || isa<LambdaExpr>(s))
    return false;
  if (isa<ReturnStmt, GotoStmt>(s))
    return true;
  return llvm::any_of(s->children(), mayReturn);
}

/// Whether `s` leaves the data member `field` of the object it runs on as it is: every reference
/// to the member reads its value, and no call can reach the object to write it (`this` passed on,
/// or a non-const method of its class, of a class derived from it, or of a base of the project,
/// called on it).
bool leavesOwnFieldAsIs(const Stmt *s, const FieldDecl *field, const SourceManager &sm) {
  if (!s)
    return true;
  if (const auto *call = dyn_cast<CXXMemberCallExpr>(s)) {
    const auto *record = dyn_cast<CXXRecordDecl>(field->getParent());
    const CXXMethodDecl *method = call->getMethodDecl();
    const CXXRecordDecl *owner = method ? method->getParent() : nullptr;
    bool onThis = isa<CXXThisExpr>(call->getImplicitObjectArgument()->IgnoreParenImpCasts());
    bool reaches = owner && record &&
                   (owner == record || owner->isDerivedFrom(record) ||
                    (record->isDerivedFrom(owner) && !sm.isInSystemHeader(sm.getFileLoc(owner->getLocation()))));
    if (onThis && !method->isConst() && !method->isStatic() && reaches)
      return false;
  }
  for (const Stmt *child : s->children()) {
    if (!child)
      continue;
    if (const auto *member = dyn_cast<MemberExpr>(child);
        member && member->getMemberDecl() == field && isThisMember(member)) {
      const auto *read = dyn_cast<ImplicitCastExpr>(s);
      if (!read || read->getCastKind() != CK_LValueToRValue)
        return false;
      continue;
    }
    if (isa<CXXThisExpr>(child) && !isa<MemberExpr>(s))
      return false;
    if (!leavesOwnFieldAsIs(child, field, sm))
      return false;
  }
  return true;
}

/// Whether `s` holds a `goto`, which may jump over an assignment to the read after it.
bool mayJump(const Stmt *s) {
  if (!s || isa<LambdaExpr>(s))
    return false;
  if (isa<GotoStmt, IndirectGotoStmt>(s))
    return true;
  return llvm::any_of(s->children(), mayJump);
}

/// What the body of `function`, a constructor or method of `field`'s class, last assigns to its
/// own data member `field` (`hidden_ = hidden;`) before the statement that holds `use` (through the
/// whole body when `use` is null or not in it): the assigned value; null when no statement assigns
/// it before. Nothing when the order is not known: the member is assigned in a branch or a loop, a
/// `goto` may jump over the assignment, or (for the whole body) a `return` may leave before it.
/// When `othersMayWrite` (the member is written outside constructors too, `++num_classes_` in
/// `grow()`), every statement from the assignment to the read must also leave the member as it is
/// (leavesOwnFieldAsIs): a method of the class called in between may write it.
/// (Other writes, `++hidden_` or a reference bound to it, are the index's `written`.)
std::optional<const Expr *> lastOwnAssignment(const FunctionDecl *function, const FieldDecl *field, const Stmt *use,
                                              bool othersMayWrite, const SourceManager &sm) {
  const auto *body = dyn_cast_or_null<CompoundStmt>(function->getBody());
  if (!body)
    return std::nullopt;
  bool readInBody = use && containsStatement(body, use);
  if (readInBody && mayJump(body))
    return std::nullopt;
  // `last` is the member's value after the statements walked while `settled`; a write that is not
  // a plain assignment unsettles it until the next plain assignment.
  const Expr *last = nullptr;
  bool settled = true, returned = false, reached = false, known = true;
  auto leavesAsIs = [&](const Stmt *s) { return !othersMayWrite || leavesOwnFieldAsIs(s, field, sm); };
  std::function<void(const CompoundStmt *)> walk = [&](const CompoundStmt *block) {
    for (const Stmt *statement : block->body()) {
      if (reached || !known)
        return;
      const Stmt *plain = statement;
      if (const auto *cleanups = dyn_cast<ExprWithCleanups>(plain))
        plain = cleanups->getSubExpr();
      if (const auto *inner = dyn_cast<CompoundStmt>(plain)) {
        walk(inner);
        continue;
      }
      if (readInBody && containsStatement(statement, use)) {
        // The statement may assign the member before the read inside it (`if (c) { hidden_ = 1;
        // Linear(hidden_, 8); }`): its order is not followed.
        reached = true;
        settled = settled && !assignsOwnField(statement, field) && (!last || leavesAsIs(statement));
        return;
      }
      if (OwnFieldAssignment assignment = ownFieldAssignment(plain);
          assignment.field == field && !assignsOwnField(assignment.value, field)) {
        known = !returned;
        settled = leavesAsIs(assignment.value);
        last = assignment.value;
        continue;
      }
      if (assignsOwnField(statement, field) || (last && !leavesAsIs(statement)))
        settled = false;
      // A read after the assignment is reached only through it: a return matters for the whole body.
      returned |= !readInBody && mayReturn(statement);
    }
  };
  walk(body);
  if (!known || !settled)
    return std::nullopt;
  return last;
}

/// A list of integers whose elements the evaluator follows: a built-in array, or a std::vector,
/// std::array or std::initializer_list of an integer type (the layer widths of an MLP,
/// `std::vector<int64_t>{784, 300, 100, 10}`), also behind a reference.
bool isIntegerList(QualType type) {
  type = type.getNonReferenceType();
  if (const ArrayType *array = type->getAsArrayTypeUnsafe())
    return array->getElementType()->isIntegralOrEnumerationType();
  const auto *list = dyn_cast_or_null<ClassTemplateSpecializationDecl>(type->getAsCXXRecordDecl());
  if (!list || !list->isInStdNamespace() || !llvm::is_contained({"vector", "array", "initializer_list"}, list->getName()))
    return false;
  const TemplateArgumentList &args = list->getTemplateArgs();
  return args.size() >= 1 && args[0].getKind() == TemplateArgument::Type &&
         args[0].getAsType()->isIntegralOrEnumerationType();
}

/// Whether a parameter of `type` takes a struct of the project whole, as its callee cannot change
/// it for the caller: by value or by const reference.
bool passesStructByValue(QualType type) {
  if (type->isReferenceType() && !type.getNonReferenceType().isConstQualified())
    return false;
  return type.getNonReferenceType()->getAsCXXRecordDecl() != nullptr;
}

/// The integer list members (`std::vector<int64_t> hidden`) of a struct of the project: the layer
/// widths a config struct carries to another TU.
std::vector<const FieldDecl *> integerListFields(QualType type, const SourceManager &sm) {
  const CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition() || sm.isInSystemHeader(sm.getFileLoc(record->getLocation())))
    return {};
  std::vector<const FieldDecl *> lists;
  for (const FieldDecl *field : record->getDefinition()->fields())
    if (isIntegerList(field->getType()))
      lists.push_back(field);
  return lists;
}

/// Whether a value of `type` holds an integer that code can name and the evaluator may read: an
/// integer or enumerator, a list of them, or a struct with one among its members (a library
/// class's public ones only: a std::string's length is no member its users name). A pointer or
/// reference holds none of its own.
bool holdsReadableInteger(QualType type, const SourceManager &sm, unsigned depth = 0) {
  type = type.getCanonicalType();
  if (type->isDependentType() || type->isIntegralOrEnumerationType() || isIntegerList(type))
    return true;
  if (type->isPointerType() || type->isReferenceType())
    return false;
  if (const ArrayType *array = type->getAsArrayTypeUnsafe())
    return holdsReadableInteger(array->getElementType(), sm, depth);
  const CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record)
    return false;
  if (!record->hasDefinition() || depth > 3)
    return true;
  record = record->getDefinition();
  bool library = sm.isInSystemHeader(sm.getFileLoc(record->getLocation()));
  for (const FieldDecl *field : record->fields())
    if ((!library || field->getAccess() == AS_public) && holdsReadableInteger(field->getType(), sm, depth + 1))
      return true;
  for (const CXXBaseSpecifier &base : record->bases())
    if ((!library || base.getAccessSpecifier() == AS_public) && holdsReadableInteger(base.getType(), sm, depth + 1))
      return true;
  return false;
}

/// Which elements of a list an index reaches: one (`sizes[1]`), or a run of them: `sizes[i + 1]`
/// in `for (size_t i = 0; i + 1 < sizes.size(); ++i)` reaches all but the first, each `h` of
/// `for (int64_t h : sizes)` all.
struct ElementSelector {
  std::optional<int64_t> index; ///< counted from the end when negative: -1 is the last element
  int64_t first = 0;            ///< of a run: how many elements before it are skipped
  int64_t fromEnd = 0;          ///< of a run: how many after it

  bool selects(int64_t k, int64_t size) const {
    if (index)
      return k == (*index < 0 ? size + *index : *index);
    return k >= first && k + fromEnd < size;
  }

  /// The run without its last element: what a variable the loop carries holds before the
  /// iteration that writes it (`prev` of `for (w : widths) { Linear(prev, w); prev = w; }`).
  ElementSelector butLast() const { return {std::nullopt, first, fromEnd + 1}; }
  /// The last element of the run, counted from the end: what such a variable holds after the loop.
  ElementSelector last() const { return {-(1 + fromEnd)}; }
  /// Of a run: the index of its last element in a list of `size`, nothing when the run is empty.
  std::optional<int64_t> lastIndex(size_t size) const {
    int64_t last = static_cast<int64_t>(size) - 1 - fromEnd;
    return last >= first ? std::optional<int64_t>(last) : std::nullopt;
  }

  /// How a fact across TUs names the elements (ArgumentImport::field): "[1]", "[:]", "[1:-1]".
  std::string field() const {
    if (index)
      return "[" + std::to_string(*index) + "]";
    return "[" + (first ? std::to_string(first) : "") + ":" + (fromEnd ? "-" + std::to_string(fromEnd) : "") + "]";
  }

  /// The selections whose elements a call passes to another TU's function: the first few elements
  /// and the last two one by one, and the runs that skip at most the first and the last (the loops
  /// of MLP builders).
  static std::vector<ElementSelector> passedAcrossUnits() {
    std::vector<ElementSelector> selectors;
    for (int64_t k = 0; k < 8; ++k)
      selectors.push_back({k});
    for (int64_t k : {-1, -2})
      selectors.push_back({k});
    for (int64_t first : {0, 1})
      for (int64_t fromEnd : {0, 1})
        selectors.push_back({std::nullopt, first, fromEnd});
    return selectors;
  }
};

/// `sizes.front()`, `sizes.back()`, `sizes.at(i)` of an integer list: a reference to an element,
/// written only where the call is (`sizes.back() = 3`).
bool isElementAccess(const CXXMemberCallExpr *call) {
  const CXXMethodDecl *method = call->getMethodDecl();
  if (!method || !method->getIdentifier() || !isIntegerList(call->getImplicitObjectArgument()->getType()))
    return false;
  llvm::StringRef name = method->getName();
  return name == "front" || name == "back" || name == "at";
}

/// Whether a field that a fact across TUs names (ElementSelector::field) is a run of elements.
bool isListRun(llvm::StringRef field) { return field.ends_with("]") && field.contains(':'); }

/// Strips what stands between a list expression and what it is built from: stripWrappers' implicit
/// nodes and copies, functional casts, and the std::initializer_list a std::vector is
/// constructed from.
const Expr *stripList(const Expr *e) {
  while (e) {
    const Expr *next = stripWrappers(e);
    if (const auto *cast = dyn_cast<CXXFunctionalCastExpr>(next))
      next = cast->getSubExpr();
    else if (const auto *list = dyn_cast<CXXStdInitializerListExpr>(next))
      next = list->getSubExpr();
    else if (const auto *construct = dyn_cast<CXXConstructExpr>(next);
             construct && construct->getNumArgs() >= 1 &&
             isa<CXXStdInitializerListExpr>(construct->getArg(0)->IgnoreImplicit()) &&
             llvm::all_of(llvm::drop_begin(construct->arguments()), [](const Expr *arg) {
               return isa<CXXDefaultArgExpr>(arg); // the allocator
             }))
      next = construct->getArg(0);
    if (next == e)
      return e;
    e = next;
  }
  return e;
}

/// Whether `s` may change `var`: assigns or increments it, or takes its address.
bool writesVariable(const Stmt *s, const VarDecl *var) {
  if (!s)
    return false;
  auto names = [var](const Expr *e) {
    const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref && ref->getDecl() == var;
  };
  if (const auto *op = dyn_cast<BinaryOperator>(s); op && op->isAssignmentOp() && names(op->getLHS()))
    return true;
  if (const auto *op = dyn_cast<UnaryOperator>(s);
      op && (op->isIncrementDecrementOp() || op->getOpcode() == UO_AddrOf) && names(op->getSubExpr()))
    return true;
  for (const Stmt *child : s->children())
    if (writesVariable(child, var))
      return true;
  return false;
}

/// Whether parameter `i` of `callee` is a forwarding reference (`Head&& head`, `Args&&... args`)
/// of a template in a system header: LibTorch's module holders and the standard library pass
/// such arguments on to a constructor (BatchNorm1d(hidden) reaches BatchNormOptions(int64_t)),
/// which the index sees through when it can (moduleHolderTarget) and otherwise takes by value.
bool forwardsLibraryArgument(const FunctionDecl *callee, unsigned i) {
  // TORCH_MODULE(BatchNorm1d) inherits ModuleHolder's constructor template.
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(callee); ctor && ctor->isInheritingConstructor())
    if (const CXXConstructorDecl *inherited = ctor->getInheritedConstructor().getConstructor())
      callee = inherited;
  const FunctionTemplateDecl *tmpl = callee->getPrimaryTemplate();
  if (!tmpl || !callee->getASTContext().getSourceManager().isInSystemHeader(tmpl->getLocation()))
    return false;
  const FunctionDecl *pattern = tmpl->getTemplatedDecl();
  // The instantiation expands a pack into one parameter per argument: the pattern's pack
  // parameter stands for every argument from its position on.
  const ParmVarDecl *param = nullptr;
  for (unsigned p = 0; p < pattern->getNumParams(); ++p) {
    if (pattern->getParamDecl(p)->isParameterPack()) {
      if (p <= i)
        param = pattern->getParamDecl(p);
      break;
    }
    if (p == i)
      param = pattern->getParamDecl(p);
  }
  if (!param)
    return false;
  QualType type = param->getType();
  if (const auto *expansion = type->getAs<PackExpansionType>())
    type = expansion->getPattern();
  const auto *reference = type->getAs<RValueReferenceType>();
  return reference && !reference->getPointeeType().isConstQualified() &&
         reference->getPointeeType()->getAs<TemplateTypeParmType>();
}

/// One write of a member of a local struct variable: `cfg.encoder.hidden = 150` (a
/// localFieldAssignment) or a setter called on it, `fopts.set_channels(60)`, also in a chain; or
/// the variable passed to a function of another TU that takes it by non-const reference.
struct FieldWrite {
  const Stmt *write; ///< the assignment, the outermost call of the setter chain, or the call
  FieldPath path;
  const Expr *value;
  /// A setter another TU defines (isSetterOfOtherUnit), `path` empty: it may set any member.
  const CXXMethodDecl *setterOfOtherUnit = nullptr;
  /// The parameter of a function of another TU (isDefinedInOtherUnit) that takes the variable by
  /// non-const reference (`load_config(cfg)`), `path` and `value` empty: after the call each
  /// member holds what that TU's function leaves there (an open value), known only there.
  const ParmVarDecl *filledByOtherUnit = nullptr;
  /// A non-const method of another TU called on the variable (`data.Initialize(40, 80, 7)`),
  /// `path` and `value` empty: it may write any member; which ones, only its TU knows
  /// (ownFieldWrites, methodField).
  const CXXMethodDecl *methodOfOtherUnit = nullptr;
};

/// What the evaluator needs from the whole TU (ConstantEvaluator::Index builds it).
struct TranslationUnitFacts {
  llvm::DenseMap<const FunctionDecl *, std::vector<CallSite>> calls;
  /// The variables and fields written after their initialisation (a field written through any
  /// object), except by the writes of fieldAssignments.
  llvm::DenseSet<const ValueDecl *> written;
  /// Per local struct variable, its member writes: the values its members take in turn.
  llvm::DenseMap<const VarDecl *, std::vector<FieldWrite>> fieldAssignments;
  /// The data members that a constructor of their class assigns in its body (`hidden_ = hidden;`)
  /// and nothing else writes after their initialisation: lastOwnAssignment() orders them.
  llvm::DenseSet<const FieldDecl *> constructorWrites;
};

} // namespace

/// What the evaluator needs from the whole TU: call sites per function and the variables and
/// fields that are written after their initialisation. Built once, on first use.
class ConstantEvaluator::Index : public RecursiveASTVisitor<Index>, public TranslationUnitFacts {
public:
  explicit Index(const SourceManager &sm) : sm_(sm) {}

  /// The constants the TU defines with a value that other TUs may declare without one.
  std::vector<const VarDecl *> constantsForOtherUnits;
  /// The functions of the main file that other TUs may call and that return a struct of the
  /// project by value (`Config make_config()`): the integer members their callers read.
  std::vector<const FunctionDecl *> structsForOtherUnits;
  /// The builder setters the main file defines out of line for other TUs that call them.
  std::vector<std::pair<const CXXMethodDecl *, const FieldDecl *>> settersForOtherUnits;
  /// The struct parameters that functions of the main file, which other TUs may call, fill
  /// (`void load_config(Config &cfg)`): the integer members their callers read afterwards.
  std::vector<std::pair<const FunctionDecl *, const ParmVarDecl *>> filledForOtherUnits;
  /// The non-const methods the main file defines for other TUs that call them on their structs.
  std::vector<const CXXMethodDecl *> methodsForOtherUnits;

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseCXXConstructorDecl(CXXConstructorDecl *ctor) {
    // `config_(config)` into a `Config &config_` member: written if the member is (finish()).
    for (const CXXCtorInitializer *init : ctor->inits())
      if (const FieldDecl *member = init->getMember(); member && member->getType()->isLValueReferenceType() &&
                                                       !member->getType().getNonReferenceType().isConstQualified())
        referenceMemberBindings_.emplace_back(member, init->getInit());
    return inConstructor(ctor, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(ctor); });
  }

  /// A lambda's body runs when it is called, not where the constructor writes it.
  bool TraverseLambdaExpr(LambdaExpr *lambda) {
    return inConstructor(nullptr, [&] { return RecursiveASTVisitor::TraverseLambdaExpr(lambda); });
  }

  /// `traverse()` with `ctor` as the constructor whose body holds what it visits.
  template <typename Traverse> bool inConstructor(const CXXConstructorDecl *ctor, Traverse traverse) {
    const CXXConstructorDecl *outer = constructor_;
    constructor_ = ctor;
    bool result = traverse();
    constructor_ = outer;
    return result;
  }

  bool VisitFunctionDecl(FunctionDecl *fn) {
    // A function written in a header is compiled into every TU that calls it, which analyses it.
    if (fn->doesThisDeclarationHaveABody() && fn->isExternallyVisible() && !fn->isInlined() &&
        !fn->isDependentContext() && fn->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
        sm_.isInMainFile(sm_.getFileLoc(fn->getLocation())) && !fn->getReturnType()->isPointerType() &&
        (!integerFieldsOfProjectStruct(fn->getReturnType(), sm_).empty() ||
         !integerListFields(fn->getReturnType(), sm_).empty()))
      structsForOtherUnits.push_back(fn);
    if (fn->doesThisDeclarationHaveABody() && fn->isExternallyVisible() && !fn->isInlined() &&
        !fn->isDependentContext() && fn->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
        sm_.isInMainFile(sm_.getFileLoc(fn->getLocation()))) {
      if (const auto *method = dyn_cast<CXXMethodDecl>(fn); method && !method->isStatic() && !method->isConst() &&
                                                            !isa<CXXConstructorDecl, CXXDestructorDecl>(method))
        methodsForOtherUnits.push_back(method);
      for (const ParmVarDecl *param : fn->parameters())
        if (const CXXRecordDecl *filled = filledStruct(param);
            filled && !integerFieldsOfProjectStruct(QualType(filled->getTypeForDecl(), 0), sm_).empty())
          filledForOtherUnits.emplace_back(fn, param);
    }
    // A setter's own assignment writes the member of whatever object it is called on: each call
    // is a write of that object's member where it is made (setterChainOnLocal, markWritten, or
    // a member of `this`), not of every object's.
    if (const auto *method = dyn_cast<CXXMethodDecl>(fn); method && fn->doesThisDeclarationHaveABody())
      if (const FieldDecl *field = setterOf(method).first) {
        setterAssignments_.insert(*cast<CompoundStmt>(fn->getBody())->body_begin());
        if (fn->isExternallyVisible() && !fn->isInlined() && !fn->isDependentContext() &&
            sm_.isInMainFile(sm_.getFileLoc(fn->getLocation())))
          settersForOtherUnits.emplace_back(method, field);
      }
    return true;
  }

  bool VisitVarDecl(VarDecl *var) {
    // `int64_t &w = sizes[0];`, `auto &enc = cfg.encoder;`: written through the reference.
    if (var->getType()->isLValueReferenceType() && !var->getType().getNonReferenceType().isConstQualified() &&
        var->getInit() && !isa<ParmVarDecl>(var))
      markWritten(var->getInit());
    // In-class initialisers are in every TU that includes the class: nothing to give.
    if ((isConstantAcrossUnits(var) || (isMutableAcrossUnits(var) && var->isThisDeclarationADefinition())) &&
        var->getInit() && !(var->isStaticDataMember() && !var->isOutOfLine()))
      constantsForOtherUnits.push_back(var);
    // `const EncoderConfig *p = &cfg.encoder;` reads through p only (visited before its
    // initialiser).
    if (var->isLocalVarDecl() && var->getType()->isPointerType() && var->getType()->getPointeeType().isConstQualified() &&
        var->getInit())
      if (const auto *address = dyn_cast<UnaryOperator>(var->getInit()->IgnoreParenImpCasts());
          address && address->getOpcode() == UO_AddrOf)
        readOnlyAddresses_.insert(address);
    return true;
  }

  /// The call site `call` gives its callee (std::make_shared<T>(args...) and
  /// std::make_unique<T>(args...) construct T); whether it is an ordinary call, whose arguments
  /// the callee may write.
  bool addCallSite(const CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    llvm::ArrayRef<const Expr *> args(call->getArgs(), call->getNumArgs());
    if (callee->isInStdNamespace() && (callee->getName() == "make_shared" || callee->getName() == "make_unique")) {
      addCall(madeObjectConstructor(call), call->getBeginLoc(), args);
      return false;
    }
    addCall(callee, call->getBeginLoc(), args);
    return true;
  }

  /// The call site a construction gives the constructor it runs (a module holder's: NetImpl's).
  const CXXConstructorDecl *addCallSite(const CXXConstructExpr *construct) {
    llvm::ArrayRef<const Expr *> args(construct->getArgs(), construct->getNumArgs());
    const CXXConstructorDecl *ctor = moduleHolderTarget(construct);
    if (!ctor)
      ctor = construct->getConstructor();
    addCall(ctor, construct->getBeginLoc(), args);
    return ctor;
  }

  /// The call sites of the TU's template instantiations (`model = Model(3, 4)` in
  /// `Segmentor<UNet>::init` constructs UNetImpl): the template's own text, being dependent, names
  /// no callee. Only the sites: what an instantiation writes, its template writes too.
  class InstantiationCalls : public RecursiveASTVisitor<InstantiationCalls> {
  public:
    explicit InstantiationCalls(Index &index) : index_(index) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool TraverseDecl(Decl *decl) {
      bool outer = inInstantiation_;
      if (const auto *fn = dyn_cast_or_null<FunctionDecl>(decl); fn && fn->isTemplateInstantiation())
        inInstantiation_ = true;
      bool result = RecursiveASTVisitor::TraverseDecl(decl);
      inInstantiation_ = outer;
      return result;
    }
    bool VisitCallExpr(CallExpr *call) {
      if (inInstantiation_ && call->getDirectCallee() && !isa<CXXOperatorCallExpr>(call))
        index_.addCallSite(call);
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *construct) {
      if (inInstantiation_)
        index_.addCallSite(construct);
      return true;
    }

  private:
    Index &index_;
    bool inInstantiation_ = false;
  };

  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || isa<CXXOperatorCallExpr>(call))
      return true;
    llvm::ArrayRef<const Expr *> args(call->getArgs(), call->getNumArgs());
    if (!addCallSite(call))
      return true;
    noteReferenceArguments(callee, args, call);
    // A non-const accessor (TORCH_ARG's `T &units()`) writes nothing unless its result is written.
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      const CXXMethodDecl *method = member->getMethodDecl();
      if (method && !method->isConst() && !accessedField(method) && !isElementAccess(member) &&
          !setterChainOnLocal(member) && !methodOnLocal(member))
        markWritten(member->getImplicitObjectArgument());
      // `EmbedDim(x)` in a method of the class sets its own member.
      if (const FieldDecl *field = setterOf(method).first;
          field && isa<CXXThisExpr>(member->getImplicitObjectArgument()->IgnoreParenImpCasts()))
        written.insert(field);
    }
    return true;
  }

  /// `fopts.set_channels(60).set_kernel(5);` on a local variable: each setter of the chain is a
  /// member write, in the order the chain runs, at the chain's outermost call (visited first).
  bool setterChainOnLocal(const CXXMemberCallExpr *call) {
    if (inSetterChain_.contains(call))
      return true;
    std::vector<FieldWrite> writes;
    const Expr *object = call;
    while (const auto *setter = dyn_cast<CXXMemberCallExpr>(object->IgnoreParenImpCasts())) {
      const CXXMethodDecl *method = setter->getMethodDecl();
      const FieldDecl *field = setterOf(method).first;
      if (setter->getNumArgs() != 1)
        return false;
      if (field)
        writes.push_back({call, {field}, setter->getArg(0)});
      else if (isSetterOfOtherUnit(method, sm_))
        writes.push_back({call, {}, setter->getArg(0), method});
      else
        return false;
      object = setter->getImplicitObjectArgument();
    }
    const auto *ref = dyn_cast<DeclRefExpr>(object->IgnoreParenImpCasts());
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !var->isLocalVarDecl() || var->isStaticLocal() || var->getType()->isReferenceType())
      return false;
    for (const Expr *inner = call->getImplicitObjectArgument()->IgnoreParenImpCasts(); isa<CXXMemberCallExpr>(inner);
         inner = cast<CXXMemberCallExpr>(inner)->getImplicitObjectArgument()->IgnoreParenImpCasts())
      inSetterChain_.insert(cast<CXXMemberCallExpr>(inner));
    for (auto it = writes.rbegin(); it != writes.rend(); ++it) {
      // Read through another object, the member may have changed: any member, for a setter of
      // another TU.
      if (it->setterOfOtherUnit)
        for (const FieldDecl *field : it->setterOfOtherUnit->getParent()->fields())
          written.insert(field);
      else
        written.insert(it->path.front());
      fieldAssignments[var].push_back(std::move(*it));
    }
    return true;
  }

  /// `data.Initialize(40, 80, 7);`: a non-const method called on a local struct writes only the
  /// members it may write (ownFieldWrites) where this TU defines it, each to a value not known
  /// here; one of another TU may write any (methodOfOtherUnit), and its TU says which
  /// (methodField).
  bool methodOnLocal(const CXXMemberCallExpr *call) {
    const CXXMethodDecl *method = call->getMethodDecl();
    const auto *ref = dyn_cast<DeclRefExpr>(call->getImplicitObjectArgument()->IgnoreParenImpCasts());
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !var->isLocalVarDecl() || var->isStaticLocal() || var->getType()->isReferenceType() ||
        !var->getType()->getAsCXXRecordDecl() || method->isStatic() ||
        integerFieldsOfProjectStruct(var->getType(), sm_).empty())
      return false;
    if (isDefinedInOtherUnit(method, sm_)) {
      for (const FieldDecl *field : fieldsWithBases(var->getType()->getAsCXXRecordDecl()))
        written.insert(field);
      FieldWrite write{call, {}, nullptr};
      write.methodOfOtherUnit = method;
      fieldAssignments[var].push_back(std::move(write));
      return true;
    }
    const FunctionDecl *definition = nullptr;
    if (!method->hasBody(definition) || sm_.isInSystemHeader(sm_.getFileLoc(definition->getLocation())))
      return false;
    std::optional<llvm::SmallVector<const FieldDecl *, 8>> fields = ownFieldWrites(definition);
    if (!fields)
      return false;
    // The body's own writes of its members are the Index's anyway (visited there): `written`
    // gets nothing more from a call of it.
    for (const FieldDecl *field : *fields)
      fieldAssignments[var].push_back({call, {field}, nullptr});
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *construct) {
    // A module holder (torch::nn::ModuleHolder<NetImpl>, the base of TORCH_MODULE(Net)) forwards
    // its arguments to NetImpl's constructor.
    llvm::ArrayRef<const Expr *> args(construct->getArgs(), construct->getNumArgs());
    noteReferenceArguments(addCallSite(construct), args, construct);
    return true;
  }

  /// `for (auto &w : sizes)` may write the elements of sizes.
  bool VisitCXXForRangeStmt(CXXForRangeStmt *loop) {
    QualType type = loop->getLoopVariable()->getType();
    if (type->isReferenceType() && !type.getNonReferenceType().isConstQualified())
      markWritten(loop->getRangeInit());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isComparisonOp()) {
      accountPointerUse(op->getLHS());
      accountPointerUse(op->getRHS());
    }
    // `p = nullptr;` after the last use: through a null pointer nothing is read.
    if (op->getOpcode() == BO_Assign && objectPointer(op->getLHS()) &&
        op->getRHS()->isNullPointerConstant(objectPointer(op->getLHS())->getASTContext(),
                                            Expr::NPC_ValueDependentIsNotNull)) {
      accountPointerUse(op->getLHS());
      return true;
    }
    if (!op->isAssignmentOp() || setterAssignments_.contains(op))
      return true;
    if (const VarDecl *var = localFieldAssignment(op)) {
      const Expr *root = nullptr;
      fieldAssignments[var].push_back({op, memberPath(op->getLHS(), &root), op->getRHS()});
      // Read through another object (`this->num_tags` in a method), the field may have changed.
      written.insert(cast<MemberExpr>(op->getLHS()->IgnoreParenImpCasts())->getMemberDecl());
      return true;
    }
    if (constructorAssigns(op))
      return true;
    if (!memberWriteOfLocal(op->getLHS()))
      markWritten(op->getLHS());
    return true;
  }

  /// `hidden_ = hidden;` or `config_ = config;` in the body of a constructor of the member's
  /// class: an assignment lastOwnAssignment() orders, not a write that makes it unknown.
  bool constructorAssigns(const Stmt *s) {
    const FieldDecl *field = ownFieldAssignment(s).field;
    if (!field || !constructor_ || field->getParent() != constructor_->getParent())
      return false;
    constructorAssigned_.insert(field);
    return true;
  }

  /// The uses of object pointers (isObjectPointer), each counted once: all of them here, and in
  /// the visits below those that reach the struct only as the evaluator follows it.
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()); var && isObjectPointer(var))
      ++objectPointerUses_[var].all;
    return true;
  }

  /// `p->hidden`: read, or written as an assignment says (VisitBinaryOperator, markWritten).
  bool VisitMemberExpr(MemberExpr *member) {
    if (member->isArrow())
      accountPointerUse(member->getBase());
    return true;
  }

  /// `if (p)`, `!p`.
  bool VisitImplicitCastExpr(ImplicitCastExpr *cast) {
    if (cast->getCastKind() == CK_PointerToBoolean)
      accountPointerUse(cast->getSubExpr());
    return true;
  }

  bool VisitCXXDeleteExpr(CXXDeleteExpr *deletion) {
    accountPointerUse(deletion->getArgument());
    return true;
  }

  /// `(Config *)malloc(sizeof(*p))`: not evaluated.
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *trait) {
    if (!trait->isArgumentType())
      accountPointerUsesIn(trait->getArgumentExpr());
    return true;
  }

  /// Once the TU is indexed: the object pointers used in a way the evaluator does not follow
  /// (copied, stored, dereferenced whole, given to a library), then the arguments of this TU's
  /// functions that write their reference parameter, then the members its constructors assign
  /// that nothing else writes.
  void finish() {
    for (const auto &[pointer, uses] : objectPointerUses_)
      if (uses.accounted < uses.all)
        written.insert(pointer);
    // A write may reach the parameter through another reference parameter, or a reference member
    // bound to it, that is written in turn.
    for (bool changed = true; changed;) {
      changed = false;
      for (auto &[param, arg] : referenceArgumentsOfUnitFunctions_)
        if (arg && (written.contains(param) || fieldAssignments.contains(param))) {
          markWritten(arg);
          arg = nullptr;
          changed = true;
        }
      for (auto &[member, init] : referenceMemberBindings_)
        if (init && written.contains(member)) {
          markWritten(init);
          init = nullptr;
          changed = true;
        }
    }
    for (const FieldDecl *field : constructorAssigned_)
      if (!written.contains(field))
        constructorWrites.insert(field);
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    // `block(in, hidden)` calls the lambda's operator(): its parameters take the call's arguments
    // (the first operand is the closure object).
    if (const auto *method = dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee());
        method && op->getOperator() == OO_Call && method->getParent()->isLambda())
      addCall(method, op->getBeginLoc(), llvm::ArrayRef<const Expr *>(op->getArgs(), op->getNumArgs()).drop_front());
    if (constructorAssigns(op))
      return true;
    // `cfg.hidden = {64, 50};`: the list assigned is the member's value after it.
    const Expr *assigned = op->getOperator() == OO_Equal && op->getNumArgs() == 2 && isIntegerList(op->getArg(0)->getType())
                               ? op->getArg(1)
                               : nullptr;
    if (op->isAssignmentOp() && op->getNumArgs() >= 1 && !memberWriteOfLocal(op->getArg(0), assigned))
      markWritten(op->getArg(0));
    // `std::cin >> hidden`, `std::istringstream(text) >> width`: an operand bound to a non-const
    // reference parameter is written. A member operator's object is not among its parameters
    // (`sizes[0]` reads sizes unless it is assigned: markWritten's subscript).
    else if (const FunctionDecl *callee = op->getDirectCallee()) {
      llvm::ArrayRef<const Expr *> args(op->getArgs(), op->getNumArgs());
      noteReferenceArguments(callee, isa<CXXMethodDecl>(callee) ? args.drop_front() : args, op);
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *op) {
    if ((op->isIncrementDecrementOp() && !memberWriteOfLocal(op->getSubExpr())) ||
        (op->getOpcode() == UO_AddrOf && !readOnlyAddresses_.contains(op)))
      markWritten(op->getSubExpr());
    return true;
  }

  /// `inout.in_ = {1, n, d};`, `cfg.hidden *= 2;`, `++cfg.steps`: an assignment, or an increment,
  /// of a member of a local struct (or through an object pointer) that the evaluator does not
  /// follow writes that member there, in order, to a value not known (a list member assigned a list
  /// takes `value`, which lists() follows); the struct's other members keep theirs. (Its address taken or a reference bound to it may write it at any time: the
  /// struct is then written, markWritten.)
  bool memberWriteOfLocal(const Expr *target, const Expr *value = nullptr) {
    const auto *member = dyn_cast<MemberExpr>(target->IgnoreParenImpCasts());
    FieldPath path;
    const VarDecl *var = member ? memberRoot(member, &path) : nullptr;
    // A member struct replaced whole changes every member under it: the struct is written.
    if (!var || isa<ParmVarDecl>(var) || !integerFieldsOfProjectStruct(member->getType(), sm_).empty())
      return false;
    for (const FieldDecl *field : path)
      written.insert(field);
    fieldAssignments[var].push_back({member, path, value});
    return true;
  }

private:
  const SourceManager &sm_;
  const CXXConstructorDecl *constructor_ = nullptr;
  llvm::DenseSet<const FieldDecl *> constructorAssigned_;
  llvm::DenseSet<const UnaryOperator *> readOnlyAddresses_;
  llvm::DenseSet<const CXXMemberCallExpr *> inSetterChain_;
  llvm::DenseSet<const Stmt *> setterAssignments_;
  struct PointerUses {
    unsigned all = 0, accounted = 0;
  };
  /// Per object pointer, how many times the TU names it, and how many of those the evaluator
  /// follows: any other use may reach the struct another way, and makes the pointer written.
  llvm::DenseMap<const VarDecl *, PointerUses> objectPointerUses_;
  /// The arguments bound to a non-const reference parameter of a function this TU defines: a write
  /// only if the function writes the parameter (finish()).
  std::vector<std::pair<const ParmVarDecl *, const Expr *>> referenceArgumentsOfUnitFunctions_;
  /// What constructors bind to non-const reference members: written if the member is.
  std::vector<std::pair<const FieldDecl *, const Expr *>> referenceMemberBindings_;

  void addCall(const FunctionDecl *callee, SourceLocation loc, llvm::ArrayRef<const Expr *> args) {
    if (!callee)
      return;
    CallSite site{loc, {}};
    for (const Expr *arg : args)
      site.args.push_back(isa<CXXDefaultArgExpr>(arg) ? nullptr : arg);
    calls[callee->getCanonicalDecl()].push_back(std::move(site));
  }

  /// An argument bound to a non-const lvalue reference may be written by the callee; one bound to
  /// a forwarding reference of a library template is passed on to a constructor, not written,
  /// except by an overloaded operator (`std::istringstream(text) >> width` forwards `width` to the
  /// stream's extraction). A local struct a function of another TU fills (`load_config(cfg)`) is
  /// a write at `call` (filledByOtherUnit).
  void noteReferenceArguments(const FunctionDecl *callee, llvm::ArrayRef<const Expr *> args, const Stmt *call) {
    bool operatorCall = isa<CXXOperatorCallExpr>(call);
    for (unsigned i = 0; i < args.size() && i < callee->getNumParams(); ++i) {
      QualType type = callee->getParamDecl(i)->getType();
      if (type->isReferenceType() && !type.getNonReferenceType().isConstQualified() &&
          !type->isRValueReferenceType() && (operatorCall || !forwardsLibraryArgument(callee, i)) &&
          !filledByOtherUnit(callee, i, args[i], call)) {
        if (const ParmVarDecl *param = parameterOfUnitDefinition(callee, i))
          referenceArgumentsOfUnitFunctions_.emplace_back(param, args[i]);
        else
          markWritten(args[i]);
      }
      // `Decoder(&cfg.decoder)` to a `const DecoderConfig *`: read only (visited before the `&`).
      if (type->isPointerType() && type->getPointeeType().isConstQualified()) {
        if (const auto *address = dyn_cast<UnaryOperator>(args[i]->IgnoreImplicit()->IgnoreParenImpCasts());
            address && address->getOpcode() == UO_AddrOf)
          readOnlyAddresses_.insert(address);
        accountPointerUse(args[i]);
      }
      if (type->isPointerType() && !type->getPointeeType().isConstQualified())
        notePointerArgument(callee, i, args[i], call);
    }
  }

  /// A struct given to a non-const pointer parameter: an object pointer (isObjectPointer) or a
  /// local's address (`init_params(&cfg)`) that a function of another TU fills
  /// (filledByOtherUnit); an object pointer that a function of this TU may write through, as it
  /// writes its parameter (finish()), or that `free` releases. Any other one stays unaccounted:
  /// written.
  void notePointerArgument(const FunctionDecl *callee, unsigned index, const Expr *arg, const Stmt *call) {
    const VarDecl *pointer = objectPointer(arg);
    const auto *address = dyn_cast<UnaryOperator>(arg->IgnoreParenImpCasts());
    if (address && address->getOpcode() != UO_AddrOf)
      address = nullptr;
    if (filledByOtherUnit(callee, index, arg, call)) {
      if (address)
        readOnlyAddresses_.insert(address); // the filler's writes are followed
      accountPointerUse(arg);
      return;
    }
    if (!pointer)
      return;
    bool released = isCLibraryFunction(callee, "free");
    if (const ParmVarDecl *param = released ? nullptr : parameterOfUnitDefinition(callee, index))
      referenceArgumentsOfUnitFunctions_.emplace_back(param, arg);
    else if (!released)
      return;
    accountPointerUse(arg);
  }

  void accountPointerUse(const Expr *e) {
    if (const VarDecl *pointer = objectPointer(e))
      ++objectPointerUses_[pointer].accounted;
  }

  void accountPointerUsesIn(const Stmt *s) {
    if (!s)
      return;
    if (const auto *ref = dyn_cast<DeclRefExpr>(s))
      accountPointerUse(ref);
    for (const Stmt *child : s->children())
      accountPointerUsesIn(child);
  }

  /// Parameter `index` of `callee`'s definition where this TU holds it and the TU's own writes
  /// decide whether the callee writes what it is given (`Linear make_head(HeadConfig &cfg)` that
  /// only reads cfg): a plain function or non-virtual method, whose result gives no non-const
  /// access to it. Null otherwise.
  const ParmVarDecl *parameterOfUnitDefinition(const FunctionDecl *callee, unsigned index) const {
    const FunctionDecl *definition = nullptr;
    if (!callee->hasBody(definition) || definition->isDependentContext() ||
        definition->getTemplatedKind() != FunctionDecl::TK_NonTemplate || index >= definition->getNumParams())
      return nullptr;
    if (const auto *method = dyn_cast<CXXMethodDecl>(definition); method && method->isVirtual())
      return nullptr;
    QualType result = definition->getReturnType();
    if ((result->isReferenceType() || result->isPointerType()) && !result->getPointeeType().isConstQualified())
      return nullptr;
    return definition->getParamDecl(index);
  }

  /// `load_config(cfg)`: a local struct `cfg` passed to a function of another TU that takes it by
  /// non-const reference; also, to one that takes a non-const pointer, its address
  /// (`init_params(&cfg)`) or an object pointer (`init_params(p)`, isObjectPointer). Recorded as a
  /// write of every member at the call; the members also count as written through any other
  /// object.
  bool filledByOtherUnit(const FunctionDecl *callee, unsigned index, const Expr *arg, const Stmt *call) {
    const ParmVarDecl *param = callee->getParamDecl(index);
    const CXXRecordDecl *filled = filledStruct(param);
    const Expr *object = arg->IgnoreParenImpCasts();
    if (param->getType()->isPointerType()) {
      if (const auto *address = dyn_cast<UnaryOperator>(object); address && address->getOpcode() == UO_AddrOf)
        object = address->getSubExpr()->IgnoreParenImpCasts();
      else if (!objectPointer(object))
        return false;
    }
    const auto *ref = dyn_cast<DeclRefExpr>(object);
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !filled || !var->isLocalVarDecl() || var->isStaticLocal() || var->getType()->isReferenceType() ||
        !isDefinedInOtherUnit(callee, sm_) || integerFieldsOfProjectStruct(QualType(filled->getTypeForDecl(), 0), sm_).empty())
      return false;
    for (const FieldDecl *field : fieldsWithBases(filled))
      written.insert(field);
    fieldAssignments[var].push_back({call, {}, nullptr, nullptr, param});
    return true;
  }

  void markWritten(const Expr *target) {
    // `params.model_name = "shapes";` writes a member that holds no integer the evaluator reads:
    // the struct's integer members keep their values.
    if (const auto *member = dyn_cast_or_null<MemberExpr>(target ? target->IgnoreParenImpCasts() : nullptr);
        member && isa<FieldDecl>(member->getMemberDecl()) && !holdsReadableInteger(member->getType(), sm_)) {
      written.insert(member->getMemberDecl());
      return;
    }
    // `cfg.hidden = 3` writes both the field and (a member of) cfg; `opts.units() = 3` writes opts;
    // `sizes[0] = 3` writes sizes.
    while (target) {
      target = target->IgnoreParenImpCasts();
      if (const auto *op = dyn_cast<CXXOperatorCallExpr>(target); op && op->getOperator() == OO_Subscript) {
        target = op->getArg(0);
        continue;
      }
      if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(target)) {
        target = subscript->getBase();
        continue;
      }
      if (const auto *accessor = dyn_cast<CXXMemberCallExpr>(target);
          accessor && (accessedField(accessor->getMethodDecl()) || isElementAccess(accessor))) {
        target = accessor->getImplicitObjectArgument();
        continue;
      }
      if (const ValueDecl *decl = referencedDecl(target))
        written.insert(decl);
      const auto *member = dyn_cast<MemberExpr>(target);
      target = member ? member->getBase() : nullptr;
    }
  }
};

ConstantEvaluator::ConstantEvaluator(ASTContext &ctx, llvm::ArrayRef<Decl *> declarations)
    : ctx_(ctx), declarations_(declarations) {}
ConstantEvaluator::~ConstantEvaluator() = default;

ConstantEvaluator::Index &ConstantEvaluator::index() {
  if (!index_) {
    index_ = std::make_unique<Index>(ctx_.getSourceManager());
    for (Decl *decl : declarations_)
      index_->TraverseDecl(decl);
    Index::InstantiationCalls instantiations(*index_);
    for (Decl *decl : declarations_)
      instantiations.TraverseDecl(decl);
    index_->finish();
  }
  return *index_;
}

namespace {

/// The recursive evaluation behind ConstantEvaluator::evaluate (T = int64_t: integer and enum
/// expressions) and evaluateReal (T = double: floating expressions; integer subexpressions keep
/// integer arithmetic, `1 / 2` is 0).
template <typename T> class Evaluation {
  static constexpr bool Real = std::is_same_v<T, double>;
  using Values = std::vector<BasicConstantValue<T>>;

public:
  /// `open`: parameters that other TUs may pass become open-parameter values (see
  /// ConstantValue.h) instead of being left out. `assumeSetters`: a member read after a call of a
  /// setter another TU defines takes the values it may have, under SetterAssumptions, instead of
  /// none.
  Evaluation(ASTContext &ctx, const TranslationUnitFacts &tu, bool open = false, bool assumeSetters = false)
      : ctx_(ctx), tu_(tu), calls_(tu.calls), written_(tu.written), open_(open), assumeSetters_(assumeSetters) {}

  Values evaluate(const Expr *e, unsigned depth) {
    if (!e || depth > MaxDepth || e->isValueDependent() || e->isTypeDependent())
      return {};
    const Expr *written = e;
    e = strip(e, Real);
    if constexpr (Real) {
      if (e->getType()->isIntegralOrEnumerationType()) {
        Values values;
        for (ConstantValue &v : Evaluation<int64_t>(ctx_, tu_, open_, assumeSetters_).evaluate(e, depth))
          values.push_back({static_cast<double>(v.value), std::move(v.origins), v.fromCaller, v.openSource,
                            v.openField, std::move(v.assumptions)});
        return values;
      }
      if (!e->getType()->isRealFloatingType())
        return {};
    } else if (!e->getType()->isIntegralOrEnumerationType()) {
      return {};
    }
    // An expression that is a whole macro expansion (`#define VOCAB 50257`, `#define WIDTH (4 * 64)`)
    // gets one note naming the macro, not one per token of its body. An expression that only
    // starts with one (`SCALE * 25`) is not the macro's value: its operands get their own notes.
    Values values = evaluateStripped(e, depth);
    if (std::optional<std::pair<std::string, SourceLocation>> macro = wholeMacroExpansion(written))
      values = annotate(std::move(values), macro->second, "`" + macro->first + "`", true);
    return values;
  }

  /// The outermost macro whose expansion is exactly `e`, and where its body is spelled.
  std::optional<std::pair<std::string, SourceLocation>> wholeMacroExpansion(const Expr *e) const {
    const SourceManager &sm = ctx_.getSourceManager();
    // The expansions, innermost first, that `loc` starts (or ends): one location in each.
    auto levels = [&](SourceLocation loc, bool atStart) {
      std::vector<SourceLocation> spanned;
      SourceLocation outer;
      // SourceManager asks for the end of the last token, as Lexer::isAtEndOfMacroExpansion does.
      auto endOfToken = [&](SourceLocation token) {
        return token.getLocWithOffset(Lexer::MeasureTokenLength(sm.getSpellingLoc(token), sm, ctx_.getLangOpts()));
      };
      while (loc.isMacroID() && !sm.isMacroArgExpansion(loc) &&
             (atStart ? sm.isAtStartOfImmediateMacroExpansion(loc, &outer)
                      : sm.isAtEndOfImmediateMacroExpansion(endOfToken(loc), &outer))) {
        spanned.push_back(loc);
        loc = outer;
      }
      return spanned;
    };
    std::vector<SourceLocation> started = levels(e->getBeginLoc(), true), ended = levels(e->getEndLoc(), false);
    for (SourceLocation level : llvm::reverse(started))
      if (llvm::any_of(ended, [&](SourceLocation end) { return sm.getFileID(end) == sm.getFileID(level); })) {
        llvm::StringRef name = Lexer::getImmediateMacroName(level, sm, ctx_.getLangOpts());
        if (name.empty())
          return std::nullopt;
        return std::make_pair(name.str(), sm.getSpellingLoc(level));
      }
    return std::nullopt;
  }

  /// The values `var`'s initialiser gives it, each ending with the step at its definition.
  /// The value `var`'s definition gives it: a mutable global's too (isMutableAcrossUnits), which
  /// other TUs take where none writes it.
  Values evaluateDefinition(const VarDecl *var) {
    definitionGiven_ = var;
    return evaluateVariable(var, 0);
  }

  /// The member `path` names of what `definition`'s return statements give.
  Values fieldOfReturns(const FunctionDecl *definition, llvm::ArrayRef<const FieldDecl *> path, unsigned depth) {
    if (!inProgress_.insert(definition).second)
      return {};
    std::vector<const ReturnStmt *> returns;
    collectReturns(definition->getBody(), returns);
    Values values;
    for (const ReturnStmt *ret : returns)
      append(values, fieldOfPath(ret->getRetValue(), path, depth + 1));
    inProgress_.erase(definition);
    return values;
  }

  /// The elements `selector` picks of the list member `field` of what `definition`'s return
  /// statements give (`cfg.hidden = {40, 20, 20}; return cfg;`).
  Values fieldElementsOfReturns(const FunctionDecl *definition, const FieldDecl *field, ElementSelector selector) {
    return selected(listsOfFieldInReturns(definition, field, 0), selector);
  }

  /// Whether the members of struct parameter `param` are only read where it is visible: taken by
  /// value or const reference, or by a non-const lvalue reference the TU assigns no member of.
  bool readOnlyParameter(const ParmVarDecl *param) const {
    QualType type = param->getType();
    if (type->isPointerType() && isFilledStructParameter(param))
      return !tu_.fieldAssignments.contains(param);
    if (!type->isReferenceType() || type.getNonReferenceType().isConstQualified())
      return true;
    return type->isLValueReferenceType() && !tu_.fieldAssignments.contains(param);
  }

  /// What `function` leaves in member `field` of the struct parameter `param` it fills
  /// (isFilledStructParameter), known without any caller: the value of the member's last
  /// assignment, a statement of the body itself, in a body that returns only at its end. Nothing
  /// otherwise, or when the struct is written another way.
  Values leftInParameter(const FunctionDecl *function, const ParmVarDecl *param, const FieldDecl *field) {
    auto found = tu_.fieldAssignments.find(param);
    const auto *body = dyn_cast_or_null<CompoundStmt>(function->getBody());
    if (!body || written_.contains(param) || found == tu_.fieldAssignments.end())
      return {};
    const SourceManager &sm = ctx_.getSourceManager();
    const FieldWrite *last = nullptr;
    for (const FieldWrite &write : found->second)
      if (write.path.size() == 1 && write.path[0] == field &&
          (!last || sm.isBeforeInTranslationUnit(sm.getExpansionLoc(last->write->getBeginLoc()),
                                                 sm.getExpansionLoc(write.write->getBeginLoc()))))
        last = &write;
    std::vector<const ReturnStmt *> returns;
    collectReturns(body, returns);
    if (!last || !llvm::is_contained(body->body(), last->write) ||
        llvm::any_of(returns, [&](const ReturnStmt *ret) { return ret != body->body_back(); }))
      return {};
    return annotate(evaluate(last->value, 0), last->write->getBeginLoc(),
                    memberSpelling(param, field->getNameAsString(), " left by `") +
                        function->getNameAsString() + "`");
  }

  /// The values `param` of `function` takes at one call: the argument's, or the default
  /// argument's where the call passes none; each with the step through the call.
  Values atCall(const FunctionDecl *function, const ParmVarDecl *param, const CallSite &site, unsigned depth) {
    unsigned index = param->getFunctionScopeIndex();
    std::string name = "`" + param->getNameAsString() + "`";
    std::string callee = "`" + function->getNameAsString() + "`";
    if (index < site.args.size() && site.args[index])
      return annotate(evaluate(site.args[index], depth + 1), site.args[index]->getBeginLoc(),
                      name + " at this call of " + callee);
    if (param->hasDefaultArg() && !param->hasUninstantiatedDefaultArg())
      return annotate(evaluate(param->getDefaultArg(), depth + 1), site.loc,
                      name + " (its default argument) at this call of " + callee);
    return {};
  }

private:
  ASTContext &ctx_;
  const TranslationUnitFacts &tu_;
  const llvm::DenseMap<const FunctionDecl *, std::vector<CallSite>> &calls_;
  const llvm::DenseSet<const ValueDecl *> &written_;
  const bool open_;
  /// The variable evaluateDefinition() evaluates: its initialiser, whatever may write it.
  const VarDecl *definitionGiven_ = nullptr;
  const bool assumeSetters_;
  llvm::DenseSet<const Decl *> inProgress_;
  /// Locals whose value evaluateStepped() fixes while it evaluates one iteration's write.
  llvm::DenseMap<const VarDecl *, Values> bound_;

  std::string text(const Expr *e) const { return sourceText(e->getSourceRange(), ctx_); }

  static std::string show(T value) {
    if constexpr (Real) {
      return formatReal(value);
    } else {
      return std::to_string(value);
    }
  }

  /// Clang's own constant folding, for what the structural cases do not cover (constexpr
  /// function calls, sizeof, config structs read through constexpr objects).
  Values folded(const Expr *e) {
    Expr::EvalResult result;
    T value;
    if constexpr (Real) {
      if (!e->EvaluateAsRValue(result, ctx_) || !result.Val.isFloat())
        return {};
      value = result.Val.getFloat().convertToDouble();
    } else {
      if (!e->EvaluateAsInt(result, ctx_))
        return {};
      value = result.Val.getInt().getSExtValue();
    }
    return {{value, {{e->getBeginLoc(), "`" + text(e) + "` is " + show(value)}}}};
  }

  /// The elements `selector` picks of each of `lists`, each value once.
  static Values selected(const std::vector<std::vector<Values>> &lists, ElementSelector selector) {
    Values values;
    for (const std::vector<Values> &list : lists)
      for (size_t k = 0; k < list.size(); ++k)
        if (selector.selects(k, list.size()))
          append(values, list[k]);
    return values;
  }

  static void append(Values &into, Values more) {
    for (auto &value : more) {
      if (into.size() >= MaxValues)
        return;
      bool seen = false;
      for (const auto &existing : into)
        seen |= existing.value == value.value && existing.openSource == value.openSource &&
                existing.openField == value.openField && arithmeticOf(existing) == arithmeticOf(value) &&
                existing.assumptions == value.assumptions;
      if (!seen)
        into.push_back(std::move(value));
    }
  }

  /// The arithmetic an open value's derivation applies to its parameter, in order.
  static std::vector<std::tuple<std::string, int64_t, bool, std::optional<SameCallOperand>>>
  arithmeticOf(const BasicConstantValue<T> &value) {
    std::vector<std::tuple<std::string, int64_t, bool, std::optional<SameCallOperand>>> steps;
    for (const ValueOrigin &origin : value.origins)
      if (const std::optional<CrossUnitArithmetic> &a = origin.arithmetic)
        steps.emplace_back(a->op, a->operand, a->operandFirst, a->operandAtCall);
    return steps;
  }

  /// Adds the step "`what` is <value>" to each value's derivation; `definition`: `what` names
  /// the constant defined at `loc`.
  static Values annotate(Values values, SourceLocation loc, const std::string &what, bool definition = false) {
    for (auto &value : values)
      value.origins.push_back({loc, value.openSource ? what : what + " is " + show(value.value),
                               definition ? what : std::string(), static_cast<double>(value.value)});
    return values;
  }

  Values evaluateStripped(const Expr *e, unsigned depth) {
    if constexpr (Real) {
      if (const auto *literal = dyn_cast<FloatingLiteral>(e))
        return {{literal->getValueAsApproximateDouble(), {}}};
    } else if (const auto *literal = dyn_cast<IntegerLiteral>(e)) {
      return {{literal->getValue().getSExtValue(), {}}};
    }
    if (const auto *def = dyn_cast<CXXDefaultArgExpr>(e))
      return evaluate(def->getExpr(), depth + 1);
    if (const auto *def = dyn_cast<CXXDefaultInitExpr>(e))
      return evaluate(def->getExpr(), depth + 1);
    if (const auto *ref = dyn_cast<DeclRefExpr>(e))
      return evaluateDecl(ref->getDecl(), e, depth);
    if (const auto *member = dyn_cast<MemberExpr>(e))
      return evaluateMember(member, depth);
    if (const auto *call = dyn_cast<CXXMemberCallExpr>(e))
      if (Values values = evaluateAccessor(call, depth); !values.empty())
        return values;
    if (std::optional<Values> elements = evaluateSubscript(e, depth))
      return std::move(*elements);
    if (const auto *op = dyn_cast<BinaryOperator>(e))
      return evaluateBinary(op, depth);
    if (const auto *op = dyn_cast<UnaryOperator>(e))
      return evaluateUnary(op, depth);
    if (const auto *cond = dyn_cast<ConditionalOperator>(e)) {
      Values test = known(evaluate(cond->getCond(), depth + 1));
      if (test.size() != 1)
        return {};
      return evaluate(test[0].value ? cond->getTrueExpr() : cond->getFalseExpr(), depth + 1);
    }
    return folded(e);
  }

  Values evaluateDecl(const ValueDecl *decl, const Expr *use, unsigned depth) {
    if (const auto *enumerator = dyn_cast<EnumConstantDecl>(decl))
      return annotate({{static_cast<T>(enumerator->getInitVal().getSExtValue()), {}}}, enumerator->getLocation(),
                      "`" + enumerator->getNameAsString() + "`", true);
    if (const auto *param = dyn_cast<ParmVarDecl>(decl))
      return evaluateParameter(param, depth);
    if (const auto *var = dyn_cast<VarDecl>(decl)) {
      if (auto found = bound_.find(var); found != bound_.end())
        return found->second;
      if (std::optional<Values> counted = evaluateCounter(var, depth))
        return std::move(*counted);
      if (written_.contains(var)) {
        if (std::optional<Values> carried = evaluateCarried(var, use, depth))
          return std::move(*carried);
        if (std::optional<Values> stepped = evaluateStepped(var, use, depth))
          return std::move(*stepped);
      }
      return evaluateVariable(var, depth);
    }
    return folded(use);
  }

  /// Whether `var` holds its initialiser's value wherever it is read: it is const, or this TU
  /// never writes it and no other TU can (a mutable global with external linkage may be written
  /// by another TU). `definition`: the declaration holding the initialiser.
  bool keepsInitialiser(const VarDecl *var, const VarDecl *definition) const {
    if (var->getType().isConstQualified() || var->isConstexpr() || var == definitionGiven_)
      return true;
    return !writtenHere(var) && (var->isLocalVarDecl() || !var->isExternallyVisible());
  }

  /// Whether this TU writes `var` through any of its declarations (a header's `extern int n;`,
  /// the definition).
  bool writtenHere(const VarDecl *var) const {
    return llvm::any_of(var->redecls(), [&](const VarDecl *decl) { return written_.contains(decl); });
  }

  /// Whether other TUs give `var` its value here (OpenSource): a constant declared without one,
  /// or a mutable global this TU does not write (its value is its definition's where no other TU
  /// writes it either; the definition may be here).
  bool givenAcrossUnits(const VarDecl *var) const {
    return open_ && var != definitionGiven_ &&
           (isConstantAcrossUnits(var) || (isMutableAcrossUnits(var) && !writtenHere(var)));
  }

  /// Whether other TUs may call `function` (defined here, visible outside): its parameters then
  /// also take whatever they pass, as open values (when this evaluation wants them).
  /// An implicit instantiation is made in each TU that uses it, from what that TU passes; an
  /// explicit instantiation's definition is made once, for the calls of every TU.
  bool openToOtherUnits(const FunctionDecl *function) const {
    return open_ && function->isExternallyVisible() && function->hasBody() &&
           (!function->isTemplateInstantiation() ||
            function->getTemplateSpecializationKind() == TSK_ExplicitInstantiationDefinition) &&
           !function->isDependentContext();
  }

  Values evaluateVariable(const VarDecl *var, unsigned depth) {
    // `h` of `for (int64_t h : sizes)`: each element in turn.
    if (const CXXForRangeStmt *loop = rangeLoopOf(var)) {
      if (written_.contains(var) || leavesEarly(loop->getBody()))
        return {};
      return annotate(evaluateElements(loop->getRangeInit(), ElementSelector{}, depth), var->getLocation(),
                      "`" + var->getNameAsString() + "`");
    }
    const VarDecl *definition = var->getDefinition() ? var->getDefinition() : var;
    const Expr *init = definition->getAnyInitializer(definition);
    // Declared here without a value: another TU defines it. A mutable global may be written there.
    if ((!init || isMutableAcrossUnits(var)) && givenAcrossUnits(var))
      return {{T{}, {}, false, var->getCanonicalDecl()}};
    if (!init || var->getType()->isReferenceType())
      return {};
    if (!keepsInitialiser(var, definition))
      return {};
    if (!inProgress_.insert(var).second)
      return {};
    Values values = evaluate(init, depth + 1);
    inProgress_.erase(var);
    // A named constant is a cause of its own, reported at its definition: a `const`/`constexpr`
    // variable. A variable that is merely never written (`int64_t hidden_dim = 100;` in main) is
    // the value it was given there, reported at the layers it sizes, as a literal is. A local
    // computed from what a call passes (`const int64_t head_size = dim / heads;`) holds a
    // different value per call: no constant to pad either; one of literals and constants is.
    bool named = var->getType().isConstQualified() || var->isConstexpr();
    values = annotate(std::move(values), definition->getLocation(), "`" + var->getNameAsString() + "`", named);
    if (var->isLocalVarDecl())
      for (auto &value : values)
        if (value.fromCaller || value.openSource)
          value.origins.back().definedName.clear();
    return values;
  }

  /// Only the values that are numbers: what arithmetic and conditions work on.
  static Values known(Values values) {
    llvm::erase_if(values, [](const auto &value) { return value.openSource != nullptr; });
    return values;
  }

  Values evaluateParameter(const ParmVarDecl *param, unsigned depth) {
    const auto *function = dyn_cast<FunctionDecl>(param->getDeclContext());
    if (!function || written_.contains(param) || !inProgress_.insert(param).second)
      return {};
    Values values;
    auto found = calls_.find(function->getCanonicalDecl());
    if (found == calls_.end() || found->second.empty()) {
      // Called from no code in this TU: the default argument is the value it is built with,
      // unless other TUs may call it; then their calls say what it is built with (main.cpp's
      // `HeatPINN(..., nfreq)` with an nfreq that another file may change is no default).
      if (param->hasDefaultArg() && !param->hasUninstantiatedDefaultArg() && !openToOtherUnits(function))
        values = annotate(evaluate(param->getDefaultArg(), depth + 1), param->getLocation(),
                          "`" + param->getNameAsString() + "` (the default argument; no call in this file passes it)");
    } else {
      for (const CallSite &site : found->second)
        append(values, atCall(function, param, site, depth));
    }
    if (openToOtherUnits(function))
      append(values, {{T{}, {}, true, param}});
    inProgress_.erase(param);
    for (auto &value : values)
      value.fromCaller = true;
    return values;
  }

  Values evaluateMember(const MemberExpr *member, unsigned depth) {
    Values folding = folded(member);
    const ValueDecl *decl = member->getMemberDecl();
    if (const auto *var = dyn_cast<VarDecl>(decl))
      return folding.empty() ? evaluateVariable(var, depth) : folding;
    const auto *field = dyn_cast<FieldDecl>(decl);
    if (field && written_.contains(field))
      if (const Expr *assigned = assignedEarlierInMethod(member, field)) {
        if (!inProgress_.insert(field).second)
          return folding;
        Values values = annotate(evaluate(assigned, depth + 1), assigned->getBeginLoc(),
                                 "member `" + field->getNameAsString() + "`");
        inProgress_.erase(field);
        return values;
      }
    if (!field || (written_.contains(field) && !isOwnCopy(member->getBase())) || !inProgress_.insert(field).second)
      return folding;
    Values values;
    if (const CXXConstructorDecl *ctor = assigningConstructorAround(member, field))
      values = ownFieldInConstructor(ctor, field, member, depth);
    else
      values = isThisMember(member) ? evaluateOwnField(field, depth) : evaluateFieldOf(member, field, depth);
    inProgress_.erase(field);
    // Clang folds a member of a constant struct (`const auto cfg = TGNConfig{};`) but says not
    // where the value was defined: the structural value names the member's initialiser, and is
    // kept where it agrees with the folded one.
    if (folding.empty() || (values.size() == 1 && !values[0].openSource && values[0].value == folding[0].value))
      return values;
    return folding;
  }

  /// `num_classes_` read in a method of its class other than a constructor, after a statement of
  /// the method's body itself assigned it (`num_classes_ = num_classes;` then `Conv2dOptions(64,
  /// 5 + num_classes_, 1)` in `Initialize`): the value assigned last before the read, when nothing
  /// from that assignment to the read may write the member (lastOwnAssignment). Null otherwise.
  const Expr *assignedEarlierInMethod(const MemberExpr *use, const FieldDecl *field) const {
    if (!isThisMember(use))
      return nullptr;
    const auto *method = dyn_cast_or_null<CXXMethodDecl>(enclosingFunction(*use));
    if (!method || isa<CXXConstructorDecl>(method) || method->isStatic() || method->getParent() != field->getParent())
      return nullptr;
    return lastOwnAssignment(method, field, use, true, ctx_.getSourceManager()).value_or(nullptr);
  }

  /// The function whose body holds `e`, outside any lambda; null inside a lambda.
  const FunctionDecl *enclosingFunction(const Expr &e) const {
    DynTypedNode node = DynTypedNode::create(e);
    for (unsigned guard = 0; guard < 512; ++guard) {
      DynTypedNodeList parents = ctx_.getParents(node);
      if (parents.empty() || parents[0].get<LambdaExpr>())
        return nullptr;
      node = parents[0];
      if (const auto *function = node.get<FunctionDecl>())
        return function;
    }
    return nullptr;
  }

  /// The constructor whose body reads its own member `field` at `member`, when its class's
  /// constructors assign the member in their bodies; else null.
  const CXXConstructorDecl *assigningConstructorAround(const MemberExpr *member, const FieldDecl *field) const {
    if (!isThisMember(member) || !tu_.constructorWrites.contains(field))
      return nullptr;
    const auto *ctor = dyn_cast_or_null<CXXConstructorDecl>(enclosingFunction(*member));
    return ctor && ctor->getParent() == field->getParent() ? ctor : nullptr;
  }

  /// `hidden_` read in the body of a constructor that assigns it: the last assignment before the
  /// read, else what the constructor initialised it with. An assignment of the body makes the
  /// member a variable, not a constant: like a local that is not const, its value is reported at
  /// the layers it sizes (`m_hidden = m_wide ? 128 : 100;`), not at the assignment.
  Values ownFieldInConstructor(const CXXConstructorDecl *ctor, const FieldDecl *field, const MemberExpr *use,
                               unsigned depth) {
    std::optional<const Expr *> assigned = lastOwnAssignment(ctor, field, use, false, ctx_.getSourceManager());
    if (!assigned)
      return {};
    if (*assigned)
      return annotate(evaluate(*assigned, depth + 1), (*assigned)->getBeginLoc(),
                      "member `" + field->getNameAsString() + "`");
    const Expr *init = initialiserIn(ctor, field);
    if (!init)
      return {};
    return asMember(evaluate(init, depth + 1), init->getBeginLoc(), "`" + field->getNameAsString() + "`");
  }

  /// What `ctor` initialises `field` with before its body runs: its written mem-initializer, else
  /// the in-class initialiser; null when neither.
  static const Expr *initialiserIn(const CXXConstructorDecl *ctor, const FieldDecl *field) {
    for (const CXXCtorInitializer *memberInit : ctor->inits())
      if (memberInit->getMember() == field && memberInit->isWritten())
        return memberInit->getInit();
    return field->getInClassInitializer();
  }

  /// `values` as those of the data member `name` initialised at `at`. A member set from what a
  /// caller passes (`_options(option)`) is no constant of its own: the value is named where the
  /// caller has it, or reported at its layers.
  Values asMember(Values values, SourceLocation at, const std::string &name) {
    Values named;
    for (auto &value : values) {
      bool constant = !value.fromCaller && !value.openSource;
      append(named, annotate(Values{std::move(value)}, at, "member " + name, constant));
    }
    return named;
  }

  /// Whether `base` is a struct that a write of one of its fields through another object cannot
  /// change: a local variable or a parameter taken by value or by const reference; or taken by
  /// non-const reference to be filled (isFilledStructParameter), whose caller's struct is assumed
  /// not to be reached through another name while the function runs. Its own writes are followed
  /// where it is read (fieldOfRecord).
  static bool isOwnCopy(const Expr *base) {
    base = base->IgnoreImplicit()->IgnoreParens();
    // `cfg.encoder`: a part of `cfg`
    for (const auto *member = dyn_cast<MemberExpr>(base); member && !member->isArrow() && !isThisMember(member);
         member = dyn_cast<MemberExpr>(base))
      base = member->getBase()->IgnoreImplicit()->IgnoreParens();
    if (isa<CXXThisExpr>(base)) // the object a method runs on: its writes are anyone's
      return false;
    if (base->isPRValue()) // a temporary: `make_config().hidden`
      return true;
    const auto *ref = dyn_cast<DeclRefExpr>(base->IgnoreParenImpCasts());
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var)
      return false;
    QualType type = var->getType();
    if (const auto *param = dyn_cast<ParmVarDecl>(var))
      return !type->isReferenceType() || type.getNonReferenceType().isConstQualified() ||
             isFilledStructParameter(param);
    return var->isLocalVarDecl() && !var->isStaticLocal() && !type->isReferenceType();
  }

  /// The statements around `node`, innermost first, up to the body of the function that holds it;
  /// a local variable, and an expression in its initialiser, continue at its declaration.
  std::vector<const Stmt *> enclosingStatements(DynTypedNode node) const {
    std::vector<const Stmt *> chain;
    for (unsigned guard = 0; guard < 512; ++guard) {
      if (const auto *stmt = node.get<Stmt>())
        chain.push_back(stmt);
      else if (!node.get<VarDecl>() || node.get<ParmVarDecl>())
        break;
      DynTypedNodeList parents = ctx_.getParents(node);
      if (parents.empty())
        break;
      node = parents[0];
    }
    return chain;
  }

  /// Which assignments of `path` of the local struct `var` (TranslationUnitFacts::fieldAssignments)
  /// give the value read at `use`: the last of those that run on every path from `var`'s
  /// declaration to `use` (a statement of a block that holds `use`, or of plain blocks inside
  /// one, before it; a call of another TU that fills `var` counts as an assignment), then the
  /// calls of setters of other TUs that run after it, in the order they run; with no such
  /// assignment, the value is the initial one, and the list has only setters. Nothing when any
  /// other may run before `use`: one before it in a branch, in a lambda, or after it in a loop
  /// that `var` outlives.
  std::optional<std::vector<const FieldWrite *>> writesReaching(const VarDecl *var,
                                                                llvm::ArrayRef<const FieldDecl *> path,
                                                                const Expr *use) const {
    auto assignments = tu_.fieldAssignments.find(var);
    if (assignments == tu_.fieldAssignments.end())
      return std::vector<const FieldWrite *>{};
    const SourceManager &sm = ctx_.getSourceManager();
    std::vector<const Stmt *> declaration = enclosingStatements(DynTypedNode::create(*var));
    std::vector<const Stmt *> reading = enclosingStatements(DynTypedNode::create(*use));
    // A lambda that `var` is captured into runs when it is called, in any order.
    auto inLambda = [&](const std::vector<const Stmt *> &chain) {
      return llvm::any_of(chain, [&](const Stmt *s) { return isa<LambdaExpr>(s) && !llvm::is_contained(declaration, s); });
    };
    if (inLambda(reading))
      return std::nullopt;
    auto positionIn = [](const CompoundStmt *block, const Stmt *statement) {
      return std::find(block->body_begin(), block->body_end(), statement) - block->body_begin();
    };
    auto before = [&](const Stmt *a, const Stmt *b) {
      return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a->getBeginLoc()), sm.getExpansionLoc(b->getBeginLoc()));
    };
    // Whether `writing` (an assignment and the statements around it) runs whenever `use` does,
    // before it.
    auto alwaysRunsBefore = [&](const std::vector<const Stmt *> &writing) {
      // A write inside the expressions of a statement runs whenever the statement does, before
      // what follows it: `int rc = load(cfg);`, or the condition of `if (parse_args(argc, argv, p)
      // != 0) return 1;`, also before the branches; not on one side of `&&`, `||` or `?:`.
      size_t statement = 0;
      const IfStmt *condition = nullptr;
      for (; statement + 1 < writing.size() && !isa<CompoundStmt>(writing[statement + 1]); ++statement) {
        const Stmt *part = writing[statement], *whole = writing[statement + 1];
        const auto *branching = dyn_cast<IfStmt>(whole);
        const auto *logical = dyn_cast<BinaryOperator>(whole);
        const auto *choice = dyn_cast<AbstractConditionalOperator>(whole);
        if (branching && (part == branching->getCond() || part == branching->getInit()))
          condition = branching;
        else if (branching || !isa<Expr, DeclStmt>(whole) || (logical && logical->isLogicalOp() && part == logical->getRHS()) ||
                 (choice && part != choice->getCond()))
          return false;
      }
      for (bool first = true; statement + 1 < writing.size(); ++statement, first = false) {
        const auto *block = dyn_cast<CompoundStmt>(writing[statement + 1]);
        if (!block)
          return false;
        auto holder = llvm::find(reading, block);
        if (holder != reading.end() && holder != reading.begin() && *(holder - 1) == writing[statement]) {
          // The use is in the statement that writes: after the write only in a branch of the
          // `if` whose condition writes.
          if (!first || !condition)
            return false;
          auto branch = std::prev(llvm::find(reading, condition));
          return *branch == condition->getThen() || *branch == condition->getElse();
        }
        if (holder != reading.end())
          return holder != reading.begin() && positionIn(block, writing[statement]) < positionIn(block, *(holder - 1));
        // A plain block inside another runs whenever the outer one reaches it.
        if (statement + 2 >= writing.size() || !isa<CompoundStmt>(writing[statement + 2]))
          return false;
      }
      return false;
    };
    // Those that always run before the use run in the order they are written; a chain's setters
    // share their statement and run in the order they are listed.
    std::vector<const FieldWrite *> reaching;
    for (const FieldWrite &write : assignments->second) {
      if (llvm::ArrayRef(write.path) != path && !write.setterOfOtherUnit && !write.filledByOtherUnit &&
          !write.methodOfOtherUnit)
        continue;
      // The struct passed to the call that may fill it is read before that call runs.
      if (write.filledByOtherUnit && llvm::is_contained(reading, write.write))
        continue;
      std::vector<const Stmt *> writing = enclosingStatements(DynTypedNode::create(*write.write));
      if (inLambda(writing))
        return std::nullopt;
      if (alwaysRunsBefore(writing)) {
        reaching.push_back(&write);
        continue;
      }
      if (before(write.write, use))
        return std::nullopt;
      for (const Stmt *loop : reading)
        if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(loop) && llvm::is_contained(writing, loop) &&
            !llvm::is_contained(declaration, loop))
          return std::nullopt;
    }
    llvm::stable_sort(reaching, [&](const FieldWrite *a, const FieldWrite *b) { return before(a->write, b->write); });
    // A setter of another TU may leave the member as it was, and so may a filler of another TU
    // where the setters' facts can tell (assumeSetters_).
    auto lastAssignment = llvm::find_if(llvm::reverse(reaching), [&](const FieldWrite *w) {
      return !w->setterOfOtherUnit && !(assumeSetters_ && (w->filledByOtherUnit || w->methodOfOtherUnit));
    });
    if (lastAssignment != llvm::reverse(reaching).end())
      reaching.erase(reaching.begin(), std::prev(lastAssignment.base()));
    return reaching;
  }

  /// The values of member `field` of a local struct read after `writes` (writesReaching()):
  /// what the first, an assignment, gives (for a call of another TU that fills the struct, an
  /// open value: what that TU's function leaves there), or else `initial()`; each kept through
  /// the setters of other TUs that follow, which may set it instead (assumeSetters_; without it,
  /// nothing is known after one). `name` names the member for the messages.
  template <typename Initial>
  Values afterWrites(llvm::ArrayRef<const FieldWrite *> writes, const FieldDecl *field, const std::string &name,
                     Initial initial, unsigned depth) {
    std::vector<SetterAssumption> unset;
    Values values;
    for (const FieldWrite *write : llvm::reverse(writes)) {
      if (const ParmVarDecl *filled = write->filledByOtherUnit) {
        const auto *filler = cast<FunctionDecl>(filled->getDeclContext());
        if (open_ && field->getType()->isIntegralOrEnumerationType())
          append(values, assuming(annotate({{T{}, {}, false, filled, field->getNameAsString()}},
                                           write->write->getBeginLoc(),
                                           name + " left by `" + filler->getNameAsString() + "`"),
                                  unset));
        // A filler that leaves the member as it was (`parse_args` sets only what argv names)
        // passes on what the writes before it gave, if its TU shows that it never writes it.
        if (!assumeSetters_)
          return values;
        unset.push_back({filler, fillerField(*filled, field->getName()), false});
        continue;
      }
      // A method of another TU that leaves the member as it was passes on what the writes before
      // it gave, if its TU shows that it never writes it; where it writes it, nothing is known.
      if (const CXXMethodDecl *method = write->methodOfOtherUnit) {
        if (!assumeSetters_)
          return values;
        unset.push_back({method, methodField(field->getName()), false});
        continue;
      }
      if (!write->setterOfOtherUnit) {
        append(values, assuming(annotate(evaluate(write->value, depth + 1), write->write->getBeginLoc(), name), unset));
        return values;
      }
      if (!assumeSetters_)
        return {};
      unset.push_back({write->setterOfOtherUnit, field->getNameAsString(), false});
      append(values, setByOtherUnit(write->setterOfOtherUnit, write->value, field, unset, depth));
    }
    append(values, assuming(initial(), unset));
    return values;
  }

  /// The value `setter` of another TU is called with, as `field`'s, assuming it sets `field` and
  /// the setters called after it (`after`'s others) do not.
  Values setByOtherUnit(const CXXMethodDecl *setter, const Expr *argument, const FieldDecl *field,
                        std::vector<SetterAssumption> after, unsigned depth) {
    after.back().sets = true;
    return assuming(annotate(evaluate(argument, depth + 1), argument->getBeginLoc(),
                             "`" + field->getNameAsString() + "` set by `" + setter->getNameAsString() + "`"),
                    after);
  }

  static Values assuming(Values values, const std::vector<SetterAssumption> &assumptions) {
    for (auto &value : values)
      for (const SetterAssumption &assumption : assumptions)
        if (!llvm::is_contained(value.assumptions, assumption))
          value.assumptions.push_back(assumption);
    return values;
  }

  /// `field` of a struct of the project built by a constructor written in the TU with an empty
  /// body (`NBeatsOptions(int64_t backcast, int64_t forecast) : backcast_(backcast), ...`): the
  /// argument the constructor initialises it from, its initialiser, or else its default member
  /// initialiser.
  Values fieldOfConstruction(const CXXConstructExpr *construct, const FieldDecl *field, unsigned depth) {
    const FunctionDecl *definition = nullptr;
    const SourceManager &sm = ctx_.getSourceManager();
    if (!construct->getConstructor()->hasBody(definition) ||
        sm.isInSystemHeader(sm.getFileLoc(definition->getLocation())))
      return {};
    const auto *ctor = cast<CXXConstructorDecl>(definition);
    const auto *body = dyn_cast_or_null<CompoundStmt>(ctor->getBody());
    if (!body)
      return {};
    // A parameter of the constructor is what this construction passes.
    auto valueOf = [&](const Expr *init, SourceLocation at) {
      const auto *ref = dyn_cast<DeclRefExpr>(init->IgnoreParenImpCasts());
      const auto *param = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
      unsigned index = param ? param->getFunctionScopeIndex() : 0;
      Values values = param && index < construct->getNumArgs() ? evaluate(construct->getArg(index), depth + 1)
                                                               : evaluate(init, depth + 1);
      return annotate(std::move(values), at, "member `" + field->getNameAsString() + "`");
    };
    // A body may change the member: only by assignments it orders (`nz = length_latent_vector;`),
    // with nothing else writing the member.
    if (!body->body_empty()) {
      if (written_.contains(field))
        return {};
      std::optional<const Expr *> assigned = lastOwnAssignment(ctor, field, nullptr, false, ctx_.getSourceManager());
      if (!assigned)
        return {};
      if (*assigned)
        return valueOf(*assigned, (*assigned)->getBeginLoc());
    }
    for (const CXXCtorInitializer *init : ctor->inits()) {
      // Clang lists a member the constructor leaves to its default initialiser too, unwritten.
      if (init->getMember() != field || !init->isWritten())
        continue;
      return valueOf(init->getInit(), init->getSourceLocation());
    }
    return memberInitializer(field, depth);
  }

  /// `opts.units()`: the member a user-written accessor returns, of the object it is called on.
  Values evaluateAccessor(const CXXMemberCallExpr *call, unsigned depth) {
    const FieldDecl *field = accessedField(call->getMethodDecl());
    const Expr *object = call->getImplicitObjectArgument();
    if (!field || !object || isa<CXXThisExpr>(object->IgnoreParenImpCasts()) || !inProgress_.insert(field).second)
      return {};
    Values values = fieldOfRecord(object, field, depth + 1);
    inProgress_.erase(field);
    return values;
  }

  /// The return statements of `function`'s body, not those of lambdas in it.
  static void collectReturns(const Stmt *s, std::vector<const ReturnStmt *> &returns) {
    if (!s || isa<LambdaExpr>(s))
      return;
    if (const auto *ret = dyn_cast<ReturnStmt>(s))
      returns.push_back(ret);
    for (const Stmt *child : s->children())
      collectReturns(child, returns);
  }

  /// The member `path` names (`hidden`, or `model`, `ffn_dim`) of the struct a function of the
  /// project returns (`Config cfg = make_config();`): what each of its return statements gives,
  /// or, for a function of another TU, what it returns there.
  Values fieldOfResult(const CallExpr *call, llvm::ArrayRef<const FieldDecl *> path, unsigned depth) {
    const FunctionDecl *callee = call->getDirectCallee();
    const FunctionDecl *definition = nullptr;
    const SourceManager &sm = ctx_.getSourceManager();
    if (!callee || sm.isInSystemHeader(sm.getFileLoc(callee->getLocation())))
      return {};
    if (const auto *method = dyn_cast<CXXMethodDecl>(callee); method && method->isVirtual())
      return {};
    std::string what = "`" + pathName(path) + "` of what `" + callee->getNameAsString() + "` returns";
    if (!callee->hasBody(definition)) {
      if (!resultOfOtherUnit(call) || !path.back()->getType()->isIntegralOrEnumerationType())
        return {};
      return annotate({{T{}, {}, false, callee->getCanonicalDecl(), pathName(path)}}, call->getBeginLoc(), what);
    }
    return annotate(fieldOfReturns(definition, path, depth), call->getBeginLoc(), what);
  }

  /// The function `call` calls, when what it returns is known only where another TU defines it:
  /// a function of the project, not virtual, declared here without a body and visible to other
  /// TUs. Null otherwise, or outside an open evaluation.
  const FunctionDecl *resultOfOtherUnit(const CallExpr *call) const {
    const FunctionDecl *callee = call->getDirectCallee();
    const auto *method = dyn_cast_or_null<CXXMethodDecl>(callee);
    const SourceManager &sm = ctx_.getSourceManager();
    if (!open_ || !callee || callee->hasBody() || !callee->isExternallyVisible() || (method && method->isVirtual()) ||
        sm.isInSystemHeader(sm.getFileLoc(callee->getLocation())))
      return nullptr;
    return callee;
  }

  /// `hidden_` inside its class: what each constructor initialises it with; with `subpath`,
  /// `cfg_.hidden` or `cfg_.model.hidden` of a struct member `cfg_`.
  Values evaluateOwnField(const FieldDecl *field, unsigned depth, llvm::ArrayRef<const FieldDecl *> subpath = {}) {
    std::string name = "`" + field->getNameAsString() + (subpath.empty() ? "" : "." + pathName(subpath)) + "`";
    auto valueOf = [&](const Expr *init) {
      return subpath.empty() ? evaluate(init, depth + 1) : fieldOfPath(init, subpath, depth + 1);
    };
    std::optional<FieldInitialisers> inits = initialisersOf(field);
    if (!inits)
      return {};
    if (!inits->byConstructors) {
      if (inits->initialisers.empty())
        return {};
      const FieldInitialiser &inClass = inits->initialisers.front();
      return annotate(valueOf(inClass.init), inClass.at, "member " + name, true);
    }
    Values values;
    for (const FieldInitialiser &init : inits->initialisers)
      if (init.init)
        append(values, asMember(valueOf(init.init), init.at, name));
    return values;
  }

  struct FieldInitialiser {
    const Expr *init; ///< null: the constructor leaves the member default-initialised
    SourceLocation at;
  };
  struct FieldInitialisers {
    std::vector<FieldInitialiser> initialisers;
    bool byConstructors = false; ///< else: the in-class initialiser, of a class no constructor of which runs
  };

  /// What `field` is initialised with: by each constructor that runs, the last assignment of its
  /// body (`hidden_ = hidden;`), else its written mem-initializer, else the in-class initialiser
  /// (an implicit constructor's initialiser is the in-class one, at the constructor's use of it);
  /// for a class whose constructors never run, the in-class initialiser at the member. Nothing
  /// when a constructor is defined in another TU or assigns the member in an order not known.
  std::optional<FieldInitialisers> initialisersOf(const FieldDecl *field) const {
    const auto *record = dyn_cast<CXXRecordDecl>(field->getParent());
    if (!record)
      return std::nullopt;
    FieldInitialisers found;
    for (const CXXConstructorDecl *ctor : record->ctors()) {
      if (ctor->isImplicit() && !ctor->isUsed())
        continue;
      found.byConstructors = true;
      const FunctionDecl *definition = nullptr;
      if (!ctor->hasBody(definition))
        return std::nullopt; // defined elsewhere: its initialisation is unknown
      const auto *constructor = cast<CXXConstructorDecl>(definition);
      const Expr *init = nullptr;
      if (tu_.constructorWrites.contains(field)) {
        std::optional<const Expr *> assigned = lastOwnAssignment(constructor, field, nullptr, false, ctx_.getSourceManager());
        if (!assigned)
          return std::nullopt;
        init = *assigned;
      }
      if (!init)
        init = initialiserIn(constructor, field);
      found.initialisers.push_back({init, init ? init->getBeginLoc() : SourceLocation()});
    }
    if (!found.byConstructors && field->hasInClassInitializer())
      found.initialisers.push_back({field->getInClassInitializer(), field->getLocation()});
    return found;
  }

  /// `cfg.hidden` where `cfg` is a variable initialised once (`Config cfg{64, 4095};` or
  /// `Config cfg;`), a parameter (what each call passes, and what other TUs pass), or a member its
  /// constructors initialise.
  Values evaluateFieldOf(const MemberExpr *member, const FieldDecl *field, unsigned depth) {
    if (!member->isArrow())
      return fieldOfRecord(member->getBase(), field, depth);
    // `p->hidden` through an object pointer: as `cfg.hidden` (its writes, else what it allocated).
    if (objectPointer(member->getBase()))
      return fieldOfRecord(member->getBase(), field, depth);
    // `p->hidden` with `const EncoderConfig *p = &cfg.encoder;`, a pointer never reassigned, or a
    // parameter `const DecoderConfig *dec` (what each call points it at).
    const auto *ref = dyn_cast<DeclRefExpr>(member->getBase()->IgnoreParenImpCasts());
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !var->getType()->isPointerType() || !var->getType()->getPointeeType().isConstQualified() ||
        written_.contains(var))
      return {};
    if (const auto *param = dyn_cast<ParmVarDecl>(var))
      return fieldOfParameter(param, field, depth);
    if (!var->isLocalVarDecl() || !var->getInit())
      return {};
    const auto *address = dyn_cast<UnaryOperator>(var->getInit()->IgnoreParenImpCasts());
    if (!address || address->getOpcode() != UO_AddrOf)
      return {};
    return annotate(fieldOfRecord(address->getSubExpr(), field, depth + 1), var->getLocation(),
                    "`" + var->getNameAsString() + "->" + field->getNameAsString() + "`");
  }

  /// The value of `field` in the struct `record` evaluates to.
  Values fieldOfRecord(const Expr *record, const FieldDecl *field, unsigned depth) {
    if (!record || depth > MaxDepth)
      return {};
    record = record->IgnoreImplicit()->IgnoreParens();
    if (const auto *address = dyn_cast<UnaryOperator>(record); address && address->getOpcode() == UO_AddrOf)
      record = address->getSubExpr()->IgnoreImplicit()->IgnoreParens(); // `&cfg.decoder` passed to a pointer
    if (const auto *cast = dyn_cast<CXXFunctionalCastExpr>(record)) // `Config{...}` of one element
      record = cast->getSubExpr()->IgnoreImplicit()->IgnoreParens();
    if (const auto *allocated = dyn_cast<CXXNewExpr>(record)) {
      // `new Config()`, `new Config{...}`: what it is built with. `new Config` of a struct with
      // no initialiser of its own leaves its members unset.
      if (allocated->isArray() || !allocated->getInitializer())
        return {};
      record = allocated->getInitializer()->IgnoreImplicit()->IgnoreParens();
    }
    if (const auto *construct = dyn_cast<CXXConstructExpr>(record)) {
      const CXXConstructorDecl *ctor = construct->getConstructor();
      if ((ctor->isCopyConstructor() || ctor->isMoveConstructor()) && construct->getNumArgs() == 1)
        return fieldOfRecord(construct->getArg(0), field, depth + 1);
      if (ctor->isDefaultConstructor() && ctor->isImplicit())
        return memberInitializer(field, depth);
      return fieldOfConstruction(construct, field, depth);
    }
    if (const auto *call = dyn_cast<CXXMemberCallExpr>(record)) {
      if (auto [written, value] = setterOf(call->getMethodDecl()); written) {
        // A builder's setter (`NBeatsOptions(48, 12).data_size(3)`): the member it sets takes
        // the argument, the others what the object had.
        if (written != field)
          return fieldOfRecord(call->getImplicitObjectArgument(), field, depth + 1);
        return annotate(evaluate(call->getArg(value->getFunctionScopeIndex()), depth + 1), call->getExprLoc(),
                        "`" + field->getNameAsString() + "` set by `" + call->getMethodDecl()->getNameAsString() + "`");
      }
      // `PatchEmbeddingOptions().EmbedDim(ops.embed_dim)` with EmbedDim defined in another TU:
      // the argument if it sets `field`, else what the object had.
      if (const CXXMethodDecl *setter = call->getMethodDecl();
          isSetterOfOtherUnit(setter, ctx_.getSourceManager()) && call->getNumArgs() == 1) {
        if (!assumeSetters_)
          return {};
        std::vector<SetterAssumption> unset{{setter, field->getNameAsString(), false}};
        Values values = setByOtherUnit(setter, call->getArg(0), field, unset, depth);
        append(values, assuming(fieldOfRecord(call->getImplicitObjectArgument(), field, depth + 1), unset));
        return values;
      }
    }
    if (const auto *call = dyn_cast<CallExpr>(record))
      return fieldOfResult(call, {field}, depth);
    if (const auto *list = dyn_cast<InitListExpr>(record)) {
      const Expr *init = elementFor(list, field);
      if (!init)
        return {};
      if (isa<CXXDefaultInitExpr>(init->IgnoreImplicit()))
        return memberInitializer(field, depth);
      return evaluate(init, depth + 1);
    }
    if (const auto *member = dyn_cast<MemberExpr>(record); member && !isThisMember(member)) {
      // `cfg.encoder.hidden`: a member of a struct inside another.
      const Expr *root = nullptr;
      FieldPath path = memberPath(member, &root);
      if (path.empty())
        return {};
      path.push_back(field);
      return fieldOfPath(root, path, depth + 1);
    }
    if (const auto *member = dyn_cast<MemberExpr>(record)) {
      const auto *stored = dyn_cast<FieldDecl>(member->getMemberDecl());
      if (!stored || written_.contains(stored) || !inProgress_.insert(stored).second)
        return {};
      Values values = evaluateOwnField(stored, depth, {field});
      inProgress_.erase(stored);
      return values;
    }
    const auto *ref = dyn_cast<DeclRefExpr>(record);
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var)
      return {};
    if (const auto *param = dyn_cast<ParmVarDecl>(var); param && isFilledStructParameter(param))
      return fieldOfFilledParameter(param, field, ref, depth);
    if (const auto *param = dyn_cast<ParmVarDecl>(var))
      return fieldOfParameter(param, field, depth);
    if (var->getType()->isReferenceType()) {
      // `const NBeatsOptions &o = options_;`: another name for what it is bound to.
      if (!var->isLocalVarDecl() || !var->getType().getNonReferenceType().isConstQualified() || !var->getInit() ||
          !inProgress_.insert(var).second)
        return {};
      Values values = fieldOfRecord(var->getInit(), field, depth + 1);
      inProgress_.erase(var);
      return values;
    }
    if (!keepsInitialiser(var, var))
      return {};
    std::string name = memberSpelling(var, field->getNameAsString());
    std::optional<std::vector<const FieldWrite *>> writes = writesReaching(var, {field}, ref);
    if (!writes)
      return {};
    return afterWrites(*writes, field, name, [&] {
      const Expr *init = var->getInit();
      Values values;
      if (init) {
        if (!inProgress_.insert(var).second)
          return Values{};
        values = fieldOfRecord(init, field, depth + 1);
        inProgress_.erase(var);
      } else if (var->getType()->getAsCXXRecordDecl() &&
                 var->getType()->getAsCXXRecordDecl()->hasTrivialDefaultConstructor()) {
        values = memberInitializer(field, depth);
      }
      return annotate(std::move(values), var->getLocation(), name);
    }, depth);
  }

  /// What the braced list that builds `field`'s struct gives the member: its element, a
  /// CXXDefaultInitExpr where it leaves the member to its in-class initialiser; null when the list
  /// is not the struct's own (an aggregate with base classes lists the bases first).
  static const Expr *elementFor(const InitListExpr *list, const FieldDecl *field) {
    list = list->isSemanticForm() ? list : list->getSemanticForm();
    const auto *owner = dyn_cast<CXXRecordDecl>(field->getParent());
    if (!list || !owner || owner->getNumBases() != 0 || !listInitialises(list, owner) ||
        field->getFieldIndex() >= list->getNumInits())
      return nullptr;
    return list->getInit(field->getFieldIndex());
  }

  /// The value of the member `path` names (`encoder`, `hidden`) in the struct `root` evaluates
  /// to: `cfg.encoder.hidden` for a local `cfg` (its assignments, else its initialiser), a
  /// parameter (what each call of this TU passes; other TUs' calls are not followed), or a
  /// `const &` to such a struct.
  Values fieldOfPath(const Expr *root, llvm::ArrayRef<const FieldDecl *> path, unsigned depth) {
    if (path.size() == 1)
      return fieldOfRecord(root, path[0], depth);
    // A member struct replaced whole (`cfg.encoder = other`) through another object makes it
    // unknown; one of an own copy makes that variable unknown (keepsInitialiser). The scalar
    // itself was checked where it is read (evaluateMember).
    if (!root || depth > MaxDepth ||
        (llvm::any_of(path.drop_back(), [&](const FieldDecl *f) { return written_.contains(f); }) &&
         !isOwnCopy(root)))
      return {};
    root = root->IgnoreImplicit()->IgnoreParens();
    if (const auto *member = dyn_cast<MemberExpr>(root)) {
      const auto *stored = dyn_cast<FieldDecl>(member->getMemberDecl());
      if (!stored || member->isArrow() != isThisMember(member))
        return {};
      if (!isThisMember(member)) {
        // `cfg.model` passed on: the path from `cfg`.
        const Expr *outer = nullptr;
        FieldPath full = memberPath(member, &outer);
        if (full.empty())
          return {};
        full.append(path.begin(), path.end());
        return fieldOfPath(outer, full, depth + 1);
      }
      // `_config` kept by the class (`init_model(_config)`): what its constructors store there.
      if (written_.contains(stored) || !inProgress_.insert(stored).second)
        return {};
      Values values = evaluateOwnField(stored, depth, path);
      inProgress_.erase(stored);
      return values;
    }
    if (const auto *call = dyn_cast<CallExpr>(root); call && !isa<CXXOperatorCallExpr>(call))
      return fieldOfResult(call, path, depth);
    if (const auto *ref = dyn_cast<DeclRefExpr>(root)) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      if (!var || !inProgress_.insert(var).second)
        return {};
      Values values;
      if (const auto *param = dyn_cast<ParmVarDecl>(var)) {
        const auto *function = dyn_cast<FunctionDecl>(param->getDeclContext());
        if (function && !written_.contains(param) && readOnlyParameter(param)) {
          if (auto found = calls_.find(function->getCanonicalDecl()); found != calls_.end())
            for (const CallSite &site : found->second)
              append(values, fieldAtCall(function, param, path, site, depth));
          if (openToOtherUnits(function))
            append(values, annotate({{T{}, {}, true, param, pathName(path)}}, param->getLocation(),
                                    memberSpelling(param, pathName(path))));
        }
        for (auto &value : values)
          value.fromCaller = true;
      } else if (var->getType()->isReferenceType()) {
        if (var->isLocalVarDecl() && var->getType().getNonReferenceType().isConstQualified() && var->getInit())
          values = fieldOfPath(var->getInit(), path, depth + 1);
      } else if (keepsInitialiser(var, var)) {
        // A setter of another TU sets a member of `var` itself: not followed into a member's.
        std::optional<std::vector<const FieldWrite *>> writes = writesReaching(var, path, ref);
        if (writes && writes->size() == 1 && !writes->front()->setterOfOtherUnit &&
            !writes->front()->filledByOtherUnit && !writes->front()->methodOfOtherUnit)
          values = annotate(evaluate(writes->front()->value, depth + 1), writes->front()->write->getBeginLoc(),
                            memberSpelling(var, pathName(path)));
        else if (writes && writes->empty())
          values = annotate(fieldOfPath(var->getInit(), path, depth + 1), var->getLocation(),
                            memberSpelling(var, pathName(path)));
      }
      inProgress_.erase(var);
      return values;
    }
    // A struct built here: the initialiser of its first member on the path.
    const Expr *part = nullptr;
    if (const auto *cast = dyn_cast<CXXFunctionalCastExpr>(root))
      root = cast->getSubExpr()->IgnoreImplicit()->IgnoreParens();
    if (const auto *allocated = dyn_cast<CXXNewExpr>(root)) {
      if (allocated->isArray() || !allocated->getInitializer())
        return {};
      root = allocated->getInitializer()->IgnoreImplicit()->IgnoreParens();
    }
    if (const auto *construct = dyn_cast<CXXConstructExpr>(root)) {
      const CXXConstructorDecl *ctor = construct->getConstructor();
      if ((ctor->isCopyConstructor() || ctor->isMoveConstructor()) && construct->getNumArgs() == 1)
        return fieldOfPath(construct->getArg(0), path, depth + 1);
      if (!ctor->isDefaultConstructor() || !ctor->isImplicit())
        return {};
      part = path[0]->getInClassInitializer();
    } else if (const auto *list = dyn_cast<InitListExpr>(root)) {
      part = elementFor(list, path[0]);
      if (!part)
        return {};
      if (const auto *defaulted = dyn_cast<CXXDefaultInitExpr>(part->IgnoreImplicit()))
        part = defaulted->getExpr();
    } else {
      return {};
    }
    if (part)
      return fieldOfPath(part, path.drop_front(), depth + 1);
    // A member struct with no initialiser is default-built: its members' own defaults.
    return path.size() == 2 ? memberInitializer(path[1], depth) : Values{};
  }

  /// The default member initialiser of `field` (`int64_t z_dim = 20;` in a config struct): a
  /// named constant, `Config::z_dim`, that every default-built struct takes.
  Values memberInitializer(const FieldDecl *field, unsigned depth) {
    if (!field->hasInClassInitializer())
      return {};
    std::string name = field->getNameAsString();
    if (const auto *owner = dyn_cast<RecordDecl>(field->getParent()); owner && owner->getIdentifier())
      name = owner->getName().str() + "::" + name;
    return annotate(evaluate(field->getInClassInitializer(), depth + 1), field->getLocation(), "`" + name + "`", true);
  }

  /// `cfg.patch_size` read at `use` in a function that fills the struct parameter `cfg` (taken by
  /// non-const reference, isFilledStructParameter) after an assignment of its own
  /// (`cfg.patch_size = 8; ... cfg.patch_size - cfg.overlap`). What the caller's struct held
  /// before is not followed.
  Values fieldOfFilledParameter(const ParmVarDecl *param, const FieldDecl *field, const Expr *use, unsigned depth) {
    if (written_.contains(param))
      return {};
    std::optional<std::vector<const FieldWrite *>> writes = writesReaching(param, {field}, use);
    if (writes && writes->empty() && !tu_.fieldAssignments.contains(param))
      return fieldOfParameter(param, field, depth); // read, never filled here: what callers pass
    if (!writes || writes->empty() || writes->front()->setterOfOtherUnit || writes->front()->filledByOtherUnit ||
        writes->front()->methodOfOtherUnit)
      return {};
    return afterWrites(*writes, field, memberSpelling(param, field->getNameAsString()),
                       [] { return Values{}; }, depth);
  }

  /// `cfg.hidden` where `cfg` is a parameter taken by value, by const reference, or by a
  /// non-const reference that nothing in the TU writes through (`Train(SystemConfig &config)`
  /// keeping it as a member): the member's value in what each call in this TU passes and, for a
  /// function other TUs may call, an open value.
  Values fieldOfParameter(const ParmVarDecl *param, const FieldDecl *field, unsigned depth) {
    const auto *function = dyn_cast<FunctionDecl>(param->getDeclContext());
    if (!function || written_.contains(param) || !readOnlyParameter(param) || !inProgress_.insert(param).second)
      return {};
    Values values;
    auto found = calls_.find(function->getCanonicalDecl());
    if (found != calls_.end())
      for (const CallSite &site : found->second)
        append(values, fieldAtCall(function, param, {field}, site, depth));
    if (openToOtherUnits(function))
      append(values, annotate({{T{}, {}, true, param, field->getNameAsString()}}, param->getLocation(),
                              memberSpelling(param, field->getNameAsString())));
    inProgress_.erase(param);
    for (auto &value : values)
      value.fromCaller = true;
    return values;
  }

public:
  /// The elements `selector` picks of the list member `field` of the struct a call passes for
  /// `param` of `function`, each with the step through the call.
  Values fieldElementsAtCall(const FunctionDecl *function, const ParmVarDecl *param, const FieldDecl *field,
                             const CallSite &site, ElementSelector selector, unsigned depth) {
    unsigned index = param->getFunctionScopeIndex();
    if (index >= site.args.size() || !site.args[index])
      return {};
    Values values = selected(listsOfField(site.args[index], field, site.args[index], depth + 1), selector);
    append(values, fieldElementsOfOtherUnitResult(site.args[index], field, selector, depth + 1));
    return annotate(std::move(values), site.args[index]->getBeginLoc(),
                    "an element of " + memberSpelling(param, field->getNameAsString()) + " at this call of `" +
                        function->getNameAsString() + "`");
  }

  /// The values of `field` of the struct `param` of `function` takes at one call, each with the
  /// step through the call.
  Values fieldAtCall(const FunctionDecl *function, const ParmVarDecl *param, llvm::ArrayRef<const FieldDecl *> path,
                     const CallSite &site, unsigned depth) {
    unsigned index = param->getFunctionScopeIndex();
    if (index >= site.args.size() || !site.args[index])
      return {};
    return annotate(fieldOfPath(site.args[index], path, depth + 1), site.args[index]->getBeginLoc(),
                    memberSpelling(param, pathName(path), " at this call of `") +
                        function->getNameAsString() + "`");
  }

  /// The elements `selector` picks of the list a call passes for `param` of `function`, each
  /// with the step through the call.
  Values elementsAtCall(const FunctionDecl *function, const ParmVarDecl *param, const CallSite &site,
                        ElementSelector selector, unsigned depth) {
    return selected(listsAtCall(function, param, site, depth), selector);
  }

private:
  /// Of the list member `field` of a struct that a function of another TU returns, passed on as
  /// it is (`build(read_config())`, or `const Config cfg = read_config(); build(cfg);` with no
  /// member of `cfg` written since): what that TU's return statements give, as an open value naming
  /// the member and the selection ("hidden[1]").
  Values fieldElementsOfOtherUnitResult(const Expr *record, const FieldDecl *field, ElementSelector selector,
                                        unsigned depth) {
    if (!open_ || !record || depth > MaxDepth)
      return {};
    record = record->IgnoreImplicit()->IgnoreParens();
    if (const auto *construct = dyn_cast<CXXConstructExpr>(record)) {
      const CXXConstructorDecl *ctor = construct->getConstructor();
      return (ctor->isCopyConstructor() || ctor->isMoveConstructor()) && construct->getNumArgs() == 1
                 ? fieldElementsOfOtherUnitResult(construct->getArg(0), field, selector, depth + 1)
                 : Values{};
    }
    if (const auto *call = dyn_cast<CallExpr>(record); call && !isa<CXXOperatorCallExpr>(call)) {
      const FunctionDecl *callee = resultOfOtherUnit(call);
      if (!callee)
        return {};
      return annotate({{T{}, {}, false, callee->getCanonicalDecl(), field->getName().str() + selector.field()}},
                      call->getBeginLoc(),
                      "an element of `" + field->getNameAsString() + "` of what `" + callee->getNameAsString() +
                          "` returns");
    }
    const auto *ref = dyn_cast<DeclRefExpr>(record);
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || isa<ParmVarDecl>(var) || !var->isLocalVarDecl() || !var->getInit() || !inProgress_.insert(var).second)
      return {};
    Values values;
    if (var->getType()->isReferenceType() ? var->getType().getNonReferenceType().isConstQualified()
                                          : keepsInitialiser(var, var)) {
      std::optional<std::vector<const FieldWrite *>> writes = writesReaching(var, {field}, ref);
      if (var->getType()->isReferenceType() || (writes && writes->empty()))
        values = fieldElementsOfOtherUnitResult(var->getInit(), field, selector, depth + 1);
    }
    inProgress_.erase(var);
    return values;
  }

  /// The element lists `e` may be, one per way it is built: its own initialiser list, a variable's
  /// never changed after its initialisation, or a parameter's at each call in this TU.
  std::vector<std::vector<Values>> lists(const Expr *e, unsigned depth) {
    if (!e || depth > MaxDepth)
      return {};
    e = stripList(e);
    if (const auto *list = dyn_cast<InitListExpr>(e)) {
      list = list->isSemanticForm() ? list : list->getSemanticForm();
      // std::array's braces hold those of its member array.
      if (list->getType()->isRecordType() && list->getNumInits() == 1)
        if (const auto *inner = dyn_cast<InitListExpr>(list->getInit(0)->IgnoreImplicit()))
          list = inner;
      const auto *array = dyn_cast<ConstantArrayType>(list->getType()->getAsArrayTypeUnsafe());
      // `int64_t sizes[4] = {784, 300}` holds zeros after the elements written.
      if (!array || array->getSize() != list->getNumInits())
        return {};
      std::vector<Values> elements;
      for (const Expr *init : list->inits())
        elements.push_back(evaluate(init, depth + 1));
      return {std::move(elements)};
    }
    // `cfg.hidden`: the list member of a struct that is not the object's own.
    if (const auto *member = dyn_cast<MemberExpr>(e); member && !isThisMember(member)) {
      const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
      return field ? listsOfField(member->getBase(), field, member, depth) : std::vector<std::vector<Values>>{};
    }
    // `feature_dims` in a method: the list a data member is initialised with, never changed.
    if (const auto *member = dyn_cast<MemberExpr>(e)) {
      const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
      if (!field || !isThisMember(member) || written_.contains(field) || !inProgress_.insert(field).second)
        return {};
      std::vector<std::vector<Values>> all = ownFieldLists(field, depth);
      inProgress_.erase(field);
      return all;
    }
    const auto *ref = dyn_cast<DeclRefExpr>(e);
    if (!ref)
      return {};
    if (const auto *param = dyn_cast<ParmVarDecl>(ref->getDecl())) {
      const auto *function = dyn_cast<FunctionDecl>(param->getDeclContext());
      QualType type = param->getType();
      if (!function || written_.contains(param) ||
          (type->isReferenceType() && !type.getNonReferenceType().isConstQualified()) ||
          !inProgress_.insert(param).second)
        return {};
      std::vector<std::vector<Values>> all;
      auto found = calls_.find(function->getCanonicalDecl());
      if (found != calls_.end())
        for (const CallSite &site : found->second)
          for (std::vector<Values> &list : listsAtCall(function, param, site, depth))
            all.push_back(std::move(list));
      inProgress_.erase(param);
      return all;
    }
    const auto *var = dyn_cast<VarDecl>(ref->getDecl());
    if (!var)
      return {};
    const VarDecl *definition = var->getDefinition() ? var->getDefinition() : var;
    const Expr *init = definition->getAnyInitializer(definition);
    if (!init || var->getType()->isReferenceType() || !keepsInitialiser(var, definition) ||
        !inProgress_.insert(var).second)
      return {};
    std::vector<std::vector<Values>> all = lists(init, depth + 1);
    inProgress_.erase(var);
    // A const list is a named constant, as a const scalar is: each element is reported at its
    // definition (`kWidths[1]`). A list merely never written is its values, reported at the layers.
    if (var->getType().isConstQualified() || var->isConstexpr())
      nameElements(all, definition->getLocation(), var->getNameAsString());
    return all;
  }

  /// The lists a data member holds wherever a method reads it: what each constructor initialises
  /// it with (a mem-initializer, else the in-class initialiser). A data member's initialiser is a
  /// named constant, as for a scalar member (evaluateOwnField).
  std::vector<std::vector<Values>> ownFieldLists(const FieldDecl *field, unsigned depth) {
    std::optional<FieldInitialisers> inits = initialisersOf(field);
    if (!inits)
      return {};
    std::vector<std::vector<Values>> all;
    for (const FieldInitialiser &init : inits->initialisers) {
      if (!init.init)
        return {}; // default-constructed, then filled: not a list of known elements
      std::vector<std::vector<Values>> built = lists(init.init, depth + 1);
      nameElements(built, init.at, field->getNameAsString());
      std::move(built.begin(), built.end(), std::back_inserter(all));
    }
    return all;
  }

  /// The element lists the list member `field` of the struct `record` holds where `use` reads it
  /// (`cfg.hidden`): of a local struct, its one assignment that reaches the read, else what the
  /// struct was built with (a default-built one: the member's initialiser); of a struct parameter,
  /// what each call in this TU passes; of a call's result, what the callee's returns hold; of the
  /// object's own struct member (`cfg_.hidden`), what its constructors store there. Nothing where
  /// the struct or the member may be written another way.
  std::vector<std::vector<Values>> listsOfField(const Expr *record, const FieldDecl *field, const Expr *use,
                                                unsigned depth) {
    if (!record || depth > MaxDepth)
      return {};
    record = record->IgnoreImplicit()->IgnoreParens();
    if (const auto *construct = dyn_cast<CXXConstructExpr>(record)) {
      const CXXConstructorDecl *ctor = construct->getConstructor();
      if ((ctor->isCopyConstructor() || ctor->isMoveConstructor()) && construct->getNumArgs() == 1)
        return listsOfField(construct->getArg(0), field, construct->getArg(0), depth + 1);
      if (ctor->isDefaultConstructor() && ctor->isImplicit())
        return memberInitializerLists(field, depth);
      return {};
    }
    if (const auto *list = dyn_cast<InitListExpr>(record)) {
      const Expr *init = elementFor(list, field);
      if (!init)
        return {};
      if (isa<CXXDefaultInitExpr>(init->IgnoreImplicit()))
        return memberInitializerLists(field, depth);
      return lists(init, depth + 1);
    }
    std::vector<std::vector<Values>> all;
    if (const auto *call = dyn_cast<CallExpr>(record); call && !isa<CXXOperatorCallExpr>(call)) {
      const FunctionDecl *callee = call->getDirectCallee();
      const FunctionDecl *definition = nullptr;
      const auto *method = dyn_cast_or_null<CXXMethodDecl>(callee);
      if (!callee || !callee->hasBody(definition) || (method && method->isVirtual()))
        return {};
      return listsOfFieldInReturns(definition, field, depth);
    }
    if (const auto *member = dyn_cast<MemberExpr>(record); member && isThisMember(member)) {
      const auto *stored = dyn_cast<FieldDecl>(member->getMemberDecl());
      std::optional<FieldInitialisers> inits = stored ? initialisersOf(stored) : std::nullopt;
      if (!inits || written_.contains(stored) || !inProgress_.insert(stored).second)
        return {};
      for (const FieldInitialiser &init : inits->initialisers) {
        if (!init.init)
          return {}; // default-constructed, then filled
        for (std::vector<Values> &list : listsOfField(init.init, field, init.init, depth + 1))
          all.push_back(std::move(list));
      }
      inProgress_.erase(stored);
      return all;
    }
    const auto *ref = dyn_cast<DeclRefExpr>(record);
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !inProgress_.insert(var).second)
      return {};
    if (const auto *param = dyn_cast<ParmVarDecl>(var)) {
      const auto *function = dyn_cast<FunctionDecl>(param->getDeclContext());
      unsigned index = param->getFunctionScopeIndex();
      if (function && !written_.contains(param) && readOnlyParameter(param))
        if (auto found = calls_.find(function->getCanonicalDecl()); found != calls_.end())
          for (const CallSite &site : found->second) {
            if (index >= site.args.size() || !site.args[index])
              continue;
            for (std::vector<Values> &list : listsOfField(site.args[index], field, site.args[index], depth + 1)) {
              for (Values &element : list) {
                element = annotate(std::move(element), site.args[index]->getBeginLoc(),
                                   "an element of " + memberSpelling(param, field->getNameAsString()) +
                                       " at this call of `" + function->getNameAsString() + "`");
                for (auto &value : element)
                  value.fromCaller = true;
              }
              all.push_back(std::move(list));
            }
          }
    } else if (var->getType()->isReferenceType()) {
      if (var->isLocalVarDecl() && var->getType().getNonReferenceType().isConstQualified() && var->getInit())
        all = listsOfField(var->getInit(), field, var->getInit(), depth + 1);
    } else if (var->isLocalVarDecl() && keepsInitialiser(var, var)) {
      std::optional<std::vector<const FieldWrite *>> writes = writesReaching(var, {field}, use);
      if (writes && writes->empty())
        all = listsOfField(var->getInit(), field, var->getInit(), depth + 1);
      else if (writes && writes->size() == 1 && writes->front()->value && !writes->front()->setterOfOtherUnit &&
               !writes->front()->filledByOtherUnit && !writes->front()->methodOfOtherUnit) {
        all = lists(writes->front()->value, depth + 1);
        for (std::vector<Values> &list : all)
          for (Values &element : list)
            element = annotate(std::move(element), writes->front()->write->getBeginLoc(),
                               "an element of " + memberSpelling(var, field->getNameAsString()));
      }
    }
    inProgress_.erase(var);
    return all;
  }

  /// The lists the member `field` of what `definition`'s return statements give holds.
  std::vector<std::vector<Values>> listsOfFieldInReturns(const FunctionDecl *definition, const FieldDecl *field,
                                                         unsigned depth) {
    if (!inProgress_.insert(definition).second)
      return {};
    std::vector<const ReturnStmt *> returns;
    collectReturns(definition->getBody(), returns);
    std::vector<std::vector<Values>> all;
    for (const ReturnStmt *ret : returns)
      for (std::vector<Values> &list : listsOfField(ret->getRetValue(), field, ret->getRetValue(), depth + 1))
        all.push_back(std::move(list));
    inProgress_.erase(definition);
    return all;
  }

  /// The lists a default-built struct's member holds: its in-class initialiser (a named constant,
  /// `Config::hidden[1]`).
  std::vector<std::vector<Values>> memberInitializerLists(const FieldDecl *field, unsigned depth) {
    if (!field->hasInClassInitializer())
      return {};
    std::vector<std::vector<Values>> all = lists(field->getInClassInitializer(), depth + 1);
    std::string name = field->getNameAsString();
    if (const auto *owner = dyn_cast<RecordDecl>(field->getParent()); owner && owner->getIdentifier())
      name = owner->getName().str() + "::" + name;
    nameElements(all, field->getLocation(), name);
    return all;
  }

  /// Names each element of `lists` after the list `name` defined at `at` (`kWidths[1]`), as a
  /// named constant's definition: one finding there for every layer it sizes. An element that
  /// comes from a caller is no constant of the list's own; one named already keeps its name.
  static void nameElements(std::vector<std::vector<Values>> &lists, SourceLocation at, const std::string &name) {
    for (std::vector<Values> &list : lists)
      for (size_t k = 0; k < list.size(); ++k)
        for (auto &value : list[k]) {
          if (value.openSource)
            continue;
          std::string what = "`" + name + "[" + std::to_string(k) + "]`";
          value.origins.push_back({at, what + " is " + show(value.value), value.fromCaller ? std::string() : what,
                                   static_cast<double>(value.value)});
        }
  }

  /// The element lists a call passes for the list parameter `param` (its default argument where
  /// the call leaves it out), each element with the step through the call.
  std::vector<std::vector<Values>> listsAtCall(const FunctionDecl *function, const ParmVarDecl *param,
                                               const CallSite &site, unsigned depth) {
    unsigned index = param->getFunctionScopeIndex();
    const Expr *arg = index < site.args.size() ? site.args[index] : nullptr;
    if (!arg && param->hasDefaultArg() && !param->hasUninstantiatedDefaultArg())
      arg = param->getDefaultArg();
    std::vector<std::vector<Values>> all = lists(arg, depth + 1);
    for (std::vector<Values> &list : all)
      for (Values &element : list) {
        element = annotate(std::move(element), arg->getBeginLoc(),
                           "an element of `" + param->getNameAsString() + "` at this call of `" +
                               function->getNameAsString() + "`");
        for (auto &value : element)
          value.fromCaller = true;
      }
    return all;
  }

  /// The elements `selector` picks of the list `e`, in every way it is built; of a list parameter
  /// of a function other TUs call, also what they pass (an open value naming the selection).
  Values evaluateElements(const Expr *e, ElementSelector selector, unsigned depth) {
    Values values = selected(lists(e, depth + 1), selector);
    append(values, elementsFromOtherUnits(e, selector));
    return values;
  }

  /// Of a list parameter of a function other TUs call: what they pass, as an open value naming the
  /// selection.
  Values elementsFromOtherUnits(const Expr *e, ElementSelector selector, unsigned depth = 0) {
    if (const auto *member = dyn_cast<MemberExpr>(stripList(e)))
      return fieldElementsFromOtherUnits(member, selector);
    const auto *ref = dyn_cast<DeclRefExpr>(stripList(e));
    const auto *param = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
    const auto *function = param ? dyn_cast<FunctionDecl>(param->getDeclContext()) : nullptr;
    QualType type = param ? param->getType() : QualType();
    if (!open_ || !function || written_.contains(param) ||
        (type->isReferenceType() && !type.getNonReferenceType().isConstQualified()))
      return {};
    Values values;
    if (openToOtherUnits(function))
      values = annotate({{T{}, {}, true, param, selector.field()}}, param->getLocation(),
                        "an element of `" + param->getNameAsString() + "`");
    // A list parameter of another function passed on unchanged by a call in this TU
    // (`Encoder(in, enc_chs)` in the constructor of a UNet that other TUs build): what other TUs
    // pass there.
    if (depth > MaxDepth || !inProgress_.insert(param).second)
      return values;
    unsigned index = param->getFunctionScopeIndex();
    if (auto found = calls_.find(function->getCanonicalDecl()); found != calls_.end())
      for (const CallSite &site : found->second)
        if (index < site.args.size() && site.args[index])
          append(values, annotate(elementsFromOtherUnits(site.args[index], selector, depth + 1),
                                  site.args[index]->getBeginLoc(),
                                  "an element of `" + param->getNameAsString() + "` at this call of `" +
                                      function->getNameAsString() + "`"));
    inProgress_.erase(param);
    return values;
  }

  /// Of a list member of a struct parameter (`cfg.hidden`, by value or const reference) of a
  /// function other TUs call: what they pass there, as an open value naming the member and the
  /// selection ("hidden[1]").
  Values fieldElementsFromOtherUnits(const MemberExpr *member, ElementSelector selector) {
    const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
    const auto *ref = dyn_cast<DeclRefExpr>(member->getBase()->IgnoreParenImpCasts());
    const auto *param = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
    const auto *function = param ? dyn_cast<FunctionDecl>(param->getDeclContext()) : nullptr;
    if (!open_ || !field || member->isArrow() || !function || written_.contains(param) ||
        !passesStructByValue(param->getType()) || !openToOtherUnits(function))
      return {};
    return annotate({{T{}, {}, true, param, field->getName().str() + selector.field()}}, param->getLocation(),
                    "an element of " + memberSpelling(param, field->getNameAsString()));
  }

  /// The counter of a counting loop, `for (int64_t i = A; i < B; ++i)` (also `<=`, `>`, `>=`, `!=`,
  /// `--i`, `i += c`, `i -= c`), read in the loop: each value it takes, where A, B and c are known,
  /// the loop runs at most MaxIterations times, nothing in it but the step writes the counter (its
  /// body only reads it) and every iteration runs to its end. Each value carries its iteration
  /// (sameIterations).
  std::optional<Values> evaluateCounter(const VarDecl *var, unsigned depth) {
    const ForStmt *loop = var->getType()->isIntegralOrEnumerationType() ? loopDeclaring<ForStmt>(var) : nullptr;
    if (!loop || !var->getInit() || !loop->getCond() || !loop->getInc() || !inProgress_.insert(var).second)
      return std::nullopt;
    std::optional<Values> values = countedValues(var, *loop, depth);
    inProgress_.erase(var);
    return values;
  }

  std::optional<Values> countedValues(const VarDecl *var, const ForStmt &loop, unsigned depth) {
    auto names = [var](const Expr *e) {
      const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
      return ref && ref->getDecl() == var;
    };
    auto single = [&](const Expr *e) -> std::optional<int64_t> {
      Values values = known(evaluate(e, depth + 1));
      if (values.size() != 1)
        return std::nullopt;
      return static_cast<int64_t>(values.front().value);
    };
    // The test, with the counter on the left.
    const auto *test = dyn_cast<BinaryOperator>(loop.getCond()->IgnoreParenImpCasts());
    if (!test || !test->isComparisonOp() || test->isEqualityOp() != (test->getOpcode() == BO_NE))
      return std::nullopt;
    BinaryOperatorKind comparison = test->getOpcode();
    const Expr *limitExpr = test->getRHS();
    if (!names(test->getLHS())) {
      if (!names(test->getRHS()))
        return std::nullopt;
      limitExpr = test->getLHS();
      comparison = BinaryOperator::reverseComparisonOp(comparison);
    }
    // The step.
    int64_t step = 0;
    const Expr *inc = loop.getInc()->IgnoreParenImpCasts();
    if (const auto *unary = dyn_cast<UnaryOperator>(inc); unary && unary->isIncrementDecrementOp() &&
                                                           names(unary->getSubExpr()))
      step = unary->isIncrementOp() ? 1 : -1;
    else if (const auto *compound = dyn_cast<CompoundAssignOperator>(inc);
             compound && names(compound->getLHS()) &&
             (compound->getOpcode() == BO_AddAssign || compound->getOpcode() == BO_SubAssign))
      if (std::optional<int64_t> by = single(compound->getRHS()))
        step = compound->getOpcode() == BO_AddAssign ? *by : -*by;
    std::optional<int64_t> first = single(var->getInit());
    std::optional<int64_t> limit = single(limitExpr);
    // A loop that may leave or skip part of an iteration may not reach the read with every value.
    if (!step || !first || !limit || !onlyReads(loop.getBody(), var) || leavesEarly(loop.getBody()) ||
        continuesEarly(loop.getBody()))
      return std::nullopt;
    auto runs = [&](int64_t i) {
      switch (comparison) {
      case BO_LT: return i < *limit;
      case BO_LE: return i <= *limit;
      case BO_GT: return i > *limit;
      case BO_GE: return i >= *limit;
      default: return i != *limit;
      }
    };
    unsigned line = ctx_.getSourceManager().getExpansionLineNumber(loop.getBeginLoc());
    Values values;
    for (int64_t i = *first; runs(i); i += step) {
      if (values.size() == MaxIterations)
        return std::nullopt;
      BasicConstantValue<T> value{static_cast<T>(i), {}, true};
      value.iterations.push_back({var, i});
      values.push_back(std::move(value));
    }
    return annotate(std::move(values), var->getLocation(),
                    "`" + var->getNameAsString() + "` (counted by the loop at line " + std::to_string(line) + ")");
  }

  /// Whether every reference to `var` in `s` reads its value (none writes it, takes its address,
  /// binds a reference to it or captures it by reference).
  static bool onlyReads(const Stmt *s, const VarDecl *var) {
    if (!s)
      return true;
    for (const Stmt *child : s->children()) {
      if (!child)
        continue;
      if (const auto *ref = dyn_cast<DeclRefExpr>(child); ref && ref->getDecl() == var) {
        const auto *read = dyn_cast<ImplicitCastExpr>(s);
        if (!read || read->getCastKind() != CK_LValueToRValue)
          return false;
      }
      if (const auto *lambda = dyn_cast<LambdaExpr>(child))
        for (const LambdaCapture &capture : lambda->captures())
          if (capture.capturesVariable() && capture.getCapturedVar() == var && capture.getCaptureKind() == LCK_ByRef)
            return false;
      if (!onlyReads(child, var))
        return false;
    }
    return true;
  }

  /// `prev` of an MLP builder, carried from one iteration to the next:
  ///   int64_t prev = in;
  ///   for (int64_t width : widths) { layers->push_back(Linear(prev, width)); prev = width; }
  ///   layers->push_back(Linear(prev, out));
  /// A local whose one write is `prev = <the loop's element>;`, a statement of the body of a loop
  /// over a list's elements that follows its declaration in one block, holds in that body its
  /// initialiser or an element before the last until the write, the element after it, and after
  /// the loop the last element. Nothing when it is written or read otherwise (its address, a
  /// reference, a lambda's capture), when the loop may leave or skip the write, or when the
  /// element is not the loop's (`range-for` variable, or `widths[i + c]` of the loop's counter).
  std::optional<Values> evaluateCarried(const VarDecl *var, const Expr *use, unsigned depth) {
    std::optional<LoopWrite> carriedBy = loopWrite(var, use);
    if (!carriedBy || carriedBy->write->getOpcode() != BO_Assign || leavesEarly(carriedBy->body) ||
        continuesEarly(carriedBy->body))
      return std::nullopt;
    const BinaryOperator *write = carriedBy->write;
    const CompoundStmt *body = carriedBy->body, *block = carriedBy->block;
    const Stmt *loop = carriedBy->loop;
    std::optional<std::pair<const Expr *, ElementSelector>> stored = elementStoredBy(write, loop, body, depth);
    if (!stored)
      return std::nullopt;
    auto [list, run] = *stored;
    auto carried = [&](Values values) {
      return annotate(std::move(values), use->getBeginLoc(),
                      "`" + var->getNameAsString() + "` (the element the loop at line " +
                          std::to_string(ctx_.getSourceManager().getExpansionLineNumber(loop->getBeginLoc())) +
                          " stores in it)");
    };
    Values initial = annotate(evaluate(var->getInit(), depth + 1), var->getLocation(),
                              "`" + var->getNameAsString() + "`");
    if (const Stmt *step = statementOf(use, body)) {
      if (llvm::find(body->body(), step) > llvm::find(body->body(), write))
        return carried(evaluateElements(list, run, depth));
      // The initialiser on the first iteration: known only where every call's list gives one (the
      // initialiser's values are those of all calls, the empty lists' too).
      Values values;
      if (llvm::all_of(lists(list, depth + 1),
                       [&](const std::vector<Values> &elements) { return run.lastIndex(elements.size()).has_value(); }))
        values = std::move(initial);
      append(values, carried(evaluateElements(list, run.butLast(), depth)));
      return values;
    }
    const Stmt *where = statementOf(use, block);
    if (!where || where == loop)
      return std::nullopt; // in the loop's header
    if (llvm::find(block->body(), where) < llvm::find(block->body(), loop))
      return initial;
    // After the loop: the last element of each list (of a list other TUs pass, by its name). Where
    // the loop ran no iteration it is the initialiser of that call, which the initialiser's values
    // (those of every call) do not single out: left out.
    Values values;
    for (const std::vector<Values> &elements : lists(list, depth + 1))
      if (std::optional<int64_t> last = run.lastIndex(elements.size()))
        append(values, carried(elements[*last]));
    append(values, carried(elementsFromOtherUnits(list, run.last())));
    return values;
  }

  /// `ch` of a UNet or DCGAN builder, stepped once in each iteration of a counting loop:
  ///   int64_t ch = base;
  ///   for (int64_t i = 0; i < 3; ++i) { down->push_back(Block(ch, ch * 2)); ch *= 2; }
  /// A local whose one write (`ch *= 2;`, `ch = ch * 2;`, `in = out;` of a width the body computes)
  /// is a statement of the body of a counting loop whose counter's values are known
  /// (evaluateCounter), the loop following the local's declaration in one block. In iteration t
  /// the body reads, before the write, what the write gave in iteration t - 1 (the initialiser in
  /// the first), and after it what the write gives in t; after the loop, what the last iteration
  /// gave. Each value read in the body carries its iteration. Nothing when the local is written or
  /// read otherwise (onlyWriteAmongReads), or where an iteration's write has no known value.
  std::optional<Values> evaluateStepped(const VarDecl *var, const Expr *use, unsigned depth) {
    std::optional<LoopWrite> steppedBy = loopWrite(var, use);
    const auto *loop = steppedBy ? dyn_cast<ForStmt>(steppedBy->loop) : nullptr;
    const VarDecl *counter = loop ? counterOf(*loop) : nullptr;
    if (!counter || counter == var || !inProgress_.insert(var).second)
      return std::nullopt;
    std::optional<Values> stepped =
        steppedValues(var, use, *steppedBy->write, *loop, *counter, *steppedBy->block, depth);
    inProgress_.erase(var);
    return stepped;
  }

  std::optional<Values> steppedValues(const VarDecl *var, const Expr *use, const BinaryOperator &write,
                                      const ForStmt &loop, const VarDecl &counter, const CompoundStmt &block,
                                      unsigned depth) {
    std::optional<Values> counted = evaluateCounter(&counter, depth);
    if (!counted || counted->empty())
      return std::nullopt;
    // `value` as read in the iteration where the counter is `i`.
    auto inIteration = [&](BasicConstantValue<T> value, int64_t i) {
      llvm::erase_if(value.iterations, [&](const auto &iteration) { return iteration.first == &counter; });
      value.iterations.push_back({&counter, i});
      return value;
    };
    // What the write gives in the iteration where the counter is `i`, `before` the value it reads.
    BinaryOperatorKind op = write.isCompoundAssignmentOp()
                                ? BinaryOperator::getOpForCompoundAssignment(write.getOpcode())
                                : BO_Assign;
    auto written = [&](const Values &before, int64_t i) {
      bound_[var] = before;
      Values values;
      if (op == BO_Assign) {
        values = evaluate(write.getRHS(), depth + 1);
      } else {
        // A width other TUs pass (`UNet(3, 20)` in main.cpp) carries the step as its arithmetic.
        values = arithmetic(op, &write, before, evaluate(write.getRHS(), depth + 1));
      }
      bound_.erase(var);
      // Values of other iterations (the counter read without `ch`) are not this one's.
      llvm::erase_if(values, [&](const BasicConstantValue<T> &value) {
        return llvm::any_of(value.iterations, [&](const auto &it) { return it.first == &counter && it.second != i; });
      });
      Values tagged;
      for (auto &value : values)
        tagged.push_back(inIteration(std::move(value), i));
      return tagged;
    };
    Values initial = annotate(evaluate(var->getInit(), depth + 1), var->getLocation(), "`" + var->getNameAsString() + "`");
    std::vector<Values> before, after;
    Values current = initial;
    for (const auto &step : *counted) {
      int64_t i = static_cast<int64_t>(step.value);
      Values entering;
      for (const auto &value : current)
        entering.push_back(inIteration(value, i));
      before.push_back(entering);
      current = written(entering, i);
      if (current.empty())
        return std::nullopt;
      after.push_back(current);
    }
    std::string line = std::to_string(ctx_.getSourceManager().getExpansionLineNumber(loop.getBeginLoc()));
    auto stepped = [&](Values values) {
      return annotate(std::move(values), write.getBeginLoc(),
                      "`" + var->getNameAsString() + "` (stepped in each iteration of the loop at line " + line + ")");
    };
    const auto *body = cast<CompoundStmt>(loop.getBody());
    if (const Stmt *statement = statementOf(use, body)) {
      bool afterWrite = llvm::find(body->body(), statement) > llvm::find(body->body(), &write);
      Values values;
      for (const Values &iteration : afterWrite ? after : before)
        append(values, iteration);
      return stepped(std::move(values));
    }
    const Stmt *where = statementOf(use, &block);
    if (!where || where == &loop)
      return std::nullopt; // in the loop's header
    if (llvm::find(block.body(), where) < llvm::find(block.body(), &loop))
      return initial;
    // After the loop: the last iteration's, read outside the loop.
    Values last = after.back();
    for (auto &value : last)
      llvm::erase_if(value.iterations, [&](const auto &iteration) { return iteration.first == &counter; });
    return stepped(std::move(last));
  }

  /// The one write of a local integer whose other uses are reads (onlyWriteAmongReads), when it is
  /// a statement of the body of a loop that is a statement of the block declaring the local.
  struct LoopWrite {
    const BinaryOperator *write;
    const CompoundStmt *body;
    const Stmt *loop;
    const CompoundStmt *block;
  };
  std::optional<LoopWrite> loopWrite(const VarDecl *var, const Expr *use) const {
    if (!var->isLocalVarDecl() || var->getType()->isReferenceType() || !var->getInit() ||
        !var->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    const Stmt *declaration = parentStmt(*var);
    const auto *block = declaration ? dyn_cast_or_null<CompoundStmt>(parentStmt(*declaration)) : nullptr;
    const BinaryOperator *write = block ? onlyWriteAmongReads(var, use, *block, declaration) : nullptr;
    const auto *body = write ? dyn_cast_or_null<CompoundStmt>(parentStmt(*write)) : nullptr;
    const Stmt *loop = body ? parentStmt(*body) : nullptr;
    if (!loop || !llvm::is_contained(block->body(), loop))
      return std::nullopt;
    return LoopWrite{write, body, loop, block};
  }

  /// The counter a counting `for` declares in its init statement (`for (int64_t i = 0; ...)`).
  static const VarDecl *counterOf(const ForStmt &loop) {
    const auto *declaration = dyn_cast_or_null<DeclStmt>(loop.getInit());
    return declaration && declaration->isSingleDecl() ? dyn_cast<VarDecl>(declaration->getSingleDecl()) : nullptr;
  }

  /// The one assignment to `var`, plain or compound (declared by `declaration` in `block`), when
  /// every other reference to it in the rest of the block is a read, among them `use`: its value
  /// read, or passed to a const reference or a library's forwarding reference
  /// (`torch::nn::Linear(prev, width)` through ModuleHolder's constructor). Null when it is
  /// captured by a lambda, has its address taken, is bound to another reference or assigned more
  /// than once.
  const BinaryOperator *onlyWriteAmongReads(const VarDecl *var, const Expr *use, const CompoundStmt &block,
                                            const Stmt *declaration) const {
    std::vector<const DeclRefExpr *> reads;
    std::vector<const BinaryOperator *> writes;
    bool understood = true;
    auto names = [var](const Expr *e) {
      const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParens());
      return ref && ref->getDecl() == var ? ref : nullptr;
    };
    std::function<void(const Stmt *)> classify = [&](const Stmt *s) {
      if (!s || !understood)
        return;
      if (const auto *lambda = dyn_cast<LambdaExpr>(s)) {
        understood = llvm::none_of(lambda->captures(), [var](const LambdaCapture &c) {
          return c.capturesVariable() && c.getCapturedVar() == var;
        });
        return;
      }
      if (const auto *cast = dyn_cast<ImplicitCastExpr>(s); cast && cast->getCastKind() == CK_LValueToRValue)
        if (const DeclRefExpr *ref = names(cast->getSubExpr())) {
          reads.push_back(ref);
          return;
        }
      if (const auto *op = dyn_cast<BinaryOperator>(s); op && op->isAssignmentOp() && names(op->getLHS())) {
        writes.push_back(op);
        classify(op->getRHS());
        return;
      }
      if (const auto *ref = dyn_cast<DeclRefExpr>(s); ref && ref->getDecl() == var) {
        understood = false;
        return;
      }
      const FunctionDecl *callee = nullptr;
      llvm::ArrayRef<const Expr *> args;
      if (const auto *call = dyn_cast<CallExpr>(s); call && !isa<CXXOperatorCallExpr>(call)) {
        callee = call->getDirectCallee();
        args = llvm::ArrayRef(call->getArgs(), call->getNumArgs());
      } else if (const auto *construct = dyn_cast<CXXConstructExpr>(s)) {
        callee = construct->getConstructor();
        args = llvm::ArrayRef(construct->getArgs(), construct->getNumArgs());
      }
      for (const Stmt *child : s->children()) {
        const auto *arg = dyn_cast_or_null<Expr>(child);
        auto position = arg ? llvm::find(args, arg) : args.end();
        const DeclRefExpr *ref = position != args.end() ? names(arg) : nullptr;
        if (!ref) {
          classify(child);
          continue;
        }
        unsigned i = position - args.begin();
        QualType type = callee && i < callee->getNumParams() ? callee->getParamDecl(i)->getType() : QualType();
        if (type.isNull() || !type->isReferenceType() ||
            (!type.getNonReferenceType().isConstQualified() && !forwardsLibraryArgument(callee, i))) {
          understood = false;
          return;
        }
        reads.push_back(ref);
      }
    };
    auto rest = llvm::find(block.body(), declaration);
    for (auto it = rest == block.body_end() ? rest : std::next(rest); it != block.body_end(); ++it)
      classify(*it);
    if (!understood || writes.size() != 1 || !llvm::is_contained(reads, use))
      return nullptr;
    return writes.front();
  }

  /// The list whose elements `write` (a statement of `loop`'s `body`) stores, and the run of it:
  /// the range-based `for`'s own variable (all elements), or `widths[i + c]` of the counting
  /// `for`'s counter (the run selectorOf gives).
  std::optional<std::pair<const Expr *, ElementSelector>> elementStoredBy(const BinaryOperator *write, const Stmt *loop,
                                                                          const CompoundStmt *body, unsigned depth) {
    const Expr *element = write->getRHS()->IgnoreParenImpCasts();
    if (const auto *range = dyn_cast<CXXForRangeStmt>(loop); range && range->getBody() == body) {
      const auto *ref = dyn_cast<DeclRefExpr>(element);
      const VarDecl *each = range->getLoopVariable();
      if (!ref || ref->getDecl() != each || !rangeLoopOf(each) || written_.contains(each))
        return std::nullopt;
      return std::make_pair(range->getRangeInit(), ElementSelector{});
    }
    const auto *counting = dyn_cast<ForStmt>(loop);
    std::optional<std::pair<const Expr *, const Expr *>> subscript = subscriptOf(element);
    if (!counting || counting->getBody() != body || !subscript)
      return std::nullopt;
    auto [list, index] = *subscript;
    const VarDecl *counter = counterOf(*counting);
    if (!counter || !referencesAny(index, {counter}))
      return std::nullopt;
    std::optional<ElementSelector> run = selectorOf(index, referencedDecl(stripList(list)), depth);
    if (!run || run->index)
      return std::nullopt;
    return std::make_pair(list, *run);
  }

  /// The statement that holds `node` (the one parent a statement or declaration of a function has).
  template <typename Node> const Stmt *parentStmt(const Node &node) const {
    DynTypedNodeList parents = ctx_.getParents(node);
    return parents.empty() ? nullptr : parents[0].template get<Stmt>();
  }

  /// The statement of `block` that holds `s` (also through a declaration: the initialiser of a
  /// variable a statement declares); nothing when `s` is outside it.
  const Stmt *statementOf(const Stmt *s, const CompoundStmt *block) const {
    DynTypedNode node = DynTypedNode::create(*s);
    for (DynTypedNodeList parents = ctx_.getParents(node); !parents.empty(); parents = ctx_.getParents(node)) {
      if (parents[0].get<CompoundStmt>() == block)
        return node.get<Stmt>();
      node = parents[0];
    }
    return nullptr;
  }

  /// `sizes[i]` (operator[] of a std::vector or std::array, or a built-in array) and
  /// `sizes.at(i)`: the list and the index; nothing for other expressions.
  static std::optional<std::pair<const Expr *, const Expr *>> subscriptOf(const Expr *e) {
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e); op && op->getOperator() == OO_Subscript && op->getNumArgs() == 2)
      return std::make_pair(op->getArg(0), op->getArg(1));
    if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(e))
      return std::make_pair(subscript->getBase()->IgnoreParenImpCasts(), subscript->getIdx());
    if (const auto *call = dyn_cast<CXXMemberCallExpr>(e);
        call && call->getMethodDecl() && call->getMethodDecl()->getName() == "at" && call->getNumArgs() == 1)
      return std::make_pair(static_cast<const Expr *>(call->getImplicitObjectArgument()), call->getArg(0));
    return std::nullopt;
  }

  /// `sizes[1]`, `sizes.at(1)`, `sizes[i + 1]` in a loop over the indices of `sizes`,
  /// `sizes.front()`, `sizes.back()`: the elements it reaches. Nothing when `e` is no element of
  /// an integer list.
  std::optional<Values> evaluateSubscript(const Expr *e, unsigned depth) {
    if (const auto *call = dyn_cast<CXXMemberCallExpr>(e); call && call->getMethodDecl() && call->getNumArgs() == 0 &&
                                                          isIntegerList(call->getImplicitObjectArgument()->getType())) {
      llvm::StringRef name = call->getMethodDecl()->getName();
      if (name != "front" && name != "back")
        return std::nullopt;
      return annotate(evaluateElements(call->getImplicitObjectArgument(), ElementSelector{name == "front" ? 0 : -1}, depth),
                      e->getBeginLoc(), "`" + text(e) + "`");
    }
    std::optional<std::pair<const Expr *, const Expr *>> subscript = subscriptOf(e);
    if (!subscript || !isIntegerList(subscript->first->getType()))
      return std::nullopt;
    auto [list, index] = *subscript;
    std::optional<ElementSelector> selector = selectorOf(index, referencedDecl(stripList(list)), depth);
    if (!selector)
      return Values{};
    return annotate(evaluateElements(list, *selector, depth), e->getBeginLoc(), "`" + text(e) + "`");
  }

  /// Which elements of the list `list` names the index `index` reaches: a known one, one counted
  /// from the end (`list.size() - 1`), or the run a counting loop gives `i + offset` (`for (size_t i = first; i + c < list.size() - d; ++i)`,
  /// with `<`, `!=` or `<=`, a body that neither writes `i` nor leaves early).
  std::optional<ElementSelector> selectorOf(const Expr *index, const ValueDecl *list, unsigned depth) {
    if (std::vector<ConstantValue> known = Evaluation<int64_t>(ctx_, tu_).evaluate(index, depth + 1);
        known.size() == 1 && known.front().value >= 0)
      return ElementSelector{known.front().value};
    if (!list)
      return std::nullopt;
    // `list[list.size() - c]`: the c-th element from the end.
    if (const auto *op = dyn_cast<BinaryOperator>(index->IgnoreParenImpCasts()); op && op->getOpcode() == BO_Sub)
      if (std::optional<int64_t> c = literalOf(op->getRHS()); c && *c > 0)
        if (const auto *size = dyn_cast<CXXMemberCallExpr>(op->getLHS()->IgnoreParenImpCasts());
            size && size->getMethodDecl() && size->getMethodDecl()->getName() == "size" &&
            referencedDecl(stripList(size->getImplicitObjectArgument())) == list)
          return ElementSelector{-*c};
    // `i + c` (or `i - c`): the counter and its offset.
    auto counterOf = [&](const Expr *e, int64_t &offset) -> const VarDecl * {
      e = e->IgnoreParenImpCasts();
      offset = 0;
      if (const auto *op = dyn_cast<BinaryOperator>(e); op && (op->getOpcode() == BO_Add || op->getOpcode() == BO_Sub)) {
        std::optional<int64_t> c = literalOf(op->getRHS());
        if (!c)
          return nullptr;
        offset = op->getOpcode() == BO_Add ? *c : -*c;
        e = op->getLHS()->IgnoreParenImpCasts();
      }
      const auto *ref = dyn_cast<DeclRefExpr>(e);
      return ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    };
    int64_t offset = 0, conditionOffset = 0;
    const VarDecl *counter = counterOf(index, offset);
    const ForStmt *loop = counter ? loopDeclaring<ForStmt>(counter) : nullptr;
    if (!loop || !loop->getCond() || !loop->getInc() || !counter->getInit() || writesVariable(loop->getBody(), counter) ||
        leavesEarly(loop->getBody()))
      return std::nullopt;
    std::optional<int64_t> start = literalOf(counter->getInit());
    const Expr *inc = loop->getInc()->IgnoreParenImpCasts();
    bool byOne = false;
    if (const auto *op = dyn_cast<UnaryOperator>(inc))
      byOne = op->isIncrementOp() && counterOf(op->getSubExpr(), conditionOffset) == counter && !conditionOffset;
    else if (const auto *op = dyn_cast<CompoundAssignOperator>(inc))
      byOne = op->getOpcode() == BO_AddAssign && literalOf(op->getRHS()) == 1 &&
              counterOf(op->getLHS(), conditionOffset) == counter && !conditionOffset;
    const auto *condition = dyn_cast<BinaryOperator>(loop->getCond()->IgnoreParenImpCasts());
    if (!start || !byOne || !condition ||
        !llvm::is_contained({BO_LT, BO_NE, BO_LE}, condition->getOpcode()) ||
        counterOf(condition->getLHS(), conditionOffset) != counter)
      return std::nullopt;
    // The bound: `list.size()` or `list.size() - d`.
    const Expr *bound = condition->getRHS()->IgnoreParenImpCasts();
    int64_t boundOffset = 0;
    if (const auto *op = dyn_cast<BinaryOperator>(bound); op && op->getOpcode() == BO_Sub) {
      std::optional<int64_t> d = literalOf(op->getRHS());
      if (!d)
        return std::nullopt;
      boundOffset = *d;
      bound = op->getLHS()->IgnoreParenImpCasts();
    }
    const auto *size = dyn_cast<CXXMemberCallExpr>(bound);
    if (!size || !size->getMethodDecl() || size->getMethodDecl()->getName() != "size" ||
        referencedDecl(stripList(size->getImplicitObjectArgument())) != list)
      return std::nullopt;
    // The counter runs from `start` to size - 1 - conditionOffset - boundOffset (`<=`: one more).
    int64_t lastFromEnd = conditionOffset + boundOffset - (condition->getOpcode() == BO_LE ? 1 : 0);
    ElementSelector run{std::nullopt, *start + offset, lastFromEnd - offset};
    if (run.first < 0 || run.fromEnd < 0)
      return std::nullopt;
    return run;
  }

  /// The value of an integer literal (through implicit conversions), or nothing.
  static std::optional<int64_t> literalOf(const Expr *e) {
    const auto *literal = dyn_cast<IntegerLiteral>(e->IgnoreParenImpCasts());
    if (!literal)
      return std::nullopt;
    return literal->getValue().getSExtValue();
  }

  /// The loop of kind `Loop` whose declaration statement declares `var`: a `for` loop's init
  /// statement (its counter), a range-based `for`'s loop variable.
  template <typename Loop> const Loop *loopDeclaring(const VarDecl *var) const {
    for (const DynTypedNode &declaration : ctx_.getParents(*var))
      if (const auto *statement = declaration.get<DeclStmt>())
        for (const DynTypedNode &parent : ctx_.getParents(*statement))
          if (const auto *loop = parent.get<Loop>())
            if constexpr (std::is_same_v<Loop, ForStmt>) {
              if (loop->getInit() == statement)
                return loop;
            } else if (loop->getLoopVariable() == var) {
              return loop;
            }
    return nullptr;
  }

  /// The range-based `for` whose loop variable is the integer `var`.
  const CXXForRangeStmt *rangeLoopOf(const VarDecl *var) const {
    if (!var->isLocalVarDecl() || !var->getType().getNonReferenceType()->isIntegralOrEnumerationType())
      return nullptr;
    return loopDeclaring<CXXForRangeStmt>(var);
  }

  Values evaluateUnary(const UnaryOperator *op, unsigned depth) {
    Values values = evaluate(op->getSubExpr(), depth + 1);
    switch (op->getOpcode()) {
    case UO_Plus:
      return values;
    case UO_Minus:
      values = known(std::move(values));
      for (auto &value : values)
        value.value = -value.value;
      return values;
    default:
      return folded(op);
    }
  }

  Values evaluateBinary(const BinaryOperator *op, unsigned depth) {
    BinaryOperatorKind kind = op->getOpcode();
    if (kind != BO_Add && kind != BO_Sub && kind != BO_Mul && kind != BO_Div && kind != BO_Rem && kind != BO_Shl &&
        kind != BO_Shr)
      return folded(op);
    return arithmetic(kind, op, evaluate(op->getLHS(), depth + 1), evaluate(op->getRHS(), depth + 1));
  }

  /// `kind` applied to each pair of `left` and `right` values of one iteration; `op` is the
  /// expression that computes it (for the derivation of open values).
  Values arithmetic(BinaryOperatorKind kind, const BinaryOperator *op, const Values &left, const Values &right) {
    Values lhs = known(left), rhs = known(right);
    Values result;
    if constexpr (!Real) {
      // A parameter that other TUs pass, computed with a constant of this TU: the arithmetic
      // travels with it, to be applied to each value a caller passes. Computed with another
      // parameter of the same function (`hidden / heads`), the operand is what the same call
      // passes there; computed with a variable another TU gives its value, that value. Other
      // pairs of open operands stay unknown.
      for (const auto &a : left)
        if (a.openSource) {
          for (const auto &b : rhs)
            append(result, {withArithmetic(a, op, CrossUnitArithmetic{"", b.value, false, std::nullopt}, b)});
          for (const auto &b : right)
            if (std::optional<SameCallOperand> operand = sameCallOperand(a, b))
              append(result, {withArithmetic(a, op, CrossUnitArithmetic{"", 0, false, operand}, b)});
        }
      for (const auto &b : right)
        if (b.openSource)
          for (const auto &a : lhs)
            append(result, {withArithmetic(b, op, CrossUnitArithmetic{"", a.value, true, std::nullopt}, a)});
    }
    for (const auto &a : lhs)
      for (const auto &b : rhs) {
        std::optional<T> value = apply(kind, a.value, b.value);
        if (!value || !sameIterations(a, b))
          continue;
        BasicConstantValue<T> combined{*value, a.origins, a.fromCaller || b.fromCaller};
        combined.origins.insert(combined.origins.end(), b.origins.begin(), b.origins.end());
        combined.assumptions = bothAssumptions(a, b);
        combined.iterations = a.iterations;
        for (const auto &iteration : b.iterations)
          if (!llvm::is_contained(combined.iterations, iteration))
            combined.iterations.push_back(iteration);
        append(result, {std::move(combined)});
      }
    return result;
  }

  /// `arithmetic` with `op`'s operator (`*` of `*=`), as a step of `open`'s derivation; `operand`
  /// is the value it computes with.
  BasicConstantValue<T> withArithmetic(BasicConstantValue<T> open, const BinaryOperator *op,
                                       CrossUnitArithmetic arithmetic, const BasicConstantValue<T> &operand) {
    arithmetic.op = BinaryOperator::getOpcodeStr(op->isCompoundAssignmentOp()
                                                     ? BinaryOperator::getOpForCompoundAssignment(op->getOpcode())
                                                     : op->getOpcode())
                        .str();
    open.origins.push_back({op->getBeginLoc(), "`" + text(op) + "`", "", 0, std::move(arithmetic)});
    open.assumptions = bothAssumptions(open, operand);
    return open;
  }

  /// Whether `a` and `b` were computed in the same iteration of each loop that counted both.
  static bool sameIterations(const BasicConstantValue<T> &a, const BasicConstantValue<T> &b) {
    for (const auto &[counter, value] : a.iterations)
      for (const auto &[other, otherValue] : b.iterations)
        if (counter == other && value != otherValue)
          return false;
    return true;
  }

  /// What a value computed from `a` and `b` assumes.
  static std::vector<SetterAssumption> bothAssumptions(const BasicConstantValue<T> &a, const BasicConstantValue<T> &b) {
    std::vector<SetterAssumption> both = a.assumptions;
    for (const SetterAssumption &assumption : b.assumptions)
      if (!llvm::is_contained(both, assumption))
        both.push_back(assumption);
    return both;
  }

  /// `operand` as the other operand of arithmetic on `open` at each call: both are parameters
  /// (or their data members) of one function, and `operand` is passed unchanged. One parameter
  /// may be both (`2 * n * n`), unless it names a run of a list's elements (`sizes[i] * sizes[i]`
  /// pairs one element with itself, which a run's element-by-element join does not say).
  static std::optional<SameCallOperand> sameCallOperand(const BasicConstantValue<T> &open,
                                                        const BasicConstantValue<T> &operand) {
    // Two members of what one function of another TU returns (`cfg.obs_dim + cfg.extra` with
    // `cfg = make_config()`): its result holds both, whatever calls it.
    if (const auto *function = dyn_cast_or_null<FunctionDecl>(open.openSource)) {
      if (operand.openSource != function || open.openField == operand.openField || !arithmeticOf(operand).empty())
        return std::nullopt;
      return SameCallOperand{CrossUnitParameter::Result, operand.openField, {}};
    }
    // The operand may be computed first with constants (`num_classes + 5`) or with what the same
    // call passes to another parameter (`agents * act`), as passed.
    std::vector<ConstantOperation> computed;
    for (const ValueOrigin &origin : operand.origins)
      if (const std::optional<CrossUnitArithmetic> &a = origin.arithmetic) {
        if (!a->operandAtCall) {
          computed.push_back({a->op, a->operand, a->operandFirst, std::nullopt, ""});
          continue;
        }
        const SameCallOperand &other = *a->operandAtCall;
        if (!other.global.empty() || !other.computed.empty() || other.parameter == CrossUnitParameter::Result)
          return std::nullopt;
        computed.push_back({a->op, 0, a->operandFirst, other.parameter, other.field});
      }
    // A variable another TU gives its value (`n_letters + n_hidden`, both globals of other files)
    // has one value wherever it is read: whatever `open` is.
    if (const auto *global = dyn_cast_or_null<VarDecl>(operand.openSource);
        global && !isa<ParmVarDecl>(global) && operand.openField.empty())
      if (std::optional<std::string> usr = crossUnitName(*global))
        return SameCallOperand{0, "", std::move(computed), *usr};
    const auto *first = dyn_cast_or_null<ParmVarDecl>(open.openSource);
    const auto *second = dyn_cast_or_null<ParmVarDecl>(operand.openSource);
    if (!first || !second || first->getDeclContext() != second->getDeclContext() ||
        (first == second && open.openField == operand.openField && isListRun(open.openField)))
      return std::nullopt;
    return SameCallOperand{second->getFunctionScopeIndex(), operand.openField, std::move(computed)};
  }

  static std::optional<double> apply(BinaryOperatorKind kind, double a, double b) {
    switch (kind) {
    case BO_Add:
      return a + b;
    case BO_Sub:
      return a - b;
    case BO_Mul:
      return a * b;
    case BO_Div:
      return b == 0 ? std::nullopt : std::optional<double>(a / b);
    default:
      return std::nullopt;
    }
  }

  static std::optional<int64_t> apply(BinaryOperatorKind kind, int64_t a, int64_t b) {
    return applyIntegerOperator(BinaryOperator::getOpcodeStr(kind).str(), a, b);
  }
};

} // namespace

std::string formatReal(double value) {
  char buf[32];
  snprintf(buf, sizeof buf, "%g", value);
  return buf;
}

std::vector<ConstantValue> ConstantEvaluator::evaluate(const Expr *e) {
  Index &idx = index();
  return Evaluation<int64_t>(ctx_, idx).evaluate(e, 0);
}

std::vector<RealConstantValue> ConstantEvaluator::evaluateReal(const Expr *e) {
  Index &idx = index();
  return Evaluation<double>(ctx_, idx).evaluate(e, 0);
}

std::vector<ConstantValue> ConstantEvaluator::evaluate(const Expr *e, std::vector<OpenSource> &open) {
  Index &idx = index();
  std::vector<ConstantValue> values = Evaluation<int64_t>(ctx_, idx, true).evaluate(e, 0);
  for (ConstantValue &value : values)
    if (value.openSource)
      open.push_back({value.openSource, value.openField, std::move(value.origins)});
  llvm::erase_if(values, [](const ConstantValue &value) { return value.openSource != nullptr; });
  return values;
}

std::vector<std::tuple<const FunctionDecl *, std::string, ConstantValue>> ConstantEvaluator::resultsForOtherUnits() {
  Index &idx = index();
  const SourceManager &sm = ctx_.getSourceManager();
  std::vector<std::tuple<const FunctionDecl *, std::string, ConstantValue>> results;
  for (const FunctionDecl *function : idx.structsForOtherUnits)
    for (const FieldPath &path : integerFieldsOfProjectStruct(function->getReturnType(), sm)) {
      std::vector<ConstantValue> values = Evaluation<int64_t>(ctx_, idx).fieldOfReturns(function, path, 0);
      // What the calls of this TU pass in would not hold for other TUs' calls.
      if (values.size() == 1 && !values.front().fromCaller)
        results.emplace_back(function, pathName(path), std::move(values.front()));
    }
  for (const FunctionDecl *function : idx.structsForOtherUnits)
    for (const FieldDecl *list : integerListFields(function->getReturnType(), sm))
      for (const ElementSelector &selector : ElementSelector::passedAcrossUnits())
        for (ConstantValue &value : Evaluation<int64_t>(ctx_, idx).fieldElementsOfReturns(function, list, selector))
          if (!value.fromCaller)
            results.emplace_back(function, list->getName().str() + selector.field(), std::move(value));
  return results;
}

std::vector<std::tuple<const ParmVarDecl *, std::string, ConstantValue>> ConstantEvaluator::filledForOtherUnits() {
  Index &idx = index();
  std::vector<std::tuple<const ParmVarDecl *, std::string, ConstantValue>> filled;
  for (const auto &[function, param] : idx.filledForOtherUnits)
    for (const FieldDecl *field : fieldsWithBases(filledStruct(param))) {
      if (!field->getType()->isIntegralOrEnumerationType())
        continue;
      std::vector<ConstantValue> values = Evaluation<int64_t>(ctx_, idx).leftInParameter(function, param, field);
      if (values.size() == 1 && !values.front().fromCaller)
        filled.emplace_back(param, field->getNameAsString(), std::move(values.front()));
    }
  return filled;
}

std::vector<const VarDecl *> ConstantEvaluator::globalsWrittenForOtherUnits() {
  std::vector<const VarDecl *> globals;
  for (const ValueDecl *decl : index().written)
    if (const auto *var = dyn_cast<VarDecl>(decl); var && isMutableAcrossUnits(var))
      globals.push_back(var);
  return globals;
}

std::vector<std::pair<const FunctionDecl *, std::string>> ConstantEvaluator::fillerFieldsForOtherUnits() {
  Index &idx = index();
  std::vector<std::pair<const FunctionDecl *, std::string>> fields;
  for (const auto &[function, param] : idx.filledForOtherUnits) {
    if (idx.written.contains(param))
      continue;
    fields.emplace_back(function, fillerField(*param, ""));
    std::set<std::string> names;
    if (auto writes = idx.fieldAssignments.find(param); writes != idx.fieldAssignments.end())
      for (const FieldWrite &write : writes->second)
        for (const FieldDecl *member : write.path)
          names.insert(member->getNameAsString());
    for (const std::string &name : names)
      fields.emplace_back(function, fillerField(*param, name));
  }
  for (const CXXMethodDecl *method : idx.methodsForOtherUnits) {
    std::optional<llvm::SmallVector<const FieldDecl *, 8>> written = ownFieldWrites(method);
    if (!written)
      continue;
    fields.emplace_back(method, methodField(""));
    for (const FieldDecl *field : *written)
      fields.emplace_back(method, methodField(field->getName()));
  }
  return fields;
}

std::string fillerField(const ParmVarDecl &param, llvm::StringRef field) {
  return std::to_string(param.getFunctionScopeIndex()) + ":" + field.str();
}

std::string methodField(llvm::StringRef field) { return "this:" + field.str(); }

std::vector<std::pair<const CXXMethodDecl *, const FieldDecl *>> ConstantEvaluator::settersForOtherUnits() {
  return index().settersForOtherUnits;
}

std::vector<std::pair<const VarDecl *, ConstantValue>> ConstantEvaluator::constantsForOtherUnits() {
  Index &idx = index();
  std::vector<std::pair<const VarDecl *, ConstantValue>> constants;
  for (const VarDecl *var : idx.constantsForOtherUnits) {
    std::vector<ConstantValue> values = Evaluation<int64_t>(ctx_, idx).evaluateDefinition(var);
    if (values.size() == 1)
      constants.emplace_back(var, std::move(values.front()));
  }
  return constants;
}

std::vector<ConstantEvaluator::ExternalArgument> ConstantEvaluator::externalCallArguments() {
  Index &idx = index();
  const SourceManager &sm = ctx_.getSourceManager();
  std::vector<ExternalArgument> arguments;
  for (const auto &[callee, sites] : idx.calls) {
    if (!isDefinedInOtherUnit(callee, sm))
      continue;
    for (const CallSite &site : sites)
      for (const ParmVarDecl *param : callee->parameters()) {
        // Open: an argument that is a parameter of this TU's function passes on what its callers
        // in other TUs pass.
        Evaluation<int64_t> evaluation(ctx_, idx, /*open=*/true, /*assumeSetters=*/true);
        for (ConstantValue &value : evaluation.atCall(callee, param, site, 0))
          arguments.push_back({callee, site.loc, param->getFunctionScopeIndex(), "", std::move(value)});
        // A struct passed by non-const reference too: what the callee reads before it writes.
        QualType passed = param->getType()->isLValueReferenceType() ? param->getType().getNonReferenceType()
                                                                    : param->getType();
        if (const CXXRecordDecl *pointed = pointedProjectStruct(passed, sm))
          passed = QualType(pointed->getTypeForDecl(), 0);
        for (const FieldPath &path : integerFieldsOfProjectStruct(passed, sm))
          for (ConstantValue &value : evaluation.fieldAtCall(callee, param, path, site, 0))
            arguments.push_back({callee, site.loc, param->getFunctionScopeIndex(), pathName(path), std::move(value)});
        if (passesStructByValue(param->getType()))
          for (const FieldDecl *list : integerListFields(param->getType().getNonReferenceType(), sm))
            for (const ElementSelector &selector : ElementSelector::passedAcrossUnits())
              for (ConstantValue &value : evaluation.fieldElementsAtCall(callee, param, list, site, selector, 0))
                arguments.push_back({callee, site.loc, param->getFunctionScopeIndex(),
                                     list->getName().str() + selector.field(), std::move(value)});
        if (isIntegerList(param->getType()))
          for (const ElementSelector &selector : ElementSelector::passedAcrossUnits())
            for (ConstantValue &value : evaluation.elementsAtCall(callee, param, site, selector, 0))
              arguments.push_back({callee, site.loc, param->getFunctionScopeIndex(), selector.field(), std::move(value)});
      }
  }
  // The index is a hash map: sorted by where the argument is, the facts do not depend on it.
  llvm::sort(arguments, [](const ExternalArgument &a, const ExternalArgument &b) {
    return std::make_tuple(a.value.origins.back().loc.getRawEncoding(), a.index, a.field, a.value.value) <
           std::make_tuple(b.value.origins.back().loc.getRawEncoding(), b.index, b.field, b.value.value);
  });
  return arguments;
}

bool ConstantEvaluator::mayChange(const ValueDecl *decl) {
  const auto *var = dyn_cast<VarDecl>(decl);
  return index().written.contains(decl) || (var && index().fieldAssignments.contains(var));
}

std::optional<ConstantValue> ConstantEvaluator::evaluateUnique(const Expr *e) {
  std::vector<ConstantValue> values = evaluate(e);
  if (values.size() != 1)
    return std::nullopt;
  return std::move(values.front());
}

} // namespace ampify
