// C++ type predicates by name, for the analyses that recognise library types other than
// LibTorch's tensor and module shapes (TorchApi.h): devices, the runtime's scopes, std::string.
#pragma once

#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

namespace ampify {

/// Whether `type` (by value, reference or const) is the class `qualified` names (e.g.
/// "c10::Device"), or derives from it.
bool isRecordNamed(clang::QualType type, llvm::StringRef qualified);

/// Whether `type` (by value, reference or const) is std::string or another std::basic_string,
/// whatever inline namespace the standard library declares it in.
bool isStdString(clang::QualType type);

} // namespace ampify
