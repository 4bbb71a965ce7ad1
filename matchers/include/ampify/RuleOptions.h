// Rule options as clang-tidy's CheckOptions: string keys, string values, and a `Checks` glob
// list that enables or disables rules by name.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

#include <map>
#include <memory>
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

} // namespace ampify
