// The clang-tidy plugin: `clang-tidy -load libampify-tidy.so -checks='-*,ampify-*'` runs ampify's
// rules, the same objects the ampify driver runs. Each registered rule is wrapped in a
// ClangTidyCheck that lets the rule register its matchers and turns the rule's
// findings (plain data) back into clang-tidy diagnostics with notes and fix-its.
//
// clang-tidy itself provides the ClangTidyCheck/ClangTidyModule symbols at load time; the plugin
// must not link clangTidy (a second copy would register its command-line options twice).
#include "ampify/RuleRegistry.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"

namespace ampify::tidy {
namespace {

using clang::tidy::ClangTidyCheck;
using clang::tidy::ClangTidyContext;

/// clang-tidy's CheckOptions use ampify's own key scheme (`<check-name>.<key>`, or a global
/// `<key>`), so they are handed to the rule unchanged.
RuleOptions optionsFrom(const ClangTidyContext &context) {
  RuleOptions options;
  for (const auto &entry : context.getOptions().CheckOptions)
    options.values[entry.getKey().str()] = entry.getValue().Value;
  return options;
}

/// diag() takes a format string; ampify's messages are plain text.
std::string escapeForDiag(llvm::StringRef text) {
  std::string escaped;
  for (char c : text) {
    if (c == '%')
      escaped += '%';
    escaped += c;
  }
  return escaped;
}

/// Whether every check the run enables is one of ampify's. clang-tidy reads `Checks` as globs
/// in order, the last that matches a name deciding ("clang-diagnostic-*,clang-analyzer-*" from
/// its defaults, then "-*,ampify-*" from the command line): it holds when a "-*" comes after
/// every glob that enables other checks.
bool onlyAmpifyChecksEnabled(const ClangTidyContext &context) {
  llvm::SmallVector<llvm::StringRef> globs;
  llvm::StringRef(context.getOptions().Checks.value_or("")).split(globs, ',', -1, /*KeepEmpty=*/false);
  bool onlyAmpify = false;
  for (llvm::StringRef glob : globs) {
    glob = glob.trim();
    if (glob == "-*")
      onlyAmpify = true;
    else if (!glob.empty() && !glob.starts_with("-") && !glob.starts_with("ampify-"))
      onlyAmpify = false;
  }
  return onlyAmpify;
}

/// Narrows the matchers' walk to the user's declarations, as `ampify check` does (Driver.cpp's
/// UserCodeConsumer). Without it clang-tidy's matchers walk every declaration of LibTorch's
/// headers, and with a precompiled header deserialise all of them: 13 s of CPU per input against
/// ampify's 2.6 s. It matches the translation unit itself, which the match finder visits before
/// its children, and the walk of the children then reads the new scope (RecursiveASTVisitor's
/// TraverseTranslationUnitDecl). clangd narrows every clang-tidy check's walk the same way; here
/// it is done only when the run enables ampify's checks alone, so other checks keep their walk.
class UserCodeScope : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  explicit UserCodeScope(AnalysisSessions &analyses) : analyses_(analyses) {}

  void run(const clang::ast_matchers::MatchFinder::MatchResult &result) override {
    // The session's list, so the walk and the analyses see the same declarations.
    llvm::ArrayRef<clang::Decl *> user = analyses_.of(*result.Context).userDeclarations();
    result.Context->setTraversalScope({user.begin(), user.end()});
  }

private:
  AnalysisSessions &analyses_;
};

/// What the checks of one TU share, as the rules of an `ampify check` run do: the options and
/// the TU's analysis session. clang-tidy creates its checks per TU, so the checks of a TU share
/// the one that the first of them created.
struct SharedAnalysis {
  explicit SharedAnalysis(const ClangTidyContext &context)
      : options(optionsFrom(context)), analyses(options), narrowToUserCode(onlyAmpifyChecksEnabled(context)) {}
  RuleOptions options;
  AnalysisSessions analyses;
  bool globalOptionsChecked = false;
  bool narrowToUserCode;
  UserCodeScope userCodeScope{analyses};
  bool userCodeScopeRegistered = false;
};

class SharedAnalysisSource {
public:
  std::shared_ptr<SharedAnalysis> forCheckOf(const ClangTidyContext &context) {
    std::shared_ptr<SharedAnalysis> shared = current_.lock();
    if (!shared) {
      shared = std::make_shared<SharedAnalysis>(context);
      current_ = shared;
    }
    return shared;
  }

private:
  std::weak_ptr<SharedAnalysis> current_; // alive while the current TU's checks are
};

class RuleCheck : public ClangTidyCheck, private FindingSink {
public:
  RuleCheck(const RuleInfo &info, ClangTidyContext *context, std::shared_ptr<SharedAnalysis> shared)
      : ClangTidyCheck(info.name, context), shared_(std::move(shared)),
        ruleContext_{shared_->options, *this, shared_->analyses},
        rule_(info.create(info.name, ruleContext_)) {
    reportInvalidOptions(info.name);
  }

