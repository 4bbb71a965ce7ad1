#include "ampify/TrainingLoopMigration.h"

#include "ampify/PrecisionFlow.h"
#include "ampify/TorchApi.h"
#include "ampify/TrainingLoops.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Regex.h"

#include <functional>
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

bool isRecordNamed(clang::QualType type, llvm::StringRef qualified) {
  type = type.getNonReferenceType().getUnqualifiedType();
  if (const auto *record = type->getAsCXXRecordDecl())
    return record->getQualifiedNameAsString() == qualified;
  return false;
}

bool isDeviceTypeEnum(clang::QualType type) {
  type = type.getNonReferenceType().getUnqualifiedType();
  if (const auto *e = type->getAs<clang::EnumType>())
    return e->getDecl()->getQualifiedNameAsString() == "c10::DeviceType";
  return false;
}

const clang::Stmt *findStmt(const clang::Stmt *s, llvm::function_ref<bool(const clang::Stmt *)> pred) {
  if (!s)
    return nullptr;
  if (pred(s))
    return s;
  for (const clang::Stmt *child : s->children())
    if (const clang::Stmt *found = findStmt(child, pred))
      return found;
  return nullptr;
}

class IterationRewriter {
public:
  IterationRewriter(clang::ASTContext &ctx, const MigrationOptions &options, const TrainingIteration &it,
                    FindingBuilder &finding)
      : ctx_(ctx), sm_(ctx.getSourceManager()), src_(ctx), options_(options), it_(it), finding_(finding) {}

  /// Adds every edit of the iteration; returns a note for the finding (empty if none).
  std::string rewrite() {
    const clang::Stmt *scope = scopeForNames();
    std::string scopeText = scope ? src_.text(scope->getSourceRange()) : std::string();
    scaler_ = freshName(scopeText, "scaler");
    bool fp16 = options_.fp16();
    std::string note;

    addInclude();
    if (fp16 && !declareScaler()) {
      finding_.dropFixes();
      return "no place to declare the GradScaler was found: nothing was changed";
    }

    unsigned autocasts = 0, inlineLosses = 0;
    for (const BackwardPass &pass : it_.passes) {
      std::string lossText = lossSource(pass);
      bool wrapInline = pass.lossComputedInline && !pass.autogradFunction &&
                        sm_.getExpansionLoc(pass.loss->getBeginLoc()) ==
                            sm_.getExpansionLoc(pass.statement->getBeginLoc());
      std::string autocastName;
      std::string declaration;
      if (!pass.forward.empty() || wrapInline) {
        autocastName = freshName(scopeText, autocasts++ == 0 ? "autocast" : "autocast" + std::to_string(autocasts));
        declaration = "ampify::Autocast " + autocastName + "(" + autocastArgument(pass, note) + ");";
      }
      if (!pass.forward.empty())
        finding_.insertBefore(startOf(pass.forward.front()),
                              declaration + "\n" + src_.indentOf(pass.forward.front()->getBeginLoc()));
      std::string indent = src_.indentOf(pass.statement->getBeginLoc());
      if (wrapInline) {
        // `criterion(model(x), y).backward();`: the loss is computed under autocast into a variable.
        std::string lossName = freshName(scopeText, inlineLosses++ == 0 ? "loss" : "loss" + std::to_string(inlineLosses));
        std::string head = pass.forward.empty() ? declaration + "\n" + indent : std::string();
        finding_.replace(pass.loss->getSourceRange(),
                         head + "auto " + lossName + " = " + lossText + ";\n" + indent + autocastName +
                             ".exit();\n" + indent + (fp16 ? scaler_ + ".scale(" + lossName + ")" : lossName));
        continue;
      }
      if (!pass.forward.empty())
        finding_.insertBefore(startOf(pass.forwardEnd),
                              autocastName + ".exit();\n" + src_.indentOf(pass.forwardEnd->getBeginLoc()));
      if (fp16)
        finding_.replace(pass.loss->getSourceRange(), scaledLoss(pass, lossText));
    }
    if (!fp16)
      return note;

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
        finding_.insertBefore(access->getBeginLoc(), text);
    }

