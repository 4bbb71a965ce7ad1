#include "ampify/Driver.h"

#include "ampify/BoundedInput.h"
#include "ampify/CastPolicy.h"
#include "ampify/Config.h"
#include "ampify/HeaderOwnership.h"
#include "ampify/RuleRegistry.h"
#include "ampify/TorchApi.h"
#include "ampify/TorchHeaders.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace ampify {
namespace tooling = clang::tooling;
namespace {

const llvm::StringSet<> SourceExtensions = {".cpp", ".cc", ".cxx", ".c++", ".C", ".cu"};
const llvm::StringSet<> HeaderExtensions = {".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl"};

std::string absolute(llvm::StringRef path) {
  llvm::SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  return std::string(abs);
}

bool isSource(llvm::StringRef path) {
  return SourceExtensions.contains(llvm::sys::path::extension(path));
}

llvm::Error addSourcesUnder(llvm::StringRef dir, std::vector<std::string> &files) {
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (it->type() == llvm::sys::fs::file_type::directory_file && name.starts_with(".")) {
      it.no_push(); // .git and friends
      continue;
    }
    if (it->type() == llvm::sys::fs::file_type::regular_file && isSource(it->path()))
      files.push_back(absolute(it->path()));
  }
  if (ec)
    return llvm::createStringError(ec, "cannot read directory '%s': %s", dir.str().c_str(),
                                   ec.message().c_str());
  return llvm::Error::success();
}

