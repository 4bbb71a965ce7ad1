// Findings and TU results as lossless JSON (llvm::json): what workers send back and what the
// result cache stores. (The report format of --format=json is JsonOutput.cpp's.)
#pragma once

#include "ampify/Driver.h"
#include "ampify/Finding.h"

#include "llvm/Support/JSON.h"

namespace ampify {

llvm::json::Value toJSON(const Finding &finding);
bool fromJSON(const llvm::json::Value &value, Finding &finding, llvm::json::Path path);

/// The facts of one TU (Driver.h), or a shard's (`check --shard` reports carry them).
llvm::json::Value toJSON(const CrossUnitFacts &facts);
bool fromJSON(const llvm::json::Value &value, CrossUnitFacts &facts, llvm::json::Path path);

llvm::json::Value toJSON(const TranslationUnitResult &result);
bool fromJSON(const llvm::json::Value &value, TranslationUnitResult &result, llvm::json::Path path);

/// Reads and parses a JSON file; the error names the file.
llvm::Expected<llvm::json::Value> readJsonFile(llvm::StringRef path);

} // namespace ampify
