#include "ampify/TrainingLoopMigration.h"

#include "ampify/LoopDevice.h"
#include "ampify/PrecisionFlow.h"
#include "ampify/TorchApi.h"
#include "ampify/TrainingLoops.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"

#include <functional>
#include <map>
#include <set>
#include <utility>

namespace ampify {

using namespace clang::ast_matchers;

namespace {

/// Source text and positions of one file, for edits that keep its layout.
class SourceText {
public:
  explicit SourceText(clang::ASTContext &ctx) : sm_(ctx.getSourceManager()), lang_(ctx.getLangOpts()) {}

  std::string text(clang::SourceRange range) const {
    return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(range), sm_, lang_).str();
  }

  /// The blanks that start the line of `loc`.
  std::string indentOf(clang::SourceLocation loc) const {
    loc = sm_.getExpansionLoc(loc);
    auto [fid, offset] = sm_.getDecomposedLoc(loc);
    llvm::StringRef buffer = sm_.getBufferData(fid);
    size_t lineStart = buffer.rfind('\n', offset == 0 ? 0 : offset - 1);
    lineStart = (lineStart == llvm::StringRef::npos || offset == 0) ? 0 : lineStart + 1;
    llvm::StringRef line = buffer.substr(lineStart);
    return line.take_while([](char c) { return c == ' ' || c == '\t'; }).str();
  }

  /// Where a statement ends: after its `;` or `}`. Invalid if it cannot be found.
  clang::SourceLocation afterStatement(const clang::Stmt *s) const {
    clang::SourceLocation end = s->getEndLoc();
    clang::Token tok;
    if (!clang::Lexer::getRawToken(end, tok, sm_, lang_) &&
        (tok.is(clang::tok::semi) || tok.is(clang::tok::r_brace)))
      return clang::Lexer::getLocForEndOfToken(end, 0, sm_, lang_);
    return clang::Lexer::findLocationAfterToken(end, clang::tok::semi, sm_, lang_, false);
  }

  /// The end of the line of `loc` when only blanks or a `//` comment follow it there (so that a
  /// line inserted after a statement does not take its trailing comment), else `loc`.
  clang::SourceLocation endOfLineAfter(clang::SourceLocation loc) const {
    auto [fid, offset] = sm_.getDecomposedLoc(loc);
    llvm::StringRef rest = sm_.getBufferData(fid).substr(offset);
    llvm::StringRef line = rest.take_until([](char c) { return c == '\n'; });
    llvm::StringRef trimmed = line.ltrim(" \t");
    if (trimmed.empty() || trimmed.starts_with("//"))
      return loc.getLocWithOffset(line.size());
    return loc;
  }

private:
  const clang::SourceManager &sm_;
  const clang::LangOptions &lang_;
};

/// The edits of one loop's migration, collected before they become a finding, so that a loop is
/// reported as migrated only when every edit of it can be written. Insertions at one place
/// compose (their texts in the order they were made: a static GradScaler and the first autocast
/// region both go before a function's first statement); an edit that cannot be made (in a macro,
/// in a system header) or that overlaps another makes the loop a refusal that says why.
class MigrationEdits {
public:
  explicit MigrationEdits(clang::ASTContext &ctx) : ctx_(ctx) {}

  void replace(clang::CharSourceRange range, std::string text) {
    if (!isEditableRange(ctx_.getSourceManager(), range)) {
      fail("one of its edits would fall inside a macro expansion or a system header");
      return;
    }
    edits_.push_back({range, std::move(text)});
  }
  void replace(clang::SourceRange tokenRange, std::string text) {
    replace(clang::CharSourceRange::getTokenRange(tokenRange), std::move(text));
  }
  void insertBefore(clang::SourceLocation loc, std::string text) {
    replace(clang::CharSourceRange::getCharRange(loc, loc), std::move(text));
  }
  /// The migration cannot be written, and why (the first reason given wins).
  void fail(std::string why) {
    if (failure_.empty())
      failure_ = std::move(why);
  }

  /// Composes the edits; returns why they cannot all be written, or an empty string.
  std::string compose() {
    if (!failure_.empty())
      return failure_;
    const clang::SourceManager &sm = ctx_.getSourceManager();
    std::vector<Edit> composed;
    std::map<std::pair<std::string, unsigned>, size_t> insertionAt;
    for (Edit &edit : edits_) {
      clang::tooling::Replacement r(sm, edit.range, "", ctx_.getLangOpts());
      if (r.getLength() == 0) {
        auto [at, first] = insertionAt.try_emplace({r.getFilePath().str(), r.getOffset()}, composed.size());
        if (!first) {
          composed[at->second].text += edit.text;
          continue;
        }
      }
      composed.push_back(std::move(edit));
    }
    std::map<std::string, clang::tooling::Replacements> files;
    for (const Edit &edit : composed) {
      clang::tooling::Replacement r(sm, edit.range, edit.text, ctx_.getLangOpts());
      if (llvm::Error err = files[r.getFilePath().str()].add(r)) {
        llvm::consumeError(std::move(err));
        return "two of its edits overlap at line " + std::to_string(sm.getPresumedLineNumber(edit.range.getBegin())) +
               " and ampify cannot compose them (please report it with the file); migrate it by hand";
      }
    }
    edits_ = std::move(composed);
    return {};
  }

