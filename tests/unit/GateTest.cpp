// Units of the CI gate: NOLINT suppression, fingerprints and baselines, .ampify.yaml parsing and
// resolution, diff parsing, project-relative paths.
#include "ampify/Baseline.h"
#include "ampify/ChangedLines.h"
#include "ampify/Config.h"
#include "ampify/Driver.h"
#include "ampify/Output.h"
#include "ampify/Suppression.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace ampify;

namespace {

constexpr const char *Rule = "ampify-banned-under-autocast";

TEST(Nolint, SameLineWithAndWithoutList) {
  EXPECT_TRUE(NolintComments("a();\nb(); // NOLINT\n").suppresses(2, Rule));
  EXPECT_FALSE(NolintComments("a();\nb(); // NOLINT\n").suppresses(1, Rule));
  EXPECT_TRUE(NolintComments("b(); // NOLINT(ampify-banned-under-autocast)\n").suppresses(1, Rule));
  EXPECT_TRUE(NolintComments("b(); // NOLINT(other, ampify-banned-*)\n").suppresses(1, Rule));
  EXPECT_FALSE(NolintComments("b(); // NOLINT(ampify-other)\n").suppresses(1, Rule));
  EXPECT_FALSE(NolintComments("b(); // NOLINT()\n").suppresses(1, Rule));      // empty list: none
  EXPECT_FALSE(NolintComments("b(); // NOLINT(ampify-*\n").suppresses(1, Rule)); // unclosed: no directive
  EXPECT_FALSE(NolintComments("b(); // NOLINT(ampify-*,-ampify-banned-*)\n").suppresses(1, Rule));
  EXPECT_FALSE(NolintComments("b(); // nothing here\n").suppresses(1, Rule));
}

TEST(Nolint, NextLineOnlyAppliesToTheNextLine) {
  const char *text = "// NOLINTNEXTLINE(ampify-*)\nb();\nc();\n";
  EXPECT_FALSE(NolintComments(text).suppresses(1, Rule));
  EXPECT_TRUE(NolintComments(text).suppresses(2, Rule));
  EXPECT_FALSE(NolintComments(text).suppresses(3, Rule));
  // NOLINTNEXTLINE is not a same-line NOLINT.
  EXPECT_FALSE(NolintComments("b(); // NOLINTNEXTLINE\n").suppresses(1, Rule));
}

TEST(Nolint, BeginEndRegions) {
  const char *text = "a();\n"
                     "// NOLINTBEGIN(ampify-banned-under-autocast)\n"
                     "b();\n"
                     "// NOLINTEND(ampify-banned-under-autocast)\n"
                     "c();\n";
  EXPECT_FALSE(NolintComments(text).suppresses(1, Rule));
  EXPECT_TRUE(NolintComments(text).suppresses(3, Rule));
  EXPECT_FALSE(NolintComments(text).suppresses(5, Rule));
  EXPECT_FALSE(NolintComments(text).suppresses(3, "ampify-other"));
  // A BEGIN without a matching END (same list) silences nothing, as in clang-tidy.
  EXPECT_FALSE(NolintComments("// NOLINTBEGIN\nb();\n").suppresses(2, Rule));
  EXPECT_FALSE(NolintComments("// NOLINTBEGIN(ampify-*)\nb();\n// NOLINTEND\n").suppresses(2, Rule));
  // Nested regions close innermost first.
  const char *nested = "// NOLINTBEGIN\n// NOLINTBEGIN(x)\n// NOLINTEND(x)\nb();\n// NOLINTEND\nc();\n";
  EXPECT_TRUE(NolintComments(nested).suppresses(4, Rule));
  EXPECT_FALSE(NolintComments(nested).suppresses(6, Rule));
}

TEST(Fingerprint, NormalizesWhitespaceOnly) {
  EXPECT_EQ(normalizeSourceLine("  return  f(a,\t b);  "), "return f(a, b);");
  EXPECT_EQ(fingerprintOf(Rule, "src/a.cpp", "f();", 0), fingerprintOf(Rule, "src/a.cpp", "f();", 0));
  EXPECT_EQ(fingerprintOf(Rule, "a.cpp", "f();", 0).size(), 16u);
  EXPECT_NE(fingerprintOf(Rule, "a.cpp", "f();", 0), fingerprintOf(Rule, "a.cpp", "f();", 1));
  EXPECT_NE(fingerprintOf(Rule, "a.cpp", "f();", 0), fingerprintOf(Rule, "b.cpp", "f();", 0));
  EXPECT_NE(fingerprintOf(Rule, "a.cpp", "f();", 0), fingerprintOf("other", "a.cpp", "f();", 0));
}

class TempDir : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampify-gate-test", dir_));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }
  std::string write(llvm::StringRef name, llvm::StringRef text) {
    llvm::SmallString<256> path(dir_);
    llvm::sys::path::append(path, name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << text;
    return std::string(path);
  }
  Finding findingAt(const std::string &file, llvm::StringRef text, llvm::StringRef needle) {
    Finding f;
    f.rule = Rule;
    f.where.file = file;
    f.where.offset = text.find(needle);
    f.where.line = 1 + text.take_front(f.where.offset).count('\n');
    return f;
  }
  llvm::SmallString<256> dir_;
};

TEST_F(TempDir, FingerprintsSurviveInsertedLinesAndSeparateRepeats) {
  std::string before = "int a;\nx = bce(p);\nx = bce(p);\n";
  std::string after = "// new comment\n\nint a;\n   x =   bce(p);\nx = bce(p);\n";
  std::string file = write("a.cpp", before);
  std::vector<Finding> old = {findingAt(file, before, "bce"), findingAt(file, before, "bce")};
  old[1].where.offset = before.rfind("bce");
  auto oldPrints = fingerprintFindings(old, dir_);
  ASSERT_EQ(oldPrints.size(), 2u);
  EXPECT_NE(oldPrints[0], oldPrints[1]); // same line text, different occurrence
  write("a.cpp", after);
  std::vector<Finding> now = {findingAt(file, after, "bce"), findingAt(file, after, "bce")};
  now[1].where.offset = after.rfind("bce");
  EXPECT_EQ(fingerprintFindings(now, dir_), oldPrints);
}

TEST_F(TempDir, BaselineRoundTripMatchesEachEntryOnce) {
  std::string text = "x = bce(p);\n";
  std::string file = write("src/a.cpp", text);
  std::vector<Finding> findings = {findingAt(file, text, "bce")};
  auto prints = fingerprintFindings(findings, dir_);
  std::string path = write("baseline.json", "");
  ASSERT_FALSE(llvm::errorToBool(Baseline::write(path, findings, prints, dir_)));
  auto baseline = Baseline::load(path);
  ASSERT_TRUE(bool(baseline)) << llvm::toString(baseline.takeError());
  EXPECT_TRUE(baseline->consume(prints[0]));
  EXPECT_FALSE(baseline->consume(prints[0]));
  EXPECT_FALSE(baseline->consume("0000000000000000"));

  write("bad.json", "{\"version\": 1}");
  auto bad = Baseline::load((dir_ + "/bad.json").str());
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("no \"findings\" array"), std::string::npos);
}

