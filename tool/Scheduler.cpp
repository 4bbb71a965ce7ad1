#include "ampify/Scheduler.h"

#include "ampify/Cache.h"
#include "ampify/FindingJson.h"
#include "ampify/Preamble.h"
#include "ampify/Progress.h"
#include "ampify/Worker.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <map>
#include <set>
#include <thread>

namespace ampify {
namespace tooling = clang::tooling;
namespace json = llvm::json;

namespace {

/// The contents of the .ampify.yaml files that apply to a directory (it and its ancestors), so
/// that a configuration change invalidates the results it could change.
class ConfigDigests {
public:
  explicit ConfigDigests(FileDigests &digests) : digests_(digests) {}
  const std::string &of(llvm::StringRef dir) {
    auto [it, inserted] = memo_.try_emplace(dir);
    if (inserted) {
      llvm::StringRef parent = llvm::sys::path::parent_path(dir);
      std::string digest = parent.empty() || parent == dir ? "" : of(parent);
      for (const char *name : {".ampify.yaml", ".ampify.yml"}) {
        llvm::SmallString<256> path(dir);
        llvm::sys::path::append(path, name);
        if (llvm::sys::fs::exists(path))
          digest += std::string(path) + "=" + digests_.of(path) + ";";
      }
      it = memo_.find(dir); // the recursion may have rehashed the map
      it->second = std::move(digest);
    }
    return it->second;
  }

private:
  FileDigests &digests_;
  llvm::StringMap<std::string> memo_;
};

/// What SIGINT, SIGTERM and SIGHUP clean up while workers run: the workers (killed and
/// reaped) and the run's scratch directory. Only async-signal-safe calls; afterwards the handler
/// that was installed before (LLVM's, which removes its registered files) runs and the process
/// dies of the signal. kill -9 cannot be caught: then the workers die of PR_SET_PDEATHSIG
/// (Worker.cpp) and only the scratch directory stays behind.
namespace interrupt {
constexpr int Signals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr size_t MaxWorkers = 512;
volatile sig_atomic_t workers[MaxWorkers];
char scratch[4096];
struct sigaction previous[std::size(Signals)];

struct Dirent64 {
  uint64_t ino;
  int64_t off;
  unsigned short reclen;
  unsigned char type;
  char name[];
};

void removeScratch() {
  int fd = ::open(scratch, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    alignas(8) char buffer[4096];
    long got;
    while ((got = ::syscall(SYS_getdents64, fd, buffer, sizeof(buffer))) > 0)
      for (long at = 0; at < got;) {
        auto *entry = reinterpret_cast<Dirent64 *>(buffer + at);
        if (std::strcmp(entry->name, ".") != 0 && std::strcmp(entry->name, "..") != 0)
          ::unlinkat(fd, entry->name, 0);
        at += entry->reclen;
      }
    ::close(fd);
  }
  ::rmdir(scratch);
}

void handler(int sig) {
  for (volatile sig_atomic_t &pid : workers)
    if (pid > 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
  removeScratch();
  for (size_t i = 0; i < std::size(Signals); ++i)
    if (Signals[i] == sig)
      ::sigaction(sig, &previous[i], nullptr);
  ::raise(sig); // delivered to the previous handler once this one returns
}

void install(llvm::StringRef dir) {
  size_t length = std::min(dir.size(), sizeof(scratch) - 1);
  std::memcpy(scratch, dir.data(), length);
  scratch[length] = 0;
  struct sigaction action = {};
  action.sa_handler = handler;
  sigfillset(&action.sa_mask);
  for (size_t i = 0; i < std::size(Signals); ++i)
    ::sigaction(Signals[i], &action, &previous[i]);
}

void uninstall() {
  for (size_t i = 0; i < std::size(Signals); ++i)
    ::sigaction(Signals[i], &previous[i], nullptr);
}

void track(pid_t pid, bool running) {
  for (volatile sig_atomic_t &slot : workers)
    if (slot == (running ? 0 : pid)) {
      slot = running ? pid : 0;
      return;
    }
}
} // namespace interrupt

enum class State { Waiting, Ready, Running, Done };

struct Unit {
  tooling::CompileCommand command;
  std::string resultKey;        // "" when the result cache is off
  std::string preambleKey;      // the preamble group it waits for or uses; "" for none
  std::string pch;              // the preamble it is parsed with, once known
  bool retriedWithoutPch = false;
  bool cached = false;
  State state = State::Waiting;
  TranslationUnitResult result;
  std::string output;           // what its worker printed, replayed in order
  uint64_t peakKiB = 0;
  double seconds = 0;
};

struct PreambleGroup {
  clang::tooling::CompileCommand headerCommand;
  std::string includeText;
  std::vector<size_t> units;
  enum { Pending, Building, Ready, Unavailable } status = Pending;
  std::string pch;
};

struct Job {
  llvm::sys::ProcessInfo process;
  std::optional<size_t> unit;   // an analysis
  std::string group;            // a preamble build
  std::string requestPath, resultPath, outputPath, pchPath;
  std::chrono::steady_clock::time_point start;
};

std::string readWhole(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : "";
}

std::string describeExit(const llvm::sys::ProcessInfo &done, llvm::StringRef error) {
  if (done.ReturnCode == -2)
    return "the analysis crashed or was killed (" + error.str() + ")";
  return "the analysis worker failed (exit code " + std::to_string(done.ReturnCode) + ")";
}

class Run {
public:
  Run(const std::vector<tooling::CompileCommand> &commands, const AnalysisOptions &options,
      const CallbackFactory &callbacks, const SchedulerOptions &scheduling)
      : options_(options), callbacks_(callbacks), scheduling_(scheduling),
        configs_(digests_), progress_(commands.size(), scheduling.quiet) {
    for (const auto &command : commands)
      units_.push_back(Unit{command});
  }

