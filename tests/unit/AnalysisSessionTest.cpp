// The analysis at its own API: a TU parsed against the mock LibTorch headers, its AnalysisSession
// created as every front end creates it, and the precision of named expressions asked directly.
#include "ampify/AnalysisSession.h"
#include "ampify/ConstantValue.h"
#include "ampify/LoopDevice.h"
#include "ampify/PrecisionFlow.h"
#include "ampify/Rule.h"
#include "ampify/TrainingLoops.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace ampify;

namespace {

/// A TU of `code` (after `#include <torch/torch.h>` and <ampify/amp.h>), scoped to its own
/// declarations as the driver scopes it.
std::unique_ptr<clang::ASTUnit> parse(const std::string &code, std::vector<std::string> extraArgs = {}) {
  std::vector<std::string> args = {"-std=c++17", "-isystem", AMPIFY_MOCK_PREFIX "/include", "-isystem",
                                   AMPIFY_MOCK_PREFIX "/include/torch/csrc/api/include"};
  args.insert(args.end(), extraArgs.begin(), extraArgs.end());
  auto unit = clang::tooling::buildASTFromCodeWithArgs(
      "#include <torch/torch.h>\n#include <ampify/amp.h>\n" + code, args, "input.cpp");
  if (!unit)
    return nullptr;
  clang::ASTContext &ctx = unit->getASTContext();
  const clang::SourceManager &sm = ctx.getSourceManager();
  std::vector<clang::Decl *> own;
  for (clang::Decl *decl : ctx.getTranslationUnitDecl()->decls())
    if (sm.isInMainFile(sm.getFileLoc(decl->getLocation())))
      own.push_back(decl);
  ctx.setTraversalScope(own);
  return unit;
}

/// A declaration of the variable `name`: the first, or (`withInitializer`) the last that has one.
const clang::VarDecl *variableNamed(clang::ASTContext &ctx, llvm::StringRef name, bool withInitializer = false) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    llvm::StringRef name;
    bool withInitializer;
    const clang::VarDecl *found = nullptr;
    bool VisitVarDecl(clang::VarDecl *var) {
      if (var->getName() == name && (withInitializer ? var->hasInit() : !found))
        found = var;
      return true;
    }
  } finder;
  finder.name = name;
  finder.withInitializer = withInitializer;
  for (clang::Decl *decl : ctx.getTraversalScope())
    finder.TraverseDecl(decl);
  return finder.found;
}

/// The initializer of the variable `name`.
const clang::Expr *initializerOf(clang::ASTContext &ctx, llvm::StringRef name) {
  const clang::VarDecl *var = variableNamed(ctx, name, true);
  return var ? var->getInit() : nullptr;
}

/// The one value the evaluator gives the initializer of the variable `name`, if it gives one.
std::optional<int64_t> uniqueValueOf(ConstantEvaluator &constants, clang::ASTContext &ctx, llvm::StringRef name) {
  std::optional<ConstantValue> value = constants.evaluateUnique(initializerOf(ctx, name));
  return value ? std::optional<int64_t>(value->value) : std::nullopt;
}

/// Every value the evaluator gives the initializer of the variable `name`, in ascending order.
std::vector<int64_t> sortedValuesOf(ConstantEvaluator &constants, clang::ASTContext &ctx, llvm::StringRef name) {
  std::vector<int64_t> values;
  for (const ConstantValue &value : constants.evaluate(initializerOf(ctx, name)))
    values.push_back(value.value);
  llvm::sort(values);
  return values;
}

struct Session {
  explicit Session(clang::ASTUnit &unit, RuleOptions options = {})
      : options(std::move(options)), analyses(this->options) {
    analyses.startTranslationUnit(unit.getPreprocessor());
    session = &analyses.of(unit.getASTContext());
  }
  RuleOptions options;
  AnalysisSessions analyses;
  AnalysisSession *session;
};

/// A parsed TU with its analysis session: the setup of the evaluator's tests, which ask for the
/// values of named variables' initialisers.
struct EvaluatedUnit {
  explicit EvaluatedUnit(const std::string &code) : unit(parse(code)) {
    if (unit)
      session.emplace(*unit);
  }
  bool parsed() const { return unit != nullptr; }
  clang::ASTContext &ctx() { return unit->getASTContext(); }
  ConstantEvaluator &constants() { return session->session->constants(); }
  std::vector<int64_t> valuesOf(llvm::StringRef name) { return sortedValuesOf(constants(), ctx(), name); }
  std::unique_ptr<clang::ASTUnit> unit;
  std::optional<Session> session;
};

const char *RegionCode = R"cpp(
torch::Tensor f(torch::Tensor a, torch::Tensor b) {
  auto before = torch::matmul(a, b);
  ampify::Autocast autocast;
  auto product = torch::matmul(a, b);
  auto widened = product.to(torch::kFloat);
  auto normed = torch::layer_norm(product, {4});
  return before + widened + normed;
}
)cpp";

} // namespace

TEST(AnalysisSession, PrecisionOfExpressionsInAndOutOfAnAutocastRegion) {
  auto unit = parse(RegionCode);
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  const PrecisionFlow &flow = s.session->flow();
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "product")), Precision::Half);
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "widened")), Precision::Fp32);
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "normed")), Precision::Fp32);
  EXPECT_NE(flow.precisionOf(initializerOf(ctx, "before")), Precision::Half);
  EXPECT_EQ(flow.regionOf(initializerOf(ctx, "product")).kind, RegionKind::Autocast);
  EXPECT_EQ(flow.regionOf(initializerOf(ctx, "before")).kind, RegionKind::None);
}

TEST(AnalysisSession, LinearAlgebraWithNoFp16KernelRaisesOnTheFp16InputAutocastGivesIt) {
  // torch::linalg::inv runs the ATen op linalg_inv, whose CUDA kernel has no fp16 version
  // (NoLowPrecisionKernel.def): given the fp16 product it raises; given fp32 it runs.
  auto unit = parse(R"cpp(
#include <torch/linalg.h>
torch::Tensor f(torch::Tensor a, torch::Tensor b) {
  ampify::Autocast autocast;
  auto product = torch::matmul(a, b);
  auto inverse = torch::linalg::inv(product);
  auto fp32 = torch::linalg::inv(torch::randn({3, 3}));
  return inverse + fp32;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  const PrecisionFlow &flow = s.session->flow();
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "inverse")), Precision::Half);
  ASSERT_EQ(flow.bannedCalls().size(), 1u);
  const BannedCall &banned = flow.bannedCalls().front();
  EXPECT_EQ(banned.reason, BannedReason::NoLowPrecisionKernel);
  EXPECT_EQ(banned.op, "linalg_inv");
  EXPECT_EQ(banned.call->getBeginLoc(), initializerOf(ctx, "inverse")->getBeginLoc());
}

TEST(AnalysisSession, TheLibTorchVersionComesFromTheOptionThenTheHeaders) {
  auto unit = parse(RegionCode);
  ASSERT_TRUE(unit);
  Session fromHeaders(*unit);
  EXPECT_EQ(fromHeaders.session->torchVersion().major, 1); // the mock's version.h says 1.13
  EXPECT_EQ(fromHeaders.session->torchVersion().minor, 13);
  RuleOptions options;
  options.values["TorchVersion"] = "2.4";
  Session configured(*unit, options);
  EXPECT_EQ(configured.session->torchVersion().major, 2);
  EXPECT_EQ(configured.session->torchVersion().minor, 4);
  EXPECT_EQ(configured.session->torchVersionOrigin(), "the TorchVersion option");
}

TEST(AnalysisSession, OneSessionPerTranslationUnitSharedByItsQueries) {
  auto unit = parse(RegionCode);
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  EXPECT_EQ(&s.analyses.of(ctx), s.session) << "every rule of the TU gets the same session";
  EXPECT_EQ(&s.session->flow(), &s.session->flow());
  EXPECT_EQ(&s.session->constants(), &s.session->constants());
  // A new TU (startTranslationUnit) gets a new session, even at the same ASTContext.
  s.analyses.startTranslationUnit(unit->getPreprocessor());
  AnalysisSession &next = s.analyses.of(ctx);
  EXPECT_EQ(&s.analyses.of(ctx), &next);
}

TEST(AnalysisSession, TrainingLoopsAreFoundOnce) {
  auto unit = parse(R"cpp(
void train(torch::nn::Linear model, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model(x), y);
    loss.backward();
    opt.step();
  }
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  EXPECT_EQ(s.session->loops().iterations().size(), 1u);
  EXPECT_EQ(&s.session->loops(), &s.session->loops());
}

TEST(AnalysisSession, PrecisionFollowsTensorsThroughPairsStructsAndVectors) {
  auto unit = parse(R"cpp(
#include <utility>
#include <vector>
struct Heads { torch::Tensor logits; torch::Tensor aux; };
std::pair<torch::Tensor, torch::Tensor> two(torch::nn::Linear fc, torch::Tensor x) { return {fc(x), x}; }
void f(torch::nn::Linear fc, torch::nn::LayerNorm norm, torch::Tensor x) {
  ampify::Autocast autocast;
  auto [low, passed] = two(fc, x);
  auto bound = low;
  auto second = two(fc, x).second;
  Heads heads{fc(x), norm(x)};
  auto logits = heads.logits;
  auto aux = heads.aux;
  std::vector<torch::Tensor> outs;
  outs.push_back(fc(x));
  auto element = outs[0];
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  const PrecisionFlow &flow = s.session->flow();
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "bound")), Precision::Half);
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "second")), Precision::Unknown) << "x's precision is not known";
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "logits")), Precision::Half);
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "aux")), Precision::Fp32);
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "element")), Precision::Half);
}

