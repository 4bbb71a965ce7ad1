#pragma once

#include <map>
#include <string>

// Hyper-parameters given on the command line as --name value (defaults below),
// read back by name.
class Experiment {
 public:
  Experiment(int argc, char *argv[]);

  int get_int_param(const std::string &name) const;
  float get_float_param(const std::string &name) const;

  std::string database_name;

 private:
  std::map<std::string, std::string> params_;
};
