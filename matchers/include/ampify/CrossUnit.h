// Facts that one TU's analysis leaves for the others, so that a value passed in one file and used
// in another is seen (docs/analysis.md, "Across translation units"). Plain data, like findings:
// a worker returns them with its findings, the result cache stores them, a shard's report carries
// them, and the driver (or `ampify merge`) joins the facts of every TU once all are known.
//
// Functions are named by their clang USR, which is the same in every TU that declares them.
#pragma once

#include "ampify/Finding.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ampify {

/// `lhs op rhs` for C++'s integer operators "+", "-", "*", "/", "%", "<<", ">>", as C++ computes
/// it on int64_t; nothing where C++ leaves it undefined (overflow, division by zero, a shift out
/// of range) or for another operator.
std::optional<int64_t> applyIntegerOperator(const std::string &op, int64_t lhs, int64_t rhs);

/// `op` of C++ with a constant (`x + 5`, `2 * x`: `operandFirst`), or, with `parameterAtCall`,
/// with what the same call passes to that parameter of the function (its data member `fieldAtCall`
/// when set): `agents * act` of `agents * obs + agents * act`, `agents`, `obs` and `act` all
/// parameters of one constructor.
struct ConstantOperation {
  std::string op;
  int64_t operand = 0;
  bool operandFirst = false;
  std::optional<unsigned> parameterAtCall;
  std::string fieldAtCall;

  /// `value op operand` (applyIntegerOperator).
  std::optional<int64_t> apply(int64_t value, int64_t operand) const;
  bool operator==(const ConstantOperation &o) const {
    return op == o.op && operand == o.operand && operandFirst == o.operandFirst &&
           parameterAtCall == o.parameterAtCall && fieldAtCall == o.fieldAtCall;
  }
};

/// A parameter of the function whose parameter a derivation starts from, or a data member of it
/// (a config struct's): the other operand of `hidden / heads` or `cfg.word_dim + cfg.shape_dim`,
/// whose value is what the same call passes there, computed first as `computed` says, with
/// constants or other parameters of the same call (`num_classes + 5` of
/// `anchors * (num_classes + 5)`).
struct SameCallOperand {
  unsigned parameter = 0;
  std::string field; // as ParameterExport::field
  std::vector<ConstantOperation> computed;
  /// Set when the operand is no parameter but a variable another TU gives its value (an `extern
  /// const`, a mutable global no TU writes: `n_letters + n_hidden`), named by its USR: its one
  /// value wherever it is read (`parameter` unused).
  std::string global;

  bool operator==(const SameCallOperand &o) const {
    return parameter == o.parameter && field == o.field && computed == o.computed && global == o.global;
  }
};

/// Integer arithmetic between a parameter and the value a rule checks (`2 * hidden`,
/// `hidden / heads`, `width + 8`): `op` is C++'s binary operator ("+", "-", "*", "/", "%", "<<",
/// ">>"), `operand` the constant, `operandFirst` when the operand is on its left. With
/// `operandAtCall` the operand is no constant but another parameter of the same function, known
/// only at each call.
struct CrossUnitArithmetic {
  std::string op;
  int64_t operand = 0;
  bool operandFirst = false;
  std::optional<SameCallOperand> operandAtCall;

  /// The operation on `value` with `operand` (applyIntegerOperator).
  std::optional<int64_t> apply(int64_t value, int64_t operand) const;
};

/// One step of a derivation, as a ValueOrigin without the AST: where, what it says, and the
/// constant it defines ("`kHidden`") when that constant holds the value the derivation ends with
/// (empty for a step through a call, or for a constant the value was computed from).
struct CrossUnitStep {
  SourcePoint where;
  std::string message;
  std::string definedName;
  /// Set on a step of an export that computes with the value: the value after this step is the
  /// arithmetic applied to the value before it.
  std::optional<CrossUnitArithmetic> arithmetic;
};