  void addTo(FindingBuilder &finding) const {
    for (const Edit &edit : edits_)
      finding.replace(edit.range, edit.text);
  }

private:
  struct Edit {
    clang::CharSourceRange range;
    std::string text;
  };
  clang::ASTContext &ctx_;
  std::vector<Edit> edits_;
  std::string failure_;
};


/// The names of one function that a name the migration adds must not be: those written in it, and
/// those the migration of its earlier loops added.
struct ScopeNames {
  llvm::StringSet<> taken;
  /// Per base name, the number below which every `ampify_<base><n>` is taken: a function of
  /// thousands of loops would otherwise try every number again for each loop.
  llvm::StringMap<unsigned> numberedFrom;
  /// The GradScaler declared before each outer loop: the loops of one epoch (a training loop and
  /// a second loop that steps the same optimizers) share it, and each declares it with the same
  /// text, which the edit set takes once.
  std::map<const clang::Stmt *, std::string> scalerBefore;
};

class IterationRewriter {
public:
  IterationRewriter(clang::ASTContext &ctx, const MigrationOptions &options, const TrainingIteration &it,
                    MigrationEdits &edits, bool fp16, std::string device, bool cpuOnRequest, ScopeNames &scopeNames,
                    std::map<clang::FileID, std::optional<size_t>> &includeAt)
      : ctx_(ctx), sm_(ctx.getSourceManager()), src_(ctx), options_(options), it_(it), edits_(edits),
        fp16_(fp16), device_(std::move(device)), cpuOnRequest_(cpuOnRequest),
        scopeNames_(scopeNames), includeAt_(includeAt) {}

  /// Adds every edit of the iteration (or says, through the edits, why it cannot).
  void rewrite() {
    // The scaler is declared in the function's scope, where the next loop's must not clash with
    // it; the other names live in the loop's own block.
    if (const clang::Stmt *anchor = scalerAnchor()) {
      auto [shared, first] = scopeNames_.scalerBefore.try_emplace(anchor);
      if (first)
        shared->second = freshName("scaler", /*keep=*/true);
      scaler_ = shared->second;
    } else {
      scaler_ = freshName("scaler", /*keep=*/true);
    }
    bool fp16 = fp16_;

    addInclude();
    if (fp16 && !declareScaler()) {
      edits_.fail("no place to declare the GradScaler was found");
      return;
    }

    unsigned autocasts = 0, inlineLosses = 0;
    // Passes in the branches of one statement (`if (last) loss.backward(); else
    // loss.backward({}, true);`) share the forward before it: one region for them.
    std::set<std::pair<const clang::Stmt *, const clang::Stmt *>> regions;
    for (const BackwardPass &pass : it_.passes) {
      std::string lossText = lossSource(pass);
      bool wrapInline = pass.lossComputedInline && !pass.autogradFunction &&
                        sm_.getExpansionLoc(pass.loss->getBeginLoc()) ==
                            sm_.getExpansionLoc(pass.statement->getBeginLoc());
      if (!pass.forward.empty() && !wrapInline && !regions.emplace(pass.forward.front(), pass.forwardEnd).second) {
        if (fp16)
          edits_.replace(pass.loss->getSourceRange(), scaledLoss(pass, lossText));
        continue;
      }
      std::string autocastName;
      std::string declaration;
      if (!pass.forward.empty() || wrapInline) {
        autocastName = freshName(autocasts++ == 0 ? "autocast" : "autocast" + std::to_string(autocasts));
        declaration = TrainingLoopMigration::RegionOpening.str() + autocastName + "(" + autocastArgument() + ");";
      }
      if (!pass.forward.empty())
        edits_.insertBefore(startOf(pass.forward.front()),
                              declaration + "\n" + src_.indentOf(pass.forward.front()->getBeginLoc()));
      std::string indent = src_.indentOf(pass.statement->getBeginLoc());
      if (wrapInline) {
        // `criterion(model(x), y).backward();`: the loss is computed under autocast into a variable.
        std::string lossName = freshName(inlineLosses++ == 0 ? "loss" : "loss" + std::to_string(inlineLosses));
        std::string head = pass.forward.empty() ? declaration + "\n" + indent : std::string();
        edits_.replace(pass.loss->getSourceRange(),
                         head + "auto " + lossName + " = " + lossText + ";\n" + indent + autocastName +
                             ".exit();\n" + indent + (fp16 ? scaler_ + ".scale(" + lossName + ")" : lossName));
        continue;
      }
      if (!pass.forward.empty())
        edits_.insertBefore(startOf(pass.forwardEnd),
                              autocastName + ".exit();\n" + src_.indentOf(pass.forwardEnd->getBeginLoc()));
      if (fp16)
        edits_.replace(pass.loss->getSourceRange(), scaledLoss(pass, lossText));
    }
    if (autocasts == 0) {
      // No statement before a backward pass computes its loss (`m_Loss = smooth_l1_loss(...)`
      // into a data member): nothing would run under autocast, and a scaled loss alone is no
      // migration.
      edits_.fail("no statement that computes the loss was found before the backward pass, so no "
                  "autocast region could be opened; migrate it by hand");
      return;
    }
    if (!fp16)
      return;

    // unscale_ before the first code that reads or changes gradients, for each optimizer that
    // steps after it.
    if (!it_.gradientAccesses.empty()) {
      const clang::Stmt *access = it_.gradientAccesses.front();
      std::string text;
      std::vector<std::string> done;
      for (const OptimizerStep &step : it_.steps) {
        std::string opt = optimizerArgument(step);
        if (sm_.isBeforeInTranslationUnit(step.call->getBeginLoc(), access->getBeginLoc()) ||
            llvm::is_contained(done, opt))
          continue;
        done.push_back(opt);
        text += scaler_ + ".unscale_(" + opt + ");\n" + src_.indentOf(access->getBeginLoc());
      }
      if (!text.empty())
        edits_.insertBefore(access->getBeginLoc(), text);
    }

    const OptimizerStep *last = &it_.steps.front();
    for (const OptimizerStep &step : it_.steps)
      if (sm_.isBeforeInTranslationUnit(last->call->getBeginLoc(), step.call->getBeginLoc()))
        last = &step;
    for (const OptimizerStep &step : it_.steps) {
      std::string stepText = scaler_ + ".step(" + optimizerArgument(step) + ")";
      if (&step != last) {
        edits_.replace(step.call->getSourceRange(), stepText);
      } else if (step.unbraced) {
        // `if (k % 4 == 0) opt.step();` -> `if (k % 4 == 0) { scaler.step(opt); scaler.update(); }`
        clang::SourceLocation end = src_.afterStatement(step.call);
        edits_.replace(clang::CharSourceRange::getCharRange(step.call->getBeginLoc(), end),
                         "{ " + stepText + "; " + scaler_ + ".update(); }");
      } else {
        edits_.replace(step.call->getSourceRange(), stepText);
        clang::SourceLocation end = src_.afterStatement(step.statement);
        if (end.isInvalid()) {
          edits_.fail("the end of the last step() statement was not found");
          return;
        }
        edits_.insertBefore(src_.endOfLineAfter(end),
                            "\n" + src_.indentOf(step.statement->getBeginLoc()) + scaler_ + ".update();");
      }
    }
  }

private:
  /// Where text inserted before `s` goes: its first character, or the macro invocation it starts
  /// with (`AT_ASSERT(...);`; TrainingLoops refuses a region edge that starts inside an expansion).
  clang::SourceLocation startOf(const clang::Stmt *s) const { return sm_.getExpansionLoc(s->getBeginLoc()); }

