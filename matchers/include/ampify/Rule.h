// The base of every ampify rule, shaped like clang-tidy's ClangTidyCheck: a rule registers AST
// matchers and reports findings from `check`. Reporting goes through a FindingSink, so the same
// rule object runs in the ampify driver, the LSP server and the clang-tidy plugin.
#pragma once

#include "ampify/AnalysisSession.h"
#include "ampify/Finding.h"
#include "ampify/RuleOptions.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceLocation.h"

#include <functional>
#include <memory>

namespace ampify {

class FindingSink {
public:
  virtual ~FindingSink() = default;
  virtual void consume(Finding finding) = 0;
};

/// What a rule knows of the run: its options, where findings go, and the analysis session of the
/// TU being matched (shared by every rule of the run; see AnalysisSession.h).
struct RuleContext {
  const RuleOptions &options;
  FindingSink &sink;
  AnalysisSessions &analyses;
};

class Rule;

/// Where `loc` is in its file (a macro expansion's location for a location in a macro).
SourcePoint sourcePointAt(const clang::SourceManager &sm, clang::SourceLocation loc);

/// Whether a fix-it may replace `range`: it is valid, outside macro expansions and outside system
/// headers (LibTorch's, the standard library's), which ampify never edits.
bool isEditableRange(const clang::SourceManager &sm, clang::CharSourceRange range);

/// Collects one finding; it is handed to the sink when the builder goes out of scope.
class FindingBuilder {
public:
  FindingBuilder(Rule &rule, clang::ASTContext &ctx, clang::SourceLocation loc, std::string message);
  FindingBuilder(FindingBuilder &&) = default;
  FindingBuilder(const FindingBuilder &) = delete;
  ~FindingBuilder();

  FindingBuilder &note(clang::SourceLocation loc, const llvm::Twine &message);
  FindingBuilder &replace(clang::CharSourceRange range, llvm::StringRef text);
  FindingBuilder &replace(clang::SourceRange tokenRange, llvm::StringRef text);
  FindingBuilder &insertBefore(clang::SourceLocation loc, llvm::StringRef text);
  FindingBuilder &insertAfterToken(clang::SourceLocation tokenLoc, llvm::StringRef text);
  /// Drops every fix collected so far, e.g. when one piece of a multi-part fix is in a macro.
  FindingBuilder &dropFixes();
  /// The fix needs `header` ("<limits>", or "\"local.h\"") in the file that holds `usedAt`: it
  /// also inserts the #include there, unless the file has it or an earlier finding of this TU
  /// inserts it (IncludeInserter). Nothing is inserted for a finding without fixes.
  FindingBuilder &addInclude(clang::SourceLocation usedAt, llvm::StringRef header);

private:
  Rule *rule_;
  clang::ASTContext *ctx_;
  Finding finding_;
  std::vector<std::pair<clang::FileID, std::string>> includes_; // added when the finding is made
  bool fixesValid_ = true;
  bool suppressed_ = false;
};

class Rule : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  Rule(llvm::StringRef name, RuleContext &context);
  ~Rule() override;

  llvm::StringRef name() const { return name_; }
  /// The options this rule declared (in its constructor), and the values given to them that are
  /// not valid (such an option keeps its default).
  llvm::ArrayRef<OptionSpec> declaredOptions() const { return declaredOptions_; }
  llvm::ArrayRef<std::string> optionErrors() const { return optionErrors_; }
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &finder) = 0;
  virtual void check(const clang::ast_matchers::MatchFinder::MatchResult &result) = 0;

  /// Runs once per run, after every TU, over the cross-unit facts of all of them (CrossUnit.h), in
  /// the front ends that see several TUs (`ampify check`, `ampify merge`): the rule resolves its
  /// exports against the imports that match them. `findings` are the run's findings; the rule adds
  /// what it finds and may replace its own findings that the new ones include.
  virtual void resolveAcrossUnits(const CrossUnitFacts &facts, std::vector<Finding> &findings) {}

  void run(const clang::ast_matchers::MatchFinder::MatchResult &result) final;
  llvm::StringRef getID() const override { return name_; }

protected:
  /// Starts a finding at `loc`. Locations in macros are reported at their expansion; findings
  /// in system headers (LibTorch's own, the mocks) are dropped.
  FindingBuilder report(clang::ASTContext &ctx, clang::SourceLocation loc, const llvm::Twine &message);

  /// The analysis of the TU that `ctx` holds: precision flow, training loops, constants.
  AnalysisSession &analysis(clang::ASTContext &ctx) const { return context_.analyses.of(ctx); }

  /// Declares, from registerMatchers, that the rule asks what autocast does (the precision flow):
  /// every TU's flow then also gives the facts other TUs' findings need (what its functions
  /// return under autocast, the Sequentials it builds), even one where the rule matches nothing.
  void followsPrecision() { context_.analyses.followPrecision(); }

  /// Declares an option and returns its value: `CheckOptions` key `<rule-name>.<key>` or,
  /// failing that, the global `<key>`. Called from the rule's constructor, so that every option
  /// is declared before any value is checked or listed.
  int64_t integerOption(llvm::StringRef key, int64_t defaultValue, int64_t min, int64_t max,
                        llvm::StringRef description);
  bool booleanOption(llvm::StringRef key, bool defaultValue, llvm::StringRef description);

private:
  friend class FindingBuilder;
  /// The text given for `spec` if it is valid, else nullopt (an invalid one is recorded).
  std::optional<std::string> declare(OptionSpec spec);

  std::string name_;
  RuleContext &context_;
  std::vector<OptionSpec> declaredOptions_;
  std::vector<std::string> optionErrors_;
};

using RuleFactory = std::function<std::unique_ptr<Rule>(RuleContext &)>;

} // namespace ampify