    const OptimizerStep *last = &it_.steps.front();
    for (const OptimizerStep &step : it_.steps)
      if (sm_.isBeforeInTranslationUnit(last->call->getBeginLoc(), step.call->getBeginLoc()))
        last = &step;
    for (const OptimizerStep &step : it_.steps) {
      std::string stepText = scaler_ + ".step(" + optimizerArgument(step) + ")";
      if (&step != last) {
        finding_.replace(step.call->getSourceRange(), stepText);
      } else if (step.unbraced) {
        // `if (k % 4 == 0) opt.step();` -> `if (k % 4 == 0) { scaler.step(opt); scaler.update(); }`
        clang::SourceLocation end = src_.afterStatement(step.call);
        finding_.replace(clang::CharSourceRange::getCharRange(step.call->getBeginLoc(), end),
                         "{ " + stepText + "; " + scaler_ + ".update(); }");
      } else {
        finding_.replace(step.call->getSourceRange(), stepText);
        clang::SourceLocation end = src_.afterStatement(step.statement);
        if (end.isInvalid()) {
          finding_.dropFixes();
          return "the end of the last step() statement was not found: nothing was changed";
        }
        finding_.insertBefore(src_.endOfLineAfter(end),
                              "\n" + src_.indentOf(step.statement->getBeginLoc()) + scaler_ + ".update();");
      }
    }
    return note;
  }