TEST(Config, ParsesEveryKey) {
  auto config = parseConfigFile("Checks: '-*,ampify-banned-*'\n"
                                "HeaderFilterRegex: 'src/.*'\n"
                                "InheritParentConfig: false\n"
                                "CheckOptions:\n"
                                "  TensorCoreMultiple: 8\n"
                                "  ampify-banned-under-autocast.Severity: error\n",
                                "/p/.ampify.yaml");
  ASSERT_TRUE(bool(config)) << llvm::toString(config.takeError());
  EXPECT_EQ(*config->checks, "-*,ampify-banned-*");
  EXPECT_EQ(*config->headerFilter, "src/.*");
  EXPECT_FALSE(config->inheritParent);
  EXPECT_EQ(config->checkOptions.at("TensorCoreMultiple"), "8");
  EXPECT_EQ(config->checkOptions.at("ampify-banned-under-autocast.Severity"), "error");
  auto empty = parseConfigFile("", "/p/.ampify.yaml");
  ASSERT_TRUE(bool(empty));
  EXPECT_TRUE(empty->inheritParent);
}

std::string configError(llvm::StringRef text) {
  auto config = parseConfigFile(text, "/p/.ampify.yaml");
  return config ? "" : llvm::toString(config.takeError());
}

TEST(Config, ErrorsNameFileAndLine) {
  EXPECT_NE(configError("Checks: ampify-*\nChecksTypo: x\n").find("/p/.ampify.yaml:2:1: error: unknown key 'ChecksTypo'"),
            std::string::npos)
      << configError("Checks: ampify-*\nChecksTypo: x\n");
  std::string loud = configError("CheckOptions:\n  ampify-half-model.Severity: loud\n");
  EXPECT_NE(loud.find("/p/.ampify.yaml:2:31: error: option 'ampify-half-model.Severity': 'loud' is not one of "
                      "note, warning, error"),
            std::string::npos)
      << loud;
  std::string unknownCheck = configError("CheckOptions:\n  a.Severity: error\n");
  EXPECT_NE(unknownCheck.find("/p/.ampify.yaml:2:15: error: unknown check 'a'"), std::string::npos) << unknownCheck;
  EXPECT_NE(configError("CheckOptions: [1, 2]\n").find("/p/.ampify.yaml:1:"),
            std::string::npos);
  EXPECT_NE(configError("HeaderFilterRegex: '('\n").find(":1:20: error: invalid HeaderFilterRegex"),
            std::string::npos);
  EXPECT_NE(configError("InheritParentConfig: maybe\n").find("must be true or false"), std::string::npos);
  EXPECT_NE(configError("Checks: [a\n").find("/p/.ampify.yaml:"), std::string::npos); // YAML syntax
  EXPECT_NE(configError("- a\n").find("must be a mapping"), std::string::npos);
}

