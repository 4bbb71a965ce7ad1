// Declarations-only stand-in for p-ranav/argparse (a dependency of pytorch/examples' dcgan.cpp
// that the scan does not fetch): just the calls dcgan.cpp makes, so the TU parses.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

namespace argparse {
class Argument {
 public:
  Argument &help(std::string text);
  template <class T> Argument &default_value(T value) { return *this; }
  template <char Shape, class T> Argument &scan() { return *this; }
};

class ArgumentParser {
 public:
  explicit ArgumentParser(std::string program);
  Argument &add_argument(std::string name);
  void parse_args(int argc, const char *const argv[]);
  template <class T> T get(std::string name) const;
};

std::ostream &operator<<(std::ostream &os, const ArgumentParser &parser);
}  // namespace argparse