/// Expands paths into absolute source files; every path must exist and be C++ or CUDA.
llvm::Expected<std::vector<std::string>> expandPaths(const std::vector<std::string> &paths,
                                                      bool allowHeaders) {
  std::vector<std::string> files;
  for (const std::string &path : paths) {
    if (!llvm::sys::fs::exists(path))
      return llvm::createStringError(std::errc::no_such_file_or_directory,
                                     "'%s' does not exist", path.c_str());
    if (llvm::sys::fs::is_directory(path)) {
      if (llvm::Error err = addSourcesUnder(path, files))
        return std::move(err);
      continue;
    }
    llvm::StringRef ext = llvm::sys::path::extension(path);
    if (!isSource(path) && !(allowHeaders && HeaderExtensions.contains(ext)))
      return llvm::createStringError(std::errc::invalid_argument,
                                     "'%s' is not a C++ or CUDA source (expected one of .cpp .cc "
                                     ".cxx .c++ .C .cu)",
                                     path.c_str());
    files.push_back(absolute(path));
  }
  llvm::sort(files);
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

/// Where the CUDA declarations of DriverCudaHeaders.inc appear during a parse: a directory that
/// exists only in the tool's in-memory file system.
constexpr llvm::StringLiteral CudaHeaderDir = "/__ampify__/cuda";

struct CudaHeader {
  const char *name;
  const char *text;
};
const CudaHeader CudaHeaders[] = {
#include "DriverCudaHeaders.inc"
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withCudaHeaders(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> cuda = new llvm::vfs::InMemoryFileSystem;
  for (const CudaHeader &header : CudaHeaders)
    cuda->addFile((CudaHeaderDir + "/" + header.name).str(), 0,
                  llvm::MemoryBuffer::getMemBuffer(header.text, header.name));
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay = new llvm::vfs::OverlayFileSystem(std::move(base));
  overlay->pushOverlay(std::move(cuda));
  return overlay;
}

namespace {

bool isNvcc(llvm::StringRef compiler) {
  return llvm::sys::path::stem(compiler).starts_with("nvcc");
}

/// nvcc's options that take their value as the next argument (`-gencode arch=...`), among those a
/// parse drops: their value must go with them.
const llvm::StringSet<> NvccOptionsWithValue = {
    "-o", "--output-file", "-ccbin", "--compiler-bindir", "-gencode", "--generate-code", "-arch",
    "--gpu-architecture", "-code", "--gpu-code", "-Xptxas", "--ptxas-options", "-Xnvlink",
    "--nvlink-options", "-Xlinker", "--linker-options", "-Xarchive", "--archive-options", "-Xfatbin",
    "--fatbin-options", "-Xcudafe", "-maxrregcount", "--maxrregcount", "-t", "--threads",
    "--default-stream", "-default-stream", "-diag-suppress", "--diag-suppress", "-Werror",
    "--Werror", "-MF", "-MT", "-MQ", "--dependency-output", "--dependency-target-name", "-odir",
    "--keep-dir", "-l", "-L", "-rdc", "--relocatable-device-code", "-time", "--time",
    "--options-file", "-optf", "-split-compile", "--split-compile", "-arch-ls", "-dopt", "--dopt"};

/// The flags of an nvcc command that a host-side parse needs, as clang spells them: macros,
/// include paths, forced includes, the language standard, the optimisation level (__OPTIMIZE__)
/// and OpenMP; also those inside -Xcompiler. Everything else (GPU architectures, ptxas and linker
/// options, --expt-*, -rdc, host-compiler flags clang may not know) is dropped. Returns whether the
/// command compiles its input as CUDA (`-x cu`, or a .cu input).
bool translateNvccFlags(llvm::ArrayRef<std::string> args, tooling::CommandLineArguments &out) {
  bool cuda = false;
  auto keepHostFlag = [&](llvm::StringRef flag, llvm::StringRef next, size_t &i) {
    static const std::pair<llvm::StringRef, llvm::StringRef> spellings[] = {
        {"--define-macro", "-D"}, {"--undefine-macro", "-U"}, {"--include-path", "-I"},
        {"--system-include", "-isystem"}, {"--pre-include", "-include"}, {"-include", "-include"},
        {"-isystem", "-isystem"}, {"--std", "-std="}, {"-std", "-std="}, {"--optimize", "-O"},
        {"-D", "-D"}, {"-U", "-U"}, {"-I", "-I"}, {"-O", "-O"}};
    for (const auto &[nvcc, clang] : spellings) {
      if (!flag.starts_with(nvcc))
        continue;
      llvm::StringRef value = flag.drop_front(nvcc.size());
      bool withEquals = value.consume_front("=");
      if (!withEquals && value.empty() && nvcc != "-O") {
        value = next; // `-D NAME`, `--std c++17`
        ++i;
      } else if (!withEquals && !value.empty() &&
                 (nvcc.starts_with("--") || nvcc == "-std" || nvcc == "-include" || nvcc == "-isystem")) {
        continue; // a longer option that merely starts with this one
      }
      if (clang == "-isystem" || clang == "-include")
        out.insert(out.end(), {clang.str(), value.str()});
      else
        out.push_back(clang.str() + value.str());
      return true;
    }
    if (flag == "-fopenmp") {
      out.push_back(flag.str());
      return true;
    }
    return false;
  };
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    llvm::StringRef next = i + 1 < args.size() ? llvm::StringRef(args[i + 1]) : "";
    if (arg == "-x" || arg == "--x") {
      cuda |= next == "cu";
      ++i;
      continue;
    }
    if (arg.consume_front("-Xcompiler") || arg.consume_front("--compiler-options")) {
      llvm::StringRef list = arg.empty() ? next : arg.drop_front(arg.front() == '=' ? 1 : 0);
      if (arg.empty())
        ++i;
      llvm::SmallVector<llvm::StringRef, 8> hostFlags;
      list.split(hostFlags, ',', -1, /*KeepEmpty=*/false);
      for (size_t j = 0; j < hostFlags.size(); ++j)
        keepHostFlag(hostFlags[j], j + 1 < hostFlags.size() ? hostFlags[j + 1] : "", j);
      continue;
    }
    if (!arg.starts_with("-")) {
      out.push_back(arg.str()); // the input
      cuda |= llvm::sys::path::extension(arg) == ".cu";
      continue;
    }
    if (keepHostFlag(arg, next, i))
      continue;
    if (NvccOptionsWithValue.contains(arg))
      ++i;
  }
  return cuda;
}

bool isCudaCommand(llvm::ArrayRef<std::string> args, llvm::StringRef file) {
  if (llvm::sys::path::extension(file) == ".cu")
    return true;
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "-x" && args[i + 1] == "cuda")
      return true;
  return llvm::is_contained(args, "-xcuda");
}

} // namespace