TEST(AnalysisSession, ParametersOtherUnitsPassAndCallsOfOtherUnitsFunctions) {
  auto unit = parse(R"cpp(
#include <cstdlib>
int64_t defined_elsewhere(int64_t width, int64_t depth);
int64_t twice(int64_t w) { const int64_t copy = w; return copy * 2; }
static int64_t hidden(int64_t w) { return w; }
const int64_t kWidth = 500;
int64_t uses() {
  auto known = defined_elsewhere(kWidth, 7);
  auto unknown = defined_elsewhere(std::atoi("3"), kWidth + 4);
  auto open = twice(0) + hidden(1);
  return known + unknown + open;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  // `copy` is `w` unchanged, and twice() is visible to other TUs: `w` is open, besides the value
  // this TU's call passes. `copy * 2` is computed from it: not open.
  std::vector<ConstantEvaluator::OpenSource> open;
  std::vector<ConstantValue> values = constants.evaluate(initializerOf(ctx, "copy"), open);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].source->getName(), "w");
  ASSERT_EQ(values.size(), 1u);
  EXPECT_EQ(values[0].value, 0);
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "copy")).size() == 1) << "evaluate() alone has no open values";
  // The calls of defined_elsewhere(): each known argument once, with the step through the call
  // last; an unknown one (atoi) not at all.
  s.session->importCallArguments();
  s.session->importCallArguments(); // once per TU
  const std::vector<ArgumentImport> &imports = s.session->crossUnitFacts().imports;
  ASSERT_EQ(imports.size(), 3u);
  EXPECT_EQ(imports[0].parameter, 0u);
  EXPECT_EQ(imports[0].value, 500);
  ASSERT_FALSE(imports[0].steps.empty());
  EXPECT_EQ(imports[0].steps.front().definedName, "`kWidth`");
  EXPECT_EQ(imports[0].steps.back().message, "`width` at this call of `defined_elsewhere` is 500");
  EXPECT_EQ(imports[1].value, 7);
  EXPECT_EQ(imports[2].parameter, 1u);
  EXPECT_EQ(imports[2].value, 504);
  EXPECT_EQ(imports[2].steps.front().definedName, "") << "kWidth holds 500, not the 504 passed";
  EXPECT_EQ(imports[0].function, imports[2].function);
  // What the driver takes from the run's sessions, leaving none behind.
  EXPECT_EQ(s.analyses.takeCrossUnitFacts().imports.size(), 3u);
  EXPECT_TRUE(s.session->crossUnitFacts().empty());
}

TEST(AnalysisSession, ConstantsDeclaredWithoutTheirValueAreOpenAndTheirDefinitionsGiveIt) {
  auto unit = parse(R"cpp(
#include <cstdint>
extern const int64_t kDeclared;               // defined in another TU
namespace dims { extern const int64_t kEmbed; }
struct Hyper { static const int64_t kFfn; static const int64_t kInClass = 24; };
extern int64_t gMutable;                      // not const: what its definition gives, if no TU writes it
extern const int64_t kDefinedHere;
const int64_t kDefinedHere = 1500;            // the value other TUs' declarations get
const int64_t Hyper::kFfn = 1100;             // a static data member defined out of line
static const int64_t kInternal = 7;           // no other TU sees it
int64_t gHidden = 100;                        // mutable, defined here, written nowhere here
int64_t gWritten = 30;                        // mutable, defined here and written here
int64_t defined_elsewhere(int64_t width);
void set_written(int64_t width) { gWritten = width; }
int64_t uses() {
  const int64_t doubled = 2 * dims::kEmbed;
  const int64_t declared = kDeclared;
  const int64_t varying = gMutable;
  const int64_t hidden = gHidden;
  const int64_t written = gWritten;
  return defined_elsewhere(kDeclared) + doubled + declared + varying + kInternal + Hyper::kInClass + hidden + written;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  std::vector<ConstantEvaluator::OpenSource> open;
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "doubled"), open).empty());
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].source->getName(), "kEmbed");
  // A mutable global that this TU does not write is open, even where this TU defines it: another
  // TU may write it.
  for (const char *name : {"varying", "hidden"}) {
    open.clear();
    EXPECT_TRUE(constants.evaluate(initializerOf(ctx, name), open).empty()) << name;
    ASSERT_EQ(open.size(), 1u) << name;
  }
  EXPECT_EQ(open[0].source->getName(), "gHidden");
  open.clear();
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "written"), open).empty());
  EXPECT_TRUE(open.empty()) << "a global this TU writes has no value known";
  std::vector<std::string> written;
  for (const clang::VarDecl *global : constants.globalsWrittenForOtherUnits())
    written.push_back(global->getNameAsString());
  EXPECT_EQ(written, (std::vector<std::string>{"gWritten"}));
  // The values this TU gives other TUs' declarations: the out-of-line member and the extern
  // const, each with the step at its definition, and the mutable globals it defines (named at
  // their definition but no constant to pad); not the internal or in-class ones.
  std::vector<std::string> given;
  for (const auto &[constant, value] : constants.constantsForOtherUnits()) {
    given.push_back(constant->getNameAsString() + "=" + std::to_string(value.value));
    ASSERT_FALSE(value.origins.empty());
    bool mutableGlobal = !constant->getType().isConstQualified();
    EXPECT_EQ(value.origins.back().definedName, mutableGlobal ? "" : "`" + constant->getNameAsString() + "`");
  }
  EXPECT_EQ(given, (std::vector<std::string>{"kDefinedHere=1500", "kFfn=1100", "gHidden=100", "gWritten=30"}));
  // As facts: the call passes kDeclared on from its definition elsewhere; each definition is an
  // import of the constant itself, named by its USR; a mutable global's holds only where no TU
  // writes it, and this TU says which it defines and which it writes.
  s.session->importCallArguments();
  const CrossUnitFacts &facts = s.session->crossUnitFacts();
  const std::vector<ArgumentImport> &imports = facts.imports;
  ASSERT_EQ(imports.size(), 5u);
  ASSERT_TRUE(imports[0].passedOn);
  EXPECT_EQ(imports[0].passedOn->function, crossUnitName(*variableNamed(ctx, "kDeclared")));
  EXPECT_EQ(imports[1].function, crossUnitName(*variableNamed(ctx, "kDefinedHere")));
  EXPECT_EQ(imports[1].value, 1500);
  EXPECT_FALSE(imports[1].passedOn);
  EXPECT_TRUE(imports[1].conditions.empty());
  EXPECT_EQ(imports[2].value, 1100);
  std::string hiddenUsr = *crossUnitName(*variableNamed(ctx, "gHidden"));
  std::string writtenUsr = *crossUnitName(*variableNamed(ctx, "gWritten"));
  EXPECT_EQ(imports[3].function, hiddenUsr);
  EXPECT_EQ(imports[3].value, 100);
  EXPECT_EQ(imports[3].conditions, (std::vector<SetterCondition>{{hiddenUsr, GlobalWritten, false}}));
  std::vector<std::pair<std::string, std::string>> setters;
  for (const SetterField &setter : facts.setters)
    setters.emplace_back(setter.setter, setter.field);
  EXPECT_EQ(setters, (std::vector<std::pair<std::string, std::string>>{{hiddenUsr, GlobalDefined},
                                                                        {writtenUsr, GlobalDefined},
                                                                        {writtenUsr, GlobalWritten}}));
  // Joined: gHidden's value holds, gWritten's does not.
  std::vector<int64_t> known;
  for (const ArgumentImport &import : facts.knownArguments())
    if (import.function == hiddenUsr || import.function == writtenUsr)
      known.push_back(import.value);
  EXPECT_EQ(known, (std::vector<int64_t>{100}));
}

TEST(AnalysisSession, OpenParametersCarryTheirArithmeticAndStructMembers) {
  auto unit = parse(R"cpp(
#include <cstdint>
struct Config { int64_t in; int64_t width = 256; };
int64_t defined_elsewhere(const Config &config);
int64_t doubled(int64_t hidden) { const int64_t wide = 2 * hidden + 1; return wide; }
int64_t by_reference(const Config &config) { const int64_t from_reference = config.width; return from_reference; }
int64_t by_value(Config config) { const int64_t from_copy = config.width; return from_copy; }
int64_t uses() {
  const int64_t kWide = 1030;
  const Config config{784, kWide};
  return defined_elsewhere(config) + by_value(Config{1, 2});
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  // `2 * hidden + 1`: open, with its two operations in the order they apply.
  std::vector<ConstantEvaluator::OpenSource> open;
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "wide"), open).empty());
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].source->getName(), "hidden");
  EXPECT_EQ(open[0].field, "");
  std::vector<CrossUnitArithmetic> steps;
  for (const ValueOrigin &origin : open[0].origins)
    if (origin.arithmetic)
      steps.push_back(*origin.arithmetic);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].op, "*");
  EXPECT_TRUE(steps[0].operandFirst);
  EXPECT_EQ(steps[1].op, "+");
  EXPECT_EQ(steps[1].apply(*steps[0].apply(250, steps[0].operand), steps[1].operand), 501);
  EXPECT_EQ((CrossUnitArithmetic{"/", 0, false, std::nullopt}.apply(7, 0)), std::nullopt)
      << "a division by zero has no value";
  EXPECT_EQ((CrossUnitArithmetic{"-", 1024, true, std::nullopt}.apply(1000, 1024)), 24);
  // A member of a struct parameter, by const reference: open, naming the member.
  open.clear();
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "from_reference"), open).empty());
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].source->getName(), "config");
  EXPECT_EQ(open[0].field, "width");
  // By value: what this TU's call passes (2, not the member's default 256), and open as well.
  open.clear();
  std::vector<ConstantValue> copy = constants.evaluate(initializerOf(ctx, "from_copy"), open);
  ASSERT_EQ(copy.size(), 1u);
  EXPECT_EQ(copy[0].value, 2);
  EXPECT_EQ(open.size(), 1u);
  // The struct passed to a function of another TU: one import per member it knows.
  s.session->importCallArguments();
  const std::vector<ArgumentImport> &imports = s.session->crossUnitFacts().imports;
  ASSERT_EQ(imports.size(), 2u);
  EXPECT_EQ(imports[0].field, "in");
  EXPECT_EQ(imports[0].value, 784);
  EXPECT_EQ(imports[1].field, "width");
  EXPECT_EQ(imports[1].value, 1030);
  EXPECT_EQ(imports[1].steps.front().definedName, "`kWide`");
  EXPECT_EQ(imports[1].steps.back().message, "`config.width` at this call of `defined_elsewhere` is 1030");
}

