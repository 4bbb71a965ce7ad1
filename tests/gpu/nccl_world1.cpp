// The data-parallel scaler path over NCCL with a world size of 1 (the one-GPU machine): a
// ProcessGroupNCCL all-reduces found_inf through ampify::all_reduce_found_inf, an inf is planted
// on one step, and that step alone must be skipped with the scale backed off. The same code runs
// with more ranks unchanged; the two-GPU test needs a machine with two GPUs.
#include <ampify/amp.h>
#include <ampify/distributed.h>

#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#include <torch/torch.h>

#include <iostream>
#include <limits>

int main() {
  auto store = c10::make_intrusive<c10d::HashStore>();
  auto group = c10::make_intrusive<c10d::ProcessGroupNCCL>(store, /*rank=*/0, /*size=*/1);
  torch::manual_seed(0);
  torch::nn::Linear model(64, 64);
  model->to(torch::kCUDA);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.01));
  ampify::GradScaler scaler(ampify::GradScalerOptions().init_scale(1024.0).found_inf_reducer(
      ampify::all_reduce_found_inf(group)));
  const int inf_step = 4;
  bool ok = true;
  for (int step = 0; step < 8; ++step) {
    auto x = torch::randn({32, 64}, torch::kCUDA);
    optimizer.zero_grad();
    torch::Tensor loss;
    {
      ampify::Autocast autocast(c10::kCUDA);
      loss = model(x).to(torch::kFloat).pow(2).mean();
    }
    scaler.scale(loss).backward();
    if (step == inf_step)
      model->weight.grad()[0][0] = std::numeric_limits<float>::infinity();
    bool stepped = scaler.step(optimizer);
    scaler.update();
    double expected_scale = step < inf_step ? 1024.0 : 512.0;
    std::cout << "step " << step << " stepped " << stepped << " scale " << scaler.get_scale() << "\n";
    ok = ok && stepped == (step != inf_step) && scaler.get_scale() == expected_scale;
  }
  ok = ok && torch::isfinite(model->weight).all().item<bool>();
  std::cout << (ok ? "NCCL WORLD-SIZE-1 CHECK: PASSED" : "NCCL WORLD-SIZE-1 CHECK: FAILED") << "\n";
  return ok ? 0 : 1;
}