std::vector<std::string> hostParseCommand(const std::vector<std::string> &args, llvm::StringRef file) {
  if (args.empty())
    return args;
  tooling::CommandLineArguments out = {isNvcc(args[0]) ? "clang++" : args[0]};
  bool cuda;
  if (isNvcc(args[0])) {
    tooling::CommandLineArguments flags;
    cuda = translateNvccFlags(args, flags);
    // The input comes last, after the -x that makes it CUDA.
    for (std::string &flag : flags)
      if (flag != file)
        out.push_back(std::move(flag));
    if (cuda)
      out.insert(out.end(), {"-x", "cuda"});
    out.push_back(file.str());
  } else {
    cuda = isCudaCommand(args, file);
    out.insert(out.end(), args.begin() + 1, args.end());
  }
  if (!cuda)
    return out;
  // First on the search path, so that the declarations are ampify's even where the command names
  // a CUDA toolkit's include directory.
  out.insert(out.begin() + 1, "-I" + CudaHeaderDir.str());
  out.insert(out.end() - 1, {"--cuda-host-only", "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version",
                             "-include", (CudaHeaderDir + "/ampify_cuda_host.h").str()});
  return out;
}

bool isSourceFile(llvm::StringRef path) { return isSource(path); }
bool isHeaderFile(llvm::StringRef path) {
  return HeaderExtensions.contains(llvm::sys::path::extension(path));
}

std::vector<std::string> dropCodeLoadingFlags(std::vector<std::string> &args) {
  std::vector<std::string> dropped;
  tooling::CommandLineArguments kept;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg.starts_with("-fplugin=") || arg.starts_with("-fpass-plugin=") ||
        arg.starts_with("-fplugin-arg-")) {
      dropped.push_back(arg.str());
      continue;
    }
    if (arg == "-Xclang" && i + 1 < args.size()) {
      llvm::StringRef next = args[i + 1];
      bool takesValue = next == "-load" || next == "-add-plugin" || next == "-plugin" ||
                        next.starts_with("-plugin-arg-");
      if (takesValue || next.starts_with("-load=") || next.starts_with("-add-plugin=") ||
          next.starts_with("-fplugin=")) {
        std::string what = "-Xclang " + next.str();
        i += 1;
        if (takesValue && i + 2 < args.size() && args[i + 1] == "-Xclang") {
          what += " -Xclang " + args[i + 2];
          i += 2;
        }
        dropped.push_back(what);
        continue;
      }
    }
    kept.push_back(args[i]);
  }
  args = std::move(kept);
  return dropped;
}

namespace {

/// Prints the compiler's errors (and their notes) the way clang does; warnings in analysed code
/// are not ampify's business.
class CompilerErrorPrinter : public clang::TextDiagnosticPrinter {
public:
  using TextDiagnosticPrinter::TextDiagnosticPrinter;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override {
    if (level >= clang::DiagnosticsEngine::Error)
      lastWasError_ = true;
    else if (level != clang::DiagnosticsEngine::Note)
      lastWasError_ = false;
    if (lastWasError_)
      TextDiagnosticPrinter::HandleDiagnostic(level, info);
  }

private:
  bool lastWasError_ = false;
};

class SingleCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(tooling::CompileCommand command) : command_(std::move(command)) {}
  std::vector<tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override {
    return {command_};
  }
  std::vector<std::string> getAllFiles() const override { return {command_.Filename}; }

private:
  tooling::CompileCommand command_;
};

/// The constructors of class templates of the TU (`ResNetImpl<Block>`) that its code builds through
/// a library's forwarding template: `ResNet<Block> model(layers, 100)` (ModuleHolder's variadic
/// constructor), `std::make_shared<ResNetImpl<Block>>(...)`.
class ForwardedTemplateConstructors : public clang::RecursiveASTVisitor<ForwardedTemplateConstructors> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXConstructExpr(clang::CXXConstructExpr *construct) {
    note(moduleHolderTarget(construct), construct->getBeginLoc());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *call) {
    note(madeObjectConstructor(call), call->getBeginLoc());
    return true;
  }

  std::vector<std::pair<clang::CXXConstructorDecl *, clang::SourceLocation>> found;

private:
  void note(const clang::CXXConstructorDecl *ctor, clang::SourceLocation at) {
    if (ctor && !ctor->isDefined() && ctor->isImplicitlyInstantiable())
      found.emplace_back(const_cast<clang::CXXConstructorDecl *>(ctor), at);
  }
};