TEST(ConstantEvaluator, MembersAssignedAfterConstructionTakeTheLastAssignmentThatAlwaysRunsBefore) {
  auto unit = parse(R"cpp(
struct Config { int64_t hidden = 64; int64_t tags = 0; double lr = 0.1; };
Config wide() { Config c; c.hidden = 100; return c; }
int64_t use(int argc) {
  Config cfg;
  cfg.lr = 2e-3;
  const double rate = cfg.lr;
  const int64_t at_default = cfg.tags;
  cfg.tags = 17;
  const int64_t assigned = cfg.tags;
  {
    cfg.tags = 19;
    const int64_t inner = cfg.tags;
  }
  const int64_t after_block = cfg.tags;
  const int64_t untouched = cfg.hidden;
  Config branchy;
  if (argc > 1)
    branchy.tags = 5;
  const int64_t on_one_path = branchy.tags;
  Config looped;
  looped.tags = 8;
  int64_t sum = 0;
  for (int i = 0; i < argc; ++i) {
    const int64_t each_iteration = looped.tags;
    looped.tags = 44;
    sum += each_iteration;
  }
  Config later;
  const int64_t before_its_assignment = later.tags;
  later.tags = 30;
  Config captured;
  auto set = [&] { captured.tags = 12; };
  set();
  const int64_t through_lambda = captured.tags;
  const int64_t returned = wide().hidden;
  return at_default + assigned + after_block + untouched + on_one_path + sum + before_its_assignment +
         through_lambda + returned;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  auto valueOf = [&](llvm::StringRef name) { return uniqueValueOf(constants, ctx, name); };
  EXPECT_EQ(valueOf("at_default"), 0) << "a floating member's assignment leaves the others known";
  std::vector<RealConstantValue> rate = constants.evaluateReal(initializerOf(ctx, "rate"));
  ASSERT_EQ(rate.size(), 1u);
  EXPECT_EQ(rate[0].value, 2e-3);
  EXPECT_EQ(valueOf("assigned"), 17);
  EXPECT_EQ(valueOf("inner"), 19);
  EXPECT_EQ(valueOf("after_block"), 19) << "a block that always runs before";
  EXPECT_EQ(valueOf("untouched"), 64) << "the other member keeps its default";
  EXPECT_EQ(valueOf("on_one_path"), std::nullopt) << "assigned on one path only";
  EXPECT_EQ(valueOf("each_iteration"), std::nullopt) << "the next iteration reads what the last assigned";
  EXPECT_EQ(valueOf("before_its_assignment"), 0);
  EXPECT_EQ(valueOf("through_lambda"), std::nullopt) << "a lambda runs when it is called";
  EXPECT_EQ(valueOf("returned"), 100) << "what the function's return statement holds";
  std::optional<ConstantValue> assigned = constants.evaluateUnique(initializerOf(ctx, "assigned"));
  ASSERT_TRUE(assigned);
  EXPECT_EQ(assigned->origins.back().message, "`cfg.tags` is 17");
  EXPECT_TRUE(constants.mayChange(variableNamed(ctx, "cfg")));
}

TEST(ConstantEvaluator, WritesOfMembersThatHoldNoIntegerLeaveTheIntegerMembersKnown) {
  auto unit = parse(R"cpp(
#include <string>
#include <vector>
struct Shape { int64_t depth = 2; };
struct Params {
  int64_t hidden = 64;
  std::string name = "run";
  std::vector<std::string> labels;
  std::vector<int64_t> widths{8};
  Shape shape;
};
int64_t use() {
  Params named;
  named.hidden = 50;
  named.name = "shapes";
  named.labels.push_back("O");
  const int64_t kept = named.hidden;
  Params listed;
  listed.widths.push_back(16);
  const int64_t beside_a_written_list = listed.hidden;
  Params reshaped;
  reshaped.shape = Shape{};
  const int64_t beside_a_replaced_struct = reshaped.hidden;
  Params assigned;
  assigned.hidden = 50;
  assigned.widths = {16, 32};
  const int64_t beside_an_assigned_list = assigned.hidden;
  Params doubled;
  doubled.hidden = 50;
  doubled.hidden *= 2;
  const int64_t multiplied_in_place = doubled.hidden;
  return kept + beside_a_written_list + beside_a_replaced_struct + beside_an_assigned_list + multiplied_in_place;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  auto valueOf = [&](llvm::StringRef name) { return uniqueValueOf(constants, ctx, name); };
  EXPECT_EQ(valueOf("kept"), 50) << "a string and a list of strings hold no integer";
  EXPECT_EQ(valueOf("beside_a_written_list"), std::nullopt) << "a list of integers is read by element";
  EXPECT_EQ(valueOf("beside_a_replaced_struct"), std::nullopt) << "a struct with an integer member";
  EXPECT_EQ(valueOf("beside_an_assigned_list"), 50) << "an assigned list is one member written";
  EXPECT_EQ(valueOf("multiplied_in_place"), std::nullopt) << "`*=` writes the member to a value not followed";
}

TEST(ConstantEvaluator, OwnMembersAreTheirInitialisersOnlyWhenNoMethodWritesThem) {
  auto unit = parse(R"cpp(
struct Options { int64_t hidden = 0; };
struct Net {
  explicit Net(const Options &options) : opts(options), width(options.hidden) {}
  int64_t in_channels = 20;
  int64_t kept = 24;
  const Options &opts;
  int64_t width;
  int64_t next_block(int64_t out) {
    const int64_t seen = in_channels;
    in_channels = out;
    return seen;
  }
  int64_t read() const {
    const int64_t unchanged = kept;
    const int64_t through_reference = opts.hidden;
    const int64_t copied = width;
    return unchanged + through_reference + copied;
  }
};
int64_t build() {
  Options options{50};
  Net net(options);
  return net.read();
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  EXPECT_EQ(uniqueValueOf(constants, ctx, "seen"), std::nullopt) << "next_block writes it: 20, then each `out`";
  EXPECT_EQ(uniqueValueOf(constants, ctx, "unchanged"), 24);
  // A member set from what the constructor's caller passes holds that value, but is no named
  // constant of its own: the value is named (or reported) where the caller has it.
  for (llvm::StringRef name : {"through_reference", "copied"}) {
    std::optional<ConstantValue> value = constants.evaluateUnique(initializerOf(ctx, name));
    ASSERT_TRUE(value) << name.str();
    EXPECT_EQ(value->value, 50) << name.str();
    for (const ValueOrigin &origin : value->origins)
      EXPECT_FALSE(llvm::StringRef(origin.definedName).starts_with("member")) << name.str() << ": " << origin.message;
  }
}

TEST(ConstantEvaluator, MembersOfNestedConfigStructsAreFollowedThroughReferencesPointersAndCalls) {
  auto unit = parse(R"cpp(
struct EncoderConfig { int64_t hidden = 100; int64_t layers = 2; };
struct DecoderConfig { int64_t hidden = 64; };
struct ModelConfig { EncoderConfig encoder; DecoderConfig decoder{48}; int64_t vocab = 30; };
int64_t width(const ModelConfig &cfg) {
  const int64_t through_parameter = cfg.encoder.hidden;
  return through_parameter;
}
int64_t use(int argc) {
  ModelConfig cfg;
  const int64_t nested_default = cfg.encoder.layers;
  const int64_t in_class_braces = cfg.decoder.hidden;
  cfg.encoder.hidden = 150;
  const int64_t nested_assigned = cfg.encoder.hidden;
  const EncoderConfig *p = &cfg.encoder;
  const int64_t through_pointer = p->layers;
  ModelConfig listed{{200, 3}, {}, 30};
  const DecoderConfig &dec = listed.decoder;
  const int64_t through_reference = dec.hidden;
  const int64_t listed_value = listed.encoder.hidden;
  ModelConfig branchy;
  if (argc > 1)
    branchy.encoder.hidden = 5;
  const int64_t on_one_path = branchy.encoder.hidden;
  ModelConfig replaced;
  replaced.encoder = EncoderConfig{7, 7};
  const int64_t whole_member_replaced = replaced.encoder.layers;
  return nested_default + in_class_braces + nested_assigned + through_pointer + through_reference + listed_value +
         on_one_path + whole_member_replaced + width(cfg);
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  auto valueOf = [&](llvm::StringRef name) { return uniqueValueOf(constants, ctx, name); };
  EXPECT_EQ(valueOf("nested_default"), 2) << "a member struct without initialiser takes its own defaults";
  EXPECT_EQ(valueOf("in_class_braces"), 48) << "`DecoderConfig decoder{48}`";
  EXPECT_EQ(valueOf("nested_assigned"), 150);
  EXPECT_EQ(valueOf("through_pointer"), 2) << "`p->layers` with `p = &cfg.encoder`";
  EXPECT_EQ(valueOf("through_reference"), 64) << "`{}` builds the decoder with its defaults";
  EXPECT_EQ(valueOf("listed_value"), 200);
  EXPECT_EQ(valueOf("on_one_path"), std::nullopt) << "assigned on one path only";
  EXPECT_EQ(valueOf("whole_member_replaced"), std::nullopt) << "a member struct assigned whole is not followed";
  EXPECT_EQ(valueOf("through_parameter"), 150) << "what the one call of `width` passes";
}

TEST(ConstantEvaluator, SettersCalledOnALocalOptionsObjectAreMemberWrites) {
  auto unit = parse(R"cpp(
class FrontendOptions {
 public:
  FrontendOptions &set_channels(int64_t channels) { channels_ = channels; return *this; }
  FrontendOptions &set_kernel(int64_t kernel) { kernel_ = kernel; return *this; }
  int64_t channels() const { return channels_; }
  int64_t kernel() const { return kernel_; }
 private:
  int64_t channels_ = 64;
  int64_t kernel_ = 3;
};
int64_t use(int argc) {
  FrontendOptions fopts;
  fopts.set_channels(60).set_kernel(5).set_channels(62);
  const int64_t chained = fopts.channels();
  const int64_t second = fopts.kernel();
  FrontendOptions maybe;
  if (argc > 1)
    maybe.set_channels(100);
  const int64_t on_one_path = maybe.channels();
  FrontendOptions later;
  const int64_t before_the_setter = later.channels();
  later.set_channels(30);
  return chained + second + on_one_path + before_the_setter;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  auto valueOf = [&](llvm::StringRef name) { return uniqueValueOf(constants, ctx, name); };
  EXPECT_EQ(valueOf("chained"), 62) << "the chain's setters run in the order they are listed";
  EXPECT_EQ(valueOf("second"), 5);
  EXPECT_EQ(valueOf("on_one_path"), std::nullopt) << "set on one path only";
  EXPECT_EQ(valueOf("before_the_setter"), 64);
}

namespace {

/// The values the join knows for the arguments of the function whose USR contains `function`, by
/// member, sorted.
std::map<std::string, std::vector<int64_t>> knownArgumentsOf(const CrossUnitFacts &facts, llvm::StringRef function) {
  std::map<std::string, std::vector<int64_t>> values;
  for (const ArgumentImport &import : facts.knownArguments())
    if (llvm::StringRef(import.function).contains(function))
      values[import.field].push_back(import.value);
  for (auto &[field, list] : values)
    llvm::sort(list);
  return values;
}

} // namespace

TEST(AnalysisSession, SettersOfOtherUnitsGiveValuesThatHoldWhereTheirDefiningUnitSaysWhatTheySet) {
  auto unit = parse(R"cpp(
#include <cstdint>
struct Options {
  int64_t dim = 64;
  int64_t depth = 2;
  int64_t heads = 4;
  Options &Dim(int64_t x);
  Options &Depth(int64_t x) { depth = x; return *this; }
  Options &Heads(int64_t x);
};
Options &Options::Heads(int64_t x) { this->heads = x; return *this; }
void build(const Options &o);
int64_t use() {
  Options o;
  o.Dim(100).Depth(3).Dim(36);
  build(o);
  const int64_t here = o.dim;
  const int64_t unaffected = o.depth;
  return here + unaffected;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  // Dim is defined in another TU: which member it sets is not known here.
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "here")).empty());
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "unaffected")).empty()) << "Dim may set depth too";
  // The setter this TU defines out of line is given to other TUs; the inline one is in each TU.
  auto setters = constants.settersForOtherUnits();
  ASSERT_EQ(setters.size(), 1u);
  EXPECT_EQ(setters[0].first->getName(), "Heads");
  EXPECT_EQ(setters[0].second->getName(), "heads");
  s.session->importCallArguments();
  CrossUnitFacts facts = s.session->crossUnitFacts();
  ASSERT_EQ(facts.setters.size(), 1u);
  std::string dim;
  for (const ArgumentImport &import : facts.imports)
    for (const SetterCondition &condition : import.conditions)
      dim = condition.setter;
  ASSERT_NE(dim, "");
  // Not the calls of Dim itself.
  auto known = [&] { return knownArgumentsOf(facts, "@F@build#"); };
  // Every value of `build`'s argument depends on what Dim sets: nothing without its definition.
  EXPECT_TRUE(known().empty());
  // Dim sets dim: the last call's 36 (the first call's 100 assumes the second sets something
  // else), the others what Depth and the initialisers give.
  facts.setters.push_back({dim, "dim"});
  EXPECT_EQ(known(), (std::map<std::string, std::vector<int64_t>>{{"depth", {3}}, {"dim", {36}}, {"heads", {4}}}));
  // Were Dim to set heads, dim would keep its initialiser.
  facts.setters.back().field = "heads";
  EXPECT_EQ(known(), (std::map<std::string, std::vector<int64_t>>{{"depth", {3}}, {"dim", {64}}, {"heads", {36}}}));
}

TEST(AnalysisSession, StructsFilledByAFunctionOfAnotherUnitHoldWhatThatUnitLeavesThere) {
  auto unit = parse(R"cpp(
#include <cstdint>
struct Config {
  int64_t hidden = 0;
  int64_t patch = 0;
  int64_t stride = 0;
};
void fill(Config &c);
void load(Config &c, bool wide) {
  c.patch = 36;
  c.hidden = 50;
  c.stride = c.patch - 6;
  if (wide)
    c.hidden = 100;
}
void early(Config &c, bool quick) {
  c.hidden = 64;
  if (quick)
    return;
  c.hidden = 100;
}
void build(const Config &c);
int64_t use() {
  Config c;
  c.stride = 8;
  fill(c);
  build(c);
  const int64_t here = c.hidden;
  Config after;
  fill(after);
  after.hidden = 48;
  build(after);
  return here;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  // `fill` is defined in another TU: what it leaves is not known here.
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "here")).empty());
  // For other TUs: what `load` leaves, computed from its own assignments; not `hidden`, last
  // assigned in a branch, nor anything of `early`, which may return before its last assignment.
  std::map<std::string, int64_t> left;
  for (auto &[parameter, field, value] : constants.filledForOtherUnits()) {
    EXPECT_EQ(llvm::cast<clang::FunctionDecl>(parameter->getDeclContext())->getName(), "load");
    left[field] = value.value;
  }
  EXPECT_EQ(left, (std::map<std::string, int64_t>{{"patch", 36}, {"stride", 30}}));
  s.session->importCallArguments();
  CrossUnitFacts facts = s.session->crossUnitFacts();
  std::optional<CrossUnitParameter> filled;
  for (const ArgumentImport &import : facts.imports)
    if (import.field == "hidden" && import.passedOn)
      filled = import.passedOn;
  ASSERT_TRUE(filled);
  EXPECT_EQ(filled->parameter, CrossUnitParameter::leftIn(0));
  EXPECT_NE(filled->function.find("@F@fill#"), std::string::npos);
  auto known = [&] { return knownArgumentsOf(facts, "@F@build#"); };
  // Without the TU that defines `fill`, only the assignment after the second call is known; the
  // stride assigned before the first call may be changed by it.
  EXPECT_EQ(known(), (std::map<std::string, std::vector<int64_t>>{{"hidden", {48}}}));
  // With it: what that TU says `fill` leaves.
  facts.imports.push_back({filled->function, filled->parameter, "hidden", 100, {}, std::nullopt, {}});
  EXPECT_EQ(known(), (std::map<std::string, std::vector<int64_t>>{{"hidden", {48, 100}}}));
}

TEST(ConstantEvaluator, ElementsOfIntegerListsAreTheValuesTheirIndexReaches) {
  EvaluatedUnit code(R"cpp(
#include <array>
#include <vector>
int64_t layers(const std::vector<int64_t> &widths) {
  int64_t total = 0;
  for (size_t i = 0; i + 1 < widths.size(); ++i) {
    const int64_t in = widths[i];
    const int64_t out = widths[i + 1];
    total += in * out;
  }
  for (size_t i = 1; i < widths.size(); ++i) {
    const int64_t previous = widths[i - 1];
    total += previous;
  }
  for (int64_t h : widths) {
    const int64_t each = h;
    total += each;
  }
  for (size_t i = 0; i < widths.size(); ++i) {
    if (widths[i] == 0)
      break;
    const int64_t until_a_break = widths[i];
    total += until_a_break;
  }
  for (size_t i = 0; i < widths.size(); i += 2) {
    const int64_t every_other = widths[i];
    total += every_other;
  }
  return total;
}
void build(const std::vector<int64_t> &widths);
int64_t uses() {
  const int64_t kHidden = 100;
  std::vector<int64_t> sizes{784, kHidden, 10};
  std::array<int64_t, 3> channels{3, 20, 50};
  const int64_t second_channel = channels[1];
  const int64_t raw[] = {24, 36};
  const int64_t second_raw = raw[1];
  std::vector<int64_t> grown{8, 16};
  grown.push_back(40);
  const int64_t grown_first = grown[0];
  std::vector<int64_t> assigned{8, 16};
  assigned[0] = 12;
  const int64_t assigned_first = assigned[0];
  std::vector<int64_t> doubled{8, 16};
  for (auto &w : doubled)
    w *= 2;
  const int64_t doubled_first = doubled.at(0);
  build({64, 50, 30});
  return layers(sizes) + layers({64, 48, 32}) + second_channel + second_raw + grown_first + assigned_first +
         doubled_first;
}
)cpp");
  ASSERT_TRUE(code.parsed());
  auto valuesOf = [&](llvm::StringRef name) { return code.valuesOf(name); };
  ConstantEvaluator &constants = code.constants();
  clang::ASTContext &ctx = code.ctx();
  using V = std::vector<int64_t>;
  EXPECT_EQ(valuesOf("in"), (V{48, 64, 100, 784}))
      << "`widths[i]` for i + 1 < size: every element but the last, of each list passed";
  EXPECT_EQ(valuesOf("out"), (V{10, 32, 48, 100}));
  EXPECT_EQ(valuesOf("previous"), (V{48, 64, 100, 784}));
  EXPECT_EQ(valuesOf("each"), (V{10, 32, 48, 64, 100, 784}));
  EXPECT_EQ(valuesOf("until_a_break"), V{}) << "a loop that may stop early may never reach an element";
  EXPECT_EQ(valuesOf("every_other"), V{}) << "a counter that does not count by one";
  EXPECT_EQ(valuesOf("second_channel"), V{20});
  EXPECT_EQ(valuesOf("second_raw"), V{36});
  EXPECT_EQ(valuesOf("grown_first"), V{}) << "a list changed after its initialisation is unknown";
  EXPECT_EQ(valuesOf("assigned_first"), V{});
  EXPECT_EQ(valuesOf("doubled_first"), V{}) << "written through a loop's reference";
  // A named element keeps its constant's name: one finding at `kHidden` for all its uses.
  std::vector<ConstantValue> in = constants.evaluate(initializerOf(ctx, "in"));
  auto hidden = llvm::find_if(in, [](const ConstantValue &v) { return v.value == 100; });
  ASSERT_NE(hidden, in.end());
  EXPECT_TRUE(llvm::any_of(hidden->origins, [](const ValueOrigin &o) { return o.definedName == "`kHidden`"; }));
  // Open to other TUs: the run of elements the loop reads, by the name callers' facts use.
  std::vector<ConstantEvaluator::OpenSource> open;
  constants.evaluate(initializerOf(ctx, "out"), open);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].source->getName(), "widths");
  EXPECT_EQ(open[0].field, "[1:]");
  open.clear();
  constants.evaluate(initializerOf(ctx, "in"), open);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].field, "[:-1]");
  // A list passed to another TU's function: each element by index and in each run a loop reads.
  code.session->session->importCallArguments();
  std::map<std::string, V> passed;
  for (const ArgumentImport &import : code.session->session->crossUnitFacts().imports)
    passed[import.field].push_back(import.value);
  for (auto &[field, values] : passed)
    llvm::sort(values);
  EXPECT_EQ(passed["[1]"], V{50});
  EXPECT_EQ(passed["[:]"], (V{30, 50, 64}));
  EXPECT_EQ(passed["[1:]"], (V{30, 50}));
  EXPECT_EQ(passed["[:-1]"], (V{50, 64}));
  EXPECT_EQ(passed["[1:-1]"], V{50});
  EXPECT_EQ(passed.count("[3]"), 0u);
}

TEST(ConstantEvaluator, ListParametersPassedOnByACallOfThisUnitAreOpenAndFrontAndBackAreElements) {
  auto unit = parse(R"cpp(
#include <vector>
static int64_t encoder(int64_t in, const std::vector<int64_t> &chs) {
  int64_t total = in;
  for (size_t i = 0; i + 1 < chs.size(); ++i) {
    const int64_t block_out = chs[i + 1];
    total += block_out;
  }
  return total;
}
int64_t unet(const std::vector<int64_t> &enc, const std::vector<int64_t> &dec) {
  const int64_t head_in = dec.back();
  const int64_t first = dec.front();
  return encoder(3, enc) + head_in + first;
}
int64_t local() {
  std::vector<int64_t> widths{20, 40, 80};
  const int64_t last = widths.back();
  std::vector<int64_t> changed{20, 40};
  changed.back() = 96;
  const int64_t changed_last = changed.back();
  return last + changed_last;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  EXPECT_EQ(uniqueValueOf(constants, ctx, "last"), 80) << "reading an element writes nothing";
  EXPECT_EQ(uniqueValueOf(constants, ctx, "changed_last"), std::nullopt);
  auto openOf = [&](llvm::StringRef name) {
    std::vector<ConstantEvaluator::OpenSource> open;
    constants.evaluate(initializerOf(ctx, name), open);
    std::vector<std::string> named;
    for (const ConstantEvaluator::OpenSource &o : open)
      named.push_back(o.source->getNameAsString() + o.field);
    return named;
  };
  // encoder() is this TU's own: what other TUs pass to unet() for `enc`, the run its loop reads.
  EXPECT_EQ(openOf("block_out"), std::vector<std::string>{"enc[1:]"});
  EXPECT_EQ(openOf("head_in"), std::vector<std::string>{"dec[-1]"});
  EXPECT_EQ(openOf("first"), std::vector<std::string>{"dec[0]"});
}

TEST(ConstantEvaluator, AVariableALoopCarriesHoldsTheElementsBeforeAndAfterIt) {
  EvaluatedUnit code(R"cpp(
#include <vector>
int64_t mlp(int64_t in, const std::vector<int64_t> &widths, int64_t out) {
  int64_t total = 0;
  int64_t prev = in;
  const int64_t before = prev;
  for (int64_t w : widths) {
    const int64_t layer_in = prev;
    prev = w;
    const int64_t layer_out = prev;
    total += layer_in * layer_out;
  }
  const int64_t head_in = prev;
  int64_t counted = in;
  for (size_t i = 1; i < widths.size(); ++i) {
    const int64_t counted_in = counted;
    counted = widths[i];
    total += counted_in;
  }
  const int64_t counted_head = counted;
  int64_t skipped = in;
  for (int64_t w : widths) {
    if (w == 0)
      continue;
    skipped = w;
  }
  const int64_t skipped_head = skipped;
  int64_t doubled = in;
  for (int64_t w : widths) {
    doubled = w;
    doubled = 2 * w;
  }
  const int64_t doubled_head = doubled;
  int64_t aliased = in;
  int64_t *alias = &aliased;
  for (int64_t w : widths) {
    aliased = w;
  }
  const int64_t aliased_head = aliased;
  int64_t conditional = in;
  for (int64_t w : widths) {
    if (w > 32) {
      conditional = w;
    }
  }
  const int64_t conditional_head = conditional;
  return total + before + head_in + counted_head + skipped_head + doubled_head + aliased_head + *alias +
         conditional_head + out;
}
int64_t uses() { return mlp(20, {64, 50}, 10) + mlp(24, {100, 48, 40}, 10); }
)cpp");
  ASSERT_TRUE(code.parsed());
  auto valuesOf = [&](llvm::StringRef name) { return code.valuesOf(name); };
  ConstantEvaluator &constants = code.constants();
  clang::ASTContext &ctx = code.ctx();
  using V = std::vector<int64_t>;
  EXPECT_EQ(valuesOf("before"), (V{20, 24}));
  EXPECT_EQ(valuesOf("layer_in"), (V{20, 24, 48, 64, 100})) << "the initialiser, then each element but the last";
  EXPECT_EQ(valuesOf("layer_out"), (V{40, 48, 50, 64, 100}));
  EXPECT_EQ(valuesOf("head_in"), (V{40, 50})) << "after the loop: the last element of each call's list";
  EXPECT_EQ(valuesOf("counted_in"), (V{20, 24, 48})) << "widths[i] from i = 1: the initialiser, then [1:-1]";
  EXPECT_EQ(valuesOf("counted_head"), (V{40, 50}));
  EXPECT_EQ(valuesOf("skipped_head"), V{}) << "a continue may skip the write";
  EXPECT_EQ(valuesOf("doubled_head"), V{}) << "written twice";
  EXPECT_EQ(valuesOf("aliased_head"), V{}) << "its address is taken";
  EXPECT_EQ(valuesOf("conditional_head"), V{}) << "the write is conditional";
  // Open to other TUs: what their calls pass, by the selection the join names.
  std::vector<ConstantEvaluator::OpenSource> open;
  constants.evaluate(initializerOf(ctx, "head_in"), open);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].source->getName(), "widths");
  EXPECT_EQ(open[0].field, "[-1]");
  open.clear();
  constants.evaluate(initializerOf(ctx, "layer_in"), open);
  std::set<std::string> fields;
  for (const auto &source : open)
    fields.insert(source.source->getNameAsString() + source.field);
  EXPECT_EQ(fields, (std::set<std::string>{"in", "widths[:-1]"}));
}

TEST(ConstantEvaluator, ACountingLoopsCounterTakesEachValueAndOneExpressionPairsOneIteration) {
  EvaluatedUnit code(R"cpp(
int64_t widths(int64_t base) {
  int64_t total = 0;
  for (int64_t i = 0; i < 3; ++i) {
    const int64_t doubled = base * (1 << i);
    const int64_t paired = (1 << i) * (i + 1);
    total += doubled + paired;
  }
  for (int64_t j = 4; j >= 1; j -= 2) {
    const int64_t down = 10 * j;
    total += down;
  }
  for (int64_t k = 0; k < 3; ++k) {
    if (k == 1)
      break;
    const int64_t left = 10 * k;
    total += left;
  }
  for (int64_t m = 0; m < 3; ++m) {
    const int64_t stepped = 10 * m;
    total += stepped;
    m += 0;
  }
  for (int64_t n = 0; n < 100; ++n) {
    const int64_t many = n;
    total += many;
  }
  return total;
}
int64_t uses() { return widths(20); }
)cpp");
  ASSERT_TRUE(code.parsed());
  auto valuesOf = [&](llvm::StringRef name) { return code.valuesOf(name); };
  using V = std::vector<int64_t>;
  EXPECT_EQ(valuesOf("doubled"), (V{20, 40, 80}));
  EXPECT_EQ(valuesOf("paired"), (V{1, 4, 12})) << "never (1 << 0) * (2 + 1) = 3";
  EXPECT_EQ(valuesOf("down"), (V{20, 40})) << "j = 4, 2";
  EXPECT_EQ(valuesOf("left"), V{}) << "a break may leave before the read";
  EXPECT_EQ(valuesOf("stepped"), V{}) << "the body writes the counter";
  EXPECT_EQ(valuesOf("many"), V{}) << "more iterations than are followed";
}

TEST(ConstantEvaluator, ALocalSteppedInEachIterationOfACountingLoopTakesEachIterationsValue) {
  EvaluatedUnit code(R"cpp(
int64_t stages(int64_t base) {
  int64_t total = 0;
  int64_t ch = base;
  const int64_t ch_before_loop = ch;
  for (int64_t i = 0; i < 3; ++i) {
    const int64_t ch_in = ch;
    const int64_t ch_out = ch * 2;
    const int64_t with_counter = ch + i;
    ch *= 2;
    const int64_t ch_after_write = ch;
    total += ch_in + ch_out + with_counter + ch_after_write;
  }
  const int64_t ch_after_loop = ch;
  int64_t prev = 3;
  for (int64_t j = 0; j < 3; ++j) {
    const int64_t out = 20 << j;
    const int64_t prev_in = prev;
    prev = out;
    total += prev_in;
  }
  int64_t mult = 8;
  for (int k = 0; k < 3; k++) {
    const int64_t half = mult / 2;
    mult = mult / 2;
    total += half;
  }
  int64_t branched = base;
  for (int64_t m = 0; m < 3; ++m) {
    const int64_t branched_read = branched;
    if (m == 1)
      branched *= 2;
    total += branched_read;
  }
  int64_t twice = base;
  for (int64_t n = 0; n < 2; ++n) {
    const int64_t twice_read = twice;
    twice *= 2;
    twice += 1;
    total += twice_read;
  }
  int64_t left = base;
  for (int64_t p = 0; p < 3; ++p) {
    if (p == 2)
      break;
    const int64_t left_read = left;
    left *= 2;
    total += left_read;
  }
  return total + ch_before_loop + ch_after_loop;
}
int64_t uses() { return stages(20); }
)cpp");
  ASSERT_TRUE(code.parsed());
  auto valuesOf = [&](llvm::StringRef name) { return code.valuesOf(name); };
  using V = std::vector<int64_t>;
  EXPECT_EQ(valuesOf("ch_before_loop"), V{20});
  EXPECT_EQ(valuesOf("ch_in"), (V{20, 40, 80})) << "before the write: the value the last iteration left";
  EXPECT_EQ(valuesOf("ch_out"), (V{40, 80, 160}));
  EXPECT_EQ(valuesOf("with_counter"), (V{20, 41, 82})) << "each value paired with its own iteration's counter";
  EXPECT_EQ(valuesOf("ch_after_write"), (V{40, 80, 160}));
  EXPECT_EQ(valuesOf("ch_after_loop"), V{160});
  EXPECT_EQ(valuesOf("prev_in"), (V{3, 20, 40})) << "the width the body computed in the iteration before";
  EXPECT_EQ(valuesOf("half"), (V{1, 2, 4}));
  EXPECT_EQ(valuesOf("branched_read"), V{}) << "written on one path: not a statement of the body";
  EXPECT_EQ(valuesOf("twice_read"), V{}) << "written twice";
  EXPECT_EQ(valuesOf("left_read"), V{}) << "a break may leave before the write";
}

TEST(ConstantEvaluator, ALambdasParameterTakesWhatEachOfItsCallsPasses) {
  EvaluatedUnit code(R"cpp(
int64_t widths(int64_t base) {
  auto scaled = [&](int64_t factor) {
    const int64_t lambda_width = base * factor;
    return lambda_width;
  };
  auto never_called = [](int64_t width) {
    const int64_t uncalled_width = width;
    return uncalled_width;
  };
  return scaled(2) + scaled(3);
}
int64_t uses() { return widths(20); }
)cpp");
  ASSERT_TRUE(code.parsed());
  using V = std::vector<int64_t>;
  EXPECT_EQ(code.valuesOf("lambda_width"), (V{40, 60})) << "each call's argument, with the captured base";
  EXPECT_EQ(code.valuesOf("uncalled_width"), V{}) << "no call: nothing known";
}

TEST(ConstantEvaluator, AListMemberOfAStructIsItsInitialiserOrTheListAssignedBeforeTheRead) {
  EvaluatedUnit code(R"cpp(
#include <vector>
struct Config {
  std::vector<int64_t> widths{64, 52};
};
Config made() {
  Config c;
  c.widths = {64, 36};
  return c;
}
int64_t last(const Config &config) { const int64_t tail = config.widths.back(); return tail; }
int64_t uses(bool wide) {
  Config defaults;
  const int64_t from_default = defaults.widths[1];
  Config assigned;
  assigned.widths = {64, 44};
  const int64_t from_assignment = assigned.widths[1];
  const int64_t from_function = made().widths[1];
  Config appended;
  appended.widths.push_back(20);
  const int64_t from_appended = appended.widths[1];
  Config branched;
  if (wide)
    branched.widths = {64, 28};
  const int64_t from_branch = branched.widths[1];
  return from_default + from_assignment + from_function + from_appended + from_branch + last(assigned);
}
)cpp");
  ASSERT_TRUE(code.parsed());
  auto valuesOf = [&](llvm::StringRef name) { return code.valuesOf(name); };
  using V = std::vector<int64_t>;
  EXPECT_EQ(valuesOf("from_default"), (V{52}));
  EXPECT_EQ(valuesOf("from_assignment"), (V{44}));
  EXPECT_EQ(valuesOf("from_function"), (V{36}));
  EXPECT_EQ(valuesOf("from_appended"), V{}) << "push_back changes the list";
  EXPECT_EQ(valuesOf("from_branch"), V{}) << "assigned on one path only";
  EXPECT_EQ(valuesOf("tail"), (V{44})) << "the struct the call passes";
}

TEST(ConstantEvaluator, BuilderOptionsGiveTheirMembersThroughConstructorSettersAndAccessors) {
  auto unit = parse(R"cpp(
struct BlockOptions {
  BlockOptions(int64_t in, int64_t out) : in_(in), out_(out) {}
  TORCH_ARG(int64_t, in);
  TORCH_ARG(int64_t, out);
  TORCH_ARG(int64_t, units) = 60;
};
int64_t use() {
  auto options = BlockOptions(48, 12).units(36);
  const int64_t from_setter = options.units();
  const int64_t from_constructor = options.out();
  BlockOptions plain(48, 12);
  const int64_t from_default = plain.units();
  const BlockOptions &alias = plain;
  const int64_t through_reference = alias.in();
  BlockOptions changed(48, 12);
  changed.units() = 20;
  const int64_t written_through_accessor = changed.units();
  return from_setter + from_constructor + from_default + through_reference + written_through_accessor;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  auto valueOf = [&](llvm::StringRef name) { return uniqueValueOf(constants, ctx, name); };
  EXPECT_EQ(valueOf("from_setter"), 36);
  EXPECT_EQ(valueOf("from_constructor"), 12);
  EXPECT_EQ(valueOf("from_default"), 60);
  EXPECT_EQ(valueOf("through_reference"), 48);
  EXPECT_EQ(valueOf("written_through_accessor"), std::nullopt) << "assigned through the accessor's reference";
}

TEST(AnalysisSession, TwoParametersOfOneFunctionArePairedAtEachCall) {
  auto unit = parse(R"cpp(
struct Config { int64_t word = 64; int64_t shape = 20; };
void layers(int64_t hidden, int64_t heads, const Config &cfg) {
  const int64_t head_dim = hidden / heads;
  const int64_t input = cfg.word + cfg.shape;
}
void defined_elsewhere(int64_t hidden, int64_t heads);
void calls() {
  defined_elsewhere(96, 4);
  defined_elsewhere(120, 6);
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  std::vector<ConstantEvaluator::OpenSource> open;
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "head_dim"), open).empty());
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].source->getName(), "hidden");
  ASSERT_FALSE(open[0].origins.empty());
  ASSERT_TRUE(open[0].origins.back().arithmetic);
  const CrossUnitArithmetic divide = *open[0].origins.back().arithmetic;
  EXPECT_EQ(divide.op, "/");
  ASSERT_TRUE(divide.operandAtCall);
  EXPECT_EQ(divide.operandAtCall->parameter, 1u);
  EXPECT_EQ(divide.operandAtCall->field, "");
  open.clear();
  EXPECT_TRUE(constants.evaluate(initializerOf(ctx, "input"), open).empty());
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].field, "word");
  ASSERT_FALSE(open[0].origins.empty());
  ASSERT_TRUE(open[0].origins.back().arithmetic && open[0].origins.back().arithmetic->operandAtCall);
  EXPECT_EQ(open[0].origins.back().arithmetic->operandAtCall->parameter, 2u);
  EXPECT_EQ(open[0].origins.back().arithmetic->operandAtCall->field, "shape");

  // Each call's arguments carry the call: 96 / 4 and 120 / 6, never 120 / 4.
  s.session->importCallArguments();
  std::vector<ArgumentImport> imports = s.session->crossUnitFacts().imports;
  ASSERT_EQ(imports.size(), 4u);
  ArgumentsAtCalls atCalls(imports);
  std::vector<CrossUnitStep> steps{{{}, "`hidden / heads`", "", divide}};
  std::vector<int64_t> headDims;
  for (const ArgumentImport &import : imports)
    if (import.parameter == 0) {
      std::vector<CrossUnitStep> derivation;
      std::optional<int64_t> headDim = carryValueThrough(import.value, steps, atCalls.at(import), derivation);
      ASSERT_TRUE(headDim);
      headDims.push_back(*headDim);
      EXPECT_EQ(derivation.back().message, "`hidden / heads` is " + std::to_string(headDims.back()));
    }
  EXPECT_EQ(headDims, (std::vector<int64_t>{24, 20}));
}

