// The support library: nesting bounds of the JSON/YAML readers and the safe writer's rules
// (tests/robustness runs the same rules end to end).
#include "ampify/BoundedInput.h"
#include "ampify/SafeWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ampify;

namespace {

std::string repeat(llvm::StringRef text, unsigned times) {
  std::string out;
  for (unsigned i = 0; i < times; ++i)
    out += text;
  return out;
}

bool rejected(llvm::Error err) {
  bool failed = bool(err);
  llvm::consumeError(std::move(err));
  return failed;
}

} // namespace

TEST(BoundedInput, JsonDepthIsLimitedOutsideStrings) {
  std::string atLimit = repeat("[", MaxNestingDepth) + repeat("]", MaxNestingDepth);
  EXPECT_FALSE(rejected(checkJsonNesting(atLimit, "x")));
  EXPECT_TRUE(rejected(checkJsonNesting("[" + atLimit + "]", "x")));
  EXPECT_TRUE(rejected(checkJsonNesting(repeat("{\"a\":", 50000), "x")));
  // Brackets in strings, escaped quotes included, are text.
  std::string quoted = "[\"" + repeat("[", 1000) + "\\\"" + repeat("{", 1000) + "\"]";
  EXPECT_FALSE(rejected(checkJsonNesting(quoted, "x")));
  // Many siblings are not depth.
  EXPECT_FALSE(rejected(checkJsonNesting("[" + repeat("[],", 100000) + "[]]", "x")));
  auto deep = parseJsonBounded(repeat("[", 50000), "the message");
  ASSERT_FALSE(bool(deep));
  EXPECT_EQ(llvm::toString(deep.takeError()), "the message nests deeper than 256 levels; not read");
}

TEST(BoundedInput, YamlDepthCountsFlowBlockAndCompactNesting) {
  EXPECT_TRUE(rejected(checkYamlNesting(repeat("[", 50000), "x")));
  EXPECT_TRUE(rejected(checkYamlNesting(repeat("- ", 50000) + "x\n", "x")));
  EXPECT_TRUE(rejected(checkYamlNesting(repeat("? ", 300) + "x\n", "x")));
  std::string block;
  for (unsigned i = 0; i < 300; ++i)
    block += std::string(i, ' ') + "k:\n";
  EXPECT_TRUE(rejected(checkYamlNesting(block, "x")));
  // Real documents: a fixes file with quoted multi-line text, a config, a database.
  EXPECT_FALSE(rejected(checkYamlNesting("---\nDiagnostics:\n  - Replacements:\n      - Text: 'a [b\n\n"
                                         "          c'\n...\n", "x")));
  EXPECT_FALSE(rejected(checkYamlNesting("Checks: '-*,ampify-*'\nCheckOptions:\n  a.b: 8\n", "x")));
  std::string db = "[\n";
  for (unsigned i = 0; i < 2000; ++i)
    db += "  {\"directory\": \"/b\", \"file\": \"a.cpp\", \"command\": \"c++ -DX={1,2} -DY=\\\"[\\\"\"},\n";
  EXPECT_FALSE(rejected(checkYamlNesting(db + "]\n", "x")));
  // A closing bracket inside a quoted scalar does not hide the depth around it.
  EXPECT_TRUE(rejected(checkYamlNesting(repeat("[", 200) + "'" + repeat("]", 200) + "'" +
                                            repeat("[", 200), "x")));
}

class SafeWriterTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampify-writer", dir_)); }
  void TearDown() override {
    ::chmod(path("ro").c_str(), 0644);
    llvm::sys::fs::remove_directories(dir_);
  }
  std::string path(llvm::StringRef name) {
    llvm::SmallString<256> p(dir_);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }
  std::string read(llvm::StringRef name) {
    return (*llvm::MemoryBuffer::getFile(path(name)))->getBuffer().str();
  }
  unsigned entries() {
    std::error_code ec;
    unsigned n = 0;
    for (llvm::sys::fs::directory_iterator it(dir_, ec), end; it != end && !ec; it.increment(ec))
      ++n;
    return n;
  }
  llvm::SmallString<256> dir_;
};

TEST_F(SafeWriterTest, RefusesWhatIsNotARegularWritableOutput) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0644), 0);
  EXPECT_TRUE(rejected(writeFileSafely(path("fifo"), "x")));
  EXPECT_TRUE(rejected(writeFileSafely(dir_, "x")));
  ASSERT_FALSE(bool(writeFileSafely(path("ro"), "old")));
  ::chmod(path("ro").c_str(), 0444);
  EXPECT_TRUE(rejected(writeFileSafely(path("ro"), "new")));
  EXPECT_EQ(read("ro"), "old");
  ASSERT_FALSE(bool(writeFileSafely(path("input.cpp"), "int x;\n", WriteKind::SourceEdit)));
  registerInput(path("input.cpp"));
  ASSERT_EQ(::symlink(path("input.cpp").c_str(), path("alias.cpp").c_str()), 0);
  EXPECT_TRUE(rejected(writeFileSafely(path("alias.cpp"), "report")));
  EXPECT_EQ(read("input.cpp"), "int x;\n");
  // A fix may rewrite an input; it is what a fix is for.
  EXPECT_FALSE(bool(writeFileSafely(path("input.cpp"), "int y;\n", WriteKind::SourceEdit)));
  EXPECT_EQ(entries(), 4u); // fifo, ro, input.cpp, alias.cpp: no temporary
}

TEST_F(SafeWriterTest, KeepsLinksModeAndLineEndings) {
  ASSERT_FALSE(bool(writeFileSafely(path("a"), "one\r\ntwo\r\n")));
  ::chmod(path("a").c_str(), 0604);
  ASSERT_EQ(::link(path("a").c_str(), path("b").c_str()), 0);
  ASSERT_EQ(::symlink(path("a").c_str(), path("c").c_str()), 0);
  ASSERT_FALSE(bool(writeFileSafely(path("c"), "one\r\ninserted\ntwo\r\n", WriteKind::SourceEdit)));
  EXPECT_EQ(read("b"), "one\r\ninserted\r\ntwo\r\n"); // the hard link sees it, in CRLF
  struct stat st;
  ASSERT_EQ(::lstat(path("c").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  ASSERT_EQ(::stat(path("a").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0604u);
  EXPECT_EQ(st.st_nlink, 2u);
  // A single-link file is replaced by rename and keeps its mode too.
  ASSERT_FALSE(bool(writeFileSafely(path("d"), "x")));
  ::chmod(path("d").c_str(), 0640);
  ASSERT_FALSE(bool(writeFileSafely(path("d"), "lf\nonly\n", WriteKind::SourceEdit)));
  EXPECT_EQ(read("d"), "lf\nonly\n");
  ASSERT_EQ(::stat(path("d").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(entries(), 4u);
}

TEST(LineEndings, CrlfDetectionAndConversion) {
  EXPECT_TRUE(usesCrlf("a\r\nb\r\nc\n"));
  EXPECT_FALSE(usesCrlf("a\nb\r\nc\n"));
  EXPECT_FALSE(usesCrlf(""));
  EXPECT_EQ(withCrlf("a\nb\r\n\n"), "a\r\nb\r\n\r\n");
}
