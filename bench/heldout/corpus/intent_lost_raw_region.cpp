// A bilinear attention module whose forward tries to compute scores in fp32, called between
// at::autocast::set_enabled(true) and set_enabled(false).
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

struct BilinearScoreImpl : torch::nn::Module {
  BilinearScoreImpl() : proj(register_module("proj", torch::nn::Linear(256, 256))) {}
  torch::Tensor forward(const torch::Tensor& q, const torch::Tensor& k) {
    auto qp = proj(q);
    auto scores = torch::bmm(qp.to(torch::kFloat32), k.transpose(1, 2).to(torch::kFloat32)); // EXPECT: ampify-fp32-intent-lost
    return torch::softmax(scores, -1);
  }
  torch::nn::Linear proj;
};
TORCH_MODULE(BilinearScore);

torch::Tensor score(BilinearScore& m, const torch::Tensor& q, const torch::Tensor& k) {
  at::autocast::set_enabled(true);
  auto s = m(q, k);
  at::autocast::set_enabled(false);
  at::autocast::clear_cache();
  return s;
}

torch::Tensor score_fp32(BilinearScore& m, const torch::Tensor& q, const torch::Tensor& k) {
  auto qp = m->proj(q);
  return torch::bmm(qp.to(torch::kFloat32), k.transpose(1, 2).to(torch::kFloat32));
}
