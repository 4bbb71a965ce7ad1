// The C++ side of bench/gpu/paired.py (--cpp runner): a small server process that loads the
// example programs built as shared libraries (lib<name>_<variant>_lib.so, whose main is the C
// function ampify_example_main) and runs them on request, so that the C++ programs are loaded once
// and called round after round without a process start, yet never share a process (and its
// LibTorch, CUDA context and autograd engine) with the Python twins, as ctypes did.
//
// It links nothing but libdl: each library brings its own LibTorch through its RUNPATH.
//   g++ -O2 -std=c++17 -o cpp_runner bench/gpu/cpp_runner.cpp -ldl
//
// Protocol, one request a line on stdin, fields separated by tabs:
//   LIBRARY_PATH <tab> COUNT_SYNCS (0|1) <tab> ARG <tab> ARG ...
// The program's own output goes to stdout as it runs; the answer is one line
//   @@DONE <exit code>        or        @@ERROR <message>
// An empty line or "quit" ends the process.
#include <dlfcn.h>

#include <cstdlib>
#include <exception>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using ExampleMain = int (*)(int, char **);

static std::vector<std::string> split(const std::string &line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, '\t'))
    fields.push_back(field);
  return fields;
}

int main() {
  std::map<std::string, ExampleMain> mains;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty() || line == "quit")
      break;
    auto fields = split(line);
    if (fields.size() < 2) {
      std::cout << "@@ERROR malformed request" << std::endl;
      continue;
    }
    auto it = mains.find(fields[0]);
    if (it == mains.end()) {
      // RTLD_LOCAL: the ten libraries define the same symbols (their own copies of the example
      // code and of the static ampify runtime); each keeps its own.
      void *handle = dlopen(fields[0].c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!handle) {
        std::cout << "@@ERROR dlopen: " << dlerror() << std::endl;
        continue;
      }
      auto fn = reinterpret_cast<ExampleMain>(dlsym(handle, "ampify_example_main"));
      if (!fn) {
        std::cout << "@@ERROR dlsym: " << dlerror() << std::endl;
        continue;
      }
      it = mains.emplace(fields[0], fn).first;
    }
    if (fields[1] == "1")
      setenv("EXAMPLE_COUNT_SYNCS", "1", 1);
    else
      unsetenv("EXAMPLE_COUNT_SYNCS");
    std::vector<std::string> args{"example"};
    args.insert(args.end(), fields.begin() + 2, fields.end());
    std::vector<char *> argv;
    for (auto &a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    int rc;
    try {
      rc = it->second(int(args.size()), argv.data());
    } catch (const std::exception &e) {
      std::string what = e.what();
      for (auto &c : what)
        if (c == '\n')
          c = ' ';
      std::cout << "\n@@ERROR exception: " << what << std::endl;
      continue;
    }
    std::cout << "\n@@DONE " << rc << std::endl;
  }
  return 0;
}