  /// The statement of a block that holds `s`, and whether that block belongs to a loop.
  const clang::Stmt *statementInBlock(const clang::Stmt *s) const {
    clang::DynTypedNode node = clang::DynTypedNode::create(*s);
    const clang::Stmt *last = s;
    while (true) {
      auto parents = ctx_.getParents(node);
      if (parents.empty())
        return nullptr;
      node = parents[0];
      if (node.get<clang::CompoundStmt>())
        return last;
      if (node.get<clang::LambdaExpr>() || node.get<clang::FunctionDecl>())
        return nullptr;
      if (const auto *stmt = node.get<clang::Stmt>())
        last = stmt;
    }
  }

  /// `base`, or a variant of it, that no identifier of the function's text (nor a name an earlier
  /// migration of this run kept in the same function) already is. `keep`: the name is declared
  /// in the function's own scope, so later loops of the function must not take it.
  std::string freshName(const std::string &base, bool keep = false) {
    std::string name;
    for (std::string candidate : {base, "amp_" + base, "ampify_" + base})
      if (!scopeNames_.taken.contains(candidate)) {
        name = candidate;
        break;
      }
    unsigned &kept = scopeNames_.numberedFrom[base];
    for (unsigned n = std::max(kept, 2u); name.empty(); ++n)
      if (!scopeNames_.taken.contains("ampify_" + base + std::to_string(n))) {
        name = "ampify_" + base + std::to_string(n);
        if (keep)
          kept = n + 1;
      }
    if (keep)
      scopeNames_.taken.insert(name);
    return name;
  }

  /// `#include <ampify/amp.h>` once, after the file's last torch/ATen/c10 include. The header
  /// counts as included when the preprocessor entered it from this file, or when this file has
  /// an #include directive for it that the preprocessor skipped because the TU had already
  /// entered it (#pragma once). A mention in a comment or string is not a directive.
  /// Where is computed once per file of the TU (includeAt_), not once per loop.
  void addInclude() {
    clang::FileID fid = sm_.getFileID(sm_.getExpansionLoc(it_.passes.front().call->getBeginLoc()));
    auto [known, first] = includeAt_.try_emplace(fid);
    if (first)
      known->second = includeOffset(fid);
    if (!known->second)
      return;
    size_t at = *known->second;
    llvm::StringRef buffer = sm_.getBufferData(fid);
    std::string text = "#include <ampify/amp.h>\n";
    if (at == buffer.size() && at != 0 && !buffer.ends_with("\n"))
      text = "\n" + text;
    edits_.insertBefore(sm_.getLocForStartOfFile(fid).getLocWithOffset(at), text);
  }

