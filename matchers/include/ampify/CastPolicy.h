// Autocast's cast policies as data, per (LibTorch version, autocast device): CastPolicyTables.def,
// generated from LibTorch's own registration by matchers/policy/generate_cast_policies.py, plus the
// reviewed hand list CastPolicyCommon.def (fall-through ops, factories, module kinds). The TU's
// AnalysisSession picks the version (the global `TorchVersion` option, else its TORCH_VERSION_*
// macros); each region's device picks the list.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

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
  bool operator<(const TorchVersion &o) const { return major != o.major ? major < o.major : minor < o.minor; }
};

/// The device an autocast region casts for: LibTorch registers a different list for each.
enum class AutocastDevice { CUDA, CPU };

/// The cast policies of one LibTorch version whose registration was read (1.13, 2.6), for each
/// autocast device.
class CastPolicyTable {
public:
  /// The table for `version`: the newest version read that is not newer, within the same major
  /// series (2.11 gets 2.6's); a version older than every one read in its series gets that
  /// series' oldest (2.4 gets 2.6's), a series none was read of the nearest version's.
  static const CastPolicyTable &forVersion(TorchVersion version);
  /// The versions whose registration was read, oldest first.
  static llvm::ArrayRef<TorchVersion> versions();

  /// The policy of an ATen op ("matmul", "log_softmax") under `device`'s autocast; nullopt for
  /// an op in no list. `overload` is LibTorch's overload name ("Tensor_Scalar", "" for the
  /// default) where the caller knows it. Without it, the op's overloads must agree: when the
  /// device registers some overloads and not others (_convolution on the CPU registers only
  /// `deprecated`), the answer is nullopt, so that no rule relies on a guess.
  std::optional<CastPolicy> lookup(llvm::StringRef op, AutocastDevice device,
                                   std::optional<llvm::StringRef> overload = std::nullopt) const;
  /// The policy of a torch::nn module's forward() by kind ("Linear", "LayerNorm"): the policy
  /// of the op it runs on `device`, or a reviewed one (CastPolicyCommon.def).
  std::optional<CastPolicy> lookupModule(llvm::StringRef kind, AutocastDevice device) const;
  /// Whether the op's CUDA kernel has no fp16 version (bf16 with `bfloat16`), so that it raises
  /// when autocast hands it such a tensor: what the GPU conformance run measured
  /// (NoLowPrecisionKernel.def, generated from it; LibTorch 2.11, applied to every version).
  static bool cudaKernelLacksLowPrecision(llvm::StringRef op, bool bfloat16);
  TorchVersion version() const { return version_; }

private:
  explicit CastPolicyTable(TorchVersion version);
  struct Overload {
    std::string name;
    CastPolicy policy;
  };
  TorchVersion version_;
  /// Generated entries, per device (AutocastDevice's value): op -> its overloads.
  llvm::StringMap<llvm::SmallVector<Overload, 1>> generated_[2];
  /// The reviewed hand list, the same for every device; generated entries take precedence.
  llvm::StringMap<CastPolicy> reviewed_;
  /// Module kind -> the op its forward() runs, or a reviewed policy per device.
  llvm::StringMap<std::string> moduleOps_;
  llvm::StringMap<CastPolicy> modulePolicies_[2];
};

} // namespace ampify
