// The pieces of a codebase-scale run that the end-to-end scale_test.py only sees from outside:
// what a TU's preamble may hold, whose headers are whose, how preamble keys relate, and the shard
// partition, and how the preamble store stays within its size.
#include "ampify/HeaderOwnership.h"
#include "ampify/Preamble.h"
#include "ampify/Shard.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

using namespace ampify;
namespace tooling = clang::tooling;

namespace {

tooling::CompileCommand commandFor(std::string file, std::vector<std::string> flags = {}) {
  tooling::CompileCommand command;
  command.Directory = "/proj";
  command.Filename = file;
  command.CommandLine = {"clang++", "-std=c++17"};
  command.CommandLine.insert(command.CommandLine.end(), flags.begin(), flags.end());
  command.CommandLine.insert(command.CommandLine.end(), {"-c", file, "-o", file + ".o"});
  return command;
}

std::vector<std::string> includesOf(llvm::StringRef source, std::vector<std::string> flags = {}) {
  auto plan = planPreamble(commandFor("/proj/a.cpp", flags), source, AnalysisOptions());
  return plan ? plan->includes : std::vector<std::string>{};
}

} // namespace

TEST(PlanPreamble, TakesTheLeadingAngleIncludesAcrossCommentsAndStopsAtCode) {
  EXPECT_EQ(includesOf("// header comment\n/* block\n comment */\n#include <torch/torch.h>\n"
                       "  #  include <vector> // why\n\n#include <map>\nint x;\n#include <set>\n"),
            (std::vector<std::string>{"torch/torch.h", "vector", "map"}));
  // A quoted include found nowhere may be a header the build generates: the preamble stops before it.
  EXPECT_EQ(includesOf("#include <torch/torch.h>\n#include \"model.h\"\n#include <vector>\n"),
            (std::vector<std::string>{"torch/torch.h"}));
  // A line continuation or an unterminated block comment is not worth understanding.
  EXPECT_EQ(includesOf("#include <torch/torch.h>\n// a \\\n#include <vector>\n"),
            (std::vector<std::string>{"torch/torch.h"}));
  EXPECT_TRUE(includesOf("/* never closed\n#include <torch/torch.h>\n").empty());
  EXPECT_TRUE(includesOf("int x;\n#include <torch/torch.h>\n").empty());
}

TEST(PlanPreamble, StopsAtAnAngleIncludeFoundInAUserDirectory) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampify-unit-preamble", dir));
  llvm::SmallString<128> header(dir);
  llvm::sys::path::append(header, "proj");
  ASSERT_FALSE(llvm::sys::fs::create_directory(header));
  llvm::sys::path::append(header, "model.h");
  {
    std::error_code ec;
    llvm::raw_fd_ostream(header, ec) << "#pragma once\n#define MODEL_WIDTH 100\n"; // a macro: the preamble stops
    ASSERT_FALSE(ec);
  }
  EXPECT_EQ(includesOf("#include <torch/torch.h>\n#include <proj/model.h>\n#include <vector>\n",
                       {"-I" + std::string(dir)}),
            (std::vector<std::string>{"torch/torch.h"}));
  llvm::sys::fs::remove_directories(dir);
}

namespace {

/// A scratch tree: each name ending in '/' a directory, else an empty file.
std::string scratchTree(std::vector<std::string> names) {
  llvm::SmallString<128> root;
  if (llvm::sys::fs::createUniqueDirectory("ampify-unit-ownership", root))
    return "";
  for (const std::string &name : names) {
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, name);
    if (llvm::StringRef(name).ends_with("/")) {
      llvm::sys::fs::create_directories(path);
      continue;
    }
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << "#pragma once\n";
  }
  return std::string(root);
}

} // namespace