  /// Where `#include <ampify/amp.h>` goes in `fid`, or none when it is already included.
  std::optional<size_t> includeOffset(clang::FileID fid) const {
    std::vector<IncludeDirective> directives = includeDirectives(fid);
    auto isRuntimeHeader = [](llvm::StringRef path) {
      return path == "ampify/amp.h" || path.ends_with("/ampify/amp.h");
    };
    bool entered = false, enteredFromHere = false;
    for (unsigned i = 0; i < sm_.local_sloc_entry_size(); ++i) {
      const clang::SrcMgr::SLocEntry &entry = sm_.getLocalSLocEntry(i);
      if (!entry.isFile() || !isRuntimeHeader(entry.getFile().getName()))
        continue;
      entered = true;
      clang::SourceLocation from = entry.getFile().getIncludeLoc();
      if (from.isValid() && sm_.getFileID(from) == fid)
        enteredFromHere = true;
    }
    if (enteredFromHere ||
        (entered && llvm::any_of(directives, [&](const IncludeDirective &d) { return isRuntimeHeader(d.header); })))
      return std::nullopt;
    size_t at = 0;
    bool afterTorch = false;
    for (const IncludeDirective &d : directives) {
      bool torch = llvm::StringRef(d.header).starts_with("torch/") || llvm::StringRef(d.header).starts_with("ATen/") ||
                   llvm::StringRef(d.header).starts_with("c10/");
      if (torch || !afterTorch)
        at = d.endOfLine;
      afterTorch |= torch;
    }
    return at;
  }

  struct IncludeDirective {
    std::string header;   // as spelled between <> or ""
    size_t endOfLine = 0; // offset just after the directive's line
  };

  /// The file's #include directives, found by the raw lexer (so comments are skipped).
  std::vector<IncludeDirective> includeDirectives(clang::FileID fid) const {
    llvm::StringRef buffer = sm_.getBufferData(fid);
    clang::Lexer lexer(sm_.getLocForStartOfFile(fid), ctx_.getLangOpts(), buffer.begin(), buffer.begin(),
                       buffer.end());
    llvm::Regex headerName("^[ \t]*[<\"]([^>\"]*)[>\"]");
    std::vector<IncludeDirective> directives;
    clang::Token tok;
    while (!lexer.LexFromRawLexer(tok) || tok.isNot(clang::tok::eof)) {
      if (tok.isNot(clang::tok::hash) || !tok.isAtStartOfLine())
        continue;
      clang::Token keyword;
      if (lexer.LexFromRawLexer(keyword) || keyword.isNot(clang::tok::raw_identifier) || keyword.isAtStartOfLine())
        continue;
      llvm::StringRef name = keyword.getRawIdentifier();
      if (name != "include" && name != "include_next" && name != "import")
        continue;
      size_t afterKeyword = sm_.getFileOffset(keyword.getEndLoc());
      size_t lineEnd = buffer.find('\n', afterKeyword);
      size_t next = lineEnd == llvm::StringRef::npos ? buffer.size() : lineEnd + 1;
      llvm::SmallVector<llvm::StringRef, 2> groups;
      if (headerName.match(buffer.slice(afterKeyword, next), &groups))
        directives.push_back({groups[1].str(), next});
    }
    return directives;
  }

  /// The statement the GradScaler is declared before: the outermost loop that does not own the
  /// optimizers (with its label). Null for an iteration that is a whole function.
  const clang::Stmt *scalerAnchor() const {
    const clang::Stmt *anchor = it_.outerLoop;
    if (!anchor)
      return nullptr;
    auto parents = ctx_.getParents(*anchor);
    if (!parents.empty() && parents[0].get<clang::LabelStmt>())
      anchor = parents[0].get<clang::LabelStmt>();
    return anchor;
  }

  /// One GradScaler per outer loop, before the outermost loop that does not own the optimizers
  /// (shared by the loops inside it: scalerBefore); for an iteration that is a whole function, one
  /// for that function (a lambda: captured from the enclosing function).
  bool declareScaler() {
    // A scaler of a region that may run on the CPU follows the region there (off unless asked for),
    // so that a CPU run computes what it computed before.
    std::string declaration = "ampify::GradScaler " + scaler_ +
                              (cpuOnRequest_ ? "(ampify::GradScalerOptions().cpu_on_request(true))" : "") + ";";
    if (const clang::Stmt *anchor = scalerAnchor()) {
      edits_.insertBefore(anchor->getBeginLoc(), declaration + "\n" + src_.indentOf(anchor->getBeginLoc()));
      return true;
    }
    if (it_.lambda) {
      const clang::Stmt *holder = statementInBlock(it_.lambda);
      if (!holder)
        return false;
      edits_.insertBefore(holder->getBeginLoc(), declaration + "\n" + src_.indentOf(holder->getBeginLoc()));
      if (it_.lambda->getCaptureDefault() != clang::LCD_ByRef) {
        bool empty = it_.lambda->getCaptureDefault() == clang::LCD_None && it_.lambda->capture_size() == 0;
        edits_.insertBefore(it_.lambda->getIntroducerRange().getEnd(), (empty ? "&" : ", &") + scaler_);
      }
      return true;
    }
    const auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(it_.function->getBody());
    if (!body || body->body_empty())
      return false;
    const clang::Stmt *first = body->body_front();
    edits_.insertBefore(first->getBeginLoc(), "static " + declaration + "\n" + src_.indentOf(first->getBeginLoc()));
    return true;
  }

