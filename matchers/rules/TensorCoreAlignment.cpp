// ampify-tensor-core-alignment: a GEMM or convolution dimension known at compile time that is not
// a multiple of 8 (16 for int8/fp8) keeps fp16/bf16 work off cuBLAS's and cuDNN's fast Tensor
// Core kernels: 5 to 7 times slower on an H200 for a Linear of 4095 or a vocabulary of 50257
// (docs/rules/ampify-tensor-core-alignment.md, bench/tensor_cores). The dimensions are read from
// the constructions in user code (the holder, Impl, options or make_shared call the user wrote;
// LibTorch builds its own options inside the headers) and from literal tensor shapes that flow
// into matmul/mm/bmm/linear, and the head dim of hand-written attention (the last entry of a
// 4-d `view`/`reshape` whose result is an operand of matmul or scaled_dot_product_attention).
// Values go through ConstantEvaluator; an unknown value is skipped. A misaligned named constant
// is reported once, at its definition, with each dimension it sizes as a note; a literal (or a
// value computed from constants) is reported where it is used.
// Across TUs: a feature dimension that is a parameter of a function other TUs may call (a model's
// constructor defined in model.cpp) is exported with the rule's thresholds; resolveAcrossUnits
// evaluates it with the values the other TUs' calls pass, reported by the same convention.
// No fix-it: padding a model dimension changes its checkpoints, so the suggestion is text only.
#include "ampify/ConstantValue.h"
#include "ampify/PrecisionFlow.h"
#include "ampify/RuleRegistry.h"
#include "ampify/Suppression.h"
#include "ampify/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <limits>
#include <map>
#include <optional>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace ampify {
namespace {

enum class DimClass { Feature, Vocabulary, Batch, HeadCount };

struct DimInfo {
  llvm::StringLiteral name;
  llvm::StringLiteral role;
  DimClass dimClass;
  llvm::StringLiteral gemm;
};

constexpr DimInfo Dims[] = {
#define AMPIFY_TC_DIM(Name, Role, Class, Gemm) {#Name, Role, DimClass::Class, Gemm},
#include "TensorCoreAlignment.def"
};

const DimInfo *findDim(llvm::StringRef name) {
  for (const DimInfo &dim : Dims)
    if (dim.name == name)
      return &dim;
  return nullptr;
}

/// One dimension found in user code, with every value it can take.
struct FoundDim {
  std::string role;
  DimClass dimClass;
  std::string gemm;
  std::string subject; // "Linear `lm_head`", "torch::mm's first operand"
  std::string kind;    // "Linear", "Conv2d", ...; empty for tensor shapes
  const ValueDecl *storedIn = nullptr;
  const Expr *construction = nullptr; // groups embed_dim with num_heads
  const Expr *where = nullptr;
  std::vector<ConstantValue> values;
  /// What other TUs give the value (ConstantEvaluator::OpenSource): callers, or a definition.
  std::vector<ConstantEvaluator::OpenSource> open;
};

/// The options that decide whether a value is reported; an export carries them, so that a value
/// from another TU is judged as the TU that holds the layer would judge it.
struct Thresholds {
  int64_t multiple, minDim;
  bool flagImageChannels, flagRegressionHeads;

  /// The noise controls: below MinDim, an image's 1 or 3 input channels, a 1-wide head.
  bool exempt(const std::string &role, int64_t value) const {
    if (value <= 0 || value % multiple == 0 || value < minDim)
      return true;
    if (!flagImageChannels && role == "in_channels" && (value == 1 || value == 3))
      return true;
    return !flagRegressionHeads && role == "out_features" && value == 1;
  }
  std::string nextMultiple(int64_t value) const { return std::to_string((value / multiple + 1) * multiple); }
};

/// One dimension a misaligned named constant sizes: "out_features of Linear `fc1`" and its GEMM.
struct ConstantUse {
  std::string use, gemm;
};

/// One value another TU passes to an exported dimension.
struct CrossUse {
  std::string role, subject, gemm;
  SourcePoint at;
  std::vector<CrossUnitStep> steps; // the import's, then the export's, innermost first
  std::optional<size_t> definition; // the step that defines the named constant, if one does
};

/// The finding's message for a misaligned named constant and the dimensions it sizes, in this TU
/// and in others alike.
std::string constantMessage(const std::string &name, int64_t value, const Thresholds &t,
                            const std::vector<ConstantUse> &uses) {
  std::string list;
  for (const ConstantUse &u : uses)
    list += (list.empty() ? "" : ", ") + u.use;
  return name + " = " + std::to_string(value) + " is not a multiple of " + std::to_string(t.multiple) +
         " and sizes " +
         (uses.size() == 1 ? list + ", " + uses.front().gemm + ", which runs"
                           : std::to_string(uses.size()) + " GEMM dimensions (" + list + "), which run") +
         " on slower kernels when misaligned; consider " + t.nextMultiple(value);
}

/// The note at each use of a misaligned named constant.
std::string useNote(const std::string &name, const ConstantUse &u) {
  return name + " is used here as " + u.use + ": " + u.gemm;
}

/// `path` as seen from the directory of `from`: "neural_net.cpp", "../src/model.cpp".
std::string pathFrom(llvm::StringRef from, llvm::StringRef path) {
  llvm::SmallVector<llvm::StringRef, 16> a, b;
  llvm::StringRef dir = llvm::sys::path::parent_path(from);
  for (auto it = llvm::sys::path::begin(dir); it != llvm::sys::path::end(dir); ++it)
    a.push_back(*it);
  for (auto it = llvm::sys::path::begin(path); it != llvm::sys::path::end(path); ++it)
    b.push_back(*it);
  size_t common = 0;
  while (common < a.size() && common + 1 < b.size() && a[common] == b[common])
    ++common;
  llvm::SmallString<256> out;
  for (size_t i = common; i < a.size(); ++i)
    llvm::sys::path::append(out, "..");
  for (size_t i = common; i < b.size(); ++i)
    llvm::sys::path::append(out, b[i]);
  return std::string(out);
}

/// A class of LibTorch's torch::nn or torch::data: declared in those namespaces by a system
/// header. Projects put their own modules there too (`namespace torch { namespace nn {
/// ResidualBlockImpl(int64_t in_channels, ...)`); their parameters' names say nothing of a GEMM.
bool isLibTorchModuleApi(const Decl *decl) {
  const SourceManager &sm = decl->getASTContext().getSourceManager();
  if (!sm.isInSystemHeader(sm.getFileLoc(decl->getLocation())))
    return false;
  for (const DeclContext *dc = decl->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
      std::string name = ns->getQualifiedNameAsString();
      if (name == "torch::nn" || name == "torch::data")
        return true;
    }
  return false;
}

/// "Linear" for LinearImpl/ModuleHolder<LinearImpl>/LinearOptions, "Conv2d" for ConvOptions<2>,
/// "DataLoader" for DataLoaderOptions.
std::string layerKind(const CXXRecordDecl *record) {
  if (std::string kind = moduleKind(QualType(record->getTypeForDecl(), 0)); !kind.empty())
    return kind;
  llvm::StringRef name = record->getName();
  if (!name.consume_back("Options"))
    return name.str();
  std::string kind = name.str();
  if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(record))
    if (spec->getTemplateArgs().size() >= 1 && spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral)
      kind += std::to_string(spec->getTemplateArgs()[0].getAsIntegral().getExtValue()) + "d";
  return kind;
}

