#include "DocumentAnalyzer.h"

#include "ampify/Config.h"
#include "ampify/Preamble.h"

#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <chrono>
#include <ctime>

namespace ampify::lsp {
namespace tooling = clang::tooling;
namespace {

/// Keeps the compiler's errors (the rules run only on code that compiles).
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error)
      return;
    CompilerError error;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    error.message = std::string(text);
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager &sm = info.getSourceManager();
      clang::SourceLocation loc = sm.getFileLoc(info.getLocation());
      auto [fid, offset] = sm.getDecomposedLoc(loc);
      if (auto entry = sm.getFileEntryRefForID(fid))
        error.file = entry->getName().str();
      error.offset = offset;
      error.line = sm.getLineNumber(fid, offset);
      error.column = sm.getColumnNumber(fid, offset);
    }
    errors.push_back(std::move(error));
  }
  std::vector<CompilerError> errors;
};

class CollectingSink : public FindingSink {
public:
  void consume(Finding finding) override { findings.push_back(std::move(finding)); }
  std::vector<Finding> findings;
};

class RuleAction : public clang::ASTFrontendAction {
public:
  RuleAction(clang::ast_matchers::MatchFinder &finder, AnalysisSessions &analyses)
      : finder_(finder), analyses_(analyses) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef) override {
    return createUserCodeConsumer(finder_, analyses_, ci);
  }

private:
  clang::ast_matchers::MatchFinder &finder_;
  AnalysisSessions &analyses_;
};

/// The compile command as ampify runs it: no output or dependency files, never code-loading
/// flags, and the arguments of every ampify parse (Driver.h's analysisArguments).
std::vector<std::string> documentArguments(const tooling::CompileCommand &command, const AnalysisOptions &options) {
  std::vector<std::string> args = analysisArguments(command, options);
  for (const tooling::ArgumentsAdjuster &adjust :
       {tooling::getClangStripOutputAdjuster(), tooling::getClangStripDependencyFileAdjuster(),
        tooling::getClangSyntaxOnlyAdjuster()})
    args = adjust(args, command.Filename);
  return args;
}

} // namespace

DocumentAnalyzer::DocumentAnalyzer(tooling::CompileCommand command, const AnalysisOptions &options)
    : command_(command), arguments_(documentArguments(command, options)), directory_(command.Directory),
      file_(command.Filename), options_(options) {}

DocumentAnalyzer::~DocumentAnalyzer() = default;

