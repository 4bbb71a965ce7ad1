#include "ampify/TrainingLoopMigration.h"

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

/// The function or lambda call operator whose body holds `s`.
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &ctx, const clang::Stmt *s) {
  clang::DynTypedNode node = clang::DynTypedNode::create(*s);
  while (true) {
    auto parents = ctx.getParents(node);
    if (parents.empty())
      return nullptr;
    node = parents[0];
    if (const auto *lambda = node.get<clang::LambdaExpr>())
      return lambda->getCallOperator();
    if (const auto *fn = node.get<clang::FunctionDecl>())
      return fn;
  }
}

/// The function whose text holds the names a migration must not clash with, and whose device
/// expressions it may use: the iteration's function, or the function around its lambda.
const clang::FunctionDecl *scopeFunction(clang::ASTContext &ctx, const TrainingIteration &it) {
  if (it.lambda)
    if (const auto *outer = enclosingFunction(ctx, it.lambda))
      return outer;
  return it.function;
}

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

/// What a device expression of the program evaluates to.
enum class DeviceKind { Cpu, Cuda, Either /* CUDA or CPU, decided at run time */, Unknown };

DeviceKind join(DeviceKind a, DeviceKind b) {
  if (a == b)
    return a;
  if (a == DeviceKind::Unknown || b == DeviceKind::Unknown)
    return DeviceKind::Unknown;
  return DeviceKind::Either;
}

/// Evaluates device expressions (`torch::kCPU`, `torch::Device(torch::kCUDA)`, "cuda:0",
/// `torch::cuda::is_available() ? torch::kCUDA : torch::kCPU`) through the variables and fields
/// that hold them: a variable is the join of its initializer and of every value the TU assigns
/// to it (`if (torch::cuda::is_available()) device_type = torch::kCUDA;`). Parameters and values
/// read at run time (argv) are Unknown.
class DeviceEvaluator {
public:
  explicit DeviceEvaluator(clang::ASTContext &ctx) : ctx_(ctx) {}

  DeviceKind kindOf(const clang::Expr *e, unsigned depth = 0) {
    if (!e || depth > 12)
      return DeviceKind::Unknown;
    e = e->IgnoreParenImpCasts();
    if (const auto *temp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e))
      return kindOf(temp->getSubExpr(), depth + 1);
    if (const auto *bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e))
      return kindOf(bind->getSubExpr(), depth + 1);
    if (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(e))
      return kindOf(cast->getSubExpr(), depth + 1);
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(e))
      return construct->getNumArgs() ? kindOf(construct->getArg(0), depth + 1) : DeviceKind::Unknown;
    if (const auto *literal = llvm::dyn_cast<clang::StringLiteral>(e)) {
      llvm::StringRef text = literal->getString();
      return text.starts_with("cuda") ? DeviceKind::Cuda : text.starts_with("cpu") ? DeviceKind::Cpu : DeviceKind::Unknown;
    }
    if (const auto *cond = llvm::dyn_cast<clang::AbstractConditionalOperator>(e))
      return join(kindOf(cond->getTrueExpr(), depth + 1), kindOf(cond->getFalseExpr(), depth + 1));
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      if (const auto *constant = llvm::dyn_cast<clang::EnumConstantDecl>(ref->getDecl()))
        return constant->getName() == "CUDA" ? DeviceKind::Cuda
               : constant->getName() == "CPU" ? DeviceKind::Cpu
                                              : DeviceKind::Unknown;
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
        return kindOfStorage(var, var->getInit(), depth);
      return DeviceKind::Unknown;
    }
    if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e))
      if (const auto *field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl()))
        return kindOfStorage(field, field->getInClassInitializer(), depth);
    if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e))
      if (const auto *method = call->getMethodDecl();
          method && method->getDeclName().isIdentifier() && method->getName() == "type")
        return kindOf(call->getImplicitObjectArgument(), depth + 1);
    return DeviceKind::Unknown;
  }

  DeviceKind kindOfVariable(const clang::VarDecl *var) { return kindOfStorage(var, var->getInit(), 0); }

  /// The first place the TU's own code may reach CUDA (a CUDA device, `.cuda()`, a torch::cuda
  /// function, a "cuda" device string, a device parameter), or an invalid location when it never
  /// does.
  clang::SourceLocation cudaUse() {
    index();
    return cudaUse_;
  }

