#include "ampify/Shard.h"

namespace ampify {

llvm::Expected<Shard> parseShard(llvm::StringRef text) {
  auto [k, n] = text.split('/');
  Shard shard;
  if (k.trim().getAsInteger(10, shard.index) || n.trim().getAsInteger(10, shard.count) ||
      shard.count == 0 || shard.index == 0 || shard.index > shard.count)
    return llvm::createStringError(std::errc::invalid_argument,
                                   "--shard must be K/N with 1 <= K <= N, not '%s'", text.str().c_str());
  return shard;
}

std::vector<clang::tooling::CompileCommand> selectShard(std::vector<clang::tooling::CompileCommand> units,
                                                        Shard shard) {
  llvm::stable_sort(units, [](const auto &a, const auto &b) { return a.Filename < b.Filename; });
  std::vector<clang::tooling::CompileCommand> kept;
  for (size_t i = shard.index - 1; i < units.size(); i += shard.count)
    kept.push_back(std::move(units[i]));
  return kept;
}

} // namespace ampify