TEST_F(TempDir, ResolverInheritsOverridesAndStops) {
  write(".ampify.yaml", "InheritParentConfig: false\nChecks: '-*,ampify-a'\n"
                        "CheckOptions:\n  MinDim: 64\n  TensorCoreMultiple: 8\n");
  write("sub/.ampify.yaml", "Checks: 'ampify-b'\nCheckOptions:\n  MinDim: 128\n");
  write("sub/deeper/stop/.ampify.yaml", "InheritParentConfig: false\nChecks: '-*,ampify-c'\n");
  AnalysisOptions commandLine;
  std::string error;
  ASSERT_TRUE(commandLine.checks.parse("ampify-*", error));
  commandLine.ruleOptions.values["TensorCoreMultiple"] = "16"; // the command line wins
  ConfigResolver resolver(commandLine, "ampify-*", std::nullopt);

  auto sub = resolver.optionsFor((dir_ + "/sub/deeper/x.cpp").str());
  ASSERT_TRUE(bool(sub)) << llvm::toString(sub.takeError());
  EXPECT_TRUE(sub->checks.contains("ampify-a"));
  EXPECT_TRUE(sub->checks.contains("ampify-b"));
  EXPECT_FALSE(sub->checks.contains("ampify-c"));
  EXPECT_EQ(*sub->ruleOptions.find("MinDim"), "128");
  EXPECT_EQ(*sub->ruleOptions.find("TensorCoreMultiple"), "16");

  auto stop = resolver.optionsFor((dir_ + "/sub/deeper/stop/x.cpp").str());
  ASSERT_TRUE(bool(stop));
  EXPECT_FALSE(stop->checks.contains("ampify-a"));
  EXPECT_TRUE(stop->checks.contains("ampify-c"));
  EXPECT_EQ(stop->ruleOptions.find("MinDim"), nullptr);

  ConfigResolver overridden(commandLine, "ampify-*", std::string("-*,ampify-z"));
  auto top = overridden.optionsFor((dir_ + "/x.cpp").str());
  ASSERT_TRUE(bool(top));
  EXPECT_FALSE(top->checks.contains("ampify-a"));
  EXPECT_TRUE(top->checks.contains("ampify-z"));

  std::string dumped;
  llvm::raw_string_ostream os(dumped);
  ASSERT_FALSE(llvm::errorToBool(resolver.dump((dir_ + "/sub/x.cpp").str(), os)));
  EXPECT_NE(dumped.find("Checks: 'ampify-*,-*,ampify-a,ampify-b'"), std::string::npos) << dumped;
  // Every option of the analysis and of the enabled checks, none of a disabled one.
  EXPECT_NE(dumped.find("  TorchVersion: '' # default"), std::string::npos) << dumped;
  EXPECT_EQ(dumped.find("ampify-tensor-core-alignment.MinDim"), std::string::npos) << dumped;
}

