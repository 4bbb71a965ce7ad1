// Energy-based scoring head that turns logits into unnormalised probabilities in place.
#include <torch/torch.h>
#include <ampify/amp.h>

struct ScorerImpl : torch::nn::Module {
  ScorerImpl() : fc(register_module("fc", torch::nn::Linear(256, 64))) {}
  torch::Tensor forward(const torch::Tensor& x) { return fc(x); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Scorer);

torch::Tensor energies(Scorer& scorer, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto logits = scorer(x);
  logits.exp_(); // EXPECT: ampify-inplace-not-autocast
  auto out = torch::empty_like(logits);
  torch::log_out(out, logits); // EXPECT: ampify-inplace-not-autocast
  return out;
}

torch::Tensor energies_fixed(Scorer& scorer, const torch::Tensor& x) {
  ampify::Autocast autocast;
  auto logits = scorer(x);
  auto probs = logits.exp();
  auto logp = torch::log(probs);
  logits.relu_();
  logits.mul_(0.5);
  return logp + logits;
}

torch::Tensor energies_fp32(Scorer& scorer, const torch::Tensor& x) {
  auto logits = scorer(x);
  logits.exp_();
  return logits;
}