TEST(HeaderOwnership, LibTorchThroughDashIIsALibraryAndParsedAsSystem) {
  std::string root = scratchTree({"libtorch/include/torch/csrc/api/include/torch/torch.h", "proj/.git/",
                                  "proj/src/a.cpp", "proj/include/proj/model.h", "other/include/lib/lib.h"});
  ASSERT_FALSE(root.empty());
  std::string api = root + "/libtorch/include/torch/csrc/api/include";
  tooling::CompileCommand command(root + "/proj/build", root + "/proj/src/a.cpp",
                                  {"clang++", "-I" + api, "-I", root + "/proj/include",
                                   "--include-directory=" + root + "/other/include", "-c", root + "/proj/src/a.cpp"},
                                  "");
  HeaderOwnership ownership(command, AnalysisOptions());
  std::vector<std::string> args = ownership.librariesAsSystem(command.CommandLine);
  // LibTorch (the install its directories name) and a library outside the VCS root become -isystem;
  // the project's own directory stays -I.
  EXPECT_EQ(args, (std::vector<std::string>{"clang++", "-isystem" + api, "-I", root + "/proj/include",
                                            "-isystem" + root + "/other/include", "-c",
                                            root + "/proj/src/a.cpp"}));
  std::string main = root + "/proj/src/a.cpp", model = root + "/proj/include/proj/model.h";
  EXPECT_EQ(ownership.find("torch/torch.h", false, main, args).owner, HeaderOwnership::Found::Library);
  EXPECT_EQ(ownership.find("lib/lib.h", false, main, args).owner, HeaderOwnership::Found::Library);
  EXPECT_EQ(ownership.find("proj/model.h", false, main, args).owner, HeaderOwnership::Found::User);
  EXPECT_EQ(ownership.find("proj/model.h", false, main, args).path, model);
  EXPECT_EQ(ownership.find("vector", false, main, args).owner, HeaderOwnership::Found::Nowhere); // the compiler's own
  // Quoted: beside the includer first, else as <...>.
  EXPECT_EQ(ownership.find("model.h", true, model, args).owner, HeaderOwnership::Found::User);
  EXPECT_EQ(ownership.find("model.h", true, model, args).path, model);
  EXPECT_EQ(ownership.find("model.h", false, model, args).owner, HeaderOwnership::Found::Nowhere);
  EXPECT_EQ(ownership.find("proj/model.h", true, main, args).owner, HeaderOwnership::Found::User);
  EXPECT_EQ(ownership.find("proj/model.h", true, main, args).path, model);
  EXPECT_EQ(ownership.find("torch/torch.h", true, main, args).owner, HeaderOwnership::Found::Library);
  // The same headers found through -isystem are classified alike.
  std::vector<std::string> system = {"clang++", "-isystem", api, "-isystem", root + "/proj/include",
                                     "-isystem", root + "/other/include", root + "/proj/src/a.cpp"};
  EXPECT_EQ(ownership.find("torch/torch.h", false, main, system).owner, HeaderOwnership::Found::Library);
  EXPECT_EQ(ownership.find("proj/model.h", false, main, system).owner, HeaderOwnership::Found::User);
  EXPECT_EQ(ownership.find("proj/model.h", false, main, system).path, model);
  // -iquote directories serve quoted includes only.
  std::vector<std::string> quote = {"clang++", "-iquote", root + "/proj/include/proj", root + "/proj/src/a.cpp"};
  EXPECT_EQ(ownership.find("model.h", true, main, quote).owner, HeaderOwnership::Found::User);
  EXPECT_EQ(ownership.find("model.h", true, main, quote).path, model);
  EXPECT_EQ(ownership.find("model.h", false, main, quote).owner, HeaderOwnership::Found::Nowhere);
  llvm::sys::fs::remove_directories(root);
}

TEST(HeaderOwnership, WithoutAVcsRootOnlySystemDirectoriesAndInstallPrefixesAreLibraries) {
  std::string root = scratchTree({"src/a.cpp", "inc/proj/model.h", "sys/lib/lib.h"});
  ASSERT_FALSE(root.empty());
  tooling::CompileCommand command(root + "/src", root + "/src/a.cpp",
                                  {"clang++", "-I../inc", "-isystem", root + "/sys", root + "/src/a.cpp"}, "");
  HeaderOwnership ownership(command, AnalysisOptions());
  std::vector<std::string> args = ownership.librariesAsSystem(command.CommandLine);
  EXPECT_EQ(args, command.CommandLine); // an -I directory of unknown ownership stays the user's
  EXPECT_EQ(ownership.find("proj/model.h", false, root + "/src/a.cpp", args).owner, HeaderOwnership::Found::User);
  EXPECT_EQ(ownership.find("proj/model.h", false, root + "/src/a.cpp", args).path, root + "/inc/proj/model.h");
  EXPECT_EQ(ownership.find("lib/lib.h", false, root + "/src/a.cpp", args).owner, HeaderOwnership::Found::Library);
  llvm::sys::fs::remove_directories(root);
}

TEST(PlanPreamble, NoneForCudaOrInjectedHeaders) {
  llvm::StringRef source = "#include <torch/torch.h>\n";
  AnalysisOptions options;
  EXPECT_FALSE(planPreamble(commandFor("/proj/k.cu"), source, options));
  EXPECT_FALSE(planPreamble(commandFor("/proj/a.cpp", {"-include", "config.h"}), source, options));
  EXPECT_FALSE(planPreamble(commandFor("/proj/a.cpp", {"-x", "cuda"}), source, options));
  options.extraArgs = {"-include-pch", "other.pch"};
  EXPECT_FALSE(planPreamble(commandFor("/proj/a.cpp"), source, options));
}