TEST(AnalysisSession, FunctionsOtherUnitsCallAreAnalysedUnderAnAssumedAutocastCaller) {
  auto unit = parse(R"cpp(
torch::Tensor defined_elsewhere(torch::Tensor x);
static torch::Tensor helper(torch::Tensor h) { auto inner = torch::matmul(h, h); return inner; }
torch::Tensor exported(torch::Tensor x, torch::Tensor w) { auto product = torch::matmul(x, w); return helper(product); }
torch::Tensor runs_it(torch::Tensor x) {
  ampify::Autocast autocast;
  auto y = defined_elsewhere(x);
  auto local = torch::matmul(x, x);
  return y + local;
}
int main() { auto t = torch::matmul(torch::ones({2, 2}), torch::ones({2, 2})); return 0; }
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  const clang::SourceManager &sm = ctx.getSourceManager();

  // What the TU itself runs: `product` outside any region, one call of another TU's function
  // under this TU's autocast.
  const PrecisionFlow &flow = s.session->flow();
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "product")), Precision::Unknown);
  EXPECT_EQ(flow.precisionOf(initializerOf(ctx, "local")), Precision::Half);
  ASSERT_EQ(flow.outsideCallsUnderAutocast().size(), 1u);
  EXPECT_EQ(flow.outsideCallsUnderAutocast()[0].callee->getName(), "defined_elsewhere");

  // Functions other TUs may call: not a static one, not main.
  std::vector<std::string> roots;
  for (const clang::FunctionDecl *fn : definedForOtherUnits(*s.session))
    roots.push_back(fn->getNameAsString());
  EXPECT_EQ(roots, (std::vector<std::string>{"exported", "runs_it"}));

  // Assuming an autocast caller: `product` and, through the call, `inner` are fp16.
  PrecisionFlow assumed(*s.session, OtherUnitsAssumption::CallersRunUnderAutocast);
  EXPECT_EQ(assumed.precisionOf(initializerOf(ctx, "product")), Precision::Half);
  EXPECT_EQ(assumed.precisionOf(initializerOf(ctx, "inner")), Precision::Half);
  ASSERT_NE(assumed.info(initializerOf(ctx, "product")), nullptr);
  EXPECT_EQ(assumed.info(initializerOf(ctx, "product"))->region.assumedFor->getName(), "exported");
  EXPECT_EQ(assumed.precisionOf(initializerOf(ctx, "t")), Precision::Fp32) << "main is never assumed";

  // A stand-in rule: one finding per fp16 matmul result bound to a variable.
  std::vector<Finding> reported;
  auto match = [&] {
    const PrecisionFlow &current = s.session->flow();
    for (const char *name : {"product", "inner", "local", "t"}) {
      const clang::Expr *e = initializerOf(ctx, name);
      if (isLow(current.precisionOf(e)))
        reported.push_back({"stand-in", Severity::Warning, sourcePointAt(sm, e->getBeginLoc()),
                            std::string(name) + " is fp16", {}, {}, {}});
    }
  };
  match();
  ASSERT_EQ(reported.size(), 1u);
  s.session->findConditionalFindings(reported, 0, /*rulesFollowPrecision=*/true, match);
  ASSERT_EQ(reported.size(), 1u) << "only what holds in this TU stays reported";
  EXPECT_EQ(reported[0].message, "local is fp16");
  const CrossUnitFacts &facts = s.session->crossUnitFacts();
  ASSERT_EQ(facts.conditional.size(), 2u);
  EXPECT_EQ(facts.conditional[0].finding.message, "product is fp16");
  EXPECT_EQ(facts.conditional[1].finding.message, "inner is fp16");
  // Both hold when `exported` runs under autocast; the static helper is reached only through it.
  ASSERT_EQ(facts.conditional[1].functions.size(), 1u);
  EXPECT_EQ(facts.conditional[1].functions, facts.conditional[0].functions);
  ASSERT_EQ(facts.autocastCalls.size(), 1u);
  EXPECT_EQ(facts.autocastCalls[0].name, "defined_elsewhere");
  // Under an autocast caller, `exported` returns fp16 (the matmul of its helper), whatever it is passed.
  ASSERT_TRUE(llvm::any_of(facts.fp16Returns, [](const Fp16Return &r) { return r.name == "exported"; }));
  EXPECT_EQ(facts.fp16Returns[0].because, "returned by `helper`");
  EXPECT_EQ(s.session->flow().precisionOf(initializerOf(ctx, "product")), Precision::Unknown)
      << "the session's flow is again what the TU itself runs";

  // The join: nothing without a caller under autocast; with one, each finding names it.
  EXPECT_TRUE(findingsUnderOtherUnitsAutocast(facts).empty());
  CrossUnitFacts joined = facts;
  joined.autocastCalls.push_back({facts.conditional[0].functions[0], "exported", SourcePoint{"/main.cpp", 7, 3, 90},
                                  "the autocast scope `autocast`", SourcePoint{"/main.cpp", 5, 3, 60}});
  std::vector<Finding> found = findingsUnderOtherUnitsAutocast(joined);
  ASSERT_EQ(found.size(), 2u);
  ASSERT_GE(found[0].notes.size(), 2u);
  const FindingNote &call = found[0].notes[found[0].notes.size() - 2];
  EXPECT_EQ(call.where.offset, 90u);
  EXPECT_NE(call.message.find("`exported` runs under CUDA fp16 autocast here"), std::string::npos);
  EXPECT_EQ(found[0].notes.back().where.offset, 60u) << "then where the caller's region opens";
  EXPECT_EQ(found[0].notes.back().message, "autocast is enabled by the autocast scope `autocast`");
}