/// Runs the matchers over the declarations this TU itself wrote, outside system headers. Without
/// this scope a match would walk every declaration of LibTorch's headers too, and with a
/// precompiled header would deserialise all of them, which costs more than the parse.
class UserCodeConsumer : public clang::SemaConsumer {
public:
  /// `afterMatch`, if set, runs once the matchers have run, with the AST still alive.
  UserCodeConsumer(clang::ast_matchers::MatchFinder &finder, AnalysisSessions &analyses,
                   const clang::Preprocessor &pp, std::function<void(clang::ASTContext &)> afterMatch = {})
      : finder_(finder), analyses_(analyses), pp_(pp), afterMatch_(std::move(afterMatch)) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    for (clang::Decl *decl : group)
      topLevel_.push_back(decl);
    return true;
  }

  void InitializeSema(clang::Sema &sema) override { sema_ = &sema; }
  void ForgetSema() override { sema_ = nullptr; }

  void HandleTranslationUnit(clang::ASTContext &ctx) override {
    instantiateForwardedConstructors();
    std::vector<clang::Decl *> scope;
    for (clang::Decl *decl : topLevel_)
      if (AnalysisSession::isUserDeclaration(*decl))
        scope.push_back(decl);
    ctx.setTraversalScope(scope);
    analyses_.startTranslationUnit(pp_);
    finder_.matchAST(ctx);
    if (afterMatch_)
      afterMatch_(ctx);
  }

private:
  /// The shared preamble leaves out the library's function bodies (Preamble.cpp), also those of
  /// its forwarding templates, whose instantiation is what instantiates the constructor of a class
  /// template they build. Without it the analysis would see only that constructor's template, with
  /// no call of it: what the TU computes with the preamble would differ from what it computes
  /// without. So those constructors are instantiated here, as the bodies would have; Sema passes
  /// each new definition to HandleTopLevelDecl.
  void instantiateForwardedConstructors() {
    if (!sema_)
      return;
    ForwardedTemplateConstructors constructors;
    for (clang::Decl *decl : std::vector<clang::Decl *>(topLevel_))
      if (AnalysisSession::isUserDeclaration(*decl))
        constructors.TraverseDecl(decl);
    if (constructors.found.empty())
      return;
    for (auto &[ctor, at] : constructors.found)
      if (!ctor->isDefined())
        sema_->InstantiateFunctionDefinition(at, ctor, /*Recursive=*/false, /*DefinitionRequired=*/false,
                                             /*AtEndOfTU=*/true);
    sema_->PerformPendingInstantiations();
  }

  clang::ast_matchers::MatchFinder &finder_;
  AnalysisSessions &analyses_;
  const clang::Preprocessor &pp_;
  std::function<void(clang::ASTContext &)> afterMatch_;
  clang::Sema *sema_ = nullptr;
  std::vector<clang::Decl *> topLevel_;
};

/// Records, for each #include, the candidates the lookup passed over because they did not exist
/// (the includer's directory, then each search directory before the one that held the header).
/// A cached result depends on their absence: a header that later appears in an earlier -I
/// directory would shadow the one this parse read.
class AbsentIncludeRecorder : public clang::PPCallbacks {
public:
  AbsentIncludeRecorder(clang::Preprocessor &pp, std::set<std::string> &absent)
      : pp_(pp), absent_(absent) {}

  void InclusionDirective(clang::SourceLocation hashLoc, const clang::Token &includeTok,
                          llvm::StringRef fileName, bool isAngled, clang::CharSourceRange,
                          clang::OptionalFileEntryRef file, llvm::StringRef searchPath,
                          llvm::StringRef, const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    if (llvm::sys::path::is_absolute(fileName) || !includeTok.getIdentifierInfo() ||
        includeTok.getIdentifierInfo()->getPPKeywordID() == clang::tok::pp_include_next)
      return;
    auto consider = [&](llvm::StringRef dir) {
      if (file && dir == searchPath)
        return false; // the header was found here
      llvm::SmallString<256> candidate(dir);
      llvm::sys::path::append(candidate, fileName);
      if (!llvm::sys::fs::exists(candidate))
        absent_.insert(absolute(candidate));
      return true;
    };
    const clang::SourceManager &sm = pp_.getSourceManager();
    if (!isAngled)
      if (clang::OptionalFileEntryRef includer = sm.getFileEntryRefForID(sm.getFileID(hashLoc)))
        if (!consider(llvm::sys::path::parent_path(includer->getName())))
          return;
    const clang::HeaderSearch &search = pp_.getHeaderSearchInfo();
    for (auto it = isAngled ? search.angled_dir_begin() : search.quoted_dir_begin();
         it != search.search_dir_end(); ++it)
      if (it->isNormalDir() && !consider(it->getDirRef()->getName()))
        return;
  }

private:
  clang::Preprocessor &pp_;
  std::set<std::string> &absent_;
};

