#include "qnet.h"

QNetImpl::QNetImpl(int64_t state_dim, int64_t n_actions, int64_t hidden) {
  fc1 = register_module("fc1", torch::nn::Linear(state_dim, hidden));
  fc2 = register_module("fc2", torch::nn::Linear(hidden, hidden / 2));
  fc3 = register_module("fc3", torch::nn::Linear(hidden / 2, n_actions));
}

torch::Tensor QNetImpl::forward(torch::Tensor state, torch::Tensor valid) {
  auto x = torch::relu(fc1->forward(state));
  x = torch::relu(fc2->forward(x));
  auto q = fc3->forward(x);
  return torch::where(valid, q, torch::full_like(q, -1e9));
}
