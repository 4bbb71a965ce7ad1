#include "ampify/AnalysisSession.h"

#include "ampify/ConstantValue.h"
#include "ampify/IncludeInserter.h"
#include "ampify/LoopDevice.h"
#include "ampify/PrecisionFlow.h"
#include "ampify/TorchApi.h"
#include "ampify/TrainingLoops.h"

#include "ampify/Rule.h"

#include "clang/AST/ASTContext.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

#include <deque>
#include <set>
#include <tuple>

namespace ampify {

namespace {

constexpr llvm::StringLiteral TorchVersionKey = "TorchVersion";
constexpr llvm::StringLiteral AutocastDeviceKey = "AutocastDevice";

std::optional<int> macroInteger(const clang::Preprocessor &pp, llvm::StringRef name) {
  const clang::MacroInfo *macro = pp.getMacroInfo(pp.getIdentifierInfo(name));
  if (!macro || macro->getNumTokens() != 1 || !macro->getReplacementToken(0).isLiteral())
    return std::nullopt;
  int value;
  // getSpelling, not getLiteralData: a macro read from a PCH or preamble has no literal data.
  if (llvm::StringRef(pp.getSpelling(macro->getReplacementToken(0))).getAsInteger(10, value))
    return std::nullopt;
  return value;
}

} // namespace

namespace {

/// The function bodies an assumed-caller pass walked, by file and extent: a TU that defines
/// thousands of functions has thousands of conditional findings to attribute, so the bodies'
/// positions are computed once, not once per finding.
class AssumedReach {
public:
  AssumedReach(const clang::SourceManager &sm,
               const std::map<const clang::FunctionDecl *, std::set<const clang::FunctionDecl *>> &reach) {
    for (const auto &[function, assumed] : reach) {
      const clang::Stmt *body = function->getBody();
      SourcePoint begin = sourcePointAt(sm, body->getBeginLoc()), end = sourcePointAt(sm, body->getEndLoc());
      if (begin.file == end.file)
        bodies_[begin.file].push_back({begin.offset, end.offset, &assumed});
    }
  }