  std::vector<TranslationUnitResult> run() {
    openCache();
    lookUpResults();
    planPreambles();
    size_t toParse = llvm::count_if(units_, [](const Unit &u) { return !u.cached; });
    size_t preambleBuilds = llvm::count_if(groups_, [](const auto &g) { return g.second.status == PreambleGroup::Pending; });
    // A lone TU without a preamble is parsed here: a worker would only add its start-up. With a
    // preamble it goes to a worker, which can retry it without one if the preamble is at fault.
    bool lonePlainUnit = toParse == 1 && preambleBuilds == 0 &&
                         llvm::none_of(units_, [&](const Unit &u) { return !u.cached && usesReadyPreamble(u); });
    if (lonePlainUnit)
      analyseInProcess();
    else if (toParse > 0)
      analyseWithWorkers();
    reportInOrder();
    progress_.finish();
    if (scheduling_.verbose)
      printStatistics();
    std::vector<TranslationUnitResult> results;
    for (Unit &unit : units_)
      results.push_back(std::move(unit.result));
    return results;
  }

private:
  void say(const llvm::Twine &text) { progress_.message(("ampify: " + text).str()); }

  void openCache() {
    if (!scheduling_.useResultCache && !scheduling_.usePreamble)
      return;
    std::string warning;
    std::string dir = scheduling_.cacheDir.empty() ? defaultCacheDirectory() : scheduling_.cacheDir;
    cache_ = ResultCache::open(dir, warning);
    if (!cache_.enabled())
      say("warning: " + warning + "; running without the cache");
    else if (scheduling_.verbose)
      say("cache in " + cache_.directory());
    store_.emplace(cache_, options_.preambleCacheMaxBytes);
  }

  void lookUpResults() {
    if (!cache_.enabled() || !scheduling_.useResultCache)
      return;
    std::string identity = toolIdentity();
    for (Unit &unit : units_) {
      std::vector<std::string> parts = {"result-v11", identity, unit.command.Directory, unit.command.Filename,
                                        digests_.of(unit.command.Filename),
                                        configs_.of(llvm::sys::path::parent_path(unit.command.Filename))};
      parts.insert(parts.end(), unit.command.CommandLine.begin(), unit.command.CommandLine.end());
      parts.push_back("--configuration");
      parts.insert(parts.end(), scheduling_.configuration.begin(), scheduling_.configuration.end());
      unit.resultKey = contentKey(parts);
      if (auto hit = cache_.lookup(unit.resultKey, digests_)) {
        unit.result = std::move(*hit);
        unit.result.file = unit.command.Filename;
        unit.cached = true;
        unit.state = State::Done;
        ++cachedCount_;
      }
    }
    progress_.update(cachedCount_, cachedCount_);
  }