TEST(AnalysisSession, ResultsOfOtherUnitsFunctionsUnderAutocastAreAssumedFp16OnlyConditionally) {
  auto unit = parse(R"cpp(
torch::Tensor scores_elsewhere(torch::Tensor x);
torch::Tensor step(torch::Tensor x, torch::Tensor mask) {
  auto outside = scores_elsewhere(x).masked_fill(mask, -1e9);
  ampify::Autocast autocast;
  auto s = scores_elsewhere(x);
  auto masked = s.masked_fill(mask, -1e9);
  return masked + outside;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  const clang::SourceManager &sm = ctx.getSourceManager();
  EXPECT_EQ(s.session->flow().precisionOf(initializerOf(ctx, "masked")), Precision::Unknown);
  EXPECT_EQ(PrecisionFlow(*s.session, OtherUnitsAssumption::CalleesReturnFp16).precisionOf(initializerOf(ctx, "masked")),
            Precision::Half);

  // A stand-in rule that explains its finding, as the rules do: one note per step of the fact.
  std::vector<Finding> reported;
  auto match = [&] {
    const PrecisionFlow &current = s.session->flow();
    for (const char *name : {"masked", "outside"}) {
      const ExprInfo *info = current.info(initializerOf(ctx, name));
      if (!info || !isLow(info->fact.value))
        continue;
      Finding finding{"stand-in", Severity::Warning, sourcePointAt(sm, initializerOf(ctx, name)->getBeginLoc()),
                      std::string(name) + " is fp16", {}, {}, {}};
      for (const auto &[loc, message] : current.explain(info->fact))
        finding.notes.push_back({sourcePointAt(sm, loc), message});
      reported.push_back(std::move(finding));
    }
  };
  match();
  EXPECT_TRUE(reported.empty());
  s.session->findConditionalFindings(reported, 0, /*rulesFollowPrecision=*/true, match);
  EXPECT_TRUE(reported.empty()) << "the TU alone knows nothing of the callee's result";
  const CrossUnitFacts &facts = s.session->crossUnitFacts();
  ASSERT_EQ(facts.conditional.size(), 1u) << "`outside` is not under autocast";
  const ConditionalFinding &masked = facts.conditional[0];
  EXPECT_EQ(masked.finding.message, "masked is fp16");
  EXPECT_TRUE(masked.functions.empty());
  ASSERT_EQ(masked.fp16Returns.size(), 1u);
  EXPECT_EQ(masked.fp16Returns[0], facts.autocastCalls[0].function);

  // The join: reported once the TU that defines the callee says it returns fp16.
  EXPECT_TRUE(findingsUnderOtherUnitsAutocast(facts).empty());
  CrossUnitFacts joined = facts;
  joined.fp16Returns.push_back({masked.fp16Returns[0], "scores_elsewhere", SourcePoint{"/model.cpp", 4, 10, 70},
                                "the output of `fc`"});
  std::vector<Finding> found = findingsUnderOtherUnitsAutocast(joined);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].notes.back().where.file, "/model.cpp");
  EXPECT_EQ(found[0].notes.back().message,
            "`scores_elsewhere` returns fp16 under CUDA fp16 autocast, in another file: its result is the output of `fc`");
}

