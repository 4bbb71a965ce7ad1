#include "ampify/RuleOptions.h"

#include "llvm/ADT/STLExtras.h"
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

std::optional<std::string> invalidOptionValue(const OptionSpec &spec, llvm::StringRef value) {
  std::string quoted = "'" + value.str() + "'";
  switch (spec.type) {
  case OptionSpec::Type::Integer: {
    int64_t number;
    if (value.trim().getAsInteger(10, number))
      return quoted + " is not an integer";
    if (number < spec.min || number > spec.max) {
      std::string range = spec.max == std::numeric_limits<int64_t>::max()
                              ? "at least " + std::to_string(spec.min)
                              : "between " + std::to_string(spec.min) + " and " + std::to_string(spec.max);
      return quoted + " is out of range: it must be " + range;
    }
    return std::nullopt;
  }
  case OptionSpec::Type::Boolean:
    if (llvm::is_contained({"true", "false", "1", "0"}, value.trim()))
      return std::nullopt;
    return quoted + " is not true or false";
  case OptionSpec::Type::Version: {
    llvm::SmallVector<llvm::StringRef, 3> parts;
    value.trim().split(parts, '.');
    unsigned number;
    bool valid = parts.size() >= 2 && parts.size() <= 3 &&
                 llvm::all_of(parts, [&](llvm::StringRef p) { return !p.getAsInteger(10, number); });
    if (valid)
      return std::nullopt;
    return quoted + " is not a LibTorch version (MAJOR.MINOR, e.g. 2.4)";
  }
  case OptionSpec::Type::Choice:
    if (llvm::is_contained(spec.choices, value.trim()))
      return std::nullopt;
    return quoted + " is not one of " + llvm::join(spec.choices, ", ");
  }
  return std::nullopt;
}

int64_t integerOptionValue(llvm::StringRef value) {
  int64_t number = 0;
  (void)value.trim().getAsInteger(10, number);
  return number;
}

bool booleanOptionValue(llvm::StringRef value) {
  value = value.trim();
  return value == "true" || value == "1";
}

const std::string *RuleOptions::find(llvm::StringRef key) const {
  auto it = values.find(key);
  return it == values.end() ? nullptr : &it->second;
}

} // namespace ampify