  /// Gives each TU to parse a preamble: the cached one of the longest prefix of its leading
  /// system includes, else a new one shared with the TUs that start with the same include under
  /// the same flags, holding the includes they all start with.
  void planPreambles() {
    if (!scheduling_.usePreamble || !store_ || !store_->enabled())
      return;
    std::map<std::pair<std::string, std::string>, std::vector<std::pair<size_t, PreamblePlan>>> alike;
    for (size_t i = 0; i < units_.size(); ++i) {
      Unit &unit = units_[i];
      if (unit.cached)
        continue;
      auto source = llvm::MemoryBuffer::getFile(unit.command.Filename);
      if (!source)
        continue;
      std::optional<PreamblePlan> plan = planPreamble(unit.command, (*source)->getBuffer(), options_);
      if (!plan)
        continue;
      for (size_t count = plan->includes.size(); count > 0 && unit.preambleKey.empty(); --count)
        if (PreambleGroup *group = cachedGroup(plan->key(count))) {
          group->units.push_back(i);
          unit.preambleKey = plan->key(count);
        }
      if (unit.preambleKey.empty())
        alike[{plan->flagsKey, plan->includes.front()}].push_back({i, std::move(*plan)});
    }
    for (auto &[first, members] : alike) {
      // Precompiling costs about one parse: it pays off from the second TU (or the next run).
      if (members.size() < 2)
        continue;
      const PreamblePlan &model = members.front().second;
      size_t common = model.includes.size();
      for (const auto &[index, plan] : members) {
        size_t same = 0;
        while (same < common && same < plan.includes.size() && plan.includes[same] == model.includes[same])
          ++same;
        common = same;
      }
      std::string key = model.key(common);
      PreambleGroup &group = groups_[key];
      group.headerCommand = model.headerCommand;
      group.includeText = model.includeText(common);
      for (const auto &[index, plan] : members) {
        group.units.push_back(index);
        units_[index].preambleKey = key;
      }
    }
  }

  /// The group of the valid cached preamble `key`, or null when there is none.
  PreambleGroup *cachedGroup(const std::string &key) {
    auto known = groups_.find(key);
    if (known != groups_.end())
      return &known->second;
    if (!absentPreambles_.insert(key).second)
      return nullptr;
    auto pch = store_->lookup(key, digests_);
    if (!pch)
      return nullptr;
    PreambleGroup &group = groups_[key];
    group.status = PreambleGroup::Ready;
    group.pch = *pch;
    ++preamblesReused_;
    if (scheduling_.verbose)
      say("reusing the cached preamble " + *pch);
    return &group;
  }

  bool usesReadyPreamble(const Unit &unit) const {
    return !unit.preambleKey.empty() && groups_.at(unit.preambleKey).status == PreambleGroup::Ready;
  }

  bool waitsForPreamble(const Unit &unit) const {
    if (unit.preambleKey.empty() || unit.retriedWithoutPch)
      return false;
    auto status = groups_.at(unit.preambleKey).status;
    return status == PreambleGroup::Pending || status == PreambleGroup::Building;
  }

  tooling::CompileCommand commandFor(Unit &unit) {
    unit.pch.clear();
    if (!unit.preambleKey.empty() && !unit.retriedWithoutPch) {
      const PreambleGroup &group = groups_.at(unit.preambleKey);
      if (group.status == PreambleGroup::Ready)
        unit.pch = group.pch;
    }
    return unit.pch.empty() ? unit.command : withPreamble(unit.command, unit.pch);
  }

  void analyseInProcess() {
    for (Unit &unit : units_) {
      if (unit.cached)
        continue;
      if (scheduling_.verbose)
        say("analysing " + unit.command.Filename);
      auto start = std::chrono::steady_clock::now();
      unit.result = analyzeTranslationUnit(commandFor(unit), options_, callbacks_);
      unit.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      finishUnit(unit);
    }
  }

  void finishUnit(Unit &unit) {
    unit.state = State::Done;
    ++parsedCount_;
    if (unit.result.parsed && !unit.resultKey.empty()) {
      // A result does not depend on the preamble it was parsed with (the same findings come
      // either way), only on the sources: the cache's own files are left out.
      TranslationUnitResult stored = unit.result;
      llvm::erase_if(stored.inputs, [&](const std::string &f) {
        return llvm::StringRef(f).starts_with(cache_.directory() + "/");
      });
      cache_.store(unit.resultKey, stored, digests_);
    }
    progress_.update(cachedCount_ + parsedCount_, cachedCount_);
  }

  std::string scratchFile(llvm::StringRef suffix) {
    llvm::SmallString<256> path;
    llvm::sys::path::append(path, scratchDir_, std::to_string(scratchCounter_++) + suffix.str());
    return std::string(path);
  }

