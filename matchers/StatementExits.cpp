#include "ampify/StatementExits.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ampify {

bool leavesEarly(const Stmt *s, bool breaks) {
  if (!s || isa<LambdaExpr>(s))
    return false;
  if (isa<ReturnStmt, GotoStmt, CXXThrowExpr>(s) || (breaks && isa<BreakStmt>(s)))
    return true;
  bool inner = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(s);
  for (const Stmt *child : s->children())
    if (leavesEarly(child, breaks && !inner))
      return true;
  return false;
}

bool continuesEarly(const Stmt *s) {
  if (!s || isa<LambdaExpr, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(s))
    return false;
  if (isa<ContinueStmt>(s))
    return true;
  return llvm::any_of(s->children(), continuesEarly);
}

} // namespace ampify