TEST(AnalysisSession, EachTensorOfATupleOrStructAnotherUnitReturnsIsAssumedOnItsOwn) {
  auto unit = parse(R"cpp(
struct Heads { torch::Tensor scores; torch::Tensor log_probs; };
std::tuple<torch::Tensor, torch::Tensor> split_elsewhere(torch::Tensor x);
Heads heads_elsewhere(torch::Tensor x);
std::tuple<torch::Tensor, torch::Tensor> split_here(torch::Tensor x, torch::Tensor w) {
  auto scores = torch::matmul(x, w);
  return std::make_tuple(scores, torch::log_softmax(scores, -1));
}
torch::Tensor step(torch::Tensor x, torch::Tensor mask) {
  ampify::Autocast autocast;
  auto [first, second] = split_elsewhere(x);
  Heads heads = heads_elsewhere(x);
  auto from_first = first.masked_fill(mask, -1e9);
  auto from_member = heads.log_probs.masked_fill(mask, -1e9);
  return from_first + from_member;
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  PrecisionFlow assumed(*s.session, OtherUnitsAssumption::CalleesReturnFp16);
  EXPECT_EQ(assumed.precisionOf(initializerOf(ctx, "from_first")), Precision::Half);
  EXPECT_EQ(assumed.precisionOf(initializerOf(ctx, "from_member")), Precision::Half);
  std::vector<std::string> parts;
  for (const AssumedReturnedPart &part : assumed.assumedReturnedParts())
    parts.push_back(part.part + ": " + part.because);
  EXPECT_EQ(parts, (std::vector<std::string>{
                       "0: element 0 of what `split_elsewhere` returns, which another file defines",
                       "1: element 1 of what `split_elsewhere` returns, which another file defines",
                       "scores: member `scores` of what `heads_elsewhere` returns, which another file defines",
                       "log_probs: member `log_probs` of what `heads_elsewhere` returns, which another file defines"}));
  // Defined here for other TUs: only element 0 is fp16 (log_softmax runs in fp32).
  PrecisionFlow asCallee(*s.session, OtherUnitsAssumption::CallersRunUnderAutocast);
  ASSERT_EQ(asCallee.fp16Returns().size(), 1u);
  EXPECT_EQ(asCallee.fp16Returns()[0].function->getName(), "split_here");
  EXPECT_EQ(asCallee.fp16Returns()[0].part, "0");
  EXPECT_EQ(returnedValueKey("c:@F@split_here", "0"), "c:@F@split_here 0");
  EXPECT_EQ(returnedValueKey("c:@F@split_here", ""), "c:@F@split_here");
}

TEST(AnalysisSession, TheFunctionAReturnedValueKeyNamesIsSpelledForATextSearch) {
  // ampify fix looks for the TUs that may define a function whose fp16 result a hazard needs.
  auto unit = parse(R"cpp(
namespace model {
torch::nn::Sequential make_scorer(int64_t hidden);
struct NetImpl : torch::nn::Module { std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x); };
template <typename T> torch::Tensor scaled(T factor, torch::Tensor x);
}
)cpp");
  ASSERT_TRUE(unit);
  std::map<std::string, std::string> spelled;
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::map<std::string, std::string> *spelled;
    bool VisitFunctionDecl(clang::FunctionDecl *function) {
      if (std::optional<std::string> usr = crossUnitName(*function))
        (*spelled)[function->getNameAsString()] = functionNameOfReturnedValue(returnedValueKey(*usr, "1"));
      return true;
    }
  } finder;
  finder.spelled = &spelled;
  for (clang::Decl *decl : unit->getASTContext().getTraversalScope())
    finder.TraverseDecl(decl);
  EXPECT_EQ(spelled["make_scorer"], "make_scorer");
  EXPECT_EQ(spelled["forward"], "forward");
  EXPECT_EQ(spelled["scaled"], ""); // a template's USR does not spell its name plainly: every TU may define it
}