  /// The assumed functions that reached the innermost body holding `where`; null if none does.
  const std::set<const clang::FunctionDecl *> *at(const SourcePoint &where) const {
    auto file = bodies_.find(where.file);
    if (file == bodies_.end())
      return nullptr;
    const std::set<const clang::FunctionDecl *> *found = nullptr;
    unsigned size = ~0u;
    for (const Body &body : file->second)
      if (body.begin <= where.offset && where.offset <= body.end && body.end - body.begin < size) {
        size = body.end - body.begin;
        found = body.assumed;
      }
    return found;
  }

private:
  struct Body {
    unsigned begin, end;
    const std::set<const clang::FunctionDecl *> *assumed;
  };
  std::map<std::string, std::vector<Body>> bodies_;
};

} // namespace

llvm::ArrayRef<OptionSpec> AnalysisSession::declaredOptions() {
  static const OptionSpec options[] = {
      {TorchVersionKey.str(), OptionSpec::Type::Version, "", 0, 0, {},
       "The LibTorch version whose autocast cast policies apply (e.g. 1.13, 2.4). Default: the "
       "TORCH_VERSION_MAJOR/MINOR of the headers the code is compiled against, else 2.x."},
      {AutocastDeviceKey.str(), OptionSpec::Type::Choice, "program", 0, 0, {"program", "cuda", "cpu"},
       "The device of the autocast regions that `ampify fix` opens in training loops, and under which "
       "`check` analyses those loops before the migration: program (the device the program moves its "
       "tensors and model to; CUDA when that is decided at run time), cuda or cpu. `ampify fix --device` "
       "sets it."},
  };
  return options;
}

AnalysisSession::AnalysisSession(clang::ASTContext &ctx, const clang::Preprocessor *pp,
                                 const RuleOptions &options)
    : ctx_(ctx), version_{2, 0}, versionOrigin_("the default (2.x)"), deviceChoice_(DeviceChoice::Program) {
  if (const std::string *device = options.find(AutocastDeviceKey))
    deviceChoice_ = *device == "cuda" ? DeviceChoice::Cuda : *device == "cpu" ? DeviceChoice::Cpu : DeviceChoice::Program;
  std::optional<int> major, minor;
  if (pp) {
    major = macroInteger(*pp, "TORCH_VERSION_MAJOR");
    minor = macroInteger(*pp, "TORCH_VERSION_MINOR");
  }
  if (const std::string *configured = options.find(TorchVersionKey)) {
    if (auto parsed = TorchVersion::parse(*configured)) {
      version_ = *parsed;
      versionOrigin_ = "the TorchVersion option";
      return;
    }
  }
  if (major && minor) {
    version_ = TorchVersion{*major, *minor};
    versionOrigin_ = "the TORCH_VERSION_MAJOR/MINOR of the headers";
  }
}

AnalysisSession::~AnalysisSession() = default;

bool AnalysisSession::isUserDeclaration(const clang::Decl &decl) {
  const clang::SourceManager &sm = decl.getASTContext().getSourceManager();
  return !sm.isInSystemHeader(sm.getFileLoc(decl.getLocation()));
}

llvm::ArrayRef<clang::Decl *> AnalysisSession::userDeclarations() {
  if (!userDeclarations_) {
    userDeclarations_.emplace();
    auto keep = [&](clang::Decl *decl) {
      if (isUserDeclaration(*decl))
        userDeclarations_->push_back(decl);
    };
    for (clang::Decl *decl : ctx_.getTraversalScope()) {
      if (auto *unit = llvm::dyn_cast<clang::TranslationUnitDecl>(decl))
        llvm::for_each(unit->decls(), keep);
      else
        keep(decl);
    }
  }
  return *userDeclarations_;
}

const TrainingLoops &AnalysisSession::loops() {
  if (!loops_)
    loops_ = std::make_unique<TrainingLoops>(ctx_, userDeclarations());
  return *loops_;
}

LoopDevices &AnalysisSession::loopDevices() {
  if (!loopDevices_)
    loopDevices_ = std::make_unique<LoopDevices>(ctx_, deviceChoice_);
  return *loopDevices_;
}

ConstantEvaluator &AnalysisSession::constants() {
  if (!constants_)
    constants_ = std::make_unique<ConstantEvaluator>(ctx_, userDeclarations());
  return *constants_;
}

const PrecisionFlow &AnalysisSession::flow() {
  if (!flow_)
    flow_ = std::make_unique<PrecisionFlow>(*this);
  return *flow_;
}

IncludeInserter &AnalysisSession::includes() {
  if (!includes_)
    includes_ = std::make_unique<IncludeInserter>(ctx_.getSourceManager());
  return *includes_;
}

const NolintComments &AnalysisSession::nolintComments(clang::FileID file) {
  std::unique_ptr<NolintComments> &comments = nolintComments_[file];
  if (!comments)
    comments = std::make_unique<NolintComments>(ctx_.getSourceManager().getBufferData(file));
  return *comments;
}

void AnalysisSession::importCallArguments() {
  if (importedCallArguments_)
    return;
  importedCallArguments_ = true;
  const clang::SourceManager &sm = ctx_.getSourceManager();
  // The derivation of a known value: a constant names itself only where it holds that value.
  auto knownSteps = [&](const ConstantValue &value) {
    std::vector<CrossUnitStep> steps;
    for (const ValueOrigin &origin : value.origins)
      steps.push_back({sourcePointAt(sm, origin.loc), origin.message,
                       origin.value == static_cast<double>(value.value) ? origin.definedName : "", std::nullopt});
    return steps;
  };
  for (ConstantEvaluator::ExternalArgument &argument : constants().externalCallArguments()) {
    std::optional<std::string> usr = crossUnitName(*argument.callee);
    if (!usr)
      continue;
    ArgumentImport fact{*usr, argument.index, argument.field, argument.value.value, {}, std::nullopt,
                        sourcePointAt(sm, argument.call)};
    bool named = true;
    for (const SetterAssumption &assumption : argument.value.assumptions) {
      std::optional<std::string> setter = crossUnitName(*assumption.setter);
      named &= setter.has_value();
      if (setter)
        fact.conditions.push_back({*setter, assumption.field, assumption.sets});
    }
    if (!named)
      continue;
    if (const clang::NamedDecl *open = argument.value.openSource) {
      fact.passedOn = crossUnitSource(*open, argument.value.openField);
      if (!fact.passedOn)
        continue;
      fact.value = 0;
      for (const ValueOrigin &origin : argument.value.origins)
        fact.steps.push_back({sourcePointAt(sm, origin.loc), origin.message, origin.definedName, origin.arithmetic});
    } else {
      fact.steps = knownSteps(argument.value);
    }
    facts_.imports.push_back(std::move(fact));
  }
  // What this TU's functions return to other TUs that call them: the members of their structs.
  for (auto &[function, field, value] : constants().resultsForOtherUnits()) {
    std::optional<CrossUnitParameter> name = crossUnitSource(*function, field);
    if (!name)
      continue;
    facts_.imports.push_back({name->function, name->parameter, name->field, value.value, knownSteps(value),
                              std::nullopt, sourcePointAt(sm, function->getLocation())});
  }
  // What this TU's functions leave in the structs they fill for other TUs' calls.
  for (auto &[parameter, field, value] : constants().filledForOtherUnits()) {
    std::optional<std::string> usr = crossUnitName(*llvm::cast<clang::FunctionDecl>(parameter->getDeclContext()));
    if (!usr)
      continue;
    facts_.imports.push_back({*usr, CrossUnitParameter::leftIn(parameter->getFunctionScopeIndex()), field, value.value,
                              knownSteps(value), std::nullopt, sourcePointAt(sm, parameter->getLocation())});
  }
  // What this TU's setters set, and the members its fillers may write, for the values other TUs
  // read after calling them.
  for (auto &[setter, field] : constants().settersForOtherUnits())
    if (std::optional<std::string> usr = crossUnitName(*setter))
      facts_.setters.push_back({*usr, field->getNameAsString()});
  for (auto &[filler, field] : constants().fillerFieldsForOtherUnits())
    if (std::optional<std::string> usr = crossUnitName(*filler))
      facts_.setters.push_back({*usr, field});
  // What this TU defines for other TUs' declarations of its constants: their values. A mutable
  // global's holds where no analysed TU writes it.
  for (auto &[constant, value] : constants().constantsForOtherUnits()) {
    std::optional<CrossUnitParameter> name = crossUnitSource(*constant, "");
    if (!name)
      continue;
    ArgumentImport fact{name->function, name->parameter, "", value.value, knownSteps(value), std::nullopt,
                        sourcePointAt(sm, constant->getLocation())};
    if (!constant->getType().isConstQualified()) {
      facts_.setters.push_back({name->function, GlobalDefined});
      fact.conditions.push_back({name->function, GlobalWritten, false});
    }
    facts_.imports.push_back(std::move(fact));
  }
  for (const clang::VarDecl *global : constants().globalsWrittenForOtherUnits())
    if (std::optional<std::string> usr = crossUnitName(*global))
      facts_.setters.push_back({*usr, GlobalWritten});
}

void AnalysisSession::findConditionalFindings(std::vector<Finding> &reported, size_t firstReported,
                                              bool rulesFollowPrecision, llvm::function_ref<void()> rematch) {
  if (!rulesFollowPrecision)
    return; // no rule of the run asks what autocast does
  // A TU where no rule matched still gives what other TUs' findings need of it (pooling.cpp's
  // `make_attention_scorer` building the Sequential that model.cpp masks).
  flow();
  const clang::SourceManager &sm = ctx_.getSourceManager();
  // The arguments a call passes in fp16, each with the reason its flow gives; `dependsOn` names
  // the calls of other TUs' functions whose assumed fp16 result an argument needs (none: nothing).
  auto fp16Arguments = [&](const PrecisionFlow &flow, const OutsideCallUnderAutocast &call,
                           llvm::function_ref<bool(const PrecisionFact &, Fp16Argument &)> dependsOn) {
    std::vector<Fp16Argument> found;
    for (unsigned i = 0; i < call.arguments.size(); ++i) {
      // A vector of tensors passes fp16 when its elements are fp16.
      const PrecisionFact *elements = call.arguments[i].part("*");
      bool vector = elements && i < call.callee->getNumParams() && isTensorVector(call.callee->getParamDecl(i)->getType());
      const PrecisionFact &argument = vector ? *elements : call.arguments[i];
      std::vector<std::pair<clang::SourceLocation, std::string>> why = flow.explain(argument);
      Fp16Argument fp16{i, {}, {}, {}, {}};
      if (argument.value != Precision::Half || why.empty() || !dependsOn(argument, fp16))
        continue;
      fp16.where = sourcePointAt(sm, why.front().first);
      fp16.because = why.front().second;
      found.push_back(std::move(fp16));
    }
    return found;
  };
  auto regardless = [](const PrecisionFact &, Fp16Argument &) { return true; };
  // Under an assumption pass: fp16 whatever other TUs' Sequentials output.
  auto notThroughAssumedModules = [](const PrecisionFact &argument, Fp16Argument &) {
    return !PrecisionFlow::dependsOnAssumedModule(argument);
  };
  // The Sequentials of other TUs' builders that the finding's notes name (its value is their
  // output, assumed fp16): the key of each builder's output.
  auto assumedModulesNamed = [&](const Finding &finding) {
    std::vector<std::string> keys;
    for (const AssumedReturnedPart &part : flow_->assumedReturnedParts()) {
      if (part.part != SequentialOutputPart)
        continue;
      SourcePoint at = sourcePointAt(sm, part.call->getBeginLoc());
      const auto *call = llvm::dyn_cast<clang::CallExpr>(part.call);
      std::optional<std::string> usr = call && call->getDirectCallee() ? crossUnitName(*call->getDirectCallee())
                                                                        : std::nullopt;
      if (usr && llvm::any_of(finding.notes, [&](const FindingNote &note) {
            return note.where.file == at.file && note.where.offset == at.offset;
          }))
        keys.push_back(returnedValueKey(*usr, part.part));
    }
    llvm::sort(keys);
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
  };

  std::map<std::pair<std::string, unsigned>, std::string> outsideCallees; // call point -> callee USR
  for (const OutsideCallUnderAutocast &call : flow_->outsideCallsUnderAutocast())
    if (std::optional<std::string> usr = crossUnitName(*call.callee)) {
      SourcePoint at = sourcePointAt(sm, call.call->getBeginLoc());
      outsideCallees[{at.file, at.offset}] = *usr;
      facts_.autocastCalls.push_back({*usr, call.callee->getQualifiedNameAsString(), at, call.region.how,
                                      sourcePointAt(sm, call.region.opened), "",
                                      fp16Arguments(*flow_, call, regardless)});
    }

  // One more pass of the rules per assumption; `attribute` makes a finding that appears only then
  // conditional on what it assumed, or drops it (nullopt) when it cannot say which code it needs.
  // `throughCallers`: the rules run a second time on the facts that reached each expression
  // through a call of this TU (PrecisionFlow::preferFactsThroughCallers), and what they find
  // there under other conditions is kept too.
  auto assumingPass = [&](OtherUnitsAssumption assumption,
                          llvm::function_ref<std::optional<ConditionalFinding>(const Finding &)> attribute,
                          llvm::function_ref<void(const PrecisionFlow &)> exportFacts, bool throughCallers = false) {
    std::unique_ptr<PrecisionFlow> own = std::move(flow_);
    // The fix-its of a conditional finding insert their own #includes.
    std::unique_ptr<IncludeInserter> ownIncludes = std::move(includes_);
    flow_ = std::make_unique<PrecisionFlow>(*this, assumption);
    size_t firstRematched = reported.size();
    auto key = [](const Finding &f) { return std::tie(f.rule, f.where.file, f.where.offset, f.message); };
    // Copies: the passes below add to `reported`, which may move its findings.
    std::set<std::tuple<std::string, std::string, unsigned, std::string>> known;
    for (size_t i = firstReported; i < firstRematched; ++i)
      known.insert(key(reported[i]));
    std::vector<ConditionalFinding> conditional;
    for (int run = 0; run < (throughCallers ? 2 : 1); ++run) {
      if (run == 1)
        flow_->preferFactsThroughCallers();
      size_t exports = facts_.exports.size();
      rematch();
      // The rules export again what they exported in the first pass.
      facts_.exports.erase(facts_.exports.begin() + exports, facts_.exports.end());
      for (size_t i = firstRematched; i < reported.size(); ++i)
        if (!known.count(key(reported[i])))
          if (std::optional<ConditionalFinding> c = attribute(reported[i]))
            if (llvm::none_of(conditional, [&](const ConditionalFinding &k) {
                  return key(k.finding) == key(c->finding) && k.fp16Parameters == c->fp16Parameters;
                }))
              conditional.push_back(std::move(*c));
      reported.resize(firstRematched);
    }
    for (ConditionalFinding &c : conditional)
      facts_.conditional.push_back(std::move(c));
    exportFacts(*flow_);
    flow_ = std::move(own);
    includes_ = std::move(ownIncludes);
  };

  std::optional<AssumedReach> reach; // of the pass that assumes callers, once it has a finding
  if (!definedForOtherUnits(*this).empty())
    assumingPass(
        OtherUnitsAssumption::CallersRunUnderAutocast,
        [&](const Finding &finding) -> std::optional<ConditionalFinding> {
          // The innermost function walked under an assumed caller holds it: those callers.
          if (!reach)
            reach.emplace(sm, flow_->assumedReach());
          const std::set<const clang::FunctionDecl *> *assumed = reach->at(finding.where);
          if (!assumed)
            return std::nullopt;
          ConditionalFinding c{finding, {}, assumedModulesNamed(finding)};
          for (const clang::FunctionDecl *function : *assumed)
            if (std::optional<std::string> usr = crossUnitName(*function))
              c.functions.push_back(*usr);
          llvm::sort(c.functions);
          return c;
        },
        [&](const PrecisionFlow &assumed) {
          for (const Fp16ReturnUnderAutocast &r : assumed.fp16Returns())
            if (std::optional<std::string> usr = crossUnitName(*r.function))
              facts_.fp16Returns.push_back({*usr, r.function->getQualifiedNameAsString(),
                                            sourcePointAt(sm, r.returned.where), r.returned.because, r.part});
          // A call of a third TU's function, made under the assumed region: under autocast when
          // the function that holds it is (AnalysisSession's caller joins that across TUs).
          for (const OutsideCallUnderAutocast &call : assumed.outsideCallsUnderAutocast()) {
            if (!call.region.assumedFor)
              continue; // this TU's own region: recorded above
            std::optional<std::string> usr = crossUnitName(*call.callee);
            std::optional<std::string> caller = crossUnitName(*call.region.assumedFor);
            if (usr && caller)
              facts_.autocastCalls.push_back({*usr, call.callee->getQualifiedNameAsString(),
                                              sourcePointAt(sm, call.call->getBeginLoc()), "", {}, *caller,
                                              fp16Arguments(assumed, call, notThroughAssumedModules)});
          }
        });

  // Virtual methods defined here for other TUs: a call there of a method they override may run
  // them.
  for (const clang::FunctionDecl *function : definedForOtherUnits(*this))
    if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(function); method && method->isVirtual())
      if (std::optional<std::string> usr = crossUnitName(*method)) {
        std::vector<const clang::CXXMethodDecl *> pending(method->overridden_methods().begin(),
                                                          method->overridden_methods().end());
        std::set<const clang::CXXMethodDecl *> seen;
        while (!pending.empty()) {
          const clang::CXXMethodDecl *overridden = pending.back();
          pending.pop_back();
          if (!seen.insert(overridden->getCanonicalDecl()).second)
            continue;
          if (std::optional<std::string> base = crossUnitName(*overridden))
            facts_.overrides.push_back({*usr, method->getQualifiedNameAsString(), *base});
          pending.insert(pending.end(), overridden->overridden_methods().begin(), overridden->overridden_methods().end());
        }
      }