  bool startJob(WorkerRequest request, Job job) {
    job.requestPath = scratchFile(".request.json");
    job.resultPath = request.resultPath = scratchFile(".result.json");
    request.parent = ::getpid();
    job.outputPath = scratchFile(".stderr");
    std::string text;
    llvm::raw_string_ostream os(text);
    os << toJSON(request);
    if (!writeFileQuietly(job.requestPath, os.str()))
      return false;
    std::vector<std::string> args = invocation();
    args.push_back("--worker=" + job.requestPath);
    std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
    std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(""),
                                                  llvm::StringRef(job.outputPath)};
    std::string error;
    job.process = llvm::sys::ExecuteNoWait(executable_, argRefs, std::nullopt, redirects, 0, &error);
    if (job.process.Pid == 0) {
      say("error: cannot start a worker: " + error);
      return false;
    }
    interrupt::track(job.process.Pid, /*running=*/true);
    job.start = std::chrono::steady_clock::now();
    running_.push_back(std::move(job));
    return true;
  }

  bool startNext() {
    for (auto &[key, group] : groups_)
      if (group.status == PreambleGroup::Pending) {
        WorkerRequest request;
        request.kind = WorkerRequest::Preamble;
        request.command = group.headerCommand;
        request.includeText = group.includeText;
        request.output = store_->scratchPath(key);
        Job job;
        job.group = key;
        job.pchPath = request.output;
        group.status = PreambleGroup::Building;
        if (scheduling_.verbose)
          say("precompiling the preamble shared by " + llvm::Twine(group.units.size()) + " TU(s)");
        if (!startJob(request, job))
          group.status = PreambleGroup::Unavailable;
        return true;
      }
    for (size_t i = 0; i < units_.size(); ++i) {
      Unit &unit = units_[i];
      if (unit.state != State::Waiting || waitsForPreamble(unit))
        continue;
      WorkerRequest request;
      request.command = commandFor(unit);
      Job job;
      job.unit = i;
      unit.state = State::Running;
      if (scheduling_.verbose)
        say("analysing " + unit.command.Filename + (unit.pch.empty() ? "" : " (with the preamble)"));
      if (!startJob(request, job)) {
        unit.result.file = unit.command.Filename;
        unit.result.parsed = false;
        unit.result.failure = "no worker could be started";
        finishUnit(unit);
      }
      return true;
    }
    return false;
  }

  void finishJob(Job &job, const llvm::sys::ProcessInfo &done, const std::string &error,
                 const std::optional<llvm::sys::ProcessStatistics> &stats) {
    uint64_t peak = stats ? stats->PeakMemory : 0;
    peakKiB_ = std::max(peakKiB_, peak);
    auto value = readJsonFile(job.resultPath);
    if (!value)
      llvm::consumeError(value.takeError());
    bool completed = done.ReturnCode == 0 && value;

    if (!job.group.empty()) {
      PreambleGroup &group = groups_.at(job.group);
      const json::Object *object = completed ? value->getAsObject() : nullptr;
      std::vector<std::string> inputs;
      json::Path::Root root;
      bool built = object && object->getBoolean("built") == true && object->get("inputs") &&
                   fromJSON(*object->get("inputs"), inputs, root);
      std::optional<std::string> published;
      if (built)
        published = store_->publish(job.group, job.pchPath, inputs, digests_);
      if (published) {
        group.status = PreambleGroup::Ready;
        group.pch = *published;
        ++preamblesBuilt_;
      } else {
        group.status = PreambleGroup::Unavailable;
        store_->discard(job.group, job.pchPath);
        if (scheduling_.verbose)
          say("the shared preamble did not build; its TUs are parsed without it:\n" + readWhole(job.outputPath));
      }
      return;
    }

    Unit &unit = units_[*job.unit];
    unit.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - job.start).count();
    unit.peakKiB = peak;
    json::Path::Root root;
    TranslationUnitResult result;
    if (completed && fromJSON(*value, result, root)) {
      if (!result.parsed && !unit.pch.empty()) {
        // It did not compile with the preamble: try once without. If it compiles then, the
        // preamble is at fault (stale in a way its digests missed, or corrupt) and goes.
        unit.retriedWithoutPch = true;
        unit.state = State::Waiting;
        return;
      }
      unit.output = readWhole(job.outputPath);
      unit.result = std::move(result);
    } else {
      llvm::consumeError(root.getError());
      unit.output = readWhole(job.outputPath);
      unit.result = TranslationUnitResult{};
      unit.result.file = unit.command.Filename;
      unit.result.parsed = false;
      unit.result.failure = describeExit(done, error);
    }
    if (unit.retriedWithoutPch && unit.result.parsed && !unit.preambleKey.empty()) {
      PreambleGroup &group = groups_.at(unit.preambleKey);
      if (group.status == PreambleGroup::Ready) {
        say("warning: the shared preamble " + group.pch + " failed; it is rebuilt on the next run");
        store_->discard(unit.preambleKey, group.pch);
        group.status = PreambleGroup::Unavailable;
      }
    }
    finishUnit(unit);
  }

