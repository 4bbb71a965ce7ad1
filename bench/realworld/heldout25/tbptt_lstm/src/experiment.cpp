#include "experiment.h"

#include <iostream>
#include <stdexcept>

Experiment::Experiment(int argc, char *argv[]) : database_name("tbptt_lstm") {
  params_ = {{"seed", "0"},      {"features", "32"}, {"steps", "240"},
             {"truncation", "8"}, {"ITI", "4"},       {"step_size", "0.02"},
             {"lambda", "1"},     {"run", "0"}};
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i];
    if (key.rfind("--", 0) == 0) key = key.substr(2);
    params_[key] = argv[i + 1];
  }
  for (const auto &p : params_) std::cout << p.first << " = " << p.second << "\n";
}

int Experiment::get_int_param(const std::string &name) const {
  auto it = params_.find(name);
  if (it == params_.end()) throw std::invalid_argument("unknown parameter " + name);
  return std::stoi(it->second);
}

float Experiment::get_float_param(const std::string &name) const {
  auto it = params_.find(name);
  if (it == params_.end()) throw std::invalid_argument("unknown parameter " + name);
  return std::stof(it->second);
}