  // The tensor parameters of the functions other TUs call, by where they are declared: a finding
  // whose notes name one needs a caller that passes fp16 there.
  std::map<std::pair<std::string, unsigned>, CrossUnitParameter> tensorParameters;
  for (const clang::FunctionDecl *function : definedForOtherUnits(*this))
    if (std::optional<std::string> usr = crossUnitName(*function))
      for (const clang::ParmVarDecl *param : function->parameters())
        if (passesTensors(param->getType())) {
          SourcePoint at = sourcePointAt(sm, param->getLocation());
          tensorParameters[{at.file, at.offset}] = {*usr, param->getFunctionScopeIndex(), ""};
        }
  if (!tensorParameters.empty()) {
    std::set<std::tuple<std::string, std::string, unsigned, std::string>> heldRegardless;
    for (const ConditionalFinding &c : facts_.conditional)
      heldRegardless.emplace(c.finding.rule, c.finding.where.file, c.finding.where.offset, c.finding.message);
    assumingPass(
        OtherUnitsAssumption::CallersPassFp16,
        [&](const Finding &finding) -> std::optional<ConditionalFinding> {
          if (heldRegardless.count({finding.rule, finding.where.file, finding.where.offset, finding.message}))
            return std::nullopt; // needs no fp16 argument: found by the pass above
          ConditionalFinding c{finding, {}, {}, {}};
          for (const FindingNote &note : finding.notes)
            if (auto it = tensorParameters.find({note.where.file, note.where.offset});
                it != tensorParameters.end() && llvm::StringRef(note.message).contains(AssumedArgumentReason))
              c.fp16Parameters.push_back(it->second);
          if (c.fp16Parameters.empty() || llvm::any_of(c.fp16Parameters, [&](const CrossUnitParameter &p) {
                return p.function != c.fp16Parameters.front().function;
              }))
            return std::nullopt; // it cannot say which call's arguments it needs
          llvm::sort(c.fp16Parameters);
          c.fp16Parameters.erase(std::unique(c.fp16Parameters.begin(), c.fp16Parameters.end(),
                                             [](const CrossUnitParameter &a, const CrossUnitParameter &b) {
                                               return a.parameter == b.parameter;
                                             }),
                                 c.fp16Parameters.end());
          c.functions.push_back(c.fp16Parameters.front().function);
          return c;
        },
        [&](const PrecisionFlow &assumed) {
          // Results fp16 only when a caller passes fp16 tensors (`q_planes.index(...)`): for which
          // of the function's parameters.
          for (const Fp16ReturnUnderAutocast &r : assumed.fp16Returns()) {
            std::optional<std::string> usr = crossUnitName(*r.function);
            if (!usr)
              continue;
            std::vector<unsigned> parameters;
            for (const auto &[where, message] : assumed.explain(r.returned)) {
              SourcePoint at = sourcePointAt(sm, where);
              if (auto it = tensorParameters.find({at.file, at.offset}); it != tensorParameters.end() &&
                  it->second.function == *usr && llvm::StringRef(message).contains(AssumedArgumentReason))
                parameters.push_back(it->second.parameter);
            }
            if (parameters.empty())
              continue; // fp16 whatever the arguments: recorded by the pass above
            llvm::sort(parameters);
            parameters.erase(std::unique(parameters.begin(), parameters.end()), parameters.end());
            facts_.fp16Returns.push_back({*usr, r.function->getQualifiedNameAsString(),
                                          sourcePointAt(sm, r.returned.where), r.returned.because, r.part,
                                          std::move(parameters)});
          }
        },
        /*throughCallers=*/true);
  }

