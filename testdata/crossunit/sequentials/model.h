// fp16 hazards on the output of a Sequential that another file builds (tests/scale_test.py,
// CrossUnitSequentials): layers.cpp builds the Sequentials and returns them; model.cpp holds them
// as members and runs them in a forward that main.cpp runs under autocast; main.cpp runs one in its
// own autocast region. A hazard on a Sequential's output holds when its builder's last layer that
// sets a dtype runs in fp16 under autocast (a Linear), not when it is a LayerNorm (fp32). Each
// expected finding has a CROSS-EXPECT comment on its line, followed by text of its message; every
// other line must give none.
#pragma once
#include <torch/torch.h>

// layers.cpp: Linear, GELU, Linear: fp16 under autocast.
torch::nn::Sequential make_scorer(int64_t in, int64_t hidden);
// layers.cpp: Linear then LayerNorm: fp32 under autocast.
torch::nn::Sequential make_normed(int64_t in);
// layers.cpp: a local extended by push_back, ending in a Linear: fp16.
torch::nn::Sequential make_head(int64_t in, int64_t out);

struct NetImpl : torch::nn::Module {
  explicit NetImpl(int64_t in);
  torch::Tensor forward(torch::Tensor x, torch::Tensor mask);
  // Never run under autocast: nothing is reported in it.
  torch::Tensor offline(torch::Tensor x, torch::Tensor mask);
  torch::nn::Sequential scorer_{nullptr};
  torch::nn::Sequential normed_{nullptr};
};
TORCH_MODULE(Net);

// layers.cpp builds the critic's body in the constructor; this header's accessor returns it.
// main.cpp runs it under autocast (Linear, LeakyReLU, Linear, Sigmoid: fp16) and hands its output
// to model.cpp's penalty().
class Critic : public torch::nn::Module {
public:
  explicit Critic(int64_t in);
  torch::nn::Sequential body() { return body_; }

private:
  torch::nn::Sequential body_{nullptr};
};
// model.cpp: what it is passed, masked with -1e9.
torch::Tensor penalty(const torch::Tensor &p);