private:
  /// Where text inserted before `s` goes: its first character, or the macro invocation it starts
  /// with (`AT_ASSERT(...);`; TrainingLoops refuses a region edge that starts inside an expansion).
  clang::SourceLocation startOf(const clang::Stmt *s) const { return sm_.getExpansionLoc(s->getBeginLoc()); }

  /// The code whose names the new declarations must not shadow or clash with.
  const clang::Stmt *scopeForNames() const {
    const clang::FunctionDecl *fn = it_.function;
    if (it_.lambda)
      if (const auto *outer = enclosingFunction(it_.lambda))
        fn = outer;
    return fn->getBody();
  }

  const clang::FunctionDecl *enclosingFunction(const clang::Stmt *s) const {
    clang::DynTypedNode node = clang::DynTypedNode::create(*s);
    while (true) {
      auto parents = ctx_.getParents(node);
      if (parents.empty())
        return nullptr;
      node = parents[0];
      if (const auto *lambda = node.get<clang::LambdaExpr>())
        return lambda->getCallOperator();
      if (const auto *fn = node.get<clang::FunctionDecl>())
        return fn;
    }
  }

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

  static std::string freshName(llvm::StringRef scopeText, const std::string &base) {
    for (std::string name : {base, "amp_" + base, "ampify_" + base}) {
      llvm::Regex word("(^|[^A-Za-z0-9_])" + name + "([^A-Za-z0-9_]|$)");
      if (!word.match(scopeText))
        return name;
    }
    return "ampify_" + base + "_";
  }

  /// `#include <ampify/amp.h>` once, after the file's last torch/ATen/c10 include. The header
  /// counts as included when the preprocessor entered it from this file, or when this file has
  /// an #include directive for it that the preprocessor skipped because the TU had already
  /// entered it (#pragma once). A mention in a comment or string is not a directive.
  void addInclude() {
    clang::FileID fid = sm_.getFileID(sm_.getExpansionLoc(it_.passes.front().call->getBeginLoc()));
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
      return;
    size_t at = 0;
    bool afterTorch = false;
    for (const IncludeDirective &d : directives) {
      bool torch = llvm::StringRef(d.header).starts_with("torch/") || llvm::StringRef(d.header).starts_with("ATen/") ||
                   llvm::StringRef(d.header).starts_with("c10/");
      if (torch || !afterTorch)
        at = d.endOfLine;
      afterTorch |= torch;
    }
    llvm::StringRef buffer = sm_.getBufferData(fid);
    std::string text = "#include <ampify/amp.h>\n";
    if (at == buffer.size() && at != 0 && !buffer.ends_with("\n"))
      text = "\n" + text;
    finding_.insertBefore(sm_.getLocForStartOfFile(fid).getLocWithOffset(at), text);
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

  /// One GradScaler per loop, before the outermost loop that does not own the optimizers; for an
  /// iteration that is a whole function, one for that function (a lambda: captured from the
  /// enclosing function).
  bool declareScaler() {
    std::string declaration = "ampify::GradScaler " + scaler_ + ";";
    if (it_.outerLoop) {
      const clang::Stmt *anchor = it_.outerLoop;
      auto parents = ctx_.getParents(*anchor);
      if (!parents.empty() && parents[0].get<clang::LabelStmt>())
        anchor = parents[0].get<clang::LabelStmt>();
      finding_.insertBefore(anchor->getBeginLoc(), declaration + "\n" + src_.indentOf(anchor->getBeginLoc()));
      return true;
    }
    if (it_.lambda) {
      const clang::Stmt *holder = statementInBlock(it_.lambda);
      if (!holder)
        return false;
      finding_.insertBefore(holder->getBeginLoc(), declaration + "\n" + src_.indentOf(holder->getBeginLoc()));
      if (it_.lambda->getCaptureDefault() != clang::LCD_ByRef) {
        bool empty = it_.lambda->getCaptureDefault() == clang::LCD_None && it_.lambda->capture_size() == 0;
        finding_.insertBefore(it_.lambda->getIntroducerRange().getEnd(), (empty ? "&" : ", &") + scaler_);
      }
      return true;
    }
    const auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(it_.function->getBody());
    if (!body || body->body_empty())
      return false;
    const clang::Stmt *first = body->body_front();
    finding_.insertBefore(first->getBeginLoc(), "static " + declaration + "\n" + src_.indentOf(first->getBeginLoc()));
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

  /// The device the autocast region runs on: the flag, or (auto) the program's own device.
  std::string autocastArgument(const BackwardPass &pass, std::string &note) {
    std::string device;
    switch (options_.device) {
    case MigrationOptions::Device::Cuda:
      device = "c10::kCUDA";
      break;
    case MigrationOptions::Device::Cpu:
      device = "c10::kCPU";
      break;
    case MigrationOptions::Device::Auto:
      device = programDevice(pass.forward.empty() ? pass.statement : pass.forward.front());
      if (device.empty()) {
        device = "c10::kCUDA";
        note = "no device expression of the program is visible here: autocast on CUDA";
      }
      break;
    }
    if (options_.dtype == MigrationOptions::Dtype::BFloat16)
      return "ampify::AutocastOptions(" + device + ").dtype(at::kBFloat16)";
    // fp16 asked for on a device whose autocast may default to bf16 (the CPU).
    if (options_.dtype == MigrationOptions::Dtype::Float16 && options_.device != MigrationOptions::Device::Cuda)
      return "ampify::AutocastOptions(" + device + ").dtype(at::kHalf)";
    return device;
  }

  /// A device the program moves its tensors or modules to (`.to(device)`), or a torch::Device
  /// variable, that is visible at `at`; as a c10::DeviceType expression.
  std::string programDevice(const clang::Stmt *at) {
    const clang::Stmt *scope = scopeForNames();
    std::vector<const clang::Expr *> candidates;
    findStmt(scope, [&](const clang::Stmt *n) {
      if (const auto *call = llvm::dyn_cast<clang::CallExpr>(n)) {
        const auto *fn = call->getDirectCallee();
        if (fn && fn->getDeclName().isIdentifier() && fn->getName() == "to" && call->getNumArgs() >= 1) {
          const clang::Expr *arg = call->getArg(0)->IgnoreImplicit();
          if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call))
            arg = member->getArg(0)->IgnoreImplicit();
          candidates.push_back(arg);
        }
      }
      return false;
    });
    findStmt(scope, [&](const clang::Stmt *n) {
      if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(n))
        for (const clang::Decl *d : decls->decls())
          if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d); var && isRecordNamed(var->getType(), "c10::Device"))
            deviceVariables_.push_back(var);
      return false;
    });
    if (const auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(
            it_.lambda ? enclosingFunction(it_.lambda) : it_.function))
      for (const clang::ParmVarDecl *param : fn->parameters())
        if (isRecordNamed(param->getType(), "c10::Device"))
          deviceVariables_.push_back(param);
    for (const clang::Expr *arg : candidates) {
      // `device`, or a member of a variable (`config.device`), passed by value or reference.
      const clang::Expr *e = arg->IgnoreImplicit();
      if (const auto *copy = llvm::dyn_cast<clang::CXXConstructExpr>(e);
          copy && copy->getNumArgs() == 1 && copy->getConstructor()->isCopyOrMoveConstructor())
        e = copy->getArg(0);
      e = e->IgnoreParenImpCasts();
      const clang::Expr *root = e;
      while (const auto *member = llvm::dyn_cast<clang::MemberExpr>(root)) {
        if (member->isArrow())
          break;
        root = member->getBase()->IgnoreParenImpCasts();
      }
      const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(root);
      const auto *var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
      if (!var || !visibleAt(var, at) || e->getBeginLoc().isMacroID())
        continue;
      if (isRecordNamed(e->getType(), "c10::Device"))
        return src_.text(e->getSourceRange()) + ".type()";
      if (isDeviceTypeEnum(e->getType()))
        return src_.text(e->getSourceRange());
    }
    for (const clang::VarDecl *var : deviceVariables_)
      if (visibleAt(var, at))
        return var->getName().str() + ".type()";
    return {};
  }

  /// Whether `var` can be named at `at`: a global, a parameter of the function (or of the function
  /// around a lambda that captures by reference), or a local declared before in an enclosing block.
  bool visibleAt(const clang::VarDecl *var, const clang::Stmt *at) const {
    if (var->hasGlobalStorage() && !var->isStaticLocal())
      return true;
    if (it_.lambda && it_.lambda->getCaptureDefault() == clang::LCD_None)
      return false;
    if (llvm::isa<clang::ParmVarDecl>(var))
      return true;
    if (!sm_.isBeforeInTranslationUnit(var->getLocation(), at->getBeginLoc()))
      return false;
    auto parents = ctx_.getParents(*var);
    if (parents.empty())
      return false;
    const auto *declStmt = parents[0].get<clang::DeclStmt>();
    if (!declStmt)
      return false;
    auto blockParents = ctx_.getParents(*declStmt);
    const clang::Stmt *block = blockParents.empty() ? nullptr : blockParents[0].get<clang::Stmt>();
    return block && sm_.isPointWithin(at->getBeginLoc(), block->getBeginLoc(), block->getEndLoc());
  }

  clang::ASTContext &ctx_;
  const clang::SourceManager &sm_;
  SourceText src_;
  const MigrationOptions &options_;
  const TrainingIteration &it_;
  FindingBuilder &finding_;
  std::string scaler_;
  std::vector<const clang::VarDecl *> deviceVariables_;
};

} // namespace