  // Which result of an outside call a reason names (the notes, and the facts, of the pass that
  // assumes callees return fp16): the whole one, or the tensor of a pair, tuple or struct whose
  // assumed reason `saysBecause` gives.
  auto returnedValueAt = [&](const std::string &usr, const SourcePoint &at,
                             llvm::function_ref<bool(const std::string &)> saysBecause) {
    for (const AssumedReturnedPart &part : flow_->assumedReturnedParts()) {
      SourcePoint call = sourcePointAt(sm, part.call->getBeginLoc());
      if (call.file == at.file && call.offset == at.offset && saysBecause(part.because))
        return returnedValueKey(usr, part.part);
    }
    return usr;
  };
  if (!outsideCallees.empty() || flow_->runsSequentialsBuiltElsewhere())
    assumingPass(
        OtherUnitsAssumption::CalleesReturnFp16,
        [&](const Finding &finding) -> std::optional<ConditionalFinding> {
          // The finding explains its value's precision: its notes name the calls whose assumed
          // result it uses, and the builders of the Sequentials whose output it is.
          ConditionalFinding c{finding, {}, assumedModulesNamed(finding)};
          for (const FindingNote &note : finding.notes)
            if (auto it = outsideCallees.find({note.where.file, note.where.offset}); it != outsideCallees.end())
              c.fp16Returns.push_back(returnedValueAt(it->second, note.where, [&](const std::string &because) {
                return llvm::StringRef(note.message).contains("because it is " + because + " at line");
              }));
          if (c.fp16Returns.empty())
            return std::nullopt;
          llvm::sort(c.fp16Returns);
          c.fp16Returns.erase(std::unique(c.fp16Returns.begin(), c.fp16Returns.end()), c.fp16Returns.end());
          return c;
        },
        [&](const PrecisionFlow &assumed) {
          // Arguments fp16 only through a callee's assumed result (`yolo_loss(model(x), y)`), or
          // through the output of a Sequential another TU builds (`generator_loss(netD->forward(x))`
          // with `netD = d.main_func()`): each such link names the key of what it assumes.
          auto throughCallees = [&](const PrecisionFact &argument, Fp16Argument &fp16) {
            std::vector<std::string> &callees = fp16.fp16Returns;
            for (const PrecisionFact *link = &argument; link; link = link->from.get()) {
              // An assumed Sequential inside a part of the value, not on its path, is not named.
              for (const auto &[name, part] : link->parts)
                if (PrecisionFlow::dependsOnAssumedModule(part))
                  return false;
              if (link->assumedModule) {
                auto part = llvm::find_if(assumed.assumedReturnedParts(), [&](const AssumedReturnedPart &p) {
                  return p.part == SequentialOutputPart && p.call->getBeginLoc() == link->where;
                });
                const auto *builder = part != assumed.assumedReturnedParts().end()
                                          ? llvm::dyn_cast<clang::CallExpr>(part->call)
                                          : nullptr;
                std::optional<std::string> usr = builder && builder->getDirectCallee()
                                                     ? crossUnitName(*builder->getDirectCallee())
                                                     : std::nullopt;
                if (!usr)
                  return false;
                callees.push_back(returnedValueKey(*usr, SequentialOutputPart));
                continue;
              }
              SourcePoint at = sourcePointAt(sm, link->where);
              if (auto it = outsideCallees.find({at.file, at.offset}); it != outsideCallees.end()) {
                callees.push_back(returnedValueAt(it->second, at,
                                                  [&](const std::string &because) { return because == link->because; }));
                fp16.fp16ReturnCalls.push_back(at);
              }
            }
            llvm::sort(callees);
            callees.erase(std::unique(callees.begin(), callees.end()), callees.end());
            return !callees.empty();
          };
          for (const OutsideCallUnderAutocast &call : assumed.outsideCallsUnderAutocast()) {
            SourcePoint at = sourcePointAt(sm, call.call->getBeginLoc());
            for (AutocastCall &known : facts_.autocastCalls) {
              if (!known.underCallerOf.empty() || known.call.file != at.file || known.call.offset != at.offset)
                continue;
              for (Fp16Argument &argument : fp16Arguments(assumed, call, throughCallees))
                if (llvm::none_of(known.fp16Arguments,
                                  [&](const Fp16Argument &a) { return a.parameter == argument.parameter; }))
                  known.fp16Arguments.push_back(std::move(argument));
            }
          }
        });
}

