#include "ampify/IncludeInserter.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace ampify;

namespace {

/// A TU parsed from `code` as `dir`/train.cpp, so that a .clang-format in `dir` applies.
struct ParsedFile {
  std::unique_ptr<clang::ASTUnit> unit;
  clang::SourceManager &sm() { return unit->getSourceManager(); }
  clang::FileID main() { return sm().getMainFileID(); }
};

ParsedFile parse(llvm::StringRef code, llvm::StringRef dir) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, "train.cpp");
  return {clang::tooling::buildASTFromCodeWithArgs(code, {"-std=c++17"}, path)};
}

std::string applied(llvm::StringRef code, const IncludeInserter::Insertion &insertion, clang::SourceManager &sm) {
  unsigned offset = sm.getFileOffset(insertion.at);
  return (code.take_front(offset) + insertion.text + code.drop_front(offset)).str();
}

class IncludeInserterTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampify-include-inserter", dir_));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }
  llvm::SmallString<128> dir_;
};

TEST_F(IncludeInserterTest, PlacesTheHeaderAsClangFormatSortsItAndOnlyOncePerFile) {
  const std::string code = "#include <algorithm>\n#include <vector>\n\nint x;\n";
  ParsedFile file = parse(code, dir_);
  ASSERT_TRUE(file.unit);
  IncludeInserter inserter(file.sm());
  auto insertion = inserter.claim(file.main(), "<limits>");
  ASSERT_TRUE(insertion);
  EXPECT_EQ(applied(code, *insertion, file.sm()),
            "#include <algorithm>\n#include <limits>\n#include <vector>\n\nint x;\n");
  // A second finding of the same TU that needs it in the same file inserts nothing.
  EXPECT_FALSE(inserter.claim(file.main(), "<limits>"));
  // Another header still goes in.
  EXPECT_TRUE(inserter.claim(file.main(), "<cmath>"));
}

TEST_F(IncludeInserterTest, NothingWhereTheFileIncludesItAlready) {
  ParsedFile file = parse("#include <limits>\nint x;\n", dir_);
  ASSERT_TRUE(file.unit);
  IncludeInserter inserter(file.sm());
  EXPECT_FALSE(inserter.claim(file.main(), "<limits>"));
}

TEST_F(IncludeInserterTest, FollowsTheIncludeCategoriesOfTheProjectsClangFormat) {
  const std::string code = "#include <algorithm>\n#include <vector>\n\nint x;\n";
  {
    // <limits> in a category of its own, after every other include.
    std::error_code ec;
    llvm::SmallString<256> config(dir_);
    llvm::sys::path::append(config, ".clang-format");
    llvm::raw_fd_ostream out(config, ec);
    ASSERT_FALSE(ec);
    out << "BasedOnStyle: LLVM\nIncludeCategories:\n  - Regex: '^<limits>$'\n    Priority: 5\n"
           "  - Regex: '.*'\n    Priority: 1\n";
  }
  ParsedFile file = parse(code, dir_);
  ASSERT_TRUE(file.unit);
  IncludeInserter inserter(file.sm());
  auto insertion = inserter.claim(file.main(), "<limits>");
  ASSERT_TRUE(insertion);
  EXPECT_EQ(applied(code, *insertion, file.sm()),
            "#include <algorithm>\n#include <vector>\n#include <limits>\n\nint x;\n");
}

TEST_F(IncludeInserterTest, QuotedHeaders) {
  ParsedFile file = parse("int x;\n", dir_);
  ASSERT_TRUE(file.unit);
  IncludeInserter inserter(file.sm());
  auto insertion = inserter.claim(file.main(), "\"loss.h\"");
  ASSERT_TRUE(insertion);
  EXPECT_EQ(insertion->text, "#include \"loss.h\"\n");
}

} // namespace
