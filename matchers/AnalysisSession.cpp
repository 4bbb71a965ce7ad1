#include "ampify/AnalysisSession.h"

#include "ampify/ConstantValue.h"
#include "ampify/IncludeInserter.h"
#include "ampify/PrecisionFlow.h"
#include "ampify/TrainingLoops.h"

#include "ampify/Rule.h"

#include "clang/AST/ASTContext.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Lex/Preprocessor.h"

namespace ampify {

namespace {

constexpr llvm::StringLiteral TorchVersionKey = "TorchVersion";

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

llvm::ArrayRef<OptionSpec> AnalysisSession::declaredOptions() {
  static const OptionSpec options[] = {
      {TorchVersionKey.str(), OptionSpec::Type::Version, "", 0, 0, {},
       "The LibTorch version whose autocast cast policies apply (e.g. 1.13, 2.4). Default: the "
       "TORCH_VERSION_MAJOR/MINOR of the headers the code is compiled against, else 2.x."},
  };
  return options;
}

AnalysisSession::AnalysisSession(clang::ASTContext &ctx, const clang::Preprocessor *pp,
                                 const RuleOptions &options)
    : ctx_(ctx), version_{2, 0}, versionOrigin_("the default (2.x)") {
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

void AnalysisSession::importCallArguments() {
  if (importedCallArguments_)
    return;
  importedCallArguments_ = true;
  const clang::SourceManager &sm = ctx_.getSourceManager();
  for (ConstantEvaluator::ExternalArgument &argument : constants().externalCallArguments()) {
    llvm::SmallString<128> usr;
    if (clang::index::generateUSRForDecl(argument.callee, usr))
      continue;
    ArgumentImport fact{std::string(usr), argument.index, argument.field, argument.value.value, {}};
    for (const ValueOrigin &origin : argument.value.origins)
      fact.steps.push_back({sourcePointAt(sm, origin.loc), origin.message,
                            origin.value == static_cast<double>(fact.value) ? origin.definedName : ""});
    facts_.imports.push_back(std::move(fact));
  }
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

std::optional<int64_t> CrossUnitArithmetic::apply(int64_t value) const {
  return operandFirst ? applyIntegerOperator(op, operand, value) : applyIntegerOperator(op, value, operand);
}

void CrossUnitFacts::append(CrossUnitFacts other) {
  std::move(other.exports.begin(), other.exports.end(), std::back_inserter(exports));
  std::move(other.imports.begin(), other.imports.end(), std::back_inserter(imports));
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