class UserCodeAction : public clang::ASTFrontendAction {
public:
  UserCodeAction(clang::ast_matchers::MatchFinder &finder, AnalysisSessions &analyses,
                 std::set<std::string> &absentIncludes, std::function<void(clang::ASTContext &)> afterMatch)
      : finder_(finder), analyses_(analyses), absentIncludes_(absentIncludes), afterMatch_(std::move(afterMatch)) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef) override {
    ci.getPreprocessor().addPPCallbacks(
        std::make_unique<AbsentIncludeRecorder>(ci.getPreprocessor(), absentIncludes_));
    return std::make_unique<UserCodeConsumer>(finder_, analyses_, ci.getPreprocessor(), afterMatch_);
  }

private:
  clang::ast_matchers::MatchFinder &finder_;
  AnalysisSessions &analyses_;
  std::set<std::string> &absentIncludes_;
  std::function<void(clang::ASTContext &)> afterMatch_;
};

class UserCodeActionFactory : public tooling::FrontendActionFactory {
public:
  UserCodeActionFactory(clang::ast_matchers::MatchFinder &finder, AnalysisSessions &analyses,
                        std::set<std::string> &absentIncludes, std::function<void(clang::ASTContext &)> afterMatch)
      : finder_(finder), analyses_(analyses), absentIncludes_(absentIncludes), afterMatch_(std::move(afterMatch)) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<UserCodeAction>(finder_, analyses_, absentIncludes_, afterMatch_);
  }

private:
  clang::ast_matchers::MatchFinder &finder_;
  AnalysisSessions &analyses_;
  std::set<std::string> &absentIncludes_;
  std::function<void(clang::ASTContext &)> afterMatch_;
};

class CollectingSink : public FindingSink {
public:
  void consume(Finding finding) override { findings.push_back(std::move(finding)); }
  std::vector<Finding> findings;
};

} // namespace

std::unique_ptr<tooling::JSONCompilationDatabase> loadCompilationDatabase(llvm::StringRef path,
                                                                         std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = buffer.getError().message();
    return nullptr;
  }
  // LLVM's YAML parser reads the database: the YAML bound covers JSON and YAML alike.
  if (llvm::Error err = checkYamlNesting((*buffer)->getBuffer(), "the database")) {
    error = llvm::toString(std::move(err));
    return nullptr;
  }
  return tooling::JSONCompilationDatabase::loadFromBuffer((*buffer)->getBuffer(), error,
                                                          tooling::JSONCommandLineSyntax::AutoDetect);
}

