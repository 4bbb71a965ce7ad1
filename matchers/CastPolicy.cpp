#include "ampify/CastPolicy.h"

#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace ampify {

std::optional<TorchVersion> TorchVersion::parse(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.trim().split(parts, '.');
  TorchVersion v;
  if (parts.size() < 2 || parts.size() > 3 || parts[0].getAsInteger(10, v.major) ||
      parts[1].getAsInteger(10, v.minor))
    return std::nullopt;
  return v;
}

llvm::ArrayRef<TorchVersion> CastPolicyTable::versions() {
  static const TorchVersion read[] = {
#define AMPIFY_CAST_POLICY_VERSION(tableMajor, tableMinor) TorchVersion{tableMajor, tableMinor},
#define AMPIFY_CAST_POLICY_BASE(op, overload, policy)
#define AMPIFY_CAST_POLICY_DELTA(tableMajor, tableMinor, device, op, overload, policy)
#include "CastPolicyTables.def"
#undef AMPIFY_CAST_POLICY_VERSION
#undef AMPIFY_CAST_POLICY_BASE
#undef AMPIFY_CAST_POLICY_DELTA
  };
  return read;
}

bool CastPolicyTable::cudaKernelLacksLowPrecision(llvm::StringRef op, bool bfloat16) {
  struct Entry {
    llvm::StringLiteral op;
    bool half, bfloat16;
  };
  static const Entry measured[] = {
#define AMPIFY_NO_LOW_PRECISION_KERNEL(op, half, bfloat16) {op, half, bfloat16},
#include "NoLowPrecisionKernel.def"
#undef AMPIFY_NO_LOW_PRECISION_KERNEL
  };
  for (const Entry &entry : measured)
    if (entry.op == op)
      return bfloat16 ? entry.bfloat16 : entry.half;
  return false;
}

CastPolicyTable::CastPolicyTable(TorchVersion version) : version_(version) {
  auto add = [this](AutocastDevice device, llvm::StringRef op, llvm::StringRef overload, CastPolicy policy) {
    generated_[static_cast<int>(device)][op].push_back({overload.str(), policy});
  };
#define AMPIFY_CAST_POLICY_VERSION(tableMajor, tableMinor)
#define AMPIFY_CAST_POLICY_BASE(op, overload, policy)                                                        \
  add(AutocastDevice::CUDA, op, overload, CastPolicy::policy);                                               \
  add(AutocastDevice::CPU, op, overload, CastPolicy::policy);
#define AMPIFY_CAST_POLICY_DELTA(tableMajor, tableMinor, device, op, overload, policy)                       \
  if (version_.major == tableMajor && version_.minor == tableMinor)                                          \
    add(AutocastDevice::device, op, overload, CastPolicy::policy);
#include "CastPolicyTables.def"
#undef AMPIFY_CAST_POLICY_VERSION
#undef AMPIFY_CAST_POLICY_BASE
#undef AMPIFY_CAST_POLICY_DELTA

#define AMPIFY_CAST_POLICY(op, policy) reviewed_.try_emplace(op, CastPolicy::policy);
#define AMPIFY_MODULE_OP(kind, op) moduleOps_.try_emplace(kind, op);
#define AMPIFY_MODULE_POLICY(kind, policy)                                                                   \
  modulePolicies_[static_cast<int>(AutocastDevice::CUDA)].try_emplace(kind, CastPolicy::policy);             \
  modulePolicies_[static_cast<int>(AutocastDevice::CPU)].try_emplace(kind, CastPolicy::policy);
#define AMPIFY_MODULE_POLICY_CUDA(kind, policy)                                                              \
  modulePolicies_[static_cast<int>(AutocastDevice::CUDA)].try_emplace(kind, CastPolicy::policy);
#include "CastPolicyCommon.def"
#undef AMPIFY_CAST_POLICY
#undef AMPIFY_MODULE_OP
#undef AMPIFY_MODULE_POLICY
#undef AMPIFY_MODULE_POLICY_CUDA
}

const CastPolicyTable &CastPolicyTable::forVersion(TorchVersion version) {
  static const std::vector<CastPolicyTable> tables = [] {
    std::vector<CastPolicyTable> all;
    for (TorchVersion read : versions())
      all.push_back(CastPolicyTable(read));
    return all;
  }();
  // Oldest first: the first candidate is the oldest, later ones replace it while not newer.
  auto pick = [&](bool sameSeries) -> const CastPolicyTable * {
    const CastPolicyTable *chosen = nullptr;
    for (const CastPolicyTable &table : tables)
      if ((!sameSeries || table.version().major == version.major) && (!chosen || !(version < table.version())))
        chosen = &table;
    return chosen;
  };
  if (const CastPolicyTable *table = pick(/*sameSeries=*/true))
    return *table;
  return *pick(/*sameSeries=*/false);
}

std::optional<CastPolicy> CastPolicyTable::lookup(llvm::StringRef op, AutocastDevice device,
                                                  std::optional<llvm::StringRef> overload) const {
  const auto &generated = generated_[static_cast<int>(device)];
  if (auto it = generated.find(op); it != generated.end()) {
    const llvm::SmallVector<Overload, 1> &overloads = it->second;
    if (overload) {
      for (const Overload &o : overloads)
        if (o.name == *overload)
          return o.policy;
      // An overload LibTorch registers for no device: not autocast, its inputs' dtype.
      return CastPolicy::FallThrough;
    }
    for (const Overload &o : overloads)
      if (o.policy != overloads.front().policy)
        return std::nullopt;
    return overloads.front().policy;
  }
  if (auto it = reviewed_.find(op); it != reviewed_.end())
    return it->second;
  return std::nullopt;
}

std::optional<CastPolicy> CastPolicyTable::lookupModule(llvm::StringRef kind, AutocastDevice device) const {
  if (auto it = moduleOps_.find(kind); it != moduleOps_.end())
    return lookup(it->second, device);
  const auto &reviewed = modulePolicies_[static_cast<int>(device)];
  if (auto it = reviewed.find(kind); it != reviewed.end())
    return it->second;
  return std::nullopt;
}

} // namespace ampify
