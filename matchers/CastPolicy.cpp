#include "ampify/CastPolicy.h"

#include "llvm/ADT/SmallVector.h"

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

const CastPolicyTable &CastPolicyTable::forVersion(TorchVersion version) {
  static const CastPolicyTable v1_13 = [] {
    CastPolicyTable t("1.13");
#define AMPIFY_CAST_POLICY(op, policy) t.policies_.try_emplace(op, CastPolicy::policy);
#define AMPIFY_MODULE_POLICY(kind, policy) t.modules_.try_emplace(kind, CastPolicy::policy);
#include "CastPolicy_1_13.def"
#undef AMPIFY_CAST_POLICY
#undef AMPIFY_MODULE_POLICY
    return t;
  }();
  static const CastPolicyTable v2 = [] {
    CastPolicyTable t("2.x");
#define AMPIFY_CAST_POLICY(op, policy) t.policies_.try_emplace(op, CastPolicy::policy);
#define AMPIFY_MODULE_POLICY(kind, policy) t.modules_.try_emplace(kind, CastPolicy::policy);
#include "CastPolicy_2.def"
#undef AMPIFY_CAST_POLICY
#undef AMPIFY_MODULE_POLICY
    return t;
  }();
  return version.major >= 2 ? v2 : v1_13;
}

std::optional<CastPolicy> CastPolicyTable::lookup(llvm::StringRef op) const {
  auto it = policies_.find(op);
  if (it == policies_.end())
    return std::nullopt;
  return it->second;
}

std::optional<CastPolicy> CastPolicyTable::lookupModule(llvm::StringRef kind) const {
  auto it = modules_.find(kind);
  if (it == modules_.end())
    return std::nullopt;
  return it->second;
}

} // namespace ampify
