// Compile-time integer and floating values of expressions in user code, with where they came from. Beyond
// Clang's constant evaluator (literals, constexpr, enumerators, macros, arithmetic, constexpr
// config structs) it follows what a reader of the TU can prove:
//  - a function or constructor parameter takes the values passed at each call site in the TU
//    (also through std::make_shared<T>(...) and a module holder's forwarding constructor),
//    or its default argument where no call in the TU passes one;
//  - a variable or data member that is never written after its initialisation takes the value of
//    its initialiser (for a member: each constructor's mem-initializer or the in-class one).
// A value that cannot be computed on some path is left out, never guessed: the result lists the
// values that are certain on the paths that were understood.
// Across TUs (CrossUnit.h): a parameter of a function this TU defines and other TUs may call is
// an *open parameter* of the expressions it flows into unchanged, and the calls of functions this
// TU does not define give the values their arguments pass.
#pragma once

#include "ampify/CrossUnit.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ampify {

/// One step of a derivation: "`kHidden` is 4095" at the declaration of kHidden.
struct ValueOrigin {
  clang::SourceLocation loc;
  std::string message;
  /// Set when this step is the definition of a named constant (a variable, macro, enumerator or
  /// data member's initialiser) that holds `value`: "`kVocab`". Empty for a step through a call
  /// or a folded expression. Rules group findings by it: one finding per misaligned constant.
  std::string definedName;
  double value = 0;
  /// On the derivation of an open parameter only: this step computes with it (`2 * hidden`).
  std::optional<CrossUnitArithmetic> arithmetic;
};

/// How a SetterAssumption and CrossUnitFacts::setters name member `field` of the struct
/// parameter `param` a function fills: "<parameter index>:<member>".
std::string fillerField(const clang::ParmVarDecl &param, llvm::StringRef field);
/// How a SetterAssumption and CrossUnitFacts::setters name member `field` of the object a
/// non-const method of another TU runs on: "this:<member>" ("this:" for the method itself).
std::string methodField(llvm::StringRef field);

/// A builder setter that another TU defines (`ops.EmbedDim(100)`, EmbedDim defined in vit.cpp),
/// or a function of another TU that fills a struct the caller passes (`parse_args(argc, argv,
/// cfg)`: `field` is then fillerField()'s), assumed to set, or not to set, the data member a value
/// was read from. Only the values of ConstantEvaluator::externalCallArguments() carry them; the
/// join keeps a value only where the defining TU's facts show every one of its assumptions
/// (CrossUnitFacts::setters).
struct SetterAssumption {
  const clang::FunctionDecl *setter;
  std::string field;
  bool sets;

  bool operator==(const SetterAssumption &o) const {
    return setter == o.setter && field == o.field && sets == o.sets;
  }
};

template <typename T> struct BasicConstantValue {
  T value{};
  /// Empty when the expression is a plain literal.
  std::vector<ValueOrigin> origins;
  /// The value reaches the expression through a function parameter from a call site: it is one
  /// of the values the expression takes, not the only one it can take.
  bool fromCaller = false;
  /// Inside the evaluator only: the value stands for whatever another TU gives this variable:
  /// what callers pass to this parameter, or the value another TU defines this constant with
  /// (its origins' messages name what holds it, without a value), or what a function this TU
  /// declares but another defines returns (a FunctionDecl, with openField: `make_config().hidden`),
  /// or leaves in a struct it fills (the ParmVarDecl of its declaration here, with openField:
  /// `load_config(cfg); cfg.hidden`).
  /// Never set on what evaluate() returns; evaluate(e, open) returns these as OpenSources.
  const clang::NamedDecl *openSource = nullptr;
  /// With openSource: the data member of that (struct) parameter or result whose value this is.
  std::string openField;
  /// The value holds only if each of these does.
  std::vector<SetterAssumption> assumptions;
  /// Inside the evaluator only: the value each loop counter had in the iteration that computed
  /// this value (`20 * (1 << i)` with i = 2), so that arithmetic never pairs two iterations.
  std::vector<std::pair<const clang::VarDecl *, int64_t>> iterations;
};
using ConstantValue = BasicConstantValue<int64_t>;
using RealConstantValue = BasicConstantValue<double>;

/// How messages and notes print a floating constant ("%g": 1e-08, 65536, -1e+09).
std::string formatReal(double value);

class ConstantEvaluator {
public:
  /// Calls and assignments are indexed over `declarations` (the TU's own,
  /// AnalysisSession::userDeclarations()).
  ConstantEvaluator(clang::ASTContext &ctx, llvm::ArrayRef<clang::Decl *> declarations);
  ~ConstantEvaluator();

  /// Every value `e` takes on the paths through the TU that could be followed (at most a few
  /// dozen, each value once). Empty when nothing is known.
  std::vector<ConstantValue> evaluate(const clang::Expr *e);