TEST(AnalysisSession, FindingsOnParametersHoldWhereACallerPassesFp16AndCallsFollowTheirCaller) {
  auto unit = parse(R"cpp(
torch::Tensor elsewhere(torch::Tensor h, torch::Tensor k);
torch::Tensor penalty(const torch::Tensor &logits, double weight) {
  auto shifted = logits.masked_fill(logits > 0, -1e9);
  return shifted * weight;
}
torch::Tensor forward(torch::Tensor x) {
  auto h = torch::matmul(x, x);
  return elsewhere(h, x);
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  const clang::SourceManager &sm = ctx.getSourceManager();

  // Only the assumption about arguments makes `shifted` fp16, and its reason names the parameter.
  EXPECT_EQ(PrecisionFlow(*s.session, OtherUnitsAssumption::CallersRunUnderAutocast)
                .precisionOf(initializerOf(ctx, "shifted")),
            Precision::Unknown);
  PrecisionFlow passed(*s.session, OtherUnitsAssumption::CallersPassFp16);
  ASSERT_NE(passed.info(initializerOf(ctx, "shifted")), nullptr);
  const PrecisionFact &fact = passed.info(initializerOf(ctx, "shifted"))->fact;
  EXPECT_EQ(fact.value, Precision::Half);
  auto notes = passed.explain(fact);
  ASSERT_FALSE(notes.empty());
  EXPECT_NE(notes.back().second.find("`logits` is fp16 because it is what a caller passes"), std::string::npos);
  // `elsewhere` (another TU's) is called under the region assumed for `forward`, with `h` in fp16.
  PrecisionFlow assumed(*s.session, OtherUnitsAssumption::CallersRunUnderAutocast);
  ASSERT_EQ(assumed.outsideCallsUnderAutocast().size(), 1u);
  const OutsideCallUnderAutocast &call = assumed.outsideCallsUnderAutocast()[0];
  EXPECT_EQ(call.region.assumedFor->getName(), "forward");
  ASSERT_EQ(call.arguments.size(), 2u);
  EXPECT_EQ(call.arguments[0].value, Precision::Half);
  EXPECT_EQ(call.arguments[1].value, Precision::Unknown);

  // A stand-in rule that explains its finding, as the rules do.
  std::vector<Finding> reported;
  auto match = [&] {
    const PrecisionFlow &current = s.session->flow();
    const ExprInfo *info = current.info(initializerOf(ctx, "shifted"));
    if (!info || !isLow(info->fact.value))
      return;
    Finding finding{"stand-in", Severity::Warning, sourcePointAt(sm, initializerOf(ctx, "shifted")->getBeginLoc()),
                    "shifted is fp16", {}, {}, {}};
    for (const auto &[loc, message] : current.explain(info->fact))
      finding.notes.push_back({sourcePointAt(sm, loc), message});
    reported.push_back(std::move(finding));
  };
  match();
  s.session->findConditionalFindings(reported, 0, /*rulesFollowPrecision=*/true, match);
  EXPECT_TRUE(reported.empty());
  const CrossUnitFacts &facts = s.session->crossUnitFacts();
  ASSERT_EQ(facts.conditional.size(), 1u);
  const ConditionalFinding &shifted = facts.conditional[0];
  ASSERT_EQ(shifted.fp16Parameters.size(), 1u);
  EXPECT_EQ(shifted.fp16Parameters[0].parameter, 0u) << "`logits`, not `weight`";
  EXPECT_EQ(shifted.functions, std::vector<std::string>{shifted.fp16Parameters[0].function});
  ASSERT_EQ(facts.autocastCalls.size(), 1u);
  const AutocastCall &conditionalCall = facts.autocastCalls[0];
  EXPECT_EQ(conditionalCall.name, "elsewhere");
  EXPECT_FALSE(conditionalCall.underCallerOf.empty()) << "under autocast only when `forward` is";
  ASSERT_EQ(conditionalCall.fp16Arguments.size(), 1u);
  EXPECT_EQ(conditionalCall.fp16Arguments[0].parameter, 0u);

  // The join: a call of `penalty` under autocast holds the finding only if it passes fp16 logits.
  CrossUnitFacts joined = facts;
  AutocastCall fp32Call{shifted.functions[0], "penalty", SourcePoint{"/main.cpp", 9, 3, 120},
                        "the autocast scope `autocast`", SourcePoint{"/main.cpp", 5, 3, 60}, "", {}};
  joined.autocastCalls.push_back(fp32Call);
  EXPECT_TRUE(findingsUnderOtherUnitsAutocast(joined).empty()) << "no fp16 argument at the call";
  AutocastCall fp16Call = fp32Call;
  fp16Call.call.offset = 150;
  fp16Call.fp16Arguments.push_back({0, SourcePoint{"/main.cpp", 8, 3, 100}, "`out` is fp16 because ...", {"c:@F@model"}});
  joined.autocastCalls.push_back(fp16Call);
  EXPECT_TRUE(findingsUnderOtherUnitsAutocast(joined).empty()) << "fp16 only if `model` returns fp16";
  joined.fp16Returns.push_back({"c:@F@model", "model", SourcePoint{"/model.cpp", 4, 10, 70}, "the output of `fc`"});
  std::vector<Finding> found = findingsUnderOtherUnitsAutocast(joined);
  ASSERT_EQ(found.size(), 1u);
  std::vector<std::string> messages;
  for (const FindingNote &note : found[0].notes)
    messages.push_back(note.message);
  EXPECT_NE(llvm::find(messages, "`penalty` runs under CUDA fp16 autocast here, in another file"), messages.end());
  EXPECT_NE(llvm::find(messages, "`out` is fp16 because ..., and the call passes it there"), messages.end());
  EXPECT_EQ(found[0].notes.back().message, "autocast is enabled by the autocast scope `autocast`");

  // A finding of a function that only `forward` calls holds once some TU runs `forward` under autocast.
  CrossUnitFacts chained;
  chained.autocastCalls.push_back(conditionalCall);
  chained.conditional.push_back({Finding{"stand-in", Severity::Warning, SourcePoint{"/other.cpp", 2, 1, 10},
                                         "in elsewhere", {}, {}, {}},
                                 {conditionalCall.function}, {}, {}});
  EXPECT_TRUE(findingsUnderOtherUnitsAutocast(chained).empty());
  chained.autocastCalls.push_back({conditionalCall.underCallerOf, "forward", SourcePoint{"/main.cpp", 7, 3, 90},
                                   "the autocast scope `autocast`", SourcePoint{"/main.cpp", 5, 3, 60}, "", {}});
  found = findingsUnderOtherUnitsAutocast(chained);
  ASSERT_EQ(found.size(), 1u);
  ASSERT_EQ(found[0].notes.size(), 3u);
  EXPECT_EQ(found[0].notes[0].message, "`elsewhere` runs under CUDA fp16 autocast here, in another file");
  EXPECT_EQ(found[0].notes[1].message, "`forward` runs under CUDA fp16 autocast here, and with it its calls");
  EXPECT_EQ(found[0].notes[1].where.offset, 90u);
  EXPECT_EQ(found[0].notes[2].message, "autocast is enabled by the autocast scope `autocast`");
}

TEST(AnalysisSession, TrainingLoopsAreAnalysedOnTheDeviceTheMigrationWrites) {
  const std::string loop = R"cpp(
  for (int i = 0; i < 10; ++i) {
    optimizer.zero_grad();
    auto scores = model(x);
    auto loss = scores.sum();
    loss.backward();
    optimizer.step();
  }
}
)cpp";
  const std::string signature =
      "void train(torch::nn::Linear model, torch::optim::SGD &optimizer, torch::Tensor x) {\n";
  auto cpuOnly = parse(signature + loop);
  auto onCuda = parse(signature + "  x = x.to(torch::kCUDA);\n" + loop);
  ASSERT_TRUE(cpuOnly && onCuda);

  // A program that never reaches CUDA is migrated to CPU autocast: bf16.
  Session cpu(*cpuOnly);
  ASSERT_EQ(cpu.session->loops().iterations().size(), 1u);
  EXPECT_EQ(cpu.session->loopDevices().decide(cpu.session->loops().iterations()[0]).kind, DeviceKind::Cpu);
  EXPECT_EQ(cpu.session->flow().precisionOf(initializerOf(cpuOnly->getASTContext(), "scores")),
            Precision::BFloat16);
  // The AutocastDevice option (fix --device=cuda) decides for both commands.
  RuleOptions forced;
  forced.values["AutocastDevice"] = "cuda";
  Session cuda(*cpuOnly, forced);
  EXPECT_EQ(cuda.session->flow().precisionOf(initializerOf(cpuOnly->getASTContext(), "scores")), Precision::Half);
  // A program that moves its tensors to CUDA: fp16.
  Session moved(*onCuda);
  EXPECT_EQ(moved.session->loopDevices().decide(moved.session->loops().iterations()[0]).kind, DeviceKind::Cuda);
  EXPECT_EQ(moved.session->flow().precisionOf(initializerOf(onCuda->getASTContext(), "scores")), Precision::Half);
}

