// Clang's own diagnostic format, printed by Clang's TextDiagnosticPrinter:
// `path:line:col: warning: message [rule]`, the source line, a caret, fix-its and notes.
#pragma once

#include "ampify/Finding.h"

#include "llvm/Support/raw_ostream.h"

namespace ampify {

void printFindingsAsText(llvm::ArrayRef<Finding> findings, llvm::raw_ostream &os, bool colors);

} // namespace ampify