TEST(PlanPreamble, KeysNameTheIncludePrefixAndTheFlagsButNotTheFileOrItsOutputs) {
  AnalysisOptions options;
  auto a = planPreamble(commandFor("/proj/a.cpp"), "#include <torch/torch.h>\n#include <vector>\n", options);
  auto b = planPreamble(commandFor("/proj/b.cpp"), "#include <torch/torch.h>\n#include <map>\n", options);
  ASSERT_TRUE(a && b);
  // Two files with the same flags: same flags key; same key for the include prefix they share.
  EXPECT_EQ(a->flagsKey, b->flagsKey);
  EXPECT_EQ(a->key(1), b->key(1));
  EXPECT_NE(a->key(2), b->key(2));
  EXPECT_NE(a->key(1), a->key(2));
  EXPECT_EQ(a->includeText(1), "#include <torch/torch.h>\n");
  EXPECT_EQ(a->includeText(2), "#include <torch/torch.h>\n#include <vector>\n");
  // The header is compiled with the TU's flags as ampify parses it, without its input, -c or -o.
  EXPECT_EQ(a->headerCommand.CommandLine, analysisArguments(tooling::CompileCommand("/proj", "/proj/a.cpp",
                                                                                    {"clang++", "-std=c++17"}, ""),
                                                            options));
  // Different flags (a macro can change what a header declares): nothing shared.
  auto c = planPreamble(commandFor("/proj/c.cpp", {"-DNDEBUG"}), "#include <torch/torch.h>\n", options);
  ASSERT_TRUE(c);
  EXPECT_NE(c->key(1), a->key(1));
  options.extraArgs = {"-DEXTRA"};
  auto d = planPreamble(commandFor("/proj/a.cpp"), "#include <torch/torch.h>\n", options);
  ASSERT_TRUE(d);
  EXPECT_NE(d->key(1), a->key(1));
}

TEST(PlanPreamble, ATUThatStartsWithItsOwnHeaderSharesThatHeadersLeadingLibraryIncludes) {
  std::string root = scratchTree({"proj/.git/", "proj/src/", "proj/include/"});
  ASSERT_FALSE(root.empty());
  auto write = [&](const std::string &name, llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream(root + "/proj/" + name, ec) << text;
  };
  // An include guard, then the libraries, then the header's own code.
  write("include/model.h", "// the model\n#ifndef MODEL_H\n#define MODEL_H\n#include <torch/torch.h>\n"
                           "#include <vector>\nstruct Net {};\n#endif\n");
  write("src/layers.h", "#pragma once\n#include \"model.h\"\n#include <map>\n");
  write("src/configured.h", "#pragma once\n#define USE_FAST 1\n#include <torch/torch.h>\n");
  write("src/config.h", "#pragma once\n// sizes\nconstexpr int kWidth = 100;\n");
  write("src/macros.h", "#pragma once\n#define WIDTH 100\n");
  write("src/usings.h", "#pragma once\n#include <vector>\nusing namespace std;\n");
  write("src/tail.h", "#pragma once\n#include <set>\nstruct A {};\n#include \"model.h\"\n");
  AnalysisOptions options;
  options.extraArgs = {"-I" + root + "/proj/include"};
  auto plan = [&](llvm::StringRef source) {
    auto p = planPreamble(tooling::CompileCommand(root + "/proj", root + "/proj/src/a.cpp", {"clang++", "a.cpp"}, ""),
                          source, options);
    return p ? p->includes : std::vector<std::string>();
  };
  using Names = std::vector<std::string>;
  // Past a header of plain declarations, the includer's next includes are taken too.
  EXPECT_EQ(plan("#include \"model.h\"\n#include <map>\n"), (Names{"torch/torch.h", "vector", "map"}));
  EXPECT_EQ(plan("#include \"layers.h\"\n#include <set>\n"), (Names{"torch/torch.h", "vector", "map", "set"}));
  EXPECT_EQ(plan("#include <map>\n#include <model.h>\n"), (Names{"map", "torch/torch.h", "vector"}));
  EXPECT_EQ(plan("#include \"config.h\"\n#include \"model.h\"\n"), (Names{"torch/torch.h", "vector"}));
  // A macro defined before the libraries could change them: nothing from that header, nor after it.
  EXPECT_EQ(plan("#include \"configured.h\"\n"), Names{});
  EXPECT_EQ(plan("#include \"macros.h\"\n#include \"model.h\"\n"), Names{});
  // So could a using-directive, or a user header included after the header's declarations: the
  // preamble stops at that header's end.
  EXPECT_EQ(plan("#include \"usings.h\"\n#include <map>\n"), Names{"vector"});
  EXPECT_EQ(plan("#include \"tail.h\"\n#include <map>\n"), Names{"set"});
  // A guard the command defines skips the header's whole body: nothing from it either.
  options.extraArgs.push_back("-DMODEL_H");
  EXPECT_EQ(plan("#include \"model.h\"\n"), Names{});
  llvm::sys::fs::remove_directories(root);
}