std::optional<std::string> crossUnitName(const clang::Decl &decl) {
  llvm::SmallString<128> usr;
  if (clang::index::generateUSRForDecl(&decl, usr))
    return std::nullopt;
  return std::string(usr);
}

std::optional<CrossUnitParameter> crossUnitSource(const clang::NamedDecl &source, std::string field) {
  if (const auto *function = llvm::dyn_cast<clang::FunctionDecl>(&source)) {
    std::optional<std::string> usr = crossUnitName(*function);
    if (!usr)
      return std::nullopt;
    return CrossUnitParameter{*usr, CrossUnitParameter::Result, std::move(field)};
  }
  const auto *parameter = llvm::dyn_cast<clang::ParmVarDecl>(&source);
  const auto *function = parameter ? llvm::cast<clang::FunctionDecl>(parameter->getDeclContext()) : nullptr;
  std::optional<std::string> usr = function ? crossUnitName(*function) : crossUnitName(source);
  if (!usr)
    return std::nullopt;
  if (!function)
    return CrossUnitParameter{*usr, 0, std::move(field)};
  // A parameter of a function this TU does not define is open only as a struct that function fills.
  unsigned index = parameter->getFunctionScopeIndex();
  return CrossUnitParameter{*usr, function->hasBody() ? index : CrossUnitParameter::leftIn(index), std::move(field)};
}