TEST_F(TempDir, ConfigAppliesSeverityChecksAndHeaderFilter) {
  AnalysisOptions options;
  std::string error;
  ASSERT_TRUE(options.checks.parse("-*,ampify-a", error));
  options.ruleOptions.values["ampify-a.Severity"] = "error";
  options.headerFilter = "/keep/";
  auto make = [](std::string rule, std::string file) {
    Finding f;
    f.rule = rule;
    f.where.file = file;
    return f;
  };
  std::vector<Finding> findings = {make("ampify-a", "/src/main.cpp"), make("ampify-b", "/src/main.cpp"),
                                   make("ampify-a", "/keep/h.h"), make("ampify-a", "/drop/h.h")};
  applyConfigToFindings(options, "/src/main.cpp", findings);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].where.file, "/src/main.cpp");
  EXPECT_EQ(findings[0].severity, Severity::Error);
  EXPECT_EQ(findings[1].where.file, "/keep/h.h");
}

TEST(ChangedLines, ParsesZeroContextHunks) {
  const char *diff = "diff --git a/src/a.cpp b/src/a.cpp\n"
                     "--- a/src/a.cpp\n"
                     "+++ b/src/a.cpp\n"
                     "@@ -3,0 +4,2 @@ void f() {\n"
                     "+x\n+y\n"
                     "@@ -10 +12 @@\n"
                     "-old\n+new\n"
                     "@@ -20,3 +21,0 @@\n"
                     "-gone\n"
                     "diff --git a/old.cpp b/old.cpp\n"
                     "--- a/old.cpp\n"
                     "+++ /dev/null\n"
                     "@@ -1 +0,0 @@\n";
  ChangedLines changed = ChangedLines::fromUnifiedDiff(diff, "/repo");
  EXPECT_FALSE(changed.touches("/repo/src/a.cpp", 3));
  EXPECT_TRUE(changed.touches("/repo/src/a.cpp", 4));
  EXPECT_TRUE(changed.touches("/repo/src/a.cpp", 5));
  EXPECT_FALSE(changed.touches("/repo/src/a.cpp", 6));
  EXPECT_TRUE(changed.touches("/repo/src/a.cpp", 12));
  EXPECT_FALSE(changed.touches("/repo/src/a.cpp", 21)); // a pure deletion adds no line
  EXPECT_EQ(changed.files(), std::vector<std::string>{"/repo/src/a.cpp"});
}

TEST(ChangedLines, GitQuotedPathsAreUnquoted) {
  // git C-quotes names with non-ASCII bytes, quotes or backslashes (core.quotePath).
  const char *diff = "diff --git \"a/\\303\\274ber \\\"q\\\".cpp\" \"b/\\303\\274ber \\\"q\\\".cpp\"\n"
                     "--- /dev/null\n"
                     "+++ \"b/\\303\\274ber \\\"q\\\".cpp\"\n"
                     "@@ -0,0 +1,2 @@\n"
                     "+int a;\n"
                     "+int b;\n";
  ChangedLines changed = ChangedLines::fromUnifiedDiff(diff, "/repo");
  EXPECT_EQ(changed.files(), std::vector<std::string>{"/repo/\xc3\xbc" "ber \"q\".cpp"});
  EXPECT_TRUE(changed.touches("/repo/\xc3\xbc" "ber \"q\".cpp", 2));
}

TEST(Output, ProjectRelativePaths) {
  EXPECT_EQ(projectRelativePath("/repo/src/a.cpp", "/repo"), "src/a.cpp");
  EXPECT_EQ(projectRelativePath("/repo/src/a.cpp", "/repo/"), "src/a.cpp");
  EXPECT_EQ(projectRelativePath("/repository/a.cpp", "/repo"), "/repository/a.cpp");
  EXPECT_EQ(projectRelativePath("/elsewhere/a.cpp", "/repo"), "/elsewhere/a.cpp");
  EXPECT_NE(findingsWriter("sarif"), nullptr);
  EXPECT_EQ(findingsWriter("xml"), nullptr);
}

} // namespace