private:
  DeviceKind kindOfStorage(const clang::ValueDecl *storage, const clang::Expr *init, unsigned depth) {
    if (llvm::isa<clang::ParmVarDecl>(storage))
      return DeviceKind::Unknown;
    index();
    std::optional<DeviceKind> kind;
    if (init)
      kind = kindOf(init, depth + 1);
    auto assigned = assignments_.find(storage);
    if (assigned != assignments_.end())
      for (const clang::Expr *value : assigned->second)
        kind = kind ? join(*kind, kindOf(value, depth + 1)) : kindOf(value, depth + 1);
    return kind.value_or(DeviceKind::Unknown);
  }

  /// One walk of the TU's own code: every value assigned to a variable or field, and the first
  /// use of CUDA.
  void index() {
    if (indexed_)
      return;
    indexed_ = true;
    struct Walker : clang::RecursiveASTVisitor<Walker> {
      DeviceEvaluator &self;
      explicit Walker(DeviceEvaluator &self) : self(self) {}
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitStmt(clang::Stmt *n) {
        if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(n); op && op->getOpcode() == clang::BO_Assign)
          self.noteAssignment(op->getLHS(), op->getRHS());
        if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(n);
            op && op->getOperator() == clang::OO_Equal && op->getNumArgs() == 2)
          self.noteAssignment(op->getArg(0), op->getArg(1));
        if (self.cudaUse_.isInvalid() && usesCuda(n))
          self.cudaUse_ = self.ctx_.getSourceManager().getExpansionLoc(n->getBeginLoc());
        return true;
      }
      // A device parameter: its callers may pass CUDA (unknown stays unknown).
      bool VisitParmVarDecl(clang::ParmVarDecl *param) {
        if (self.cudaUse_.isInvalid() &&
            (isRecordNamed(param->getType(), "c10::Device") || isDeviceTypeEnum(param->getType())))
          self.cudaUse_ = self.ctx_.getSourceManager().getExpansionLoc(param->getLocation());
        return true;
      }
    } walker(*this);
    for (clang::Decl *decl : ctx_.getTraversalScope())
      walker.TraverseDecl(decl);
  }

  void noteAssignment(const clang::Expr *lhs, const clang::Expr *rhs) {
    lhs = lhs->IgnoreParenImpCasts();
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(lhs))
      assignments_[ref->getDecl()].push_back(rhs);
    else if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(lhs))
      assignments_[member->getMemberDecl()].push_back(rhs);
  }

  static bool usesCuda(const clang::Stmt *n) {
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(n)) {
      const clang::NamedDecl *decl = ref->getDecl();
      return decl->getDeclName().isIdentifier() &&
             ((llvm::isa<clang::EnumConstantDecl>(decl) && decl->getName() == "CUDA") || decl->getName() == "kCUDA");
    }
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(n)) {
      std::string name = calleeName(call);
      return llvm::StringRef(name).starts_with("torch::cuda::") || llvm::StringRef(name).ends_with("::cuda");
    }
    if (const auto *literal = llvm::dyn_cast<clang::StringLiteral>(n))
      return literal->getCharByteWidth() == 1 && literal->getString().starts_with("cuda");
    return false;
  }

  clang::ASTContext &ctx_;
  bool indexed_ = false;
  llvm::DenseMap<const clang::ValueDecl *, std::vector<const clang::Expr *>> assignments_;
  clang::SourceLocation cudaUse_;
};

/// The device of a loop's autocast regions and what decided it.
struct DeviceDecision {
  std::string argument; ///< a c10::DeviceType expression
  DeviceKind kind = DeviceKind::Unknown;
  clang::SourceLocation decidedBy; ///< the expression that decided it (invalid: none, or the flag)
  std::string why;                 ///< the note, empty when the flag decided
};

class IterationRewriter {
public:
  IterationRewriter(clang::ASTContext &ctx, const MigrationOptions &options, const TrainingIteration &it,
                    MigrationEdits &edits, bool fp16, std::string device, llvm::StringSet<> &scopeNames,
                    std::map<clang::FileID, std::optional<size_t>> &includeAt)
      : ctx_(ctx), sm_(ctx.getSourceManager()), src_(ctx), options_(options), it_(it), edits_(edits),
        fp16_(fp16), device_(std::move(device)), scopeNames_(scopeNames), includeAt_(includeAt) {}