namespace {

/// A call that runs under CUDA fp16 autocast: one in a region of its TU, or one made under an
/// assumed caller (AutocastCall::underCallerOf) whose function some reached call runs there.
struct ReachedCall {
  const AutocastCall *call;
  const ReachedCall *caller; ///< the call that runs `call`'s enclosing function; null in a region
  /// Set when `call` calls a virtual method that this override of another TU overrides.
  const VirtualOverride *dispatch = nullptr;
};

/// How a note names what `reached` runs: the callee, and the override a virtual call may run.
std::string runsUnderAutocast(const ReachedCall &reached) {
  std::string text = "`" + reached.call->name + "` runs under CUDA fp16 autocast here";
  if (reached.dispatch)
    text += " (a virtual call, which may run `" + reached.dispatch->name + "`)";
  return text;
}

/// Every call that runs under autocast, by callee USR: each call in a region, then, up to a few
/// files deep, each call made where an autocast caller runs its enclosing function (through the
/// first such caller found).
std::map<std::string, std::vector<const ReachedCall *>> callsUnderAutocast(const CrossUnitFacts &facts,
                                                                          std::deque<ReachedCall> &storage) {
  constexpr int MaxFilesDeep = 6; // as for values passed on (CrossUnitFacts::knownArguments)
  std::map<std::string, std::vector<const VirtualOverride *>> overridesOf;
  for (const VirtualOverride &o : facts.overrides)
    overridesOf[o.overridden].push_back(&o);
  std::map<std::string, std::vector<const ReachedCall *>> callsOf;
  // A call runs its callee and, when that is virtual, the overrides other TUs define.
  auto reach = [&](const AutocastCall &call, const ReachedCall *caller) {
    callsOf[call.function].push_back(&storage.emplace_back(ReachedCall{&call, caller}));
    if (auto it = overridesOf.find(call.function); it != overridesOf.end())
      for (const VirtualOverride *o : it->second)
        callsOf[o->function].push_back(&storage.emplace_back(ReachedCall{&call, caller, o}));
  };
  for (const AutocastCall &call : facts.autocastCalls)
    if (call.underCallerOf.empty())
      reach(call, nullptr);
  std::set<const AutocastCall *> reached;
  for (int depth = 0; depth < MaxFilesDeep; ++depth) {
    std::vector<std::pair<const AutocastCall *, const ReachedCall *>> found;
    for (const AutocastCall &call : facts.autocastCalls)
      if (!call.underCallerOf.empty() && !reached.count(&call))
        if (auto it = callsOf.find(call.underCallerOf); it != callsOf.end())
          found.push_back({&call, it->second.front()});
    if (found.empty())
      break;
    for (const auto &[call, caller] : found) {
      reached.insert(call);
      reach(*call, caller);
    }
  }
  return callsOf;
}

/// The notes that say why `reached` runs under autocast: the call (then `atCall`, what it
/// passes), the calls that run the functions holding it, and where the region opens.
void addCallNotes(Finding &finding, const ReachedCall &reached, std::vector<FindingNote> atCall) {
  finding.notes.push_back({reached.call->call, runsUnderAutocast(reached) + ", in another file"});
  std::move(atCall.begin(), atCall.end(), std::back_inserter(finding.notes));
  for (const ReachedCall *caller = reached.caller; caller; caller = caller->caller)
    finding.notes.push_back({caller->call->call, runsUnderAutocast(*caller) + ", and with it its calls"});
  const ReachedCall *root = &reached;
  while (root->caller)
    root = root->caller;
  finding.notes.push_back({root->call->opened, "autocast is enabled by " + root->call->region});
}

} // namespace

std::vector<Finding> findingsUnderOtherUnitsAutocast(const CrossUnitFacts &facts) {
  std::deque<ReachedCall> storage;
  std::map<std::string, std::vector<const ReachedCall *>> callsOf = callsUnderAutocast(facts, storage);
  std::map<std::string, const Fp16Return *> fp16ReturnOf; // by returnedValueKey
  for (const Fp16Return &r : facts.fp16Returns)
    if (r.fp16Parameters.empty())
      fp16ReturnOf.emplace(r.key(), &r);
  auto returnNote = [](const Fp16Return &r) {
    if (r.part == SequentialOutputPart)
      return FindingNote{r.where, "the Sequential that `" + r.name +
                                      "` builds outputs fp16 under CUDA fp16 autocast, in another file: its output is " +
                                      r.because};
    if (!r.part.empty()) {
      return FindingNote{r.where, "`" + r.name + "` returns " + returnedPartName(r.part) +
                                      " in fp16 under CUDA fp16 autocast, in another file: it is " + r.because};
    }
    if (!r.fp16Parameters.empty())
      return FindingNote{r.where, "`" + r.name + "` returns fp16 when a call under CUDA fp16 autocast passes it fp16 "
                                                  "tensors, as one does, in another file: its result is " + r.because};
    return FindingNote{r.where, "`" + r.name + "` returns fp16 under CUDA fp16 autocast, in another file: its result is " +
                                    r.because};
  };
  // Results fp16 only for fp16 arguments, at the calls under autocast that pass them: by key,
  // then call.
  std::map<std::string, std::map<std::pair<std::string, unsigned>, const Fp16Return *>> fp16ResultAt;
  auto returnsFp16 = [&](const std::string &key, const Fp16Argument &argument) {
    if (fp16ReturnOf.count(key))
      return true;
    auto at = fp16ResultAt.find(key);
    return at != fp16ResultAt.end() && llvm::any_of(argument.fp16ReturnCalls, [&](const SourcePoint &call) {
             return at->second.count({call.file, call.offset}) > 0;
           });
  };
  // The arguments `call` passes for `parameters`, if each is fp16 there (for one that is fp16
  // through other calls' results, if one of those returns fp16).
  auto fp16At = [&](const AutocastCall &call, const std::vector<CrossUnitParameter> &parameters) {
    std::vector<const Fp16Argument *> arguments;
    for (const CrossUnitParameter &parameter : parameters) {
      const Fp16Argument *fp16 = nullptr;
      for (const Fp16Argument &a : call.fp16Arguments)
        if (a.parameter == parameter.parameter &&
            (a.fp16Returns.empty() ||
             llvm::any_of(a.fp16Returns, [&](const std::string &f) { return returnsFp16(f, a); })))
          fp16 = &a;
      if (!fp16)
        return std::vector<const Fp16Argument *>();
      arguments.push_back(fp16);
    }
    return arguments;
  };
  // A result fp16 only for fp16 arguments is fp16 at each call under autocast that passes them,
  // which may be the fp16 result of another such call (`QValuesOfColumns(forward(x), rows)`): to
  // a fixed point.
  for (bool grew = true; grew;) {
    grew = false;
    for (const Fp16Return &r : facts.fp16Returns) {
      auto calls = callsOf.find(r.function);
      if (r.fp16Parameters.empty() || calls == callsOf.end())
        continue;
      std::vector<CrossUnitParameter> parameters;
      for (unsigned parameter : r.fp16Parameters)
        parameters.push_back({r.function, parameter, ""});
      for (const ReachedCall *call : calls->second)
        if (!fp16At(*call->call, parameters).empty())
          grew |= fp16ResultAt[r.key()].emplace(std::make_pair(call->call->call.file, call->call->call.offset), &r).second;
    }
  }
  // A finding of a TU's own region on such a result names the function, not the call: it is
  // taken to hold where some call passes fp16 (the TU's other calls may pass fp32).
  auto returnFor = [&](const std::string &key) -> const Fp16Return * {
    if (auto it = fp16ReturnOf.find(key); it != fp16ReturnOf.end())
      return it->second;
    auto at = fp16ResultAt.find(key);
    return at == fp16ResultAt.end() || at->second.empty() ? nullptr : at->second.begin()->second;
  };
  std::vector<Finding> found;
  for (const ConditionalFinding &c : facts.conditional) {
    Finding finding = c.finding;
    if (!c.fp16Returns.empty()) {
      std::vector<const Fp16Return *> returns;
      for (const std::string &function : c.fp16Returns)
        if (const Fp16Return *r = returnFor(function))
          returns.push_back(r);
      if (returns.empty())
        continue;
      for (const Fp16Return *r : returns)
        finding.notes.push_back(returnNote(*r));
      // In this TU's own region: that is all it needs. In a function other TUs run: also a caller
      // under autocast, below.
      if (c.functions.empty()) {
        found.push_back(std::move(finding));
        continue;
      }
    }
    std::vector<const ReachedCall *> calls;
    for (const std::string &function : c.functions)
      if (auto it = callsOf.find(function); it != callsOf.end())
        for (const ReachedCall *call : it->second)
          if (c.fp16Parameters.empty() || !fp16At(*call->call, c.fp16Parameters).empty())
            calls.push_back(call);
    if (calls.empty())
      continue;
    llvm::sort(calls, [](const ReachedCall *a, const ReachedCall *b) {
      return std::tie(a->call->call.file, a->call->call.offset, a->call->function) <
             std::tie(b->call->call.file, b->call->call.offset, b->call->function);
    });
    calls.erase(std::unique(calls.begin(), calls.end(),
                            [](const ReachedCall *a, const ReachedCall *b) { return a->call == b->call; }),
                calls.end());
    constexpr size_t Shown = 3;
    // Each call, with what it passes and why it runs under autocast, as a finding of the TU itself
    // shows its region.
    for (size_t i = 0; i < calls.size() && i < Shown; ++i) {
      std::vector<FindingNote> passed;
      for (const Fp16Argument *argument : fp16At(*calls[i]->call, c.fp16Parameters)) {
        passed.push_back({argument->where, argument->because + ", and the call passes it there"});
        for (const std::string &function : argument->fp16Returns)
          if (returnsFp16(function, *argument))
            passed.push_back(returnNote(*returnFor(function)));
      }
      size_t callNote = finding.notes.size();
      addCallNotes(finding, *calls[i], std::move(passed));
      if (calls.size() > Shown && i + 1 == Shown)
        finding.notes[callNote].message += " (and " + std::to_string(calls.size() - Shown) + " more calls)";
    }
    found.push_back(std::move(finding));
  }
  return found;
}