/// The calls of autocast-banned ops that the migration would put under CUDA autocast: in the
/// forward and loss of `it` (PrecisionFlow analyses them as the region they will become), or in
/// functions of the TU they call. None when the regions go on the CPU.
std::vector<const BannedCall *> TrainingLoopMigration::bannedCallsInForward(clang::ASTContext &ctx,
                                                                          const TrainingIteration &it) const {
  std::vector<const BannedCall *> found;
  if (options_.device == MigrationOptions::Device::Cpu)
    return found;
  for (const BannedCall &banned : analysis(ctx).flow().bannedCalls())
    for (const BackwardPass &pass : it.passes)
      if (!pass.forward.empty() && banned.region.opened == pass.forward.front()->getBeginLoc() &&
          llvm::find_if(found, [&](const BannedCall *f) { return f->call == banned.call; }) == found.end())
        found.push_back(&banned);
  return found;
}

namespace {
/// The edits of ampify-conv-memory-format for the conv nets whose forward runs in the statements
/// the migration puts under autocast: the model once per function (`models` remembers which),
/// and each forward call's input. A loss computed inside the backward statement is rewritten as a
/// whole, so forward calls there keep their input as it is.
void addChannelsLast(clang::ASTContext &ctx, const TrainingIteration &it, FindingBuilder &finding,
                     std::set<std::pair<const clang::FunctionDecl *, const clang::ValueDecl *>> &models) {
  std::function<void(const clang::Stmt *)> visit = [&](const clang::Stmt *s) {
    if (!s || llvm::isa<clang::LambdaExpr>(s))
      return;
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s)) {
      ChannelsLastPlan plan = channelsLastPlan(call, it.function, ctx);
      if (plan.model && !plan.modelEdits.empty()) {
        if (models.insert({it.function, plan.model}).second) {
          for (const SourceEdit &edit : plan.modelEdits)
            finding.replace(edit.range, edit.text);
          finding.note(call->getBeginLoc(), "conv net: the model and its input go to channels_last "
                                            "(ampify-conv-memory-format; --no-channels-last keeps NCHW)");
        }
        for (const SourceEdit &edit : plan.inputEdits)
          finding.replace(edit.range, edit.text);
      }
    }
    for (const clang::Stmt *child : s->children())
      visit(child);
  };
  for (const BackwardPass &pass : it.passes)
    for (const clang::Stmt *s : pass.forward)
      visit(s);
}
} // namespace