/// A parameter of a function defined in this TU whose value reaches something a rule checks (a
/// layer dimension), as far as this TU knows: the values come from callers, which may be in other
/// TUs. The rule that made it resolves it against the imports (Rule::resolveAcrossUnits).
struct ParameterExport {
  std::string rule;
  std::string function; // USR
  unsigned parameter = 0;
  /// The data member of the parameter (a config struct's) whose value is used, "" for the
  /// parameter's own value.
  std::string field;
  /// Where the value is used (a layer's argument).
  SourcePoint use;
  /// From the parameter to the use, innermost first. Each message names what holds the value
  /// ("member `hidden_`"); the value is only known once a caller's argument is. Steps with
  /// arithmetic compute the used value from the parameter's.
  std::vector<CrossUnitStep> steps;
  /// The rule's own description of the use (its role, its subject, where it is...).
  std::map<std::string, std::string> attributes;
};

/// A parameter (or a data member of a struct parameter) of a function, as the facts name it; or
/// an integer constant that TUs declare without its value (`extern const int64_t kHidden;`) and
/// one TU defines, named by its own USR (`parameter` 0): its "callers" are that definition.
struct CrossUnitParameter {
  /// `parameter` for what the function returns (a member of the struct it returns, `field`).
  static constexpr unsigned Result = ~0u;
  /// `parameter` for what the function leaves in its parameter `index`, a struct it takes by
  /// non-const reference to fill (its member `field`), as opposed to what callers pass there.
  static constexpr unsigned leftIn(unsigned index) { return Result - 1 - index; }

  std::string function; // USR
  unsigned parameter = 0;
  std::string field; // as ParameterExport::field

  bool operator<(const CrossUnitParameter &o) const {
    return std::tie(function, parameter, field) < std::tie(o.function, o.parameter, o.field);
  }
  bool operator==(const CrossUnitParameter &o) const {
    return std::tie(function, parameter, field) == std::tie(o.function, o.parameter, o.field);
  }
};

/// As SetterAssumption (ConstantValue.h), by USR: the value holds only if the setter `setter`
/// (defined in another TU) sets, or with `sets` false does not set, the data member `field` of
/// its class.
struct SetterCondition {
  std::string setter; // USR
  std::string field;
  bool sets = false;

  bool operator<(const SetterCondition &o) const {
    return std::tie(setter, field, sets) < std::tie(o.setter, o.field, o.sets);
  }
  bool operator==(const SetterCondition &o) const {
    return setter == o.setter && field == o.field && sets == o.sets;
  }
};

/// How SetterConditions and CrossUnitFacts::setters name what TUs do with a mutable global of
/// external linkage (`int n_hidden = 128;` in main.cpp), its USR being the setter: the TU that
/// defines it gives GlobalDefined, each TU that writes it GlobalWritten. Its definition's value
/// holds under {USR, GlobalWritten, false}: where it is defined and no analysed TU writes it.
inline const std::string GlobalDefined = "global:defined";
inline const std::string GlobalWritten = "global:written";

/// A builder setter this TU defines out of line (`auto ViTOptions::EmbedDim(int x) -> ViTOptions &
/// { this->embed_dim = x; return *this; }`): the data member it sets. Or a function this TU defines
/// that fills a struct parameter (`parse_args(argc, argv, cfg)`): one entry per member it may
/// write, and one that names no member, all named by fillerField(). Other TUs that call them see
/// only their declarations; their values read after such calls hold under SetterConditions.
struct SetterField {
  std::string setter; // USR
  std::string field;
};

/// One known value of one argument of a call (or construction) in this TU of a function that this
/// TU does not define, or of one data member of a struct passed as the argument; or the value of
/// a constant this TU defines for other TUs that declare it without one (CrossUnitParameter).
struct ArgumentImport {
  std::string function; // USR
  unsigned parameter = 0;
  std::string field; // as ParameterExport::field

  int64_t value = 0;
  /// The derivation of the value, innermost first, ending with the step through the call
  /// ("`hidden_size` at this call of `NeuralNetImpl` is 500").
  std::vector<CrossUnitStep> steps;
  /// Set when the argument is not a value this TU knows but a parameter of a function it defines
  /// for other TUs, passed on (maybe computed with constants: `2 * hidden`): the argument takes
  /// the values callers pass there (`value` is unused), and `steps` lead from that parameter to
  /// this call, their arithmetic applied in turn. A size goes main.cpp -> Tagger (tagger.cpp) ->
  /// EncoderLayer (attention.cpp) this way.
  std::optional<CrossUnitParameter> passedOn;

