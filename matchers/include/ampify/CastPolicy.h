// Autocast's cast policies as data: one table per LibTorch version family (CastPolicy_1_13.def,
// CastPolicy_2.def), chosen by the TU's AnalysisSession (its TORCH_VERSION_* macros or the global
// `TorchVersion` option).
#pragma once

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace ampify {

enum class CastPolicy {
  LowerPrecision,  ///< runs in the autocast dtype (fp16 on CUDA, bf16 on the CPU)
  Fp32,            ///< runs in float32
  Fp32UnlessDtype, ///< float32 output unless the call passes a dtype
  Promote,         ///< the widest of its inputs' types
  Banned,          ///< raises under CUDA autocast
  FallThrough,     ///< not an autocast op: its output has its inputs' dtype
  Factory,         ///< no tensor input: the default dtype (float32) unless the options name one
};

struct TorchVersion {
  int major = 0;
  int minor = 0;
  /// "2.4", "1.13.1": nullopt if `text` is not MAJOR.MINOR[.PATCH].
  static std::optional<TorchVersion> parse(llvm::StringRef text);
};

class CastPolicyTable {
public:
  /// The table of the version's family: 1.x gets 1.13's, anything newer 2.x's.
  static const CastPolicyTable &forVersion(TorchVersion version);
  /// The policy of an ATen op by name ("matmul", "log_softmax"); nullopt for unlisted ops.
  std::optional<CastPolicy> lookup(llvm::StringRef op) const;
  /// The policy of a torch::nn module's forward() by kind ("Linear", "LayerNorm").
  std::optional<CastPolicy> lookupModule(llvm::StringRef kind) const;
  llvm::StringRef family() const { return family_; }

private:
  CastPolicyTable(llvm::StringRef family) : family_(family) {}
  llvm::StringRef family_;
  llvm::StringMap<CastPolicy> policies_;
  llvm::StringMap<CastPolicy> modules_;
};

} // namespace ampify
