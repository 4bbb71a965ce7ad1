#include "model.h"

int main() {
  torch::manual_seed(0);
  NetOptions opts;
  opts.Dim(100).Ffn(256).HeadHidden(128).Classes(20).Dropout(0.2);
  Net net(opts);

  // Set twice: the last setter's 64 is what the probe gets.
  NetOptions twice;
  twice.Dim(100).Ffn(64).Dim(64);
  Probe first(twice);
  // Widen changes dim after it is set: 20 is not what the probe gets.
  NetOptions widened;
  widened.Ffn(64).Dim(20).Widen(2);
  Probe second(widened);

  torch::optim::SGD optimizer(net->parameters(), 0.1);
  torch::Tensor x = torch::randn({32, 100}), narrow = torch::randn({32, 64}), wide = torch::randn({32, 40});
  for (int step = 0; step < 10; ++step) {
    optimizer.zero_grad();
    torch::Tensor loss = net(x).pow(2).mean() + first(narrow).mean() + second(wide).mean();
    loss.backward();
    optimizer.step();
  }
}
