// --shard=K/N: splits a run's TUs into N deterministic parts so that N machines (a CI matrix)
// share the work; `ampify merge` combines their outputs.
#pragma once

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

namespace ampify {

struct Shard {
  unsigned index = 1; // 1-based: K of K/N
  unsigned count = 1; // N
};

/// Parses "K/N" with 1 <= K <= N.
llvm::Expected<Shard> parseShard(llvm::StringRef text);

/// Keeps the TUs of shard K: the ones at positions K-1, K-1+N, ... of the list sorted by file,
/// so every shard gets within one TU of the same share, and the shards of one TU list are
/// disjoint and cover it whatever machine computes them.
std::vector<clang::tooling::CompileCommand> selectShard(std::vector<clang::tooling::CompileCommand> units,
                                                        Shard shard);

} // namespace ampify