  /// The rule registers itself as the match callback, so matches go straight to it and its
  /// findings come back through consume().
  void registerMatchers(clang::ast_matchers::MatchFinder *finder) override {
    if (shared_->narrowToUserCode && !std::exchange(shared_->userCodeScopeRegistered, true))
      finder->addMatcher(clang::ast_matchers::translationUnitDecl(), &shared_->userCodeScope);
    rule_->registerMatchers(*finder);
  }

  /// Called once per TU before parsing: the source manager findings are located in.
  void registerPPCallbacks(const clang::SourceManager &sm, clang::Preprocessor *pp,
                           clang::Preprocessor *) override {
    sourceManager_ = &sm;
    shared_->analyses.startTranslationUnit(*pp);
  }

private:
  /// The options of this check, and (once per TU) the analysis's global ones, checked as
  /// `ampify check` checks them. Other keys belong to other clang-tidy checks.
  void reportInvalidOptions(llvm::StringRef name) {
    // Values of the options the rule declared (given per check or globally).
    for (const std::string &error : rule_->optionErrors())
      configurationDiag(escapeForDiag(error));
    std::string prefix = (name + ".").str();
    bool checkGlobals = !std::exchange(shared_->globalOptionsChecked, true);
    for (const auto &[key, value] : shared_->options.values) {
      llvm::StringRef option = key;
      bool declared = option.consume_front(prefix) &&
                      (option == "Severity" || llvm::any_of(rule_->declaredOptions(), [&](const OptionSpec &spec) {
                         return spec.key == option;
                       }));
      bool analysisOption = llvm::any_of(AnalysisSession::declaredOptions(),
                                         [&](const OptionSpec &spec) { return spec.key == key; });
      bool unknownOfThisCheck = llvm::StringRef(key).starts_with(prefix) && !declared;
      bool severity = declared && option == "Severity";
      if (unknownOfThisCheck || severity || (analysisOption && checkGlobals))
        if (auto why = invalidRuleOption(key, value))
          configurationDiag(escapeForDiag(*why));
    }
  }

  /// A finding names its file by absolute path; it is one the current TU has loaded.
  clang::SourceLocation locationOf(llvm::StringRef file, unsigned offset) const {
    auto entry = sourceManager_->getFileManager().getOptionalFileRef(file);
    if (!entry)
      return {};
    clang::FileID fid = sourceManager_->translateFile(*entry);
    if (fid.isInvalid())
      return {};
    return sourceManager_->getComposedLoc(fid, offset);
  }

  void consume(Finding finding) override {
    if (!sourceManager_)
      return;
    clang::SourceLocation where = locationOf(finding.where.file, finding.where.offset);
    if (where.isInvalid())
      return;
    auto level = finding.severity == Severity::Error ? clang::DiagnosticIDs::Error
                                                     : clang::DiagnosticIDs::Warning;
    {
      auto builder = diag(where, escapeForDiag(finding.message), level);
      for (const clang::tooling::Replacement &fix : finding.fixes) {
        clang::SourceLocation begin = locationOf(fix.getFilePath(), fix.getOffset());
        if (begin.isInvalid())
          continue;
        builder << clang::FixItHint::CreateReplacement(
            clang::CharSourceRange::getCharRange(begin, begin.getLocWithOffset(fix.getLength())),
            fix.getReplacementText());
      }
    } // the warning is emitted before its notes
    for (const FindingNote &note : finding.notes) {
      clang::SourceLocation at = locationOf(note.where.file, note.where.offset);
      if (at.isValid())
        diag(at, escapeForDiag(note.message), clang::DiagnosticIDs::Note);
    }
  }

  std::shared_ptr<SharedAnalysis> shared_;
  RuleContext ruleContext_;
  std::unique_ptr<Rule> rule_;
  const clang::SourceManager *sourceManager_ = nullptr;
};

class AmpifyModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &factories) override {
    // The module object is gone once its factories are registered; the source lives with them.
    auto source = std::make_shared<SharedAnalysisSource>();
    for (const RuleInfo &info : allRules())
      factories.registerCheckFactory(info.name, [&info, source](llvm::StringRef, ClangTidyContext *context) {
        return std::make_unique<RuleCheck>(info, context, source->forCheckOf(*context));
      });
  }
};

clang::tidy::ClangTidyModuleRegistry::Add<AmpifyModule>
    registration("ampify-module", "ampify's mixed-precision rules.");

} // namespace
} // namespace ampify::tidy