  /// Where the call is (a constant's definition for a constant): the arguments of one call share it.
  SourcePoint call;
  /// The value holds only where these hold (CrossUnitFacts::setters); empty: always.
  std::vector<SetterCondition> conditions;

  CrossUnitParameter callee() const { return {function, parameter, field}; }
};

/// The value of another parameter at the same call, for a step's `operandAtCall` (nothing when
/// that call passes no single known value there).
using OperandAtCall = std::function<std::optional<int64_t>(const SameCallOperand &)>;

/// The known values of the arguments of each call (ArgumentImport::call), to pair a parameter's
/// value with another's at the same call, or with a global's (SameCallOperand::global).
class ArgumentsAtCalls {
public:
  explicit ArgumentsAtCalls(const std::vector<ArgumentImport> &known);
  /// What the call of `import` passes for `operand` of the same function, when it is one value.
  OperandAtCall at(const ArgumentImport &import) const;

private:
  std::map<std::tuple<std::string, unsigned, std::string, std::string, unsigned>, std::vector<int64_t>> values_;
  /// Per USR, the values of the variable it names (the imports of its definitions).
  std::map<std::string, std::vector<int64_t>> globals_;
};

/// `value` carried through `steps` (a derivation from a parameter, innermost first), appended to
/// `derivation`: each step's arithmetic applied in turn, each step's message completed with the
/// value after it ("member `hidden_` is 500"). A constant that held the value before it was
/// computed with does not hold the result: the names that steps before a computation define are
/// cleared. A step whose operand is another parameter takes its value at the same call
/// (`operandAtCall`). Nothing where C++ leaves the arithmetic undefined, or where that operand is
/// not known.
std::optional<int64_t> carryValueThrough(int64_t value, const std::vector<CrossUnitStep> &steps,
                                         const OperandAtCall &operandAtCall, std::vector<CrossUnitStep> &derivation);

/// How the facts name a value that a function of another TU returns: its USR for the whole
/// result; for one tensor of the pair, tuple or struct it returns, the USR, a space and the part
/// ("0", "1", ... of a pair or tuple, a field's name). USRs hold no spaces.
std::string returnedValueKey(const std::string &function, const std::string &part);
/// The unqualified name of the function whose result a returnedValueKey() names, for a text search
/// of the files that may define it; empty when its USR does not spell it plainly (a template's).
std::string functionNameOfReturnedValue(const std::string &key);
/// How messages name such a part: "element 1", "member `scores`".
std::string returnedPartName(const std::string &part);
/// The part that names, for a function returning a Sequential (`make_scorer()`), the output of
/// the Sequential it builds when a CUDA fp16 region runs it.
inline const std::string SequentialOutputPart = "forward()";

/// A finding that holds only if code of another TU does something this TU cannot see
/// (AnalysisSession::findConditionalFindings), found by assuming it and not without; one of:
/// - in a function this TU defines for other TUs, when a caller in another TU runs the function
///   under CUDA fp16 autocast (`functions`), and passes it fp16 tensors for `fp16Parameters`;
/// - in this TU's CUDA fp16 region, when a function another TU defines, called there, returns
///   fp16 (`fp16Returns`);
/// - both (`functions` and `fp16Returns`): in a function other TUs run under autocast, on the
///   output of a Sequential that a function of a third TU builds (SequentialOutputPart).
struct ConditionalFinding {
  Finding finding;
  /// USRs: the finding holds when another TU runs any of these under autocast (the function that
  /// holds the finding, and those of this TU whose analysis reached it through calls).
  std::vector<std::string> functions;
  /// returnedValueKey()s: the finding holds when any of these results of functions defined in
  /// other TUs is fp16 under autocast (the callees whose results the finding's notes name).
  std::vector<std::string> fp16Returns;
  /// Parameters of one of `functions` (`function` is its USR; `field` unused): the finding holds
  /// only at a call under autocast that passes an fp16 tensor for each of them (the parameters
  /// its notes name as assumed fp16).
  std::vector<CrossUnitParameter> fp16Parameters;
};

