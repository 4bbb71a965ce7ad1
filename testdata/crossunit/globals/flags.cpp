#include "globals.h"

#include <cstdlib>
#include <map>
#include <string>

static std::map<std::string, int *> registry = {{"tuned_width", &tuned_width}};

static void widen(int &width, int by) { width += by; }

void parse_flags(int argc, char **argv) {
  if (argc > 1)
    batch_width = std::atoi(argv[1]);
  for (int i = 2; i < argc; ++i)
    *registry["tuned_width"] = std::atoi(argv[i]);
  int &bound = bound_width;
  bound = argc;
  widen(bound, 0);
  ++bumped_width;
}