/// The declaration an expression names (`emb`, `this->emb`, `emb->weight`'s `emb`).
const ValueDecl *namedDecl(const Expr *e) {
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (const auto *ref = dyn_cast<DeclRefExpr>(e))
      return ref->getDecl();
    if (const auto *member = dyn_cast<MemberExpr>(e))
      return member->getMemberDecl();
    const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
    if (!op || op->getOperator() != OO_Arrow)
      return nullptr;
    e = op->getArg(0);
  }
  return nullptr;
}

/// `emb->weight` of a torch::nn::Embedding: the declaration holding the embedding.
const ValueDecl *embeddingOfWeight(const Expr *e) {
  e = stripWrappers(e);
  if (const auto *call = dyn_cast_or_null<CXXMemberCallExpr>(e))
    if (calleeName(call) == "at::Tensor::t")
      e = stripWrappers(call->getImplicitObjectArgument());
  const auto *member = dyn_cast_or_null<MemberExpr>(e);
  if (!member || member->getMemberDecl()->getName() != "weight" || moduleKind(member->getBase()->getType()) != "Embedding")
    return nullptr;
  return namedDecl(member->getBase());
}

class TensorCoreAlignmentRule : public Rule {
public:
  TensorCoreAlignmentRule(llvm::StringRef name, RuleContext &context)
      : Rule(name, context),
        multiple_(integerOption("TensorCoreMultiple", 8, 1, 1024,
                                "The multiple a dimension must have (16 for int8/fp8 models).")),
        minDim_(integerOption("MinDim", 16, 0, std::numeric_limits<int64_t>::max(),
                              "Dimensions below this are not reported.")),
        checkBatch_(booleanOption("CheckBatchDim", false,
                                  "Also report the batch (M) dimension of GEMMs.")),
        flagImageChannels_(booleanOption("FlagImageChannels", false,
                                         "Also report a convolution's in_channels of 1 or 3.")),
        flagRegressionHeads_(booleanOption("FlagRegressionHeads", false,
                                           "Also report a Linear with out_features of 1.")) {}

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(cxxConstructExpr().bind("construct"), this);
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName("::std::make_shared", "::std::make_unique"))))
                          .bind("makeShared"),
                      this);
    finder.addMatcher(cxxMemberCallExpr(argumentCountIs(1)).bind("setter"), this);
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName("::at::matmul", "::at::mm", "::at::bmm", "::at::linear",
                                                              "::torch::nn::functional::linear",
                                                              "::at::Tensor::matmul", "::at::Tensor::mm",
                                                              "::at::Tensor::bmm", "::at::scaled_dot_product_attention",
                                                              "::at::_scaled_dot_product_attention"))))
                          .bind("product"),
                      this);
    finder.addMatcher(cxxOperatorCallExpr(hasOverloadedOperatorName("=")).bind("assign"), this);
    // Any function or global the TU defines: the TU's calls of other TUs' functions, and the
    // constants it defines for other TUs (a constants.cpp holds nothing else), are recorded at its
    // end even when nothing else matched.
    finder.addMatcher(decl(anyOf(functionDecl(isDefinition()), varDecl(isDefinition(), hasGlobalStorage()))), this);
  }

  void onStartOfTranslationUnit() override {
    found_.clear();
    misaligned_.clear();
    tiedEmbeddings_.clear();
    reported_.clear();
    evaluator_ = nullptr;
    ctx_ = nullptr;
  }

  void resolveAcrossUnits(const CrossUnitFacts &facts, std::vector<Finding> &findings) override {
    std::vector<ArgumentImport> known = facts.knownArguments();
    ArgumentsAtCalls atCalls(known);
    std::map<CrossUnitParameter, std::vector<const ArgumentImport *>> passed;
    for (const ArgumentImport &import : known)
      passed[import.callee()].push_back(&import);
    // One finding per cause, as in a TU: each misaligned named constant at its definition with
    // every dimension it sizes, in any file; any other value where the other TU uses it.
    struct Group {
      Thresholds thresholds;
      int64_t value;
      std::vector<CrossUse> uses;
    };
    std::map<std::tuple<std::string, unsigned, int64_t>, Group> byConstant; // keyed by the definition
    std::vector<Group> atUse;
    std::set<std::tuple<std::string, unsigned, std::string, int64_t>> seen;
    for (const ParameterExport &fact : facts.exports) {
      auto callers = passed.find({fact.function, fact.parameter, fact.field});
      if (fact.rule != name() || callers == passed.end())
        continue;
      std::optional<Thresholds> t = thresholdsOf(fact);
      if (!t)
        continue;
      const std::string &role = fact.attributes.at("role");
      for (const ArgumentImport *import : callers->second) {
        // The value at the use: the caller's, through the export's arithmetic. A constant of the
        // caller that is not the value used (`2 * hidden`) is not its cause alone: the value is
        // reported where it is computed, as in one file.
        std::vector<CrossUnitStep> steps = import->steps;
        std::optional<int64_t> value = carryValueThrough(import->value, fact.steps, atCalls.at(*import), steps);
        if (!value || t->exempt(role, *value) || !seen.emplace(fact.use.file, fact.use.offset, role, *value).second)
          continue;
        CrossUse use{role, fact.attributes.at("subject"), fact.attributes.at("gemm"), fact.use, std::move(steps),
                     std::nullopt};
        for (size_t i = 0; i < use.steps.size() && !use.definition; ++i)
          if (!use.steps[i].definedName.empty())
            use.definition = i;
        if (!use.definition) {
          atUse.push_back({*t, *value, {std::move(use)}});
          continue;
        }
        const SourcePoint &at = use.steps[*use.definition].where;
        Group &group = byConstant.try_emplace({at.file, at.offset, *value}, Group{*t, *value, {}}).first->second;
        group.uses.push_back(std::move(use));
      }
    }
    for (auto &[key, group] : byConstant)
      reportConstantAcrossUnits(group.thresholds, group.value, group.uses, findings);
    for (const Group &group : atUse)
      reportUseAcrossUnits(group.thresholds, group.value, group.uses.front(), findings);
  }

  void check(const MatchFinder::MatchResult &result) override {
    if (ctx_ != result.Context) {
      ctx_ = result.Context;
      evaluator_ = &analysis(*ctx_).constants();
    }
    if (const auto *construct = result.Nodes.getNodeAs<CXXConstructExpr>("construct"))
      return checkConstruct(construct);
    if (const auto *call = result.Nodes.getNodeAs<CallExpr>("makeShared"))
      return checkMakeShared(call);
    if (const auto *call = result.Nodes.getNodeAs<CXXMemberCallExpr>("setter"))
      return checkSetter(call);
    if (const auto *call = result.Nodes.getNodeAs<CallExpr>("product"))
      return checkProduct(call);
    if (const auto *assign = result.Nodes.getNodeAs<CXXOperatorCallExpr>("assign"))
      if (assign->getNumArgs() == 2)
        if (const ValueDecl *embedding = embeddingOfWeight(assign->getArg(1)))
          tiedEmbeddings_.insert(embedding);
  }

  void onEndOfTranslationUnit() override {
    if (!ctx_)
      return;
    AnalysisSession &session = analysis(*ctx_);
    session.importCallArguments();
    exportOpenDimensions(session);

    std::set<int64_t> projectionWidths; // out_features of every Linear in the TU
    for (const FoundDim &dim : found_)
      if (dim.kind == "Linear" && dim.role == "out_features")
        for (const ConstantValue &value : dim.values)
          projectionWidths.insert(value.value);

    for (const FoundDim &dim : found_) {
      switch (dim.dimClass) {
      case DimClass::Feature:
        for (const ConstantValue &value : dim.values)
          if (!exempt(dim, value.value))
            reportDim(dim, dim.role, value, "");
        break;
      case DimClass::Vocabulary:
        for (const ConstantValue &value : dim.values) {
          bool tied = isTied(dim);
          if (tied || projectionWidths.count(value.value))
            reportDim(dim, dim.role, value,
                      tied ? " (the table is tied to the output projection)"
                           : " (a Linear in this file projects to the same vocabulary)");
        }
        break;
      case DimClass::Batch:
        if (checkBatch_)
          for (const ConstantValue &value : dim.values)
            reportDim(dim, dim.role, value, "");
        break;
      case DimClass::HeadCount:
        reportHeadDim(dim);
        break;
      }
    }
    reportMisaligned();
    found_.clear();
    misaligned_.clear();
    tiedEmbeddings_.clear();
    reported_.clear();
    evaluator_ = nullptr;
    ctx_ = nullptr;
  }

