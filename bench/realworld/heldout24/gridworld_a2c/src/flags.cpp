#include "flags.h"

GridFlags defaultFlags()
{
  GridFlags flags;
  flags.conv1 = 16;
  flags.conv2 = 20;
  flags.fc1 = 100;
  flags.g = 0.95;
  flags.lr = 0.003;
  flags.beta = 0.01;
  flags.zeta = 0.5;
  flags.bs = 32;
  flags.n = 10000;
  flags.maxUpdates = 250;
  return flags;
}