  std::string lossSource(const BackwardPass &pass) const {
    const clang::Expr *loss = pass.loss->IgnoreImplicit();
    if (const auto *paren = llvm::dyn_cast<clang::ParenExpr>(loss))
      return src_.text(paren->getSubExpr()->getSourceRange());
    return src_.text(pass.loss->getSourceRange());
  }

  std::string scaledLoss(const BackwardPass &pass, const std::string &lossText) const {
    if (pass.autogradFunction && llvm::StringRef(lossText).starts_with("{"))
      return scaler_ + ".scale(torch::autograd::variable_list" + lossText + ")";
    return scaler_ + ".scale(" + lossText + ")";
  }

  /// The optimizer as a reference: `opt`, or `*opt` for a (smart) pointer.
  std::string optimizerArgument(const OptimizerStep &step) const {
    std::string text = src_.text(step.optimizer->getSourceRange());
    if (!step.throughPointer)
      return text;
    const clang::Expr *e = step.optimizer->IgnoreImplicit();
    bool postfix = llvm::isa<clang::DeclRefExpr, clang::MemberExpr, clang::ArraySubscriptExpr, clang::CallExpr,
                             clang::ParenExpr, clang::CXXThisExpr>(e) &&
                   !llvm::isa<clang::CXXOperatorCallExpr>(e);
    return postfix ? "*" + text : "*(" + text + ")";
  }

  /// The argument of ampify::Autocast: the device, with the dtype where the device's default is
  /// not the one chosen. A region that may run on the CPU is on there only when the user asks at
  /// run time (`cpu_on_request`: bf16's rounding moved rounding-sensitive CPU programs beyond
  /// tolerance, and without bf16 hardware it is slower); fp16 that the user asked for on such a
  /// device is written as asked.
  std::string autocastArgument() const {
    // fp16 asked for on a device whose autocast may default to bf16 (the CPU).
    if (fp16_ && options_.dtype == MigrationOptions::Dtype::Float16 && device_ != "c10::kCUDA")
      return "ampify::AutocastOptions(" + device_ + ").dtype(at::kHalf)";
    std::string options = "ampify::AutocastOptions(" + device_ + ")" + (fp16_ ? "" : ".dtype(at::kBFloat16)");
    if (cpuOnRequest_)
      return options + ".cpu_on_request(true)";
    return fp16_ ? device_ : options;
  }

  clang::ASTContext &ctx_;
  const clang::SourceManager &sm_;
  SourceText src_;
  const MigrationOptions &options_;
  const TrainingIteration &it_;
  MigrationEdits &edits_;
  bool fp16_;
  std::string device_;
  bool cpuOnRequest_;
  ScopeNames &scopeNames_;
  std::map<clang::FileID, std::optional<size_t>> &includeAt_;
  std::string scaler_;
};


} // namespace

void TrainingLoopMigration::registerMatchers(MatchFinder &finder) {
  // Any backward() or step() makes the TU worth analysing; the analysis itself walks the TU once.
  finder.addMatcher(callExpr(callee(functionDecl(hasAnyName("backward", "step")))).bind("call"), this);
  finder.addMatcher(cxxDependentScopeMemberExpr(hasMemberName("backward")).bind("call"), this);
}

void TrainingLoopMigration::check(const MatchFinder::MatchResult &result) { context_ = result.Context; }