  /// Adds every edit of the iteration (or says, through the edits, why it cannot).
  void rewrite() {
    // The scaler is declared in the function's scope, where the next loop's must not clash with
    // it; the other names live in the loop's own block.
    scaler_ = freshName("scaler", /*keep=*/true);
    bool fp16 = fp16_;

    addInclude();
    if (fp16 && !declareScaler()) {
      edits_.fail("no place to declare the GradScaler was found");
      return;
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
        autocastName = freshName(autocasts++ == 0 ? "autocast" : "autocast" + std::to_string(autocasts));
        declaration = "ampify::Autocast " + autocastName + "(" + autocastArgument() + ");";
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
      if (!scopeNames_.contains(candidate)) {
        name = candidate;
        break;
      }
    for (unsigned n = 2; name.empty(); ++n)
      if (!scopeNames_.contains("ampify_" + base + std::to_string(n)))
        name = "ampify_" + base + std::to_string(n);
    if (keep)
      scopeNames_.insert(name);
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
  /// not the one chosen.
  std::string autocastArgument() const {
    if (!fp16_)
      return "ampify::AutocastOptions(" + device_ + ").dtype(at::kBFloat16)";
    // fp16 asked for on a device whose autocast may default to bf16 (the CPU).
    if (options_.dtype == MigrationOptions::Dtype::Float16 && device_ != "c10::kCUDA")
      return "ampify::AutocastOptions(" + device_ + ").dtype(at::kHalf)";
    return device_;
  }

  clang::ASTContext &ctx_;
  const clang::SourceManager &sm_;
  SourceText src_;
  const MigrationOptions &options_;
  const TrainingIteration &it_;
  MigrationEdits &edits_;
  bool fp16_;
  std::string device_;
  llvm::StringSet<> &scopeNames_;
  std::map<clang::FileID, std::optional<size_t>> &includeAt_;
  std::string scaler_;
};

/// Decides the device of each loop's autocast regions (--device, or the program's own devices),
/// with the device expressions of each function collected once.
class DeviceResolver {
public:
  explicit DeviceResolver(clang::ASTContext &ctx)
      : ctx_(ctx), sm_(ctx.getSourceManager()), src_(ctx), evaluator_(ctx) {}

  DeviceDecision decide(const TrainingIteration &it, MigrationOptions::Device flag) {
    if (flag == MigrationOptions::Device::Cuda)
      return {"c10::kCUDA", DeviceKind::Cuda, {}, {}};
    if (flag == MigrationOptions::Device::Cpu)
      return {"c10::kCPU", DeviceKind::Cpu, {}, {}};
    const BackwardPass &pass = it.passes.front();
    const clang::Stmt *at = pass.forward.empty() ? pass.statement : pass.forward.front();
    const Candidates &candidates = candidatesOf(scopeFunction(ctx_, it));
    // The program's own device expression, visible where the region starts: the regions follow
    // it at run time (`device.type()`).
    for (const clang::Expr *arg : candidates.moves) {
      // `device`, or a member of a variable (`config.device`), passed by value or reference, or
      // converted (`x.to(device)` takes TensorOptions in LibTorch, `x.to(device_type)` a Device).
      const clang::Expr *e = arg->IgnoreImplicit();
      if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(e);
          construct && construct->getNumArgs() >= 1 &&
          (construct->getConstructor()->isCopyOrMoveConstructor() ||
           (!llvm::isa<clang::CXXTemporaryObjectExpr>(construct) &&
            (isDeviceTypeEnum(construct->getArg(0)->getType()) ||
             isRecordNamed(construct->getArg(0)->getType(), "c10::Device")))) &&
          llvm::all_of(llvm::drop_begin(construct->arguments()),
                       [](const clang::Expr *a) { return llvm::isa<clang::CXXDefaultArgExpr>(a); }))
        e = construct->getArg(0);
      e = e->IgnoreParenImpCasts();
      const clang::Expr *root = e;
      while (const auto *member = llvm::dyn_cast<clang::MemberExpr>(root)) {
        if (member->isArrow())
          break;
        root = member->getBase()->IgnoreParenImpCasts();
      }
      const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(root);
      const auto *var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
      // A constant (`torch::kCUDA`) is not the program's own variable: the constants below take it.
      if (!var || var->isConstexpr() || !visibleAt(it, var, at) || e->getBeginLoc().isMacroID())
        continue;
      std::string text = src_.text(e->getSourceRange());
      if (isRecordNamed(e->getType(), "c10::Device"))
        return programExpression(text + ".type()", text, evaluator_.kindOf(e), e->getBeginLoc());
      if (isDeviceTypeEnum(e->getType()))
        return programExpression(text, text, evaluator_.kindOf(e), e->getBeginLoc());
    }
    for (const clang::VarDecl *var : candidates.variables)
      if (visibleAt(it, var, at))
        return programExpression(var->getName().str() + ".type()", var->getName().str(),
                                 evaluator_.kindOfVariable(var), var->getLocation());
    // Constant devices: where the program moves its tensors and modules.
    const clang::Expr *toCuda = nullptr, *toCpu = nullptr;
    for (const clang::Expr *arg : candidates.moves) {
      DeviceKind kind = evaluator_.kindOf(arg);
      if (kind == DeviceKind::Cuda && !toCuda)
        toCuda = arg;
      if (kind == DeviceKind::Cpu && !toCpu)
        toCpu = arg;
    }
    if (!candidates.cudaCalls.empty() && (!toCuda || sm_.isBeforeInTranslationUnit(candidates.cudaCalls.front()->getBeginLoc(), toCuda->getBeginLoc())))
      toCuda = candidates.cudaCalls.front();
    if (toCuda)
      return {"c10::kCUDA", DeviceKind::Cuda, toCuda->getBeginLoc(),
              "autocast on CUDA: the program moves its tensors or model to CUDA here"};
    if (toCpu)
      return {"c10::kCPU", DeviceKind::Cpu, toCpu->getBeginLoc(),
              "autocast on the CPU (bf16, no loss scaling): the program moves its tensors or model to the CPU "
              "here, and never to CUDA in this function"};
    clang::SourceLocation cuda = evaluator_.cudaUse();
    if (cuda.isValid())
      return {"c10::kCUDA", DeviceKind::Cuda, cuda,
              "autocast on CUDA: no device expression of the program is visible where the region starts, and "
              "the program may reach CUDA here"};
    return {"c10::kCPU", DeviceKind::Cpu, {},
            "autocast on the CPU (bf16, no loss scaling): the program never reaches CUDA (no CUDA device, "
            ".cuda() or torch::cuda call, no device parameter in this translation unit); pass --device=cuda to "
            "migrate it for CUDA"};
  }

private:
  struct Candidates {
    std::vector<const clang::Expr *> moves;         ///< the device arguments of `.to(...)` calls
    std::vector<const clang::Expr *> cudaCalls;     ///< `.cuda()` calls
    std::vector<const clang::VarDecl *> variables;  ///< torch::Device locals and parameters
  };

  DeviceDecision programExpression(std::string argument, const std::string &text, DeviceKind kind,
                                   clang::SourceLocation where) {
    std::string what = kind == DeviceKind::Cpu    ? "which is the CPU: autocast on the CPU (bf16, no loss scaling)"
                       : kind == DeviceKind::Cuda ? "which is CUDA: autocast on CUDA"
                       : kind == DeviceKind::Either
                           ? "which is CUDA or the CPU, decided at run time: autocast on that device (fp16 on "
                             "CUDA, bf16 on the CPU)"
                           : "decided at run time: autocast on that device (fp16 on CUDA, bf16 on the CPU)";
    return {std::move(argument), kind, where, "autocast device from the program's `" + text + "`, " + what};
  }

  const Candidates &candidatesOf(const clang::FunctionDecl *fn) {
    auto [known, first] = candidates_.try_emplace(fn);
    Candidates &c = known->second;
    if (!first || !fn)
      return c;
    findStmt(fn->getBody(), [&](const clang::Stmt *n) {
      if (const auto *call = llvm::dyn_cast<clang::CallExpr>(n)) {
        const auto *callee = call->getDirectCallee();
        llvm::StringRef name = callee && callee->getDeclName().isIdentifier() ? callee->getName() : "";
        if (name == "to" && call->getNumArgs() >= 1) {
          const clang::Expr *arg = call->getArg(0)->IgnoreImplicit();
          if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call))
            arg = member->getArg(0)->IgnoreImplicit();
          c.moves.push_back(arg);
        }
        if (name == "cuda" && llvm::isa<clang::CXXMemberCallExpr>(call))
          c.cudaCalls.push_back(call);
      }
      if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(n))
        for (const clang::Decl *d : decls->decls())
          if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d); var && isRecordNamed(var->getType(), "c10::Device"))
            c.variables.push_back(var);
      return false;
    });
    for (const clang::ParmVarDecl *param : fn->parameters())
      if (isRecordNamed(param->getType(), "c10::Device"))
        c.variables.push_back(param);
    return c;
  }

  /// Whether `var` can be named at `at`: a global, a parameter of the function (or of the function
  /// around a lambda that captures by reference), or a local declared before in an enclosing block.
  bool visibleAt(const TrainingIteration &it, const clang::VarDecl *var, const clang::Stmt *at) const {
    if (var->hasGlobalStorage() && !var->isStaticLocal())
      return true;
    if (it.lambda && it.lambda->getCaptureDefault() == clang::LCD_None)
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
  DeviceEvaluator evaluator_;
  std::map<const clang::FunctionDecl *, Candidates> candidates_;
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

/// `call` run by ampify::run_in_fp32: autocast off, its floating tensor arguments cast to fp32
/// (`criterion(out, y)` -> `ampify::run_in_fp32([&](auto &&...ampify_args) { return
/// criterion(ampify_args...); }, out, y)`). None when the call cannot be rewritten (a macro).
std::optional<SourceEdit> runInFp32(const clang::CallExpr *call, clang::ASTContext &ctx) {
  const clang::Expr *callee = call->getCallee();
  unsigned firstArg = 0;
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call)) {
    if (op->getOperator() != clang::OO_Call || op->getNumArgs() == 0)
      return std::nullopt;
    callee = op->getArg(0); // the module: `criterion(out, y)`
    firstArg = 1;
  }
  if (call->getBeginLoc().isMacroID() || call->getEndLoc().isMacroID() || callee->getBeginLoc().isMacroID())
    return std::nullopt;
  std::string text = "ampify::run_in_fp32([&](auto &&...ampify_args) { return " +
                     sourceText(callee->getSourceRange(), ctx) + "(ampify_args...); }";
  for (unsigned i = firstArg; i < call->getNumArgs(); ++i) {
    if (llvm::isa<clang::CXXDefaultArgExpr>(call->getArg(i)))
      break;
    text += ", " + sourceText(call->getArg(i)->getSourceRange(), ctx);
  }
  return SourceEdit{clang::CharSourceRange::getTokenRange(call->getSourceRange()), text + ")"};
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
  DeviceResolver devices(ctx);
  std::map<const clang::FunctionDecl *, llvm::StringSet<>> namesByFunction;
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

  std::set<ConvertedModel> channelsLastModels;
  for (const TrainingIteration &it : loops.iterations()) {
    clang::SourceLocation backward = it.passes.front().call->getBeginLoc();
    DeviceDecision device = devices.decide(it, options_.device);
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
    MigrationEdits edits(ctx);
    const clang::FunctionDecl *scope = scopeFunction(ctx, it);
    auto [names, firstLoop] = namesByFunction.try_emplace(scope);
    if (firstLoop && scope && scope->getBody())
      names->second = identifiersOf(scope->getBody(), ctx);
    IterationRewriter rewriter(ctx, options_, it, edits, fp16, device.argument, names->second, includeAt);
    rewriter.rewrite();
    std::vector<std::pair<clang::SourceLocation, std::string>> notes;
    std::vector<ConvertedModel> converted;
    if (options_.channelsLast && !cpu)
      converted = addChannelsLast(ctx, it, edits, channelsLastModels, notes);

    // A banned op would compile under the migration and raise at run time ("unsafe to
    // autocast"): the migration rewrites it to the logits form, or runs it in fp32.
    const BannedCall *unfixable = nullptr;
    LogitsRewrite unfixableWhy;
    for (const BannedCall *banned : cpu ? std::vector<const BannedCall *>() : bannedCallsInForward(it)) {
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
    if (unfixable) {
      report(ctx, unfixable->call->getBeginLoc(),
             "training loop not migrated: `" + unfixable->op + "` in its forward and loss raises under CUDA "
                 "autocast; " + unfixableWhy.whyNot +
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
    bool deviceAtRunTime = device.kind == DeviceKind::Either || device.kind == DeviceKind::Unknown;
    std::string what = !fp16 ? (cpu ? "forward pass under ampify::Autocast (bf16 on the CPU)"
                                    : "forward pass under ampify::Autocast (bf16)")
                       : deviceAtRunTime ? "forward pass under ampify::Autocast (fp16 on CUDA, bf16 on the CPU), "
                                           "loss scaled by ampify::GradScaler"
                                         : "forward pass under ampify::Autocast (fp16), loss scaled by ampify::GradScaler";
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
