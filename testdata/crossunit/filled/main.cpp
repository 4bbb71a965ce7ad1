#include "config.h"

// Defined here: a call of it makes its argument unknown, as before (only other files' fillers
// are followed).
static void tweak(TrainConfig &cfg) { cfg.hidden = 100; }

int main(int argc, char **argv) {
  torch::manual_seed(0);
  TrainConfig cfg;
  load_config(cfg);
  Net net(cfg);

  TrainConfig small, early, scaled, tuned, tweaked;
  load_small(small, argc > 1);
  load_early(early, argc > 2);
  load_config(scaled);
  rescale(scaled, 2);
  // Assigned after the loader: the assignment's 48 is what the probe gets.
  load_config(tuned);
  tuned.hidden = 48;
  tweak(tweaked);
  Probe a(small), b(early), c(scaled), d(tuned), e(tweaked);
  // A later filler of config.cpp that leaves `heads` as it was, and one that writes it.
  TrainConfig overridden, widened;
  load_config(overridden);
  apply_overrides(overridden, argc);
  load_config(widened);
  widen_heads(widened, argc);
  Heads heads(overridden);
  Tails tails(widened);
  SystemConfig system;
  load_system(system);
  Trainer trainer(system);
  trainer.build_and_run(torch::randn({4, 60}));

  torch::optim::SGD optimizer(net->parameters(), cfg.lr);
  torch::Tensor x = torch::randn({32, 64}), patches = torch::randn({32, 30}), h = torch::randn({32, 100});
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    torch::Tensor loss = net(x, patches).pow(2).mean() + a(h).mean() + b(h).mean() + c(h).mean() +
                         d(torch::randn({32, 48})).mean() + e(h).mean() + heads(x).mean() + tails(x).mean();
    loss.backward();
    optimizer.step();
  }
}