namespace {

/// A preamble store in a scratch cache, and what publishing a 1000-byte pch under a key does.
class PreambleStoreTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ampify-unit-preambles", root_)); }
  void TearDown() override { llvm::sys::fs::remove_directories(root_); }

  PreambleStore store(uint64_t maxBytes) {
    std::string warning;
    return PreambleStore(ResultCache::open(root_, warning), maxBytes);
  }
  /// Builds a pch of 1000 bytes (the store checks its digest, not its content) and publishes it.
  void publish(const PreambleStore &store, const std::string &key) {
    std::string pch = store.scratchPath(key);
    std::error_code ec;
    llvm::raw_fd_ostream(pch, ec) << std::string(1000, 'p');
    ASSERT_FALSE(ec);
    ASSERT_TRUE(store.publish(key, pch, {}, digests_));
    // Entries published or used within one clock tick would tie in the least-recently-used order.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  bool cached(const PreambleStore &store, const std::string &key) {
    FileDigests fresh; // a new run's digests: nothing remembered from publishing
    return store.lookup(key, fresh).has_value();
  }
  size_t pchFiles() {
    size_t count = 0;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(root_ + "/preambles", ec), end; it != end && !ec; it.increment(ec))
      count += llvm::StringRef(it->path()).ends_with(".pch");
    return count;
  }

  llvm::SmallString<128> root_;
  FileDigests digests_;
};

} // namespace

TEST_F(PreambleStoreTest, PublishingPrunesTheLeastRecentlyUsedEntriesBeyondTheLimit) {
  // Each entry weighs its 1000-byte pch and a manifest of some 200 bytes: two fit in 2500, three
  // do not.
  PreambleStore limited = store(2500);
  std::string a(64, 'a'), b(64, 'b'), c(64, 'c'), d(64, 'd');
  publish(limited, a);
  publish(limited, b);
  ASSERT_TRUE(cached(limited, a)); // a is now used after b
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  publish(limited, c);
  EXPECT_TRUE(cached(limited, a));
  EXPECT_FALSE(cached(limited, b));
  EXPECT_TRUE(cached(limited, c));
  EXPECT_EQ(pchFiles(), 2u);
  // The entry just published stays even when it alone is over the limit.
  PreambleStore tiny = store(10);
  publish(tiny, d);
  EXPECT_TRUE(cached(tiny, d));
  EXPECT_EQ(pchFiles(), 1u);
}

TEST_F(PreambleStoreTest, NoLimitKeepsEveryEntryButOrphanedPchFilesGoOnceAnHourOld) {
  PreambleStore unlimited = store(0);
  std::string stale = unlimited.scratchPath("orphan-old"), young = unlimited.scratchPath("orphan-new");
  for (const std::string &path : {stale, young}) {
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << "left by a build that died";
    ASSERT_FALSE(ec);
  }
  int fd;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(stale, fd, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_Append));
  ASSERT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(fd, std::chrono::system_clock::now() -
                                                                       std::chrono::hours(2)));
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  for (char key = 'a'; key <= 'e'; ++key)
    publish(unlimited, std::string(64, key));
  for (char key = 'a'; key <= 'e'; ++key)
    EXPECT_TRUE(cached(unlimited, std::string(64, key)));
  EXPECT_FALSE(llvm::sys::fs::exists(stale));
  EXPECT_TRUE(llvm::sys::fs::exists(young)); // may be a build in flight
}

TEST(Shard, ParsesKOverN) {
  auto shard = parseShard("2/3");
  ASSERT_TRUE(bool(shard));
  EXPECT_EQ(shard->index, 2u);
  EXPECT_EQ(shard->count, 3u);
  for (const char *bad : {"0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3"}) {
    auto parsed = parseShard(bad);
    EXPECT_FALSE(bool(parsed)) << bad;
    if (!parsed)
      llvm::consumeError(parsed.takeError());
  }
}

TEST(Shard, PartitionsDisjointCoveringAndBalancedWhateverTheInputOrder) {
  std::vector<tooling::CompileCommand> units;
  for (int i = 10; i >= 0; --i)
    units.push_back(commandFor("/proj/f" + std::to_string(i) + ".cpp"));
  std::multiset<std::string> seen;
  for (unsigned k = 1; k <= 3; ++k) {
    auto part = selectShard(units, Shard{k, 3});
    EXPECT_TRUE(part.size() == 3 || part.size() == 4) << part.size();
    auto reversed = units;
    std::reverse(reversed.begin(), reversed.end());
    auto again = selectShard(reversed, Shard{k, 3});
    ASSERT_EQ(part.size(), again.size());
    for (size_t i = 0; i < part.size(); ++i) {
      EXPECT_EQ(part[i].Filename, again[i].Filename);
      seen.insert(part[i].Filename);
    }
  }
  EXPECT_EQ(seen.size(), units.size());
  EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), units.size());
}
