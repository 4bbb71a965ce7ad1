// Whether statements may leave the code around them early: what the analyses that follow a loop
// iteration by iteration (the constant evaluator's list loops, the layers a loop adds to a
// Sequential) need before they take every iteration to run to its end.
#pragma once

#include "clang/AST/Stmt.h"

namespace ampify {

/// Whether `s`, in a loop's body, may leave the loop before its condition ends it: a `return`,
/// `goto`, `throw`, or a `break` of that loop (`breaks`: not of an inner loop or switch). Lambdas'
/// bodies do not count.
bool leavesEarly(const clang::Stmt *s, bool breaks = true);

/// Whether `s`, in a loop's body, may skip the rest of an iteration: a `continue` of that loop.
bool continuesEarly(const clang::Stmt *s);

} // namespace ampify
