#include "config.h"

#include <cstdlib>

namespace {
RunParams *remembered = nullptr;
}

void init_params(RunParams *params) {
  params->noise = 100;
  params->batch = 32;
  params->hidden = 60;
  params->heads = 20;
}

int parse_args(int argc, char **argv, RunParams *params) {
  for (int i = 1; i < argc; ++i) {
    switch (argv[i][0]) {
    case 'b':
      params->batch = std::atoi(argv[i] + 1);
      break;
    default:
      return -1;
    }
  }
  return 0;
}

void widen(RunParams *params, int extra) { params->heads = 16 + extra; }

int shrink(RunParams *params) {
  params->heads = 36;
  return 0;
}

void remember(RunParams *params) { remembered = params; }
