// Rule options as clang-tidy's CheckOptions: string keys, string values, and a `Checks` glob
// list that enables or disables rules by name.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ampify {

/// A clang-tidy style list such as "-*,ampify-tensor-*": comma separated globs, a leading '-'
/// disables, and the last glob that matches a name decides.
class GlobList {
public:
  /// Fails (returns false, with `error` set) on an empty or malformed glob.
  bool parse(llvm::StringRef text, std::string &error);
  bool contains(llvm::StringRef name) const;
  const std::string &text() const { return text_; }

private:
  struct Item {
    bool positive;
    llvm::GlobPattern pattern;
  };
  std::vector<Item> items_;
  std::string text_;
  /// llvm::GlobPattern keeps StringRefs into its pattern text: the text the items were parsed
  /// from lives here, immutable and shared by copies, so a copied or moved list stays valid.
  std::shared_ptr<const std::string> storage_;
};

struct RuleOptions {
  std::map<std::string, std::string, std::less<>> values;
  const std::string *find(llvm::StringRef key) const;
};

/// What a rule (or the analysis itself) declares of one of its options: values are checked
/// against it wherever they are given (--check-option, .ampify.yaml, clang-tidy's CheckOptions),
/// and --dump-config lists it.
struct OptionSpec {
  enum class Type {
    Integer, ///< a decimal integer in [min, max]
    Boolean, ///< true/false (1/0 accepted)
    Version, ///< a LibTorch version, MAJOR.MINOR[.PATCH]
    Choice,  ///< one of `choices`
  };
  std::string key; ///< "MinDim"
  Type type = Type::Integer;
  std::string defaultValue; ///< as it would be written in a config; empty: none
  int64_t min = std::numeric_limits<int64_t>::min();
  int64_t max = std::numeric_limits<int64_t>::max();
  std::vector<std::string> choices;
  std::string description;
};

/// Why `value` is not a valid value of `spec` ("'sixteen' is not an integer"), or nullopt.
std::optional<std::string> invalidOptionValue(const OptionSpec &spec, llvm::StringRef value);
/// The value of a valid Integer/Boolean option text (`invalidOptionValue` returned nullopt).
int64_t integerOptionValue(llvm::StringRef value);
bool booleanOptionValue(llvm::StringRef value);

} // namespace ampify