  void analyseWithWorkers() {
    executable_ = llvm::sys::fs::getMainExecutable(invocation().empty() ? nullptr : invocation()[0].c_str(),
                                                   reinterpret_cast<void *>(&runTranslationUnits));
    llvm::SmallString<256> scratch;
    if (llvm::sys::fs::createUniqueDirectory("ampify-run", scratch)) {
      say("error: cannot create a temporary directory; analysing in this process");
      analyseInProcess();
      return;
    }
    scratchDir_ = std::string(scratch);
    interrupt::install(scratchDir_);
    unsigned jobs = scheduling_.jobs ? scheduling_.jobs : llvm::heavyweight_hardware_concurrency().compute_thread_count();
    jobs = std::max(1u, jobs);
    while (true) {
      while (running_.size() < jobs && startNext()) {
      }
      if (running_.empty())
        break;
      bool any = false;
      for (size_t i = 0; i < running_.size();) {
        std::string error;
        std::optional<llvm::sys::ProcessStatistics> stats;
        llvm::sys::ProcessInfo done = llvm::sys::Wait(running_[i].process, 0, &error, &stats, /*Polling=*/true);
        if (done.Pid == 0) {
          ++i;
          continue;
        }
        interrupt::track(done.Pid, /*running=*/false);
        Job job = std::move(running_[i]);
        running_.erase(running_.begin() + i);
        finishJob(job, done, error, stats);
        any = true;
        reportInOrder();
      }
      if (!any)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    interrupt::uninstall();
    llvm::sys::fs::remove_directories(scratchDir_);
  }

  /// Prints what the finished TUs at the front of the list have to say, in list order.
  void reportInOrder() {
    while (nextReport_ < units_.size() && units_[nextReport_].state == State::Done) {
      Unit &unit = units_[nextReport_++];
      if (!unit.output.empty())
        progress_.message(unit.output);
      if (scheduling_.verbose) {
        std::string line;
        llvm::raw_string_ostream os(line);
        if (unit.cached)
          os << "cached " << unit.command.Filename;
        else
          os << "analysed " << unit.command.Filename << llvm::format(" (%.1f s", unit.seconds)
             << (unit.peakKiB ? ", " + std::to_string(unit.peakKiB / 1024) + " MiB" : "")
             << (unit.pch.empty() ? "" : ", preamble") << ")";
        say(os.str());
      }
      if (!unit.result.parsed)
        say("error: " + unit.command.Filename + " was not analysed: " + unit.result.failure);
    }
  }

  void printStatistics() {
    say(llvm::Twine(units_.size()) + " TU(s): " + llvm::Twine(cachedCount_) + " cached, " +
        llvm::Twine(parsedCount_) + " parsed; preambles: " + llvm::Twine(preamblesBuilt_) + " built, " +
        llvm::Twine(preamblesReused_) + " reused; peak worker RSS " + llvm::Twine(peakKiB_ / 1024) + " MiB");
  }

  const AnalysisOptions &options_;
  const CallbackFactory &callbacks_;
  const SchedulerOptions &scheduling_;
  FileDigests digests_;
  ConfigDigests configs_;
  ResultCache cache_ = ResultCache::disabled();
  std::optional<PreambleStore> store_;
  Progress progress_;
  std::vector<Unit> units_;
  std::map<std::string, PreambleGroup> groups_;
  std::set<std::string> absentPreambles_; // keys already looked up and not in the cache
  std::vector<Job> running_;
  std::string executable_, scratchDir_;
  unsigned scratchCounter_ = 0;
  size_t nextReport_ = 0, cachedCount_ = 0, parsedCount_ = 0, preamblesBuilt_ = 0, preamblesReused_ = 0;
  uint64_t peakKiB_ = 0;
};

} // namespace

std::vector<TranslationUnitResult> runTranslationUnits(const std::vector<tooling::CompileCommand> &units,
                                                       const AnalysisOptions &options,
                                                       const CallbackFactory &callbacks,
                                                       const SchedulerOptions &scheduling) {
  return Run(units, options, callbacks, scheduling).run();
}

} // namespace ampify
