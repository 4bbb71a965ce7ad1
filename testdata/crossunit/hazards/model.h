// fp16 hazards of functions that another TU runs under autocast (tests/scale_test.py,
// CrossUnitHazards): the model and its helpers are defined in model.cpp and called from main.cpp,
// inside a training loop that `ampify fix` puts under CUDA autocast and inside an explicit
// ampify::Autocast scope; and hazards in main.cpp on what those functions return in fp16, whole
// or as one tensor of a tuple or struct, used there or passed back to model.cpp; and the
// constructor of a class that main.cpp builds inside its loop from fp16 logits. Each expected
// finding has a CROSS-EXPECT comment on its line, followed by text of its message; every other
// line must give none.
#pragma once
#include <torch/torch.h>

struct ScorerImpl : torch::nn::Module {
  ScorerImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Scorer);

// Called by main.cpp under autocast.
torch::Tensor attention(torch::Tensor q, torch::Tensor k, torch::Tensor mask);
// Called only by ScorerImpl::forward: its hazard holds because forward runs under autocast.
torch::Tensor normalise(torch::Tensor h);
// Called by main.cpp outside autocast, and under CPU autocast: nothing is reported.
torch::Tensor evaluate(torch::Tensor q, torch::Tensor k);
// Never called under autocast by anyone.
torch::Tensor unused(torch::Tensor q, torch::Tensor k);
// Returns fp32 under autocast (softmax runs in fp32): what main.cpp does with it is not reported.
torch::Tensor probabilities(torch::Tensor q, torch::Tensor k);

// A tuple and a struct of tensors: element 0 and `scores` are fp16 under autocast, element 1 and
// `log_probs` are fp32 (log_softmax runs in fp32): only what main.cpp does with the first is
// reported.
std::tuple<torch::Tensor, torch::Tensor> split_scores(torch::Tensor q, torch::Tensor k);
struct Scored {
  torch::Tensor scores;
  torch::Tensor log_probs;
};
Scored score(torch::Tensor q, torch::Tensor k);
// Called by main.cpp under autocast with the fp16 element of split_scores' result.
torch::Tensor poisson_nll(torch::Tensor rate, torch::Tensor target);

// A policy that main.cpp runs through a pointer to its abstract base: the virtual call of `act`
// under autocast runs the override model.cpp defines; `explore` is called outside autocast only.
struct Policy : torch::nn::Module {
  virtual torch::Tensor act(torch::Tensor x) = 0;
  virtual torch::Tensor explore(torch::Tensor x) = 0;
};
struct MaskedPolicy : Policy {
  MaskedPolicy();
  torch::Tensor act(torch::Tensor x) override;
  torch::Tensor explore(torch::Tensor x) override;
  torch::nn::Linear fc{nullptr};
};

// Built by main.cpp inside its training loop, under autocast: its constructor computes there.
struct MaskedChoice {
  MaskedChoice(torch::Tensor logits, torch::Tensor mask);
  torch::Tensor probs;
};

// Built by main.cpp before the loop only: its constructor runs in fp32.
struct Baseline {
  Baseline(torch::Tensor scores, torch::Tensor mask);
  torch::Tensor value;
};
