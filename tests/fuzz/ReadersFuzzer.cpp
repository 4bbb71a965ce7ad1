// libFuzzer target over every structured reader of ampify, each fed the same bytes:
//  - JSON through parseJsonBounded (LSP bodies, reports, baselines, cache entries);
//  - YAML through checkYamlNesting and LLVM's YAML parser, as .ampify.yaml (yaml::Stream), fix
//    files (yaml::Input into clang-tidy's TranslationUnitDiagnostics) and compilation databases
//    (JSONCompilationDatabase, whose parser is the YAML one) are read;
//  - the LSP framing: the bytes as a client's stream into lsp::Transport, read to the end.
// A crash, a stack overflow (AddressSanitizer), a leak or an input that takes more than
// -timeout seconds is a finding. Run by ctest as `fuzz-readers` for a bounded time.
#include "ampify/BoundedInput.h"
#include "lsp/Transport.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

#include <cstdio>
#include <sys/mman.h>
#include <unistd.h>

namespace {

void readYaml(llvm::StringRef text) {
  if (llvm::Error err = ampify::checkYamlNesting(text, "input")) {
    llvm::consumeError(std::move(err));
    return;
  }
  {
    llvm::SourceMgr sources;
    sources.setDiagHandler([](const llvm::SMDiagnostic &, void *) {});
    llvm::yaml::Stream stream(text, sources);
    for (llvm::yaml::Document &doc : stream)
      doc.skip(); // parses every node of the document
  }
  {
    clang::tooling::TranslationUnitDiagnostics fixes;
    llvm::yaml::Input yaml(text, nullptr, [](const llvm::SMDiagnostic &, void *) {});
    yaml >> fixes;
  }
  std::string error;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      text, error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (db)
    (void)db->getAllCompileCommands();
}

void readLspStream(llvm::StringRef bytes) {
  int fd = ::memfd_create("lsp-input", 0);
  if (fd < 0)
    return;
  if (::write(fd, bytes.data(), bytes.size()) != ssize_t(bytes.size()) || ::lseek(fd, 0, SEEK_SET) != 0) {
    ::close(fd);
    return;
  }
  std::FILE *in = ::fdopen(fd, "rb");
  std::FILE *out = std::fopen("/dev/null", "wb");
  {
    ampify::lsp::Transport transport(in, out, 1 << 20);
    for (int messages = 0; messages < 10000; ++messages)
      if (transport.read().kind == ampify::lsp::Incoming::EndOfStream)
        break;
  }
  std::fclose(out);
  std::fclose(in);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (auto value = ampify::parseJsonBounded(text, "input"); !value)
    llvm::consumeError(value.takeError());
  readYaml(text);
  readLspStream(text);
  return 0;
}
