#include "config.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  // Filled by config.cpp; parse_args, called in a condition, leaves `noise` as it was.
  RunParams *params = (RunParams *)std::malloc(sizeof(RunParams));
  init_params(params);
  if (parse_args(argc, argv, params) == 0)
    train(params);
  std::free(params);
  params = nullptr;

  // Written through the pointer here: 100 reaches net.cpp's layer.
  RunParams *own = new RunParams();
  own->hidden = 100;
  Net net(own);
  delete own;

  // A struct of main.cpp filled through its address: 20 reaches the heads' layer.
  RunParams local;
  init_params(&local);
  Heads heads(&local);

  // `heads` written again by a later filler with a run-time value: unknown.
  RunParams *widened = new RunParams;
  init_params(widened);
  widen(widened, argc);
  Heads wide(widened);
  // Written by a filler that runs only when `argc > 4`: unknown.
  RunParams *maybe = new RunParams();
  init_params(maybe);
  if (argc > 4 && shrink(maybe) == 0)
    std::puts("shrunk");
  Heads perhaps(maybe);
  // Kept by config.cpp, which may write it later: unknown.
  RunParams *kept = new RunParams();
  init_params(kept);
  remember(kept);
  Heads later(kept);
  // Cleared by a library call: unknown.
  RunParams *cleared = new RunParams();
  cleared->heads = 20;
  std::memset(cleared, 0, sizeof(RunParams));
  Heads zeroed(cleared);
  // Handed to another pointer: what is written through it is not followed, so unknown.
  RunParams *first = new RunParams();
  RunParams *alias = first;
  first->hidden = 100;
  alias->hidden = 48;
  Net aliased(first);

  torch::Tensor x = torch::randn({8, 64});
  torch::Tensor loss = net(torch::randn({8, 100})).mean() + heads(x).mean() + wide(x).mean() + perhaps(x).mean() + later(x).mean() +
                       zeroed(x).mean() + aliased(torch::randn({8, 48})).mean();
  return loss.item<float>() > 0 ? 0 : 1;
}