DocumentAnalysis DocumentAnalyzer::analyze(llvm::StringRef contents) {
  auto start = std::chrono::steady_clock::now();
  std::clock_t cpuStart = std::clock();
  DocumentAnalysis result;
  ErrorCollector errors;

  // The file's .ampify.yaml options (Checks, CheckOptions, severities, header filter).
  AnalysisOptions resolved;
  const AnalysisOptions *options = &options_;
  if (options_.config) {
    auto perFile = options_.config->optionsFor(file_);
    if (!perFile) {
      result.failure = llvm::toString(perFile.takeError());
      return result;
    }
    resolved = std::move(*perFile);
    options = &resolved;
  }

  // Relative paths in the command are relative to its directory, without changing the
  // process's working directory.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs = llvm::vfs::createPhysicalFileSystem();
  if (!directory_.empty())
    fs->setCurrentWorkingDirectory(directory_);

  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> diags =
      clang::CompilerInstance::createDiagnostics(new clang::DiagnosticOptions, &errors,
                                                 /*ShouldOwnClient=*/false);
  auto makeInvocation = [&]() -> std::shared_ptr<clang::CompilerInvocation> {
    std::vector<std::string> args = arguments_;
    if (!sharedPreamble_.empty())
      args = withPreamble(tooling::CompileCommand(directory_, file_, args, ""), sharedPreamble_).CommandLine;
    std::vector<const char *> argv;
    for (const std::string &arg : args)
      argv.push_back(arg.c_str());
    clang::CreateInvocationOptions invocationOptions;
    invocationOptions.Diags = diags;
    invocationOptions.VFS = fs;
    invocationOptions.RecoverOnError = true;
    std::shared_ptr<clang::CompilerInvocation> invocation = clang::createInvocation(argv, invocationOptions);
    if (!invocation || invocation->getFrontendOpts().Inputs.size() != 1)
      return nullptr;
    invocation->getFrontendOpts().DisableFree = false; // the AST is freed after every check
    // Template instantiations the headers need are done once, in the preamble, instead of at the
    // end of every check (clang's -fpch-instantiate-templates; about 4x less CPU per re-check of
    // a file that includes <torch/torch.h>).
    invocation->getLangOpts().PCHInstantiateTemplates = true;
    return invocation;
  };
  std::shared_ptr<clang::CompilerInvocation> invocation = makeInvocation();
  if (!invocation) {
    result.failure = "the compile command cannot be turned into one compiler run";
    result.errors = std::move(errors.errors);
    return result;
  }

  std::string mainFile = invocation->getFrontendOpts().Inputs[0].getFile().str();
  std::unique_ptr<llvm::MemoryBuffer> buffer = llvm::MemoryBuffer::getMemBufferCopy(contents, mainFile);
  clang::PreambleBounds bounds =
      clang::ComputePreambleBounds(invocation->getLangOpts(), *buffer, /*MaxLines=*/0);
  auto pchOperations = std::make_shared<clang::PCHContainerOperations>();

  result.preambleReused = preamble_ && preamble_->CanReuse(*invocation, *buffer, bounds, *fs);
  if (!result.preambleReused) {
    preamble_.reset();
    // The library headers come from the preamble `ampify check` shares, from the cache (built
    // and published here when no run has yet); the document's own preamble, chained to it, holds
    // only the rest of its #include block. A new editor session so parses LibTorch's headers
    // not at all when any earlier run did.
    std::string shared = sharedPreambleFor(command_, contents, options_, /*buildIfMissing=*/true).value_or("");
    if (shared != sharedPreamble_) {
      sharedPreamble_ = std::move(shared);
      invocation = makeInvocation();
      if (!invocation) {
        result.failure = "the compile command cannot be turned into one compiler run";
        return result;
      }
    }
    if (options_.verbose)
      llvm::errs() << "ampify lsp: " << file_ << ": "
                   << (sharedPreamble_.empty() ? "no shared preamble"
                                               : "library headers from the shared preamble " + sharedPreamble_)
                   << "\n";
    clang::PreambleCallbacks callbacks;
    auto built = clang::PrecompiledPreamble::Build(*invocation, buffer.get(), bounds, *diags, fs,
                                                   pchOperations, /*StoreInMemory=*/true,
                                                   /*StoragePath=*/"", callbacks);
    // The preamble's errors are reported with every check that reuses it; without a preamble
    // the whole file is parsed and reports them itself.
    preambleErrors_.clear();
    if (built) {
      preamble_.emplace(std::move(*built));
      preambleErrors_ = std::move(errors.errors);
    }
    errors.errors.clear();
  }

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> parseFs = fs;
  if (preamble_) {
    preamble_->AddImplicitPreamble(*invocation, parseFs, buffer.get());
  } else {
    invocation->getPreprocessorOpts().PrecompiledPreambleBytes = {0, false};
    invocation->getPreprocessorOpts().addRemappedFile(mainFile, buffer.get());
  }
  invocation->getPreprocessorOpts().RetainRemappedFileBuffers = false;

  auto compiler = std::make_unique<clang::CompilerInstance>(pchOperations);
  compiler->setInvocation(invocation);
  compiler->createDiagnostics(&errors, /*ShouldOwnClient=*/false);
  if (auto withOverlays = clang::createVFSFromCompilerInvocation(compiler->getInvocation(),
                                                                 compiler->getDiagnostics(), parseFs))
    parseFs = withOverlays;
  compiler->createFileManager(parseFs);
  buffer.release(); // owned by the compiler's source manager from here on

  CollectingSink sink;
  AnalysisSessions analyses(options->ruleOptions);
  RuleContext context{options->ruleOptions, sink, analyses};
  clang::ast_matchers::MatchFinder finder;
  auto callbacks = ruleCallbacks(*options)(finder, context);

  llvm::CrashRecoveryContext crashRecovery;
  bool survived = crashRecovery.RunSafely([&] {
    if (!compiler->createTarget())
      return;
    RuleAction action(finder, analyses);
    if (!action.BeginSourceFile(*compiler, compiler->getFrontendOpts().Inputs[0]))
      return;
    if (llvm::Error err = action.Execute())
      llvm::consumeError(std::move(err));
    action.EndSourceFile();
  });
  if (!survived) {
    result.failure = "the analysis crashed on this file; please report it with the file";
    compiler.release(); // its state is unknown after a crash; leaking beats a second crash
  }
  result.errors = preambleErrors_;
  llvm::append_range(result.errors, errors.errors);
  if (survived && result.errors.empty()) {
    result.findings = std::move(sink.findings);
    applyConfigToFindings(*options, file_, result.findings);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
  return result;
}

} // namespace ampify::lsp
