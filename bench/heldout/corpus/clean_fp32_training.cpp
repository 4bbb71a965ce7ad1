// Ordinary fp32 LibTorch regression training (the pytorch/examples style) with no fp16 hazard:
// migrating it to autocast is safe.
#include <torch/torch.h>

#include <cstdio>

constexpr int64_t kPolyDegree = 4;

torch::Tensor make_features(torch::Tensor x) {
  x = x.unsqueeze(1);
  std::vector<torch::Tensor> xs;
  for (int64_t i = 0; i < kPolyDegree; ++i) xs.push_back(x.pow(i + 1));
  return torch::cat(xs, 1);
}

int main() {
  auto w_target = torch::randn({kPolyDegree, 1}) * 5;
  auto b_target = torch::randn({1}) * 5;
  torch::nn::Linear fc(torch::nn::LinearOptions(kPolyDegree, 1));
  torch::optim::SGD optim(fc->parameters(), 0.1);
  float loss = 0;
  int64_t batch_idx = 0;
  while (++batch_idx) {
    auto random = torch::randn({32});
    auto batch_x = make_features(random);
    auto batch_y = batch_x.mm(w_target) + b_target.item();
    optim.zero_grad();
    auto output = torch::smooth_l1_loss(fc(batch_x), batch_y);
    loss = output.item<float>();
    output.backward();
    optim.step();
    if (loss < 1e-3f) break;
  }
  std::printf("Loss: %f after %ld batches\n", loss, static_cast<long>(batch_idx));
}