TEST(AnalysisSession, AVirtualCallUnderAutocastRunsTheOverridesOtherUnitsDefine) {
  auto unit = parse(R"cpp(
struct Agent { virtual torch::Tensor act(torch::Tensor x) = 0; };
struct Mid : Agent {};
struct Gru : Mid { torch::Tensor act(torch::Tensor x) override; torch::Tensor plain(torch::Tensor x); };
torch::Tensor Gru::act(torch::Tensor x) { return torch::matmul(x, x); }
torch::Tensor Gru::plain(torch::Tensor x) { return x; }
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  std::vector<Finding> reported;
  s.session->findConditionalFindings(reported, 0, /*rulesFollowPrecision=*/true, [] {});
  const CrossUnitFacts &facts = s.session->crossUnitFacts();
  // Gru::act overrides Agent::act (through a class that does not redeclare it); plain is not virtual.
  ASSERT_EQ(facts.overrides.size(), 1u);
  EXPECT_EQ(facts.overrides[0].name, "Gru::act");
  EXPECT_NE(facts.overrides[0].function.find("Gru"), std::string::npos);
  EXPECT_NE(facts.overrides[0].overridden.find("Agent"), std::string::npos);

  // The join: a finding of Gru::act holds when another TU calls Agent::act under autocast.
  CrossUnitFacts joined = facts;
  joined.conditional.push_back({Finding{"stand-in", Severity::Warning, SourcePoint{"/gru.cpp", 5, 3, 50}, "in act", {}, {}, {}},
                                {facts.overrides[0].function}, {}});
  EXPECT_TRUE(findingsUnderOtherUnitsAutocast(joined).empty());
  joined.autocastCalls.push_back({facts.overrides[0].overridden, "Agent::act", SourcePoint{"/main.cpp", 9, 5, 120},
                                  "the autocast scope `autocast`", SourcePoint{"/main.cpp", 7, 3, 90}});
  std::vector<Finding> found = findingsUnderOtherUnitsAutocast(joined);
  ASSERT_EQ(found.size(), 1u);
  ASSERT_EQ(found[0].notes.size(), 2u);
  EXPECT_EQ(found[0].notes[0].message,
            "`Agent::act` runs under CUDA fp16 autocast here (a virtual call, which may run `Gru::act`), in another file");
  EXPECT_EQ(found[0].notes[0].where.offset, 120u);
  // Without the override's fact, the call of Agent::act says nothing of Gru::act.
  joined.overrides.clear();
  EXPECT_TRUE(findingsUnderOtherUnitsAutocast(joined).empty());
}

TEST(ConstantEvaluator, ListsHeldByConstantsAndDataMembersAreNamedPerElement) {
  auto unit = parse(R"cpp(
const std::vector<int64_t> kWidths{40, 60};
struct Experiment {
  std::vector<int64_t> dims = {20, 30};
  std::vector<int64_t> grown = {20, 30};
  int64_t run() {
    grown.push_back(8);
    const int64_t member_first = dims[0];
    const int64_t grown_first = grown[0];
    return member_first + grown_first;
  }
};
int64_t uses() {
  std::vector<int64_t> local{70, 90};
  const int64_t const_second = kWidths[1];
  const int64_t local_first = local[0];
  return const_second + local_first + Experiment().run();
}
)cpp");
  ASSERT_TRUE(unit);
  Session s(*unit);
  clang::ASTContext &ctx = unit->getASTContext();
  ConstantEvaluator &constants = s.session->constants();
  auto definedNames = [&](llvm::StringRef name) {
    std::vector<std::string> names;
    for (const ConstantValue &v : constants.evaluate(initializerOf(ctx, name)))
      for (const ValueOrigin &o : v.origins)
        if (!o.definedName.empty())
          names.push_back(o.definedName);
    return names;
  };
  using V = std::vector<int64_t>;
  EXPECT_EQ(sortedValuesOf(constants, ctx, "const_second"), V{60});
  EXPECT_EQ(definedNames("const_second"), std::vector<std::string>{"`kWidths[1]`"});
  EXPECT_EQ(sortedValuesOf(constants, ctx, "member_first"), V{20}) << "a data member's list, never changed";
  EXPECT_EQ(definedNames("member_first"), std::vector<std::string>{"`dims[0]`"});
  EXPECT_EQ(sortedValuesOf(constants, ctx, "grown_first"), V{}) << "changed after its initialisation";
  EXPECT_EQ(sortedValuesOf(constants, ctx, "local_first"), V{70});
  EXPECT_TRUE(definedNames("local_first").empty()) << "a list merely never written is its values";
}
