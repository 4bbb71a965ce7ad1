#include "ampify/EditSet.h"
#include "ampify/SafeWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <gtest/gtest.h>

using namespace ampify;
using clang::tooling::Replacement;

class EditSetTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampify-edit", dir_)); }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }
  std::string write(llvm::StringRef name, llvm::StringRef content) {
    llvm::SmallString<256> path(dir_);
    llvm::sys::path::append(path, name);
    EXPECT_FALSE(bool(writeFileSafely(path, content)));
    return std::string(path);
  }
  std::string read(llvm::StringRef path) {
    return (*llvm::MemoryBuffer::getFile(path))->getBuffer().str();
  }
  Finding finding(const std::string &path, std::vector<Replacement> fixes, llvm::StringRef parsed) {
    Finding f;
    f.rule = "ampify-test";
    f.where.file = path;
    f.fixes = std::move(fixes);
    f.parsedDigests[path] = llvm::xxh3_64bits(parsed);
    return f;
  }
  llvm::SmallString<256> dir_;
};

TEST_F(EditSetTest, AppliesAndDeduplicatesAcrossTranslationUnits) {
  std::string text = "int a = 1;\nint b = 2;\n";
  std::string path = write("x.cpp", text);
  EditSet edits;
  Finding f = finding(path, {Replacement(path, 8, 1, "10")}, text);
  ASSERT_FALSE(bool(edits.addFixesOf(f)));
  ASSERT_FALSE(bool(edits.addFixesOf(f))); // the same fix from a second TU
  ASSERT_FALSE(bool(edits.apply()));
  EXPECT_EQ(read(path), "int a = 10;\nint b = 2;\n");
}

TEST_F(EditSetTest, ConflictingFixIsLeftOutWhole) {
  std::string text = "int a = 1;\n";
  std::string path = write("x.cpp", text);
  EditSet edits;
  ASSERT_FALSE(bool(edits.addFixesOf(finding(path, {Replacement(path, 8, 1, "2")}, text))));
  llvm::Error err = edits.addFixesOf(
      finding(path, {Replacement(path, 0, 3, "long"), Replacement(path, 8, 1, "3")}, text));
  ASSERT_TRUE(bool(err));
  EXPECT_NE(llvm::toString(std::move(err)).find("overlaps"), std::string::npos);
  ASSERT_FALSE(bool(edits.apply()));
  EXPECT_EQ(read(path), "int a = 2;\n"); // nothing of the conflicting finding
}

TEST_F(EditSetTest, FileChangedOnDiskIsNotWritten) {
  std::string text = "int a = 1;\n";
  std::string path = write("x.cpp", text);
  EditSet edits;
  ASSERT_FALSE(bool(edits.addFixesOf(finding(path, {Replacement(path, 8, 1, "2")}, text))));
  write("x.cpp", "int a = 1; // edited meanwhile\n");
  llvm::Error err = edits.apply();
  ASSERT_TRUE(bool(err));
  EXPECT_NE(llvm::toString(std::move(err)).find("changed on disk"), std::string::npos);
  EXPECT_EQ(read(path), "int a = 1; // edited meanwhile\n");
}

TEST_F(EditSetTest, UnifiedDiffWithContext) {
  std::string text = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";
  std::string path = write("x.cpp", text);
  EditSet edits;
  // Replace line 5 ("5\n" at offset 8) and insert a line before line 6.
  ASSERT_FALSE(bool(edits.addFixesOf(
      finding(path, {Replacement(path, 8, 1, "five"), Replacement(path, 10, 0, "new\n")}, text))));
  std::string diff;
  llvm::raw_string_ostream os(diff);
  ASSERT_FALSE(bool(edits.writeDiff(os)));
  EXPECT_EQ(os.str(), "--- " + path + "\n+++ " + path +
                          "\n@@ -2,8 +2,9 @@\n 2\n 3\n 4\n-5\n+five\n+new\n 6\n 7\n 8\n 9\n");
  EXPECT_EQ(read(path), text); // a diff writes nothing
}

TEST_F(EditSetTest, AtomicWriteLeavesNoTemporaryBehind) {
  std::string path = write("x.cpp", "a\n");
  ASSERT_FALSE(bool(writeFileSafely(path, "b\n")));
  EXPECT_EQ(read(path), "b\n");
  std::error_code ec;
  int entries = 0;
  for (llvm::sys::fs::directory_iterator it(dir_, ec), end; it != end && !ec; it.increment(ec))
    ++entries;
  EXPECT_EQ(entries, 1);
}