private:
  ASTContext *ctx_ = nullptr;
  ConstantEvaluator *evaluator_ = nullptr; // the session's
  std::vector<FoundDim> found_;
  llvm::DenseSet<const ValueDecl *> tiedEmbeddings_;
  std::set<std::tuple<unsigned, std::string, int64_t>> reported_;
  /// One misaligned value of one dimension: reported by reportMisaligned, grouped by the constant
  /// that causes it.
  struct Misaligned {
    FoundDim dim;
    std::string role;
    ConstantValue value;
    std::string why;
  };
  std::vector<Misaligned> misaligned_;
  const int64_t multiple_, minDim_;
  const bool checkBatch_, flagImageChannels_, flagRegressionHeads_;

  Thresholds thresholds() const { return {multiple_, minDim_, flagImageChannels_, flagRegressionHeads_}; }
  bool exempt(const FoundDim &dim, int64_t value) const { return thresholds().exempt(dim.role, value); }

  /// A feature dimension that is (unchanged) a parameter other TUs' calls pass: exported with
  /// what resolveAcrossUnits needs to judge and report each value they pass.
  /// Whether the embedding table `dim` sizes is also the output projection (`linear(h, emb->weight)`).
  bool isTied(const FoundDim &dim) const { return dim.storedIn && tiedEmbeddings_.contains(dim.storedIn); }

  void exportOpenDimensions(AnalysisSession &session) {
    const SourceManager &sm = ctx_->getSourceManager();
    // One open value reaching `dim` as `role`, through `steps` after its own origins.
    auto exportOpen = [&](const FoundDim &dim, const std::string &role, const std::string &gemm,
                          const ConstantEvaluator::OpenSource &open, std::vector<CrossUnitStep> after) {
      std::optional<CrossUnitParameter> source = crossUnitSource(*open.source, open.field);
      if (!source)
        return;
      ParameterExport fact{name().str(), source->function, source->parameter, source->field,
                           sourcePointAt(sm, dim.where->getBeginLoc()), {}, {}};
      for (const ValueOrigin &origin : open.origins)
        fact.steps.push_back({sourcePointAt(sm, origin.loc), origin.message, origin.definedName, origin.arithmetic});
      fact.steps.insert(fact.steps.end(), after.begin(), after.end());
      fact.attributes = {{"role", role},
                         {"subject", dim.subject},
                         {"gemm", gemm},
                         {"multiple", std::to_string(multiple_)},
                         {"minDim", std::to_string(minDim_)},
                         {"flagImageChannels", flagImageChannels_ ? "1" : "0"},
                         {"flagRegressionHeads", flagRegressionHeads_ ? "1" : "0"}};
      session.crossUnitFacts().exports.push_back(std::move(fact));
    };
    for (const FoundDim &dim : found_) {
      if (dim.dimClass == DimClass::HeadCount) {
        exportOpenHeadDims(dim, exportOpen);
        continue;
      }
      // A vocabulary is a GEMM dimension where its table is the output projection too.
      if (dim.dimClass != DimClass::Feature && !(dim.dimClass == DimClass::Vocabulary && isTied(dim)))
        continue;
      for (const ConstantEvaluator::OpenSource &open : dim.open)
        exportOpen(dim, dim.role, dim.gemm, open, {});
    }
  }

  /// An attention's head dim (embed_dim / num_heads) where either comes from other TUs: the
  /// embed_dim exported with the division by num_heads as its last step (a constant, or what the
  /// same call passes for it), or num_heads exported as the divisor of a known embed_dim.
  template <typename ExportOpen> void exportOpenHeadDims(const FoundDim &heads, ExportOpen &exportOpen) {
    const SourceManager &sm = ctx_->getSourceManager();
    const std::string role = "head dim (embed_dim / num_heads)";
    const std::string gemm = "K of Q*K^T and N of attention*V in every head";
    for (const FoundDim &embed : found_) {
      if (embed.construction != heads.construction || embed.role != "embed_dim")
        continue;
      auto divide = [&](int64_t operand, bool operandFirst, std::optional<SameCallOperand> atCall) {
        return std::vector<CrossUnitStep>{{sourcePointAt(sm, heads.where->getBeginLoc()), "the head dim", "",
                                           CrossUnitArithmetic{"/", operand, operandFirst, std::move(atCall)}}};
      };
      for (const ConstantEvaluator::OpenSource &open : embed.open) {
        if (heads.values.size() == 1 && heads.open.empty())
          exportOpen(embed, role, gemm, open, divide(heads.values[0].value, false, std::nullopt));
        std::optional<CrossUnitParameter> source = crossUnitSource(*open.source, open.field);
        for (const ConstantEvaluator::OpenSource &divisor : heads.open) {
          std::optional<CrossUnitParameter> other = crossUnitSource(*divisor.source, divisor.field);
          if (!source || !other || other->function != source->function || !heads.values.empty())
            continue;
          // The head count as the call passes it, computed with constants on its way (`2 * heads`).
          SameCallOperand count{other->parameter, other->field, {}};
          bool constantsOnly = true;
          for (const ValueOrigin &origin : divisor.origins)
            if (const std::optional<CrossUnitArithmetic> &a = origin.arithmetic) {
              constantsOnly &= !a->operandAtCall;
              count.computed.push_back({a->op, a->operand, a->operandFirst});
            }
          if (constantsOnly)
            exportOpen(embed, role, gemm, open, divide(0, false, std::move(count)));
        }
      }
      if (embed.values.size() == 1 && embed.open.empty())
        for (const ConstantEvaluator::OpenSource &divisor : heads.open)
          exportOpen(embed, role, gemm, divisor, divide(embed.values[0].value, true, std::nullopt));
      return;
    }
  }

  /// The member a constructor's initialiser list initialises with `init` (the parent map goes from
  /// an initialiser's expression straight to the constructor).
  static const FieldDecl *initializedMember(const DynTypedNode &parent, const DynTypedNode &child) {
    const auto *ctor = parent.get<CXXConstructorDecl>();
    const auto *init = child.get<Expr>();
    if (!ctor || !init)
      return nullptr;
    for (const CXXCtorInitializer *each : ctor->inits())
      if (each->getInit() == init)
        return each->getMember();
    return nullptr;
  }

  /// The name a layer is stored under: the variable or member it initialises or is assigned to,
  /// or the name given to register_module.
  std::pair<std::string, const ValueDecl *> layerName(const Expr *construction, const std::string &kind) {
    DynTypedNode node = DynTypedNode::create(*construction);
    for (int depth = 0; depth < 24; ++depth) {
      auto parents = ctx_->getParents(node);
      if (parents.empty())
        return {};
      if (const FieldDecl *member = initializedMember(parents[0], node))
        return {member->getNameAsString(), member};
      node = parents[0];
      if (const auto *var = node.get<VarDecl>())
        return {var->getNameAsString(), var};
      if (const auto *field = node.get<FieldDecl>()) // `torch::nn::Linear fc{784, 100};`
        return {field->getNameAsString(), field};
      if (const auto *call = node.get<CallExpr>()) {
        if (llvm::StringRef(calleeName(call)).ends_with("register_module") && call->getNumArgs() >= 2) {
          const auto *literal = dyn_cast<StringLiteral>(call->getArg(0)->IgnoreImplicit());
          if (const auto *construct = dyn_cast<CXXConstructExpr>(call->getArg(0)->IgnoreImplicit());
              !literal && construct && construct->getNumArgs() >= 1)
            literal = dyn_cast<StringLiteral>(construct->getArg(0)->IgnoreImplicit());
          std::string name = literal ? literal->getString().str() : "";
          const ValueDecl *assigned = assignedDecl(node);
          return {name.empty() && assigned ? assigned->getNameAsString() : name, assigned};
        }
        if (!isa<CXXOperatorCallExpr>(call) && !isa<CXXMemberCallExpr>(call))
          return {}; // an argument of some other function: not the layer's own name
      }
      if (const ValueDecl *assigned = assignmentTarget(node))
        return {assigned->getNameAsString(), assigned};
      if (const auto *construct = node.get<CXXConstructExpr>())
        if (std::string other = moduleKind(construct->getType()); !other.empty() && other != kind)
          return {}; // inside a Sequential or another module's construction
      if (node.get<Stmt>() && (node.get<CompoundStmt>() || node.get<ReturnStmt>()))
        return {};
    }
    return {};
  }

  /// `fc = ...` (a holder's operator= or a built-in assignment): fc.
  static const ValueDecl *assignmentTarget(const DynTypedNode &node) {
    if (const auto *op = node.get<CXXOperatorCallExpr>())
      if (op->getOperator() == OO_Equal && op->getNumArgs() == 2)
        return namedDecl(op->getArg(0));
    if (const auto *op = node.get<BinaryOperator>())
      if (op->getOpcode() == BO_Assign)
        return namedDecl(op->getLHS());
    return nullptr;
  }

  /// The variable that `node`'s value ends up in: `fc = register_module(...)`, `auto fc = ...`.
  const ValueDecl *assignedDecl(DynTypedNode node) {
    for (int depth = 0; depth < 8; ++depth) {
      auto parents = ctx_->getParents(node);
      if (parents.empty())
        return nullptr;
      if (const FieldDecl *member = initializedMember(parents[0], node))
        return member; // `: embed_(register_module("embed", Embedding(...)))`
      node = parents[0];
      if (const auto *var = node.get<VarDecl>())
        return var;
      if (const ValueDecl *assigned = assignmentTarget(node))
        return assigned;
    }
    return nullptr;
  }

  /// Records the dimensions among `args` that `ctor`'s parameters name; `built` is the class the
  /// user constructs (LSTMOptions, whose constructor LibTorch may inherit from a base).
  void recordArguments(const Expr *construction, const CXXRecordDecl *built, const CXXConstructorDecl *ctor,
                       llvm::ArrayRef<const Expr *> args) {
    if (!built || !isLibTorchModuleApi(ctor->getParent()))
      return;
    std::string kind = layerKind(built);
    for (unsigned i = 0; i < args.size() && i < ctor->getNumParams(); ++i) {
      if (isa<CXXDefaultArgExpr>(args[i]))
        continue;
      if (const DimInfo *info = findDim(ctor->getParamDecl(i)->getName()))
        addDim(construction, kind, *info, args[i]);
    }
  }

  void addDim(const Expr *construction, const std::string &kind, const DimInfo &info, const Expr *arg) {
    std::vector<ConstantEvaluator::OpenSource> open;
    std::vector<ConstantValue> values = evaluator_->evaluate(arg, open);
    if (values.empty() && open.empty())
      return;
    auto [name, decl] = layerName(construction, kind);
    FoundDim dim{info.role.str(), info.dimClass, info.gemm.str(),
                 kind + (name.empty() ? "" : " `" + name + "`"), kind, decl, construction, arg, std::move(values),
                 std::move(open)};
    found_.push_back(std::move(dim));
  }

  void checkConstruct(const CXXConstructExpr *construct) {
    llvm::ArrayRef<const Expr *> args(construct->getArgs(), construct->getNumArgs());
    const CXXRecordDecl *built = construct->getType()->getAsCXXRecordDecl();
    if (const CXXConstructorDecl *target = moduleHolderTarget(construct))
      return recordArguments(construct, built, target, args);
    const CXXConstructorDecl *ctor = construct->getConstructor();
    if (ctor->isInheritingConstructor())
      ctor = ctor->getInheritedConstructor().getConstructor();
    recordArguments(construct, built, ctor, args);
  }

  void checkMakeShared(const CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    const TemplateArgumentList *targs = callee ? callee->getTemplateSpecializationArgs() : nullptr;
    if (!targs || targs->size() < 1 || targs->get(0).getKind() != TemplateArgument::Type)
      return;
    const CXXRecordDecl *built = targs->get(0).getAsType()->getAsCXXRecordDecl();
    llvm::ArrayRef<const Expr *> args(call->getArgs(), call->getNumArgs());
    if (const CXXConstructorDecl *target = forwardedConstructor(built, args))
      recordArguments(call, built, target, args);
  }

  /// `LinearOptions(768, 50257).out_features(50257)`, `DataLoaderOptions().batch_size(100)`.
  void checkSetter(const CXXMemberCallExpr *call) {
    const CXXMethodDecl *method = call->getMethodDecl();
    if (!method || !method->getIdentifier() || !isLibTorchModuleApi(method->getParent()))
      return;
    if (const DimInfo *info = findDim(method->getName()))
      addDim(call, layerKind(method->getParent()), *info, call->getArg(0));
  }

  /// The dimension expressions of a tensor built from a literal shape: torch::randn({8192, 4095}),
  /// through .t(), .to(...), .cuda(), .half(), .contiguous(), or a variable never reassigned.
  std::vector<const Expr *> literalShape(const Expr *e, int depth = 0) {
    e = stripWrappers(e);
    if (!e || depth > 4)
      return {};
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      if (!var || !var->isLocalVarDecl() || var->getType()->isReferenceType() || !var->getInit() ||
          evaluator_->mayChange(var))
        return {};
      return literalShape(var->getInit(), depth + 1);
    }
    const auto *call = dyn_cast<CallExpr>(e);
    if (!call)
      return {};
    std::string name = calleeName(call);
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      llvm::StringRef method = llvm::StringRef(name).rsplit("::").second;
      std::vector<const Expr *> shape = literalShape(member->getImplicitObjectArgument(), depth + 1);
      if (method == "t" && shape.size() == 2)
        return {shape[1], shape[0]};
      if (method == "to" || method == "cuda" || method == "half" || method == "bfloat16" || method == "contiguous" ||
          method == "clone" || method == "requires_grad_")
        return shape;
      return {};
    }
    llvm::StringRef function = name;
    if (!function.consume_front("at::") && !function.consume_front("torch::"))
      return {};
    if (!llvm::is_contained({"randn", "rand", "zeros", "ones", "empty", "full"}, function) || call->getNumArgs() < 1)
      return {};
    return bracedList(call->getArg(0));
  }

  /// The entries of an IntArrayRef written as a braced list (`{B, T, 12, 64}`): the InitListExpr
  /// under the ArrayRef/initializer_list wrappers. Empty for anything else.
  static std::vector<const Expr *> bracedList(const Expr *e) {
    const Stmt *arg = e;
    for (int i = 0; i < 8 && arg && !isa<InitListExpr>(arg); ++i) {
      auto children = arg->children();
      arg = children.empty() ? nullptr : *children.begin();
    }
    const auto *list = dyn_cast_or_null<InitListExpr>(arg);
    if (!list)
      return {};
    return std::vector<const Expr *>(list->inits().begin(), list->inits().end());
  }

  /// A hand-written split into attention heads that reaches an attention operand: the `view` or
  /// `reshape` to {B, T, heads, head_dim} (4 entries) behind `e`, through transpose, permute,
  /// contiguous, dtype/device moves and locals never reassigned. Null if there is none.
  const CXXMemberCallExpr *headSplit(const Expr *e, int depth = 0) {
    e = stripWrappers(e);
    if (!e || depth > 6)
      return nullptr;
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      if (!var || !var->isLocalVarDecl() || var->getType()->isReferenceType() || !var->getInit() ||
          evaluator_->mayChange(var))
        return nullptr;
      return headSplit(var->getInit(), depth + 1);
    }
    const auto *call = dyn_cast<CXXMemberCallExpr>(e);
    const CXXMethodDecl *method = call ? call->getMethodDecl() : nullptr;
    if (!method || !method->getIdentifier() || method->getParent()->getName() != "Tensor")
      return nullptr;
    llvm::StringRef name = method->getName();
    if ((name == "view" || name == "reshape") && call->getNumArgs() == 1)
      return bracedList(call->getArg(0)).size() == 4 ? call : nullptr;
    if (llvm::is_contained({"transpose", "permute", "contiguous", "to", "cuda", "half", "bfloat16", "clone"}, name))
      return headSplit(call->getImplicitObjectArgument(), depth + 1);
    return nullptr;
  }

  void recordHeadDim(const Expr *operand) {
    const CXXMemberCallExpr *split = headSplit(operand);
    if (!split)
      return;
    const Expr *headDim = bracedList(split->getArg(0)).back();
    std::vector<ConstantValue> values = evaluator_->evaluate(headDim);
    if (values.empty())
      return;
    std::string method = split->getMethodDecl()->getName().str();
    found_.push_back(FoundDim{"head dim", DimClass::Feature, "K of Q*K^T and N of attention*V in every head",
                              "the `" + method + "` into attention heads", "", nullptr, split, headDim,
                              std::move(values), {}});
  }

  void recordShapeDim(const CallExpr *call, const Expr *dimExpr, const char *role, DimClass dimClass,
                      const std::string &operand, const std::string &gemm) {
    std::vector<ConstantValue> values = evaluator_->evaluate(dimExpr);
    if (values.empty())
      return;
    std::string op = calleeName(call);
    FoundDim dim{role, dimClass, gemm, "the " + operand + " of `" + op + "`", "", nullptr, call, dimExpr,
                 std::move(values), {}};
    found_.push_back(std::move(dim));
  }

  void checkProduct(const CallExpr *call) {
    const Expr *lhs = nullptr, *rhs = nullptr;
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      lhs = member->getImplicitObjectArgument();
      rhs = call->getNumArgs() >= 1 ? call->getArg(0) : nullptr;
    } else if (call->getNumArgs() >= 2) {
      lhs = call->getArg(0);
      rhs = call->getArg(1);
    }
    if (!lhs || !rhs)
      return;
    // Hand-written attention: q.matmul(k.transpose(-2, -1)), attention.matmul(v), or the fused
    // scaled_dot_product_attention(q, k, v).
    if (llvm::StringRef(calleeName(call)).ends_with("scaled_dot_product_attention")) {
      for (unsigned i = 0; i < 3 && i < call->getNumArgs(); ++i)
        recordHeadDim(call->getArg(i));
      return;
    }
    recordHeadDim(lhs);
    recordHeadDim(rhs);
    if (const ValueDecl *embedding = embeddingOfWeight(rhs))
      tiedEmbeddings_.insert(embedding);
    bool linear = llvm::StringRef(calleeName(call)).ends_with("::linear");
    std::vector<const Expr *> a = literalShape(lhs), b = literalShape(rhs);
    // linear(x, W): x is [..., K], W is [N, K]. matmul/mm/bmm(a, b): a is [..., M, K], b is [..., K, N].
    if (!a.empty()) {
      recordShapeDim(call, a.back(), "K", DimClass::Feature, "first operand", "the reduction dimension");
      for (size_t i = 0; i + 1 < a.size(); ++i)
        recordShapeDim(call, a[i], "M", DimClass::Batch, "first operand", "a row (batch) dimension");
    }
    if (b.size() >= 2) {
      size_t n = linear ? b.size() - 2 : b.size() - 1, k = linear ? b.size() - 1 : b.size() - 2;
      recordShapeDim(call, b[n], "N", DimClass::Feature, "second operand", "the output columns");
      recordShapeDim(call, b[k], "K", DimClass::Feature, "second operand", "the reduction dimension");
    }
  }

  void reportHeadDim(const FoundDim &heads) {
    if (heads.values.size() != 1)
      return;
    for (const FoundDim &embed : found_) {
      if (embed.construction != heads.construction || embed.role != "embed_dim" || embed.values.size() != 1)
        continue;
      int64_t e = embed.values[0].value, h = heads.values[0].value;
      if (h <= 0 || e % h != 0)
        return;
      ConstantValue head{e / h, embed.values[0].origins};
      head.origins.insert(head.origins.end(), heads.values[0].origins.begin(), heads.values[0].origins.end());
      // The division happens at the attention: no constant on the way holds the head dim, even
      // one equal to it by chance (`fc * (1 << levels) / heads` with fc = 20, 2 levels, 4 heads).
      if (h != 1)
        for (ValueOrigin &origin : head.origins)
          origin.definedName.clear();
      FoundDim dim = embed;
      dim.gemm = "K of Q*K^T and N of attention*V in every head";
      if (!exempt(dim, head.value))
        reportDim(dim, "head dim (embed_dim / num_heads = " + std::to_string(e) + " / " + std::to_string(h) + ")",
                  head, "");
      return;
    }
  }

  void reportDim(const FoundDim &dim, const std::string &role, const ConstantValue &value, const std::string &why) {
    if (value.value <= 0 || value.value % multiple_ == 0)
      return;
    SourceLocation loc = dim.where->getBeginLoc();
    if (!reported_.insert({loc.getRawEncoding(), role, value.value}).second)
      return;
    misaligned_.push_back({dim, role, value, why});
  }

  /// The step of `value`'s derivation that defines it: the innermost named constant (variable,
  /// macro, enumerator, member initialiser) holding exactly the misaligned value. None for a
  /// literal, a value computed from constants at the use, or one passed as a literal argument.
  static std::optional<size_t> definingOrigin(const ConstantValue &value) {
    for (size_t i = 0; i < value.origins.size(); ++i)
      if (!value.origins[i].definedName.empty() && value.origins[i].value == static_cast<double>(value.value))
        return i;
    return std::nullopt;
  }

  std::string nextMultiple(int64_t value) const { return thresholds().nextMultiple(value); }

  /// One finding per cause: each misaligned constant once, at its definition, with the
  /// dimensions it sizes as notes; every other misaligned value where it is used.
  void reportMisaligned() {
    std::vector<std::vector<const Misaligned *>> groups;
    std::map<std::pair<unsigned, int64_t>, size_t> groupOf;
    for (const Misaligned &m : misaligned_) {
      std::optional<size_t> origin = definingOrigin(m.value);
      if (!origin) {
        groups.push_back({&m});
        continue;
      }
      auto key = std::make_pair(m.value.origins[*origin].loc.getRawEncoding(), m.value.value);
      auto [it, fresh] = groupOf.try_emplace(key, groups.size());
      if (fresh)
        groups.emplace_back();
      groups[it->second].push_back(&m);
    }
    for (const auto &group : groups) {
      const Misaligned &first = *group.front();
      std::optional<size_t> origin = definingOrigin(first.value);
      if (!origin) {
        reportAtUse(first);
        continue;
      }
      const ValueOrigin &definition = first.value.origins[*origin];
      std::vector<ConstantUse> uses;
      for (const Misaligned *m : group)
        uses.push_back({use(*m), m->dim.gemm});
      FindingBuilder finding =
          report(*ctx_, definition.loc, constantMessage(definition.definedName, first.value.value, thresholds(), uses));
      addOriginNotes(finding, llvm::ArrayRef(first.value.origins).take_front(*origin));
      std::set<std::pair<unsigned, std::string>> noted;
      for (const Misaligned *m : group) {
        finding.note(m->dim.where->getBeginLoc(), useNote(definition.definedName, {use(*m), m->dim.gemm}));
        // How the value got from the definition to this use (a call's argument, a member).
        for (const ValueOrigin &step : llvm::ArrayRef(m->value.origins).drop_front(*origin + 1))
          if (noted.insert({step.loc.getRawEncoding(), step.message}).second)
            finding.note(step.loc, step.message);
      }
    }
  }

  static std::string use(const Misaligned &m) { return m.role + " of " + m.dim.subject + m.why; }

  static std::optional<Thresholds> thresholdsOf(const ParameterExport &fact) {
    Thresholds t{};
    auto text = [&](const char *key) -> llvm::StringRef {
      auto it = fact.attributes.find(key);
      return it == fact.attributes.end() ? "" : llvm::StringRef(it->second);
    };
    if (text("multiple").getAsInteger(10, t.multiple) || text("minDim").getAsInteger(10, t.minDim) ||
        t.multiple <= 0 || !fact.attributes.count("role") || !fact.attributes.count("subject") ||
        !fact.attributes.count("gemm"))
      return std::nullopt; // not what this rule exports: from another build of ampify
    t.flagImageChannels = text("flagImageChannels") == "1";
    t.flagRegressionHeads = text("flagRegressionHeads") == "1";
    return t;
  }

  /// A finding of this rule made from facts: plain data, with NOLINT honoured as FindingBuilder
  /// honours it, from the file's text on disk.
  Finding crossUnitFinding(SourcePoint where, std::string message) const {
    Finding finding;
    finding.rule = name().str();
    finding.where = std::move(where);
    finding.message = std::move(message);
    return finding;
  }

  bool suppressed(const Finding &finding) const {
    auto text = llvm::MemoryBuffer::getFile(finding.where.file);
    return text && NolintComments((*text)->getBuffer()).suppresses(finding.where.line, finding.rule);
  }

  /// The uses in other files of the constant defined at `uses[i].steps[definition]`, in one
  /// finding at the definition; the TU's own finding there, if any, is replaced by one that
  /// lists its uses and these.
  void reportConstantAcrossUnits(const Thresholds &t, int64_t value, const std::vector<CrossUse> &uses,
                                 std::vector<Finding> &findings) const {
    const CrossUse &first = uses.front();
    const CrossUnitStep &definition = first.steps[*first.definition];
    const std::string &constant = definition.definedName;
    std::string prefix = constant + " = " + std::to_string(value) + " is not a multiple of ";
    std::vector<ConstantUse> all;
    Finding finding = crossUnitFinding(definition.where, "");
    auto local = llvm::find_if(findings, [&](const Finding &f) {
      // By line and column: `ampify merge` reads findings back from reports, which have no offsets.
      return f.rule == name() && f.where.file == definition.where.file && f.where.line == definition.where.line &&
             f.where.column == definition.where.column && llvm::StringRef(f.message).starts_with(prefix);
    });
    if (local != findings.end()) {
      // The uses this TU saw, from its notes (useNote's form).
      std::string usedHere = constant + " is used here as ";
      for (const FindingNote &note : local->notes) {
        llvm::StringRef text = note.message;
        if (text.consume_front(usedHere)) {
          auto [use, gemm] = text.split(": ");
          all.push_back({use.str(), gemm.str()});
        }
      }
      finding = std::move(*local);
      finding.where = definition.where; // with its offset, which a finding read from a report lacks
      findings.erase(local);
    } else {
      for (size_t i = 0; i < *first.definition; ++i)
        finding.notes.push_back({first.steps[i].where, first.steps[i].message});
    }
    std::set<std::pair<std::string, unsigned>> noted;
    for (const CrossUse &u : uses) {
      ConstantUse elsewhere{u.role + " of " + u.subject + " in " + pathFrom(definition.where.file, u.at.file),
                            u.gemm};
      all.push_back(elsewhere);
      finding.notes.push_back({u.at, useNote(constant, elsewhere)});
      for (size_t i = *u.definition + 1; i < u.steps.size(); ++i)
        if (noted.emplace(u.steps[i].where.file, u.steps[i].where.offset).second)
          finding.notes.push_back({u.steps[i].where, u.steps[i].message});
    }
    finding.message = constantMessage(constant, value, t, all);
    if (!suppressed(finding))
      findings.push_back(std::move(finding));
  }

  /// A value from another TU that no named constant holds (a literal argument): reported where
  /// it is used, as in a TU, with the derivation from the call.
  void reportUseAcrossUnits(const Thresholds &t, int64_t value, const CrossUse &u, std::vector<Finding> &findings) const {
    Finding finding = crossUnitFinding(
        u.at, u.role + " = " + std::to_string(value) + " of " + u.subject + " is not a multiple of " +
                  std::to_string(t.multiple) + ": it is " + u.gemm +
                  ", which runs on slower kernels when misaligned; consider " + t.nextMultiple(value));
    for (const CrossUnitStep &step : u.steps)
      finding.notes.push_back({step.where, step.message});
    if (!suppressed(finding))
      findings.push_back(std::move(finding));
  }

  void reportAtUse(const Misaligned &m) {
    std::string message = m.role + " = " + std::to_string(m.value.value) + " of " + m.dim.subject + m.why +
                          " is not a multiple of " + std::to_string(multiple_) + ": it is " + m.dim.gemm +
                          ", which runs on slower kernels when misaligned; consider " + nextMultiple(m.value.value);
    if (m.dim.dimClass == DimClass::Batch)
      message += " (the batch dimension costs little on recent GPUs: see the rule's documentation)";
    FindingBuilder finding = report(*ctx_, m.dim.where->getBeginLoc(), message);
    addOriginNotes(finding, m.value.origins);
  }
};

} // namespace
} // namespace ampify

using ampify::TensorCoreAlignmentRule;
AMPIFY_RULE_FACTORY(TensorCoreAlignmentRule)