namespace {

/// A conv net's model, once converted to channels_last in a function.
using ConvertedModel = std::pair<const clang::FunctionDecl *, const clang::ValueDecl *>;

/// The edits of ampify-conv-memory-format for the conv nets whose forward runs in the statements
/// the migration puts under autocast: the model once per function (`converted` holds those an
/// earlier loop converted; the ones this loop converts are returned), and each forward call's
/// input. A loss computed inside the backward statement is rewritten as a whole, so forward calls
/// there keep their input as it is.
std::vector<ConvertedModel> addChannelsLast(clang::ASTContext &ctx, const TrainingIteration &it,
                                            MigrationEdits &edits, const std::set<ConvertedModel> &converted,
                                            std::vector<std::pair<clang::SourceLocation, std::string>> &notes) {
  std::vector<ConvertedModel> convertedHere;
  std::function<void(const clang::Stmt *)> visit = [&](const clang::Stmt *s) {
    if (!s || llvm::isa<clang::LambdaExpr>(s))
      return;
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s)) {
      ChannelsLastPlan plan = channelsLastPlan(call, it.function, ctx);
      if (plan.unseen && llvm::none_of(notes, [&](const auto &note) { return note.first == call->getBeginLoc(); }))
        notes.emplace_back(call->getBeginLoc(),
                           "conv net left in the contiguous format (NCHW): `" + plan.unseen->getQualifiedNameAsString() +
                               "` is defined in another file, where ampify cannot check that the model has no "
                               ".view() of an activation, which fails on channels_last tensors; convert it by hand "
                               "(ampify::to_channels_last) if it has none");
      if (plan.model && !plan.modelEdits.empty()) {
        ConvertedModel model{it.function, plan.model};
        if (!converted.count(model) && !llvm::is_contained(convertedHere, model)) {
          convertedHere.push_back(model);
          for (const SourceEdit &edit : plan.modelEdits)
            edits.replace(edit.range, edit.text);
          notes.emplace_back(call->getBeginLoc(), "conv net: the model and its input go to channels_last "
                                                  "(ampify-conv-memory-format; --no-channels-last keeps NCHW)");
        }
        for (const SourceEdit &edit : plan.inputEdits)
          edits.replace(edit.range, edit.text);
      }
    }
    for (const clang::Stmt *child : s->children())
      visit(child);
  };
  for (const BackwardPass &pass : it.passes)
    for (const clang::Stmt *s : pass.forward)
      visit(s);
  return convertedHere;
}

/// The identifiers written in `body` (what a name added to it must not be), by the raw lexer:
/// words in comments and strings do not count.
llvm::StringSet<> identifiersOf(const clang::Stmt *body, clang::ASTContext &ctx) {
  const clang::SourceManager &sm = ctx.getSourceManager();
  llvm::StringSet<> names;
  clang::SourceLocation begin = sm.getExpansionLoc(body->getBeginLoc());
  clang::SourceLocation end = sm.getExpansionLoc(body->getEndLoc());
  auto [fid, offset] = sm.getDecomposedLoc(begin);
  if (sm.getFileID(end) != fid)
    return names;
  unsigned endOffset = sm.getFileOffset(end);
  llvm::StringRef buffer = sm.getBufferData(fid);
  clang::Lexer lexer(sm.getLocForStartOfFile(fid), ctx.getLangOpts(), buffer.begin(), buffer.begin() + offset,
                     buffer.end());
  clang::Token tok;
  while (true) {
    bool eof = lexer.LexFromRawLexer(tok);
    if (sm.getFileOffset(tok.getLocation()) > endOffset)
      break;
    if (tok.is(clang::tok::raw_identifier))
      names.insert(tok.getRawIdentifier());
    if (eof)
      break;
  }
  return names;
}

} // namespace