llvm::Expected<std::vector<tooling::CompileCommand>>
collectTranslationUnits(const std::vector<std::string> &paths, llvm::StringRef buildDir,
                        const AnalysisOptions &options, const tooling::CompilationDatabase *compileFlags) {
  std::vector<tooling::CompileCommand> units;
  if (!buildDir.empty()) {
    llvm::SmallString<256> dbPath(buildDir);
    if (!llvm::sys::fs::is_directory(buildDir) && llvm::sys::path::filename(buildDir) == "compile_commands.json")
      dbPath = buildDir;
    else
      llvm::sys::path::append(dbPath, "compile_commands.json");
    if (!llvm::sys::fs::exists(dbPath))
      return llvm::createStringError(std::errc::no_such_file_or_directory, "'%s' does not exist",
                                     dbPath.c_str());
    std::string error;
    auto db = loadCompilationDatabase(dbPath, error);
    if (!db)
      return llvm::createStringError(std::errc::invalid_argument, "malformed '%s': %s",
                                     dbPath.c_str(), error.c_str());
    std::vector<std::string> filters;
    for (const std::string &p : paths) {
      if (!llvm::sys::fs::exists(p))
        return llvm::createStringError(std::errc::no_such_file_or_directory, "'%s' does not exist",
                                       p.c_str());
      filters.push_back(absolute(p));
    }
    for (tooling::CompileCommand &cmd : db->getAllCompileCommands()) {
      llvm::SmallString<256> file(cmd.Filename);
      llvm::sys::fs::make_absolute(cmd.Directory, file);
      llvm::sys::path::remove_dots(file, true);
      cmd.Filename = std::string(file);
      if (!filters.empty() && llvm::none_of(filters, [&](const std::string &f) { return isUnder(cmd.Filename, f); }))
        continue;
      units.push_back(std::move(cmd));
    }
    llvm::stable_sort(units, [](const auto &a, const auto &b) { return a.Filename < b.Filename; });
    return units;
  }

  if (paths.empty())
    return llvm::createStringError(std::errc::invalid_argument,
                                   "no input: name files or directories, or -p BUILD_DIR");
  auto files = expandPaths(paths, /*allowHeaders=*/false);
  if (!files)
    return files.takeError();
  // With the user's own flags LibTorch may come from them: ampify's are then only a fallback.
  auto torch = findTorchInstall(options.torchPrefix);
  std::vector<std::string> torchArgs;
  if (torch) {
    if (options.verbose)
      llvm::errs() << "ampify: LibTorch headers from " << torch->howFound << ": " << torch->prefix << "\n";
    torchArgs = torch->includeArgs;
  } else if (!compileFlags) {
    return torch.takeError();
  } else {
    llvm::consumeError(torch.takeError());
  }
  llvm::SmallString<256> cwd;
  if (std::error_code ec = llvm::sys::fs::current_path(cwd))
    return llvm::createStringError(ec, "cannot read the working directory: %s", ec.message().c_str());
  for (const std::string &file : *files) {
    std::vector<std::string> flags;
    if (compileFlags) {
      // [tool, FLAGS..., file]: the flags as FixedCompilationDatabase kept them.
      std::vector<tooling::CompileCommand> given = compileFlags->getCompileCommands(file);
      if (!given.empty() && given.front().CommandLine.size() >= 2)
        flags.assign(given.front().CommandLine.begin() + 1, given.front().CommandLine.end() - 1);
    }
    tooling::CompileCommand cmd;
    // Relative paths in the flags (`-- -Iinclude`, --extra-arg) resolve from here, as the
    // compiler's would when run in this directory.
    cmd.Directory = std::string(cwd);
    cmd.Filename = file;
    cmd.CommandLine = {"clang++"};
    if (llvm::none_of(flags, [](llvm::StringRef f) { return f.starts_with("-std=") || f.starts_with("--std"); }))
      cmd.CommandLine.push_back("-std=c++17");
    cmd.CommandLine.insert(cmd.CommandLine.end(), flags.begin(), flags.end());
    cmd.CommandLine.insert(cmd.CommandLine.end(), torchArgs.begin(), torchArgs.end());
    cmd.CommandLine.push_back(file);
    units.push_back(std::move(cmd));
  }
  return units;
}

std::vector<std::string> analysisArguments(const tooling::CompileCommand &command, const AnalysisOptions &options) {
  std::vector<std::string> args = command.CommandLine;
  dropCodeLoadingFlags(args); // callers that warn about them drop them first
  args = tooling::getInsertArgumentAdjuster(options.extraArgsBefore, tooling::ArgumentInsertPosition::BEGIN)(
      args, command.Filename);
  args = tooling::getInsertArgumentAdjuster(options.extraArgs, tooling::ArgumentInsertPosition::END)(
      args, command.Filename);
  args = HeaderOwnership(command, options).librariesAsSystem(args);
  // The runtime's headers, last: a migrated file includes <ampify/amp.h> before the project's
  // build knows where it is, and its text is analysed again (the hazards the migration exposes).
  // Any <ampify/amp.h> the command finds first (an installed one, the tests' mock) wins.
  std::vector<std::string> runtime = runtimeIncludeArgs();
  args.insert(args.end(), runtime.begin(), runtime.end());
  if (llvm::none_of(args, [](llvm::StringRef a) { return a.starts_with("-resource-dir"); }))
    args.insert(args.begin() + std::min<size_t>(1, args.size()), "-resource-dir=" AMPIFY_CLANG_RESOURCE_DIR);
  return args;
}