  /// What the expression's value comes from when another TU gives it: a parameter of an
  /// externally visible function defined in this TU (callers in other TUs pass its values), or an
  /// integer constant this TU declares without a value (`extern const int64_t kHidden;`, a static
  /// data member defined out of line) that another TU defines. Passed on, or computed from it with
  /// constants (`2 * hidden`). `origins` lead from it to the expression, innermost first; their
  /// messages name what holds the value ("member `hidden_`") without it, and the steps that
  /// compute carry their arithmetic.
  struct OpenSource {
    /// A clang::ParmVarDecl for a parameter (of a function this TU defines; of one it only
    /// declares: a member of the struct another TU's function fills there), a VarDecl for a
    /// constant, a FunctionDecl for a member of what another TU's function returns.
    const clang::NamedDecl *source;
    std::string field; // a data member of the (struct) parameter or result, "" for the value itself
    std::vector<ValueOrigin> origins;
  };
  /// evaluate(e), and in `open` the open sources `e` is.
  std::vector<ConstantValue> evaluate(const clang::Expr *e, std::vector<OpenSource> &open);

  /// One known value of one argument of a call in this TU (also through std::make_shared<T> and a
  /// module holder's constructor) of a user function or constructor this TU declares but does not
  /// define, or of an integer data member of a struct of the project passed as the argument; the
  /// value's last origin is the step through the call. An argument that is an open parameter
  /// (passed on, or computed from it with constants) is returned as one, with its origins. A
  /// member read after a call of a setter another TU defines has one value per setter that may
  /// have set it, each with its assumptions.
  struct ExternalArgument {
    const clang::FunctionDecl *callee;
    clang::SourceLocation call;
    unsigned index;
    std::string field; // "" for the argument itself
    ConstantValue value;
  };
  std::vector<ExternalArgument> externalCallArguments();

  /// The builder setters this TU defines for other TUs (isSetterOfOtherUnit there), each with
  /// the data member it sets.
  std::vector<std::pair<const clang::CXXMethodDecl *, const clang::FieldDecl *>> settersForOtherUnits();

  /// The integer constants this TU defines for other TUs that declare them without a value
  /// (OpenSource), each with its value; the value's last origin is the definition. Also the
  /// mutable integer globals it defines (`int n_hidden = 128;`): every TU, this one too, reads them
  /// as open values, which take the definition's value only where no analysed TU writes them
  /// (globalsWrittenForOtherUnits).
  std::vector<std::pair<const clang::VarDecl *, ConstantValue>> constantsForOtherUnits();

  /// The mutable integer globals of external linkage that this TU writes (assigns, increments,
  /// takes the address of, binds to a non-const reference, passes to a function that may write
  /// them), through any of their declarations.
  std::vector<const clang::VarDecl *> globalsWrittenForOtherUnits();

  /// The members that the functions this TU defines for other TUs may write in the struct
  /// parameters they fill, as fillerField() names them, each function with fillerField(param, "")
  /// first: the members it leaves as they were are the others. A function that may write the
  /// struct some other way (passes it on, takes its address) is left out: it may write anything.
  /// Also the members its non-const methods may write in the object they run on, as methodField()
  /// names them, each method with methodField("") first; one that may change its object another
  /// way (uses `this` other than to name a member, calls a non-const method of its own) is left out.
  std::vector<std::pair<const clang::FunctionDecl *, std::string>> fillerFieldsForOtherUnits();

  /// The integer members of the struct parameters that functions this TU defines for other TUs
  /// fill (`void load_config(Config &cfg)`, called as `load_config(cfg)`), each with the one value
  /// the function leaves there (known without any caller); the value's last origin is in the
  /// function.
  std::vector<std::tuple<const clang::ParmVarDecl *, std::string, ConstantValue>> filledForOtherUnits();

  /// The integer members of the structs that functions this TU defines for other TUs return
  /// (`Config make_config()`), each with its one value (what every return statement gives, known
  /// without any caller); and of their integer list members (`cfg.hidden = {40, 20, 20}; return
  /// cfg;`), each element a selection picks ("hidden[1]", "hidden[:-1]"), one entry per value. The
  /// value's last origin is in the function.
  std::vector<std::tuple<const clang::FunctionDecl *, std::string, ConstantValue>> resultsForOtherUnits();

  /// The same for a floating-point expression (an integer one is evaluated as an integer and
  /// converted). A construction of a class from one value (`c10::Scalar(-1e9)`, an optional) has
  /// that value: how LibTorch takes scalar arguments.
  std::vector<RealConstantValue> evaluateReal(const clang::Expr *e);

  /// The single value of `e` if all known paths agree on one, else nothing.
  std::optional<ConstantValue> evaluateUnique(const clang::Expr *e);

  /// Whether `decl` may change after its initialisation in this TU: assigned, incremented, its
  /// address taken, bound to a non-const reference, or a non-const method called on it.
  bool mayChange(const clang::ValueDecl *decl);

  clang::ASTContext &context() const { return ctx_; }

private:
  class Index;
  clang::ASTContext &ctx_;
  llvm::ArrayRef<clang::Decl *> declarations_;
  std::unique_ptr<Index> index_;
  Index &index();
};

} // namespace ampify