std::string returnedValueKey(const std::string &function, const std::string &part) {
  return part.empty() ? function : function + " " + part;
}

std::string functionNameOfReturnedValue(const std::string &key) {
  // A plain function's USR ends in `@F@name#parameters`; a template's is `@FT@>...`.
  llvm::StringRef usr = llvm::StringRef(key).split(' ').first;
  size_t at = usr.rfind("@F@");
  return at == llvm::StringRef::npos ? std::string() : usr.substr(at + 3).split('#').first.str();
}

std::string returnedPartName(const std::string &part) {
  return llvm::all_of(part, [](char c) { return llvm::isDigit(c); }) ? "element " + part : "member `" + part + "`";
}

std::optional<int64_t> applyIntegerOperator(const std::string &op, int64_t lhs, int64_t rhs) {
  int64_t out = 0;
  if (op == "+")
    return __builtin_add_overflow(lhs, rhs, &out) ? std::nullopt : std::optional<int64_t>(out);
  if (op == "-")
    return __builtin_sub_overflow(lhs, rhs, &out) ? std::nullopt : std::optional<int64_t>(out);
  if (op == "*")
    return __builtin_mul_overflow(lhs, rhs, &out) ? std::nullopt : std::optional<int64_t>(out);
  if (op == "/" || op == "%") {
    if (rhs == 0 || (lhs == INT64_MIN && rhs == -1))
      return std::nullopt;
    return op == "/" ? lhs / rhs : lhs % rhs;
  }
  if (op == "<<")
    return (rhs < 0 || rhs > 62 || lhs < 0 || lhs > (INT64_MAX >> rhs)) ? std::nullopt
                                                                       : std::optional<int64_t>(lhs << rhs);
  if (op == ">>")
    return (rhs < 0 || rhs > 63) ? std::nullopt : std::optional<int64_t>(lhs >> rhs);
  return std::nullopt;
}

std::optional<int64_t> ConstantOperation::apply(int64_t value, int64_t operand) const {
  return operandFirst ? applyIntegerOperator(op, operand, value) : applyIntegerOperator(op, value, operand);
}

std::optional<int64_t> CrossUnitArithmetic::apply(int64_t value, int64_t operand) const {
  return operandFirst ? applyIntegerOperator(op, operand, value) : applyIntegerOperator(op, value, operand);
}

ArgumentsAtCalls::ArgumentsAtCalls(const std::vector<ArgumentImport> &known) {
  for (const ArgumentImport &import : known) {
    std::vector<int64_t> &values =
        values_[{import.function, import.parameter, import.field, import.call.file, import.call.offset}];
    if (!llvm::is_contained(values, import.value))
      values.push_back(import.value);
    // A variable's own import (CrossUnitParameter: index 0, no member); a function's parameter 0
    // is never looked up as a global.
    if (import.parameter == 0 && import.field.empty() && !import.passedOn &&
        !llvm::is_contained(globals_[import.function], import.value))
      globals_[import.function].push_back(import.value);
  }
}

