#include "ampify/Worker.h"

#include "ampify/Cache.h"
#include "ampify/FindingJson.h"
#include "ampify/Preamble.h"

#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace ampify {
namespace json = llvm::json;

namespace {
std::vector<std::string> &storedInvocation() {
  static std::vector<std::string> args;
  return args;
}
} // namespace

void setInvocation(int argc, const char **argv) {
  storedInvocation().assign(argv, argv + argc);
}

const std::vector<std::string> &invocation() { return storedInvocation(); }

json::Value toJSON(const WorkerRequest &r) {
  return json::Object{{"kind", r.kind == WorkerRequest::Analyze ? "analyze" : "preamble"},
                      {"directory", r.command.Directory},
                      {"file", r.command.Filename},
                      {"arguments", r.command.CommandLine},
                      {"includeText", r.includeText},
                      {"output", r.output},
                      {"result", r.resultPath},
                      {"parent", r.parent}};
}

bool fromJSON(const json::Value &v, WorkerRequest &r, json::Path path) {
  json::ObjectMapper o(v, path);
  std::string kind;
  if (!(o && o.map("kind", kind) && o.map("directory", r.command.Directory) &&
        o.map("file", r.command.Filename) && o.map("arguments", r.command.CommandLine) &&
        o.map("includeText", r.includeText) && o.map("output", r.output) && o.map("result", r.resultPath) &&
        o.map("parent", r.parent)))
    return false;
  r.kind = kind == "preamble" ? WorkerRequest::Preamble : WorkerRequest::Analyze;
  return true;
}

int runWorker(llvm::StringRef requestPath, const AnalysisOptions &options, const CallbackFactory &callbacks) {
  auto value = readJsonFile(requestPath);
  WorkerRequest request;
  json::Path::Root root("request");
  if (!value || !fromJSON(*value, request, root)) {
    llvm::errs() << "ampify: worker: bad request '" << requestPath << "'\n";
    if (!value)
      llvm::consumeError(value.takeError());
    else
      llvm::consumeError(root.getError());
    return 3;
  }
  // A worker outlives nothing: killed with its run (kill -9 included). If the run is already
  // gone, the parent is no longer the one that wrote the request.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (int64_t(::getppid()) != request.parent)
    return 3;
  json::Value result = nullptr;
  if (request.kind == WorkerRequest::Analyze) {
    result = toJSON(analyzeTranslationUnit(request.command, options, callbacks));
  } else {
    auto inputs = buildPreamble(request.command, request.includeText, request.output);
    if (inputs)
      result = json::Object{{"built", true}, {"inputs", *inputs}};
    else
      result = json::Object{{"built", false}, {"error", llvm::toString(inputs.takeError())}};
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << result;
  return writeFileQuietly(request.resultPath, os.str()) ? 0 : 3;
}

} // namespace ampify
