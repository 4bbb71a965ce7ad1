#include "ampify/CastPolicy.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"

#include <mutex>

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

namespace {

// Per-TU versions, keyed by the TU's ASTContext and erased when the context is destroyed (so a
// later context at the same address does not inherit them). Guarded for a parallel driver.
std::mutex versionsMutex;
llvm::DenseMap<const clang::ASTContext *, TorchVersion> versions;

std::optional<int> macroInteger(const clang::Preprocessor &pp, llvm::StringRef name) {
  const clang::MacroInfo *macro = pp.getMacroInfo(pp.getIdentifierInfo(name));
  if (!macro || macro->getNumTokens() != 1 || !macro->getReplacementToken(0).isLiteral())
    return std::nullopt;
  const clang::Token &tok = macro->getReplacementToken(0);
  int value;
  // getSpelling, not getLiteralData: a macro read from a PCH or preamble has no literal data.
  if (llvm::StringRef(pp.getSpelling(tok)).getAsInteger(10, value))
    return std::nullopt;
  return value;
}

} // namespace

void recordTorchVersion(const clang::ASTContext &ctx, const clang::Preprocessor &pp) {
  std::optional<int> major = macroInteger(pp, "TORCH_VERSION_MAJOR");
  std::optional<int> minor = macroInteger(pp, "TORCH_VERSION_MINOR");
  if (!major || !minor)
    return;
  std::lock_guard<std::mutex> lock(versionsMutex);
  bool fresh = versions.insert({&ctx, TorchVersion{*major, *minor}}).second;
  if (fresh)
    const_cast<clang::ASTContext &>(ctx).AddDeallocation(
        [](void *key) {
          std::lock_guard<std::mutex> lock(versionsMutex);
          versions.erase(static_cast<const clang::ASTContext *>(key));
        },
        const_cast<clang::ASTContext *>(&ctx));
}

std::optional<TorchVersion> recordedTorchVersion(const clang::ASTContext &ctx) {
  std::lock_guard<std::mutex> lock(versionsMutex);
  auto it = versions.find(&ctx);
  if (it == versions.end())
    return std::nullopt;
  return it->second;
}

} // namespace ampify
