#include "ampify/TypeNames.h"

#include "clang/AST/DeclCXX.h"

namespace ampify {

bool isRecordNamed(clang::QualType type, llvm::StringRef qualified) {
  const clang::CXXRecordDecl *record = type.getNonReferenceType()->getAsCXXRecordDecl();
  if (!record)
    return false;
  if (record->getQualifiedNameAsString() == qualified)
    return true;
  if (!record->hasDefinition())
    return false;
  for (const clang::CXXBaseSpecifier &base : record->getDefinition()->bases())
    if (isRecordNamed(base.getType(), qualified))
      return true;
  return false;
}

bool isStdString(clang::QualType type) {
  const clang::CXXRecordDecl *record = type.getNonReferenceType()->getAsCXXRecordDecl();
  return record && record->getName() == "basic_string" && record->isInStdNamespace();
}

} // namespace ampify
