// Analyses one open document the way `ampify check` analyses a TU, but from the editor's unsaved
// text and with a precompiled preamble: the document's leading #include block is compiled once
// (clang's PrecompiledPreamble, as clangd does) and reused while that block and the headers it
// read are unchanged, so a re-check after an edit parses only the rest of the file. Its library
// headers (LibTorch's) come from the on-disk preamble `ampify check` and `ampify fix` share
// (Preamble.h), which the document's preamble is chained to: a new session on a file any earlier
// run saw does not parse them again, and one that builds it leaves it for every later run.
#pragma once

#include "ampify/Driver.h"

#include "clang/Frontend/PrecompiledPreamble.h"

#include <optional>

namespace ampify::lsp {

struct CompilerError {
  std::string file; // as the compiler named it
  unsigned offset = 0;
  unsigned line = 0, column = 0;
  std::string message;
};

struct DocumentAnalysis {
  std::vector<Finding> findings;
  /// The compiler's errors; when there are any the rules did not run (an AST with errors would
  /// turn unknowns into guesses).
  std::vector<CompilerError> errors;
  std::string failure; // the analysis could not start or crashed
  bool preambleReused = false;

  double seconds = 0;    // wall clock
  double cpuSeconds = 0; // this process's CPU time: the cost on a machine shared with builds
};

class DocumentAnalyzer {
public:
  DocumentAnalyzer(clang::tooling::CompileCommand command, const AnalysisOptions &options);
  ~DocumentAnalyzer();

  DocumentAnalysis analyze(llvm::StringRef contents);

private:
  clang::tooling::CompileCommand command_;
  std::vector<std::string> arguments_;
  std::string directory_;
  std::string file_;
  const AnalysisOptions &options_;
  std::optional<clang::PrecompiledPreamble> preamble_;
  std::vector<CompilerError> preambleErrors_;
  std::string sharedPreamble_; // the cached library preamble (Preamble.h) parses start from; "" for none
};

} // namespace ampify::lsp