std::vector<std::string> filesRead(clang::FileManager &files) {
  llvm::SmallVector<clang::OptionalFileEntryRef, 256> seen;
  files.GetUniqueIDMapping(seen);
  std::vector<std::string> paths;
  for (clang::OptionalFileEntryRef file : seen) {
    if (!file)
      continue;
    llvm::StringRef real = file->getFileEntry().tryGetRealPathName();
    paths.push_back(real.empty() ? absolute(file->getName()) : real.str());
  }
  llvm::sort(paths);
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  return paths;
}

std::string absoluteIn(llvm::StringRef directory, llvm::StringRef path) {
  llvm::SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(directory, abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  if (abs.size() > 1 && llvm::sys::path::is_separator(abs.back()))
    abs.pop_back();
  return std::string(abs);
}

bool isUnder(llvm::StringRef file, llvm::StringRef dirOrFile) {
  if (file == dirOrFile)
    return true;
  return file.starts_with(dirOrFile) && file.size() > dirOrFile.size() &&
         llvm::sys::path::is_separator(file[dirOrFile.size()]);
}

TranslationUnitResult analyzeTranslationUnit(const tooling::CompileCommand &command,
                                             const AnalysisOptions &commandLineOptions,
                                             const CallbackFactory &callbacks,
                                             const std::map<std::string, std::string> &overlay) {
  TranslationUnitResult result;
  result.file = command.Filename;

  // Per-directory .ampify.yaml: the TU runs with the options resolved for its main file.
  AnalysisOptions resolved;
  if (commandLineOptions.config) {
    auto perFile = commandLineOptions.config->optionsFor(command.Filename);
    if (!perFile) {
      result.parsed = false;
      result.failure = llvm::toString(perFile.takeError());
      return result;
    }
    resolved = std::move(*perFile);
  }
  const AnalysisOptions &options = commandLineOptions.config ? resolved : commandLineOptions;

  // Clang's tooling changes into the command's directory and aborts the process if it cannot.
  if (!llvm::sys::fs::is_directory(command.Directory)) {
    result.parsed = false;
    result.failure = "its compile command's directory '" + command.Directory +
                     "' does not exist (fix the \"directory\" of the compilation database)";
    return result;
  }
  tooling::CompileCommand adjusted = command;
  std::vector<std::string> dropped = dropCodeLoadingFlags(adjusted.CommandLine);
  for (const std::string &flag : dropped)
    llvm::errs() << "ampify: warning: ignoring '" << flag << "' in the compile command of "
                 << command.Filename << ": flags that load code are never honoured\n";

  adjusted.CommandLine = hostParseCommand(adjusted.CommandLine, adjusted.Filename);
  adjusted.CommandLine = analysisArguments(adjusted, options);

  SingleCommandDatabase db(adjusted);
  tooling::ClangTool tool(db, {command.Filename}, std::make_shared<clang::PCHContainerOperations>(),
                          withCudaHeaders(llvm::vfs::getRealFileSystem()));
  for (const auto &[path, text] : overlay)
    tool.mapVirtualFile(path, text);
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diagOptions = new clang::DiagnosticOptions();
  diagOptions->ShowColors = llvm::errs().has_colors();
  CompilerErrorPrinter errorPrinter(llvm::errs(), diagOptions.get());
  tool.setDiagnosticConsumer(&errorPrinter);
  tool.setPrintErrorMessage(false);

  CollectingSink sink;
  AnalysisSessions analyses(options.ruleOptions);
  RuleContext context{options.ruleOptions, sink, analyses};
  clang::ast_matchers::MatchFinder finder;
  auto live = callbacks(finder, context);

  int rc = 1;
  std::set<std::string> absentIncludes;
  llvm::CrashRecoveryContext crashRecovery;
  std::function<void(clang::ASTContext &)> afterMatch;
  if (commandLineOptions.conditionalFindings) // a run-wide choice: a .ampify.yaml does not set it
    afterMatch = [&](clang::ASTContext &ctx) {
      analyses.of(ctx).findConditionalFindings(sink.findings, 0, analyses.followsPrecision(),
                                               [&] { finder.matchAST(ctx); });
    };
  bool survived = crashRecovery.RunSafely([&] {
    UserCodeActionFactory factory(finder, analyses, absentIncludes, afterMatch);
    rc = tool.run(&factory);
  });
  if (!survived) {
    result.parsed = false;
    result.failure = "the analysis crashed on this file; please report it with the file";
  } else if (rc != 0) {
    result.parsed = false;
    result.failure = "it does not compile (the compiler's errors are above)";
  } else {
    result.findings = std::move(sink.findings);
    applyConfigToFindings(options, command.Filename, result.findings);
    result.facts = analyses.takeCrossUnitFacts();
    result.inputs = filesRead(tool.getFiles());
    result.inputs.insert(result.inputs.end(), absentIncludes.begin(), absentIncludes.end());
  }
  return result;
}

std::unique_ptr<clang::ASTConsumer> createUserCodeConsumer(clang::ast_matchers::MatchFinder &finder,
                                                           AnalysisSessions &analyses,
                                                           clang::CompilerInstance &ci) {
  return std::make_unique<UserCodeConsumer>(finder, analyses, ci.getPreprocessor());
}

CallbackFactory ruleCallbacks(const AnalysisOptions &options) {
  const GlobList *checks = &options.checks;
  return [checks](clang::ast_matchers::MatchFinder &finder, RuleContext &context) {
    std::vector<std::unique_ptr<clang::ast_matchers::MatchFinder::MatchCallback>> callbacks;
    for (auto &rule : createRules(*checks, context, finder))
      callbacks.push_back(std::move(rule));
    return callbacks;
  };
}

std::vector<Finding> mergeFindings(std::vector<TranslationUnitResult> &results) {
  std::vector<Finding> all;
  for (TranslationUnitResult &r : results)
    for (Finding &f : r.findings)
      all.push_back(std::move(f));
  llvm::stable_sort(all, findingLess);
  all.erase(std::unique(all.begin(), all.end(), findingEqual), all.end());
  return all;
}

void resolveAcrossUnits(const CrossUnitFacts &given, const AnalysisOptions &options,
                        std::vector<Finding> &findings) {
  if (!given.offersFindings())
    return;
  // In one order whatever order the TUs (or shards) came in: notes and messages list uses in it.
  CrossUnitFacts facts = given;
  llvm::sort(facts.exports, [](const ParameterExport &a, const ParameterExport &b) {
    return std::tie(a.use.file, a.use.offset, a.function, a.parameter, a.field) <
           std::tie(b.use.file, b.use.offset, b.function, b.parameter, b.field);
  });
  llvm::sort(facts.imports, [&](const ArgumentImport &a, const ArgumentImport &b) {
    return std::tie(a.call.file, a.call.offset, a.function, a.parameter, a.field, a.value, a.passedOn, a.conditions) <
           std::tie(b.call.file, b.call.offset, b.function, b.parameter, b.field, b.value, b.passedOn, b.conditions);
  });
  std::set<std::tuple<std::string, unsigned, std::string, std::string>> before;
  for (const Finding &f : findings)
    before.emplace(f.where.file, f.where.offset, f.rule, f.message);
  // What another TU's analysis of a function finds when this TU runs it under autocast.
  for (Finding &f : findingsUnderOtherUnitsAutocast(facts))
    findings.push_back(std::move(f));
  // The rules as objects, for their hooks: nothing is matched and no TU is open.
  CollectingSink sink;
  AnalysisSessions analyses(options.ruleOptions);
  RuleContext context{options.ruleOptions, sink, analyses};
  clang::ast_matchers::MatchFinder finder;
  GlobList every;
  std::string error;
  every.parse("*", error);
  for (auto &rule : createRules(every, context, finder))
    rule->resolveAcrossUnits(facts, findings);
  // A new finding answers to the configuration of its file (which checks run, severities), as a
  // TU's findings answer to their main file's.
  std::vector<Finding> kept;
  for (Finding &f : findings) {
    if (before.count({f.where.file, f.where.offset, f.rule, f.message})) {
      kept.push_back(std::move(f));
      continue;
    }
    std::vector<Finding> one;
    one.push_back(std::move(f));
    if (options.config) {
      auto perFile = options.config->optionsFor(one.front().where.file);
      if (!perFile) {
        llvm::consumeError(perFile.takeError());
        continue;
      }
      applyConfigToFindings(*perFile, one.front().where.file, one);
    } else {
      applyConfigToFindings(options, one.front().where.file, one);
    }
    std::move(one.begin(), one.end(), std::back_inserter(kept));
  }
  llvm::stable_sort(kept, findingLess);
  kept.erase(std::unique(kept.begin(), kept.end(), findingEqual), kept.end());
  findings = std::move(kept);
}

} // namespace ampify