void TrainingLoopMigration::registerMatchers(MatchFinder &finder) {
  // Any backward() or step() makes the TU worth analysing; the analysis itself walks the TU once.
  finder.addMatcher(callExpr(callee(functionDecl(hasAnyName("backward", "step")))).bind("call"), this);
  finder.addMatcher(cxxDependentScopeMemberExpr(hasMemberName("backward")).bind("call"), this);
}

void TrainingLoopMigration::check(const MatchFinder::MatchResult &result) { context_ = result.Context; }

void TrainingLoopMigration::onEndOfTranslationUnit() {
  if (!context_)
    return;
  clang::ASTContext &ctx = *context_;
  context_ = nullptr;
  const TrainingLoops &loops = analysis(ctx).loops();
  for (const RefusedIteration &refusal : loops.refusals())
    report(ctx, refusal.where, "training loop not migrated: " + refusal.message);
  for (const TrainingIteration &it : loops.migrated())
    report(ctx, it.passes.front().call->getBeginLoc(), AlreadyMigrated);
  bool fp16 = options_.fp16();
  std::set<std::pair<const clang::FunctionDecl *, const clang::ValueDecl *>> channelsLastModels;
  for (const TrainingIteration &it : loops.iterations()) {
    // A banned op would compile under the migration and raise at run time ("unsafe to
    // autocast"): the migration rewrites it to the logits form, or leaves the loop as it is.
    std::vector<std::pair<const BannedCall *, LogitsRewrite>> rewrites;
    for (const BannedCall *banned : bannedCallsInForward(ctx, it))
      rewrites.emplace_back(banned, logitsRewrite(banned->call, ctx));
    auto refused = llvm::find_if(rewrites, [](const auto &r) { return r.second.edits.empty(); });
    if (refused != rewrites.end()) {
      report(ctx, refused->first->call->getBeginLoc(),
             "training loop not migrated: `" + refused->first->op +
                 "` in its forward and loss raises under CUDA autocast; " + refused->second.whyNot +
                 "; see `ampify explain ampify-banned-under-autocast`, then run `ampify fix` again")
          .note(it.passes.front().call->getBeginLoc(), "the backward pass of that training loop");
      continue;
    }
    std::string what = fp16 ? "forward pass under ampify::Autocast (fp16), loss scaled by ampify::GradScaler"
                            : "forward pass under ampify::Autocast (bf16)";
    FindingBuilder finding = report(ctx, it.passes.front().call->getBeginLoc(),
                                    "training loop migrated to mixed precision: " + what);
    IterationRewriter rewriter(ctx, options_, it, finding);
    std::string note = rewriter.rewrite();
    if (!note.empty())
      finding.note(it.passes.front().call->getBeginLoc(), note);
    if (options_.channelsLast && options_.device != MigrationOptions::Device::Cpu)
      addChannelsLast(ctx, it, finding, channelsLastModels);
    for (const auto &[banned, rewrite] : rewrites) {
      for (const SourceEdit &edit : rewrite.edits)
        finding.replace(edit.range, edit.text);
      finding.note(banned->call->getBeginLoc(), "binary_cross_entropy, which raises under CUDA autocast, becomes "
                                                "binary_cross_entropy_with_logits on the input of its sigmoid");
    }
    if (fp16)
      for (const clang::Stmt *read : it.scaledGradientReads)
        report(ctx, read->getBeginLoc(),
               "training loop migrated, but this code reads or changes gradients outside the "
               "condition of the optimizer step: they are still multiplied by the loss scale here "
               "(scaler.unscale_ runs only where the step does); move it after scaler.unscale_ "
               "inside the condition, or divide by scaler.get_scale()");
  }
}

} // namespace ampify