/// A function this TU defines for other TUs whose result, or one tensor of the pair, tuple or
/// struct it returns, is fp16 when a caller runs it under CUDA fp16 autocast, whatever its
/// arguments' precision, or (`fp16Parameters`) when such a caller passes fp16 tensors for those
/// parameters (`q_planes.index(...)` of a `q_planes` parameter).
struct Fp16Return {
  std::string function; // USR
  std::string name;     // "NetImpl::forward"
  SourcePoint where;    // where the returned value got its precision
  std::string because;  // "the output of `fc`"
  std::string part;     // as returnedValueKey's: "" for the whole result
  std::vector<unsigned> fp16Parameters;

  std::string key() const { return returnedValueKey(function, part); }
};

/// An argument that is fp16 at an AutocastCall.
struct Fp16Argument {
  unsigned parameter = 0;
  SourcePoint where;   // where the value got its precision
  std::string because; // "`logits` is fp16 because it is the output of `conv` at line 12"
  /// returnedValueKey()s: fp16 only if one of these results of functions of other TUs, called
  /// under the same region, is fp16 (the argument is one, or computed from it); empty: fp16
  /// regardless.
  std::vector<std::string> fp16Returns;
  /// The calls that returned them: a result fp16 only for fp16 arguments (Fp16Return's
  /// fp16Parameters) is fp16 here only if one of these calls passes them.
  std::vector<SourcePoint> fp16ReturnCalls;
};

/// A call, inside a CUDA fp16 autocast region of this TU, of a user function this TU declares but
/// does not define: it makes the callee's conditional findings hold. A call in a function that
/// this TU defines for other TUs, made under autocast only when a caller there runs that function
/// under autocast, is one too, conditional on `underCallerOf`.
struct AutocastCall {
  std::string function; // USR
  std::string name;     // "NetImpl::forward"
  SourcePoint call;
  std::string region;   // what opens the region: "the autocast scope `autocast`", ...
  SourcePoint opened;   // where it opens
  /// USR of a function this TU defines for other TUs: the call runs under autocast when another TU
  /// runs that one under autocast (`region` and `opened` are then unused); empty: it always does.
  std::string underCallerOf;
  std::vector<Fp16Argument> fp16Arguments;
};

/// A virtual method this TU defines for other TUs that overrides `overridden` (directly or
/// through others): a call of `overridden` under autocast may run it (`_agent->forward(x)` on an
/// `Agent*` runs `AttGru::forward`).
struct VirtualOverride {
  std::string function;   // USR
  std::string name;       // "AttGru::forward"
  std::string overridden; // USR
};

struct CrossUnitFacts {
  std::vector<ParameterExport> exports;
  std::vector<ArgumentImport> imports;
  std::vector<ConditionalFinding> conditional;
  std::vector<AutocastCall> autocastCalls;
  std::vector<Fp16Return> fp16Returns;
  std::vector<VirtualOverride> overrides;
  std::vector<SetterField> setters;

  bool empty() const {
    return exports.empty() && imports.empty() && conditional.empty() && autocastCalls.empty() && fp16Returns.empty() &&
           overrides.empty() && setters.empty();
  }
  /// Whether these facts can make a finding when joined with others: an export, a conditional
  /// finding or an fp16 result (every TU that calls another's function has imports).
  bool offersFindings() const { return !exports.empty() || !conditional.empty() || !fp16Returns.empty(); }
  void append(CrossUnitFacts other);
  /// The imports with a value: those of the calls, and those that reach a parameter through
  /// functions that pass it on (ArgumentImport::passedOn), followed up to a few calls deep; of
  /// those with conditions, the ones that `setters` show to hold.
  std::vector<ArgumentImport> knownArguments() const;
};

/// The conditional findings that hold: some TU calls one of their functions under autocast (a
/// note at those calls, at most three, and where their regions open), or one of the callees whose
/// result they use returns fp16 under autocast (a note where it gets that precision); in the
/// facts' order.
std::vector<Finding> findingsUnderOtherUnitsAutocast(const CrossUnitFacts &facts);

} // namespace ampify