void TrainingLoopMigration::onEndOfTranslationUnit() {
  if (!context_)
    return;
  clang::ASTContext &ctx = *context_;
  context_ = nullptr;
  const clang::SourceManager &sm = ctx.getSourceManager();
  const TrainingLoops &loops = analysis(ctx).loops();
  for (const RefusedIteration &refusal : loops.refusals())
    report(ctx, refusal.where, "training loop not migrated: " + refusal.message);
  for (const TrainingIteration &it : loops.migrated())
    report(ctx, it.passes.front().call->getBeginLoc(), AlreadyMigrated);

  // State shared by the loops of the TU, so that each loop costs the same however many there are.
  LoopDevices &devices = analysis(ctx).loopDevices();
  std::map<const clang::FunctionDecl *, ScopeNames> namesByFunction;
  std::map<clang::FileID, std::optional<size_t>> includeAt;
  // The banned calls of the TU by the region they were found in: PrecisionFlow analyses each
  // iteration's forward and loss as the CUDA autocast region it will become.
  std::optional<llvm::DenseMap<clang::SourceLocation, std::vector<const BannedCall *>>> bannedByRegion;
  auto bannedCallsInForward = [&](const TrainingIteration &it) {
    if (!bannedByRegion) {
      bannedByRegion.emplace();
      for (const BannedCall &banned : analysis(ctx).flow().bannedCalls())
        (*bannedByRegion)[banned.region.opened].push_back(&banned);
    }
    std::vector<const BannedCall *> found;
    for (const BackwardPass &pass : it.passes) {
      if (pass.forward.empty())
        continue;
      auto inRegion = bannedByRegion->find(pass.forward.front()->getBeginLoc());
      if (inRegion == bannedByRegion->end())
        continue;
      for (const BannedCall *banned : inRegion->second)
        if (llvm::none_of(found, [&](const BannedCall *f) { return f->call == banned->call; }))
          found.push_back(banned);
    }
    return found;
  };

  // The calls of options_.fp32Calls in an iteration's forward and loss: at each point, the
  // innermost call that begins there (`criterion->forward(out, y)`, not the `.mean()` of its result
  // nor the holder's `operator->`).
  std::map<std::pair<std::string, unsigned>, const MigrationOptions::Fp32Call *> wanted;
  for (const MigrationOptions::Fp32Call &c : options_.fp32Calls)
    wanted[{c.call.file, c.call.offset}] = &c;
  auto fp32CallsInForward = [&](const TrainingIteration &it) {
    std::vector<std::pair<const clang::CallExpr *, std::string>> found;
    if (wanted.empty())
      return found;
    std::map<std::pair<std::string, unsigned>, const clang::CallExpr *> innermost;
    std::function<void(const clang::Stmt *)> visit = [&](const clang::Stmt *s) {
      if (!s)
        return;
      const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(s);
      const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(s);
      bool access = (op && op->getOperator() == clang::OO_Arrow) || // a module holder's `criterion->`
                    (member && llvm::isa_and_nonnull<clang::CXXConversionDecl>(member->getMethodDecl()));
      if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s); call && !access) {
        SourcePoint at = sourcePointAt(sm, call->getBeginLoc());
        if (wanted.count({at.file, at.offset}))
          innermost[{at.file, at.offset}] = call; // visited after the calls that enclose it
      }
      for (const clang::Stmt *child : s->children())
        visit(child);
    };
    for (const BackwardPass &pass : it.passes)
      for (const clang::Stmt *s : pass.forward)
        visit(s);
    for (const auto &[at, call] : innermost)
      found.emplace_back(call, wanted[at]->why);
    return found;
  };

  std::set<ConvertedModel> channelsLastModels;
  for (const TrainingIteration &it : loops.iterations()) {
    clang::SourceLocation backward = it.passes.front().call->getBeginLoc();
    DeviceDecision device = devices.decide(it);
    // CPU autocast runs bf16 by default, which has fp32's exponent range: no loss scaling
    // (--dtype=fp16 asks for fp16 there too).
    bool cpu = device.kind == DeviceKind::Cpu;
    bool fp16 = options_.dtype == MigrationOptions::Dtype::Float16 ||
                (options_.dtype == MigrationOptions::Dtype::DeviceDefault && !cpu);
    if (fp16 && it.gradientsNeverReset) {
      report(ctx, backward,
             "training loop not migrated: nothing zeroes the gradients in this loop (no zero_grad()), so they "
             "accumulate over every iteration of the run; GradScaler::unscale_ divides the accumulated "
             "gradients by the loss scale at every step, which would shrink the earlier iterations' share "
             "each time and change the results; call optimizer.zero_grad() in the loop (or every k "
             "iterations, to accumulate over k), then run ampify fix again");
      continue;
    }
    if (it.workerThreads) {
      report(ctx, backward,
             "training loop not migrated: its losses are computed by the threads started at line " +
                 std::to_string(ctx.getSourceManager().getExpansionLineNumber(it.workerThreads->getBeginLoc())) +
                 ", and autocast's state belongs to the thread that enables it, so a region here would not reach "
                 "them (they would stay fp32); open an ampify::Autocast at the start of the function each thread "
                 "runs, then migrate this loop's backward and step to the GradScaler by hand (docs/fix.md)");
      continue;
    }
    MigrationEdits edits(ctx);
    const clang::FunctionDecl *scope = scopeFunction(ctx, it);
    auto [names, firstLoop] = namesByFunction.try_emplace(scope);
    if (firstLoop && scope && scope->getBody())
      names->second.taken = identifiersOf(scope->getBody(), ctx);
    // A region that may run on the CPU is on there only on request; fp16 asked for (--dtype=fp16)
    // is written as asked.
    bool cpuOnRequest = device.kind != DeviceKind::Cuda && options_.dtype != MigrationOptions::Dtype::Float16;
    IterationRewriter rewriter(ctx, options_, it, edits, fp16, device.argument, cpuOnRequest,
                               names->second, includeAt);
    rewriter.rewrite();
    std::vector<std::pair<clang::SourceLocation, std::string>> notes;
    std::vector<ConvertedModel> converted;
    if (options_.channelsLast && !cpu)
      converted = addChannelsLast(ctx, it, edits, channelsLastModels, notes);

    // A banned op would compile under the migration and raise at run time ("unsafe to
    // autocast"): the migration rewrites it to the logits form, or runs it in fp32. CPU autocast
    // runs binary_cross_entropy in fp32; a key padding mask raises there too.
    const BannedCall *unfixable = nullptr;
    LogitsRewrite unfixableWhy;
    for (const BannedCall *banned : bannedCallsInForward(it)) {
      bool mask = banned->reason == BannedReason::FloatOnlyKeyPaddingMask;
      bool noKernel = banned->reason == BannedReason::NoLowPrecisionKernel;
      std::string lowName = precisionName(banned->region.lowDtype).str(); // fp16, or bf16 with --dtype=bf16
      if (cpu && !mask)
        continue;
      if (mask || noKernel) {
        std::optional<SourceEdit> fp32 = runInFp32(banned->call, ctx);
        if (!fp32) {
          unfixable = banned;
          unfixableWhy.whyNot = "the call is written by a macro: wrap it in ampify::run_in_fp32 by hand";
          break;
        }
        edits.replace(fp32->range, fp32->text);
        notes.emplace_back(banned->call->getBeginLoc(),
                           mask ? "`" + banned->op + "` with a key padding mask raises under autocast (LibTorch's "
                                  "C++ forward fills the mask with a float-only kernel): it runs in fp32 through "
                                  "ampify::run_in_fp32"
                                : "`" + banned->op + "` has no " + lowName + " kernel on CUDA and would raise on "
                                  "the " + lowName + " tensor autocast gives it here: it runs in fp32 through "
                                  "ampify::run_in_fp32");
        continue;
      }
      LogitsRewrite logits = logitsRewrite(banned->call, ctx);
      if (!logits.edits.empty()) {
        for (const SourceEdit &edit : logits.edits)
          edits.replace(edit.range, edit.text);
        notes.emplace_back(banned->call->getBeginLoc(),
                                 "binary_cross_entropy, which raises under CUDA autocast, becomes "
                                 "binary_cross_entropy_with_logits on the input of its sigmoid");
        continue;
      }
      std::optional<SourceEdit> fp32 = runInFp32(banned->call, ctx);
      if (!fp32) {
        unfixable = banned;
        unfixableWhy = std::move(logits);
        break;
      }
      edits.replace(fp32->range, fp32->text);
      notes.emplace_back(banned->call->getBeginLoc(),
                               "`" + banned->op + "` raises under CUDA autocast: it runs in fp32 through "
                               "ampify::run_in_fp32 (autocast off, its tensors cast to float); the logits "
                               "form is faster and numerically safer: " + logits.whyNot);
    }
    // Calls of another TU's function that would break under autocast run in fp32.
    const clang::CallExpr *unwrappable = nullptr;
    for (const auto &[call, why] : fp32CallsInForward(it)) {
      std::optional<SourceEdit> fp32 = runInFp32(call, ctx);
      if (!fp32) {
        unwrappable = call;
        break;
      }
      edits.replace(fp32->range, fp32->text);
      notes.emplace_back(call->getBeginLoc(),
                         "this call runs in fp32 through ampify::run_in_fp32 (autocast off, its tensors cast to "
                         "float), as it did before the migration: under autocast, " + why);
    }
    if (unwrappable) {
      report(ctx, unwrappable->getBeginLoc(),
             "training loop not migrated: this call of a function of another file would break under autocast, "
             "and it is written by a macro: wrap it in ampify::run_in_fp32 by hand, then run `ampify fix` again")
          .note(backward, "the backward pass of that training loop");
      continue;
    }
    if (unfixable) {
      report(ctx, unfixable->call->getBeginLoc(),
             "training loop not migrated: `" + unfixable->op + "` in its forward and loss raises under " +
                 (unfixable->reason == BannedReason::AutocastBanned ? "CUDA " : "") + "autocast; " +
                 unfixableWhy.whyNot +
                 "; see `ampify explain ampify-banned-under-autocast`, then run `ampify fix` again")
          .note(backward, "the backward pass of that training loop");
      continue;
    }
    // Never claim a migration that is not written: edits that cannot all be made make a refusal.
    std::string failure = edits.compose();
    if (!failure.empty()) {
      report(ctx, backward, "training loop not migrated: " + failure);
      continue;
    }
    std::string precision = !cpuOnRequest ? (fp16 ? "fp16" : "bf16")
                            : fp16      ? "fp16 on CUDA; bf16 on the CPU"
                            : cpu       ? "bf16 on the CPU"
                                        : "bf16; on the CPU";
    if (cpuOnRequest)
      precision += " only when run with AMPIFY_CPU_AUTOCAST=1";
    std::string what = "forward pass under ampify::Autocast (" + precision + ")" +
                       (fp16 ? ", loss scaled by ampify::GradScaler" : "");
    channelsLastModels.insert(converted.begin(), converted.end());
    FindingBuilder finding = report(ctx, backward, "training loop migrated to mixed precision: " + what);
    edits.addTo(finding);
    if (!device.why.empty())
      finding.note(device.decidedBy.isValid() ? device.decidedBy : backward, device.why);
    for (const auto &[where, note] : notes)
      finding.note(where, note);
    if (!fp16)
      continue;
    for (const clang::Stmt *read : it.scaledGradientReads) {
      bool beforeLastBackward = llvm::any_of(it.passes, [&](const BackwardPass &pass) {
        return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(read->getBeginLoc()),
                                            sm.getExpansionLoc(pass.call->getBeginLoc()));
      });
      report(ctx, read->getBeginLoc(),
             beforeLastBackward
                 ? "training loop migrated, but this code reads or changes gradients before the iteration's last "
                   "backward pass: they are still multiplied by the loss scale here (scaler.unscale_ runs once, "
                   "after the last backward pass); divide by scaler.get_scale(), or move it after "
                   "scaler.unscale_"
                 : "training loop migrated, but this code reads or changes gradients outside the "
                   "condition of the optimizer step: they are still multiplied by the loss scale here "
                   "(scaler.unscale_ runs only where the step does); move it after scaler.unscale_ "
                   "inside the condition, or divide by scaler.get_scale()");
    }
  }
}

} // namespace ampify