OperandAtCall ArgumentsAtCalls::at(const ArgumentImport &import) const {
  return [this, &import](const SameCallOperand &operand) -> std::optional<int64_t> {
    // The one value the call passes to `parameter` (its member `field`), if it is known.
    auto passed = [&](unsigned parameter, const std::string &field) -> std::optional<int64_t> {
      auto found = values_.find({import.function, parameter, field, import.call.file, import.call.offset});
      if (found == values_.end() || found->second.size() != 1)
        return std::nullopt;
      return found->second.front();
    };
    std::optional<int64_t> value;
    if (!operand.global.empty()) {
      auto found = globals_.find(operand.global);
      if (found != globals_.end() && found->second.size() == 1)
        value = found->second.front();
    } else {
      value = passed(operand.parameter, operand.field);
    }
    for (const ConstantOperation &operation : operand.computed) {
      std::optional<int64_t> other =
          operation.parameterAtCall ? passed(*operation.parameterAtCall, operation.fieldAtCall) : operation.operand;
      value = value && other ? operation.apply(*value, *other) : std::nullopt;
    }
    return value;
  };
}

std::optional<int64_t> carryValueThrough(int64_t value, const std::vector<CrossUnitStep> &steps,
                                         const OperandAtCall &operandAtCall, std::vector<CrossUnitStep> &derivation) {
  for (const CrossUnitStep &step : steps) {
    if (step.arithmetic) {
      std::optional<int64_t> operand = step.arithmetic->operandAtCall ? operandAtCall(*step.arithmetic->operandAtCall)
                                                                      : step.arithmetic->operand;
      std::optional<int64_t> computed = operand ? step.arithmetic->apply(value, *operand) : std::nullopt;
      if (!computed)
        return std::nullopt;
      value = *computed;
      for (CrossUnitStep &before : derivation)
        before.definedName.clear();
    }
    derivation.push_back({step.where, step.message + " is " + std::to_string(value), step.definedName, std::nullopt});
  }
  return value;
}

std::vector<ArgumentImport> CrossUnitFacts::knownArguments() const {
  // Deep enough for the layered models of real projects (main -> model -> block -> layer), and a
  // bound on recursion that passes a parameter back to its own function.
  constexpr int MaxCallsPassedOn = 6;
  std::vector<ArgumentImport> known;
  std::map<CrossUnitParameter, std::vector<const ArgumentImport *>> passedOnFrom;
  std::map<std::string, std::set<std::string>> setFields;
  for (const SetterField &setter : setters)
    setFields[setter.setter].insert(setter.field);
  // A setter (or filler) no analysed TU defines as a plain one may set anything.
  auto holds = [&](const SetterCondition &condition) {
    auto set = setFields.find(condition.setter);
    return set != setFields.end() && set->second.count(condition.field) == static_cast<size_t>(condition.sets);
  };
  for (const ArgumentImport &import : imports) {
    if (!llvm::all_of(import.conditions, holds))
      continue;
    if (import.passedOn)
      passedOnFrom[*import.passedOn].push_back(&import);
    else
      known.push_back(import);
  }
  // One per value, origin and call.
  std::set<std::tuple<CrossUnitParameter, int64_t, std::string, unsigned, std::string, unsigned>> seen;
  auto firstSeen = [&](const ArgumentImport &import) {
    SourcePoint origin = import.steps.empty() ? SourcePoint{} : import.steps.front().where;
    return seen.emplace(import.callee(), import.value, origin.file, origin.offset, import.call.file, import.call.offset)
        .second;
  };
  for (const ArgumentImport &import : known)
    firstSeen(import);
  for (size_t begin = 0, depth = 0; depth < MaxCallsPassedOn && begin < known.size(); ++depth) {
    size_t end = known.size();
    // Pairs the arguments of one call as far as they are known at this depth. A value computed
    // with another argument of its call (`num_embed_dims / num_heads`) is carried again once that
    // one becomes known at a later depth: every known value is tried, each new value kept once.
    ArgumentsAtCalls atCalls(known);
    for (size_t i = 0; i < end; ++i) {
      auto forwards = passedOnFrom.find(known[i].callee());
      if (forwards == passedOnFrom.end())
        continue;
      for (const ArgumentImport *forward : forwards->second) {
        ArgumentImport reached{forward->function, forward->parameter, forward->field, 0, known[i].steps, std::nullopt,
                               forward->call};
        std::optional<int64_t> value =
            carryValueThrough(known[i].value, forward->steps, atCalls.at(known[i]), reached.steps);
        if (!value)
          continue;
        reached.value = *value;
        if (firstSeen(reached))
          known.push_back(std::move(reached));
      }
    }
    begin = end;
  }
  return known;
}

void CrossUnitFacts::append(CrossUnitFacts other) {
  std::move(other.exports.begin(), other.exports.end(), std::back_inserter(exports));
  std::move(other.imports.begin(), other.imports.end(), std::back_inserter(imports));
  std::move(other.conditional.begin(), other.conditional.end(), std::back_inserter(conditional));
  std::move(other.autocastCalls.begin(), other.autocastCalls.end(), std::back_inserter(autocastCalls));
  std::move(other.fp16Returns.begin(), other.fp16Returns.end(), std::back_inserter(fp16Returns));
  std::move(other.overrides.begin(), other.overrides.end(), std::back_inserter(overrides));
  std::move(other.setters.begin(), other.setters.end(), std::back_inserter(setters));
}

AnalysisSessions::AnalysisSessions(const RuleOptions &options) : options_(options) {}
AnalysisSessions::~AnalysisSessions() = default;

void AnalysisSessions::startTranslationUnit(const clang::Preprocessor &pp) {
  pp_ = &pp;
  session_.reset();
}

CrossUnitFacts AnalysisSessions::takeCrossUnitFacts() {
  return session_ ? std::move(session_->crossUnitFacts()) : CrossUnitFacts{};
}

AnalysisSession &AnalysisSessions::of(clang::ASTContext &ctx) {
  if (!session_ || &session_->context() != &ctx)
    session_ = std::make_unique<AnalysisSession>(ctx, pp_, options_);
  return *session_;
}

} // namespace ampify
