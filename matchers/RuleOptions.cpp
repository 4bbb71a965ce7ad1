#include "ampify/RuleOptions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

namespace ampify {

bool GlobList::parse(llvm::StringRef text, std::string &error) {
  items_.clear();
  text_ = text.str();
  storage_ = std::make_shared<const std::string>(text_);
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(*storage_).split(parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    bool positive = !part.consume_front("-");
    auto pattern = llvm::GlobPattern::create(part.trim());
    if (!pattern) {
      error = "invalid glob '" + part.str() + "': " + llvm::toString(pattern.takeError());
      return false;
    }
    items_.push_back({positive, std::move(*pattern)});
  }
  if (items_.empty()) {
    error = "the check list '" + text_ + "' names no checks";
    return false;
  }
  return true;
}

bool GlobList::contains(llvm::StringRef name) const {
  for (auto it = items_.rbegin(); it != items_.rend(); ++it)
    if (it->pattern.match(name))
      return it->positive;
  return false;
}

const std::string *RuleOptions::find(llvm::StringRef key) const {
  auto it = values.find(key);
  return it == values.end() ? nullptr : &it->second;
}

} // namespace ampify
