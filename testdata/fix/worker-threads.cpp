// AMPIFY: fix
// Losses that worker threads compute (an A2C/GAIL-style trainer: the workers run the model, the
// main loop stacks their losses and steps): autocast's state belongs to the thread that enables
// it, so a region in the main loop would not reach the workers' forward passes. Refused, with the
// line of the threads. A thread that only prepares data does not stop the migration (a CPU
// program: bf16, no scaler).
#include <torch/torch.h>

#include <thread>
#include <vector>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

struct Worker {
  Net net;
  torch::Tensor loss;
  void rollout() { loss = net(torch::randn({4, 4})).pow(2).mean(); }
};

void workers_compute_the_losses(Net &net, torch::optim::SGD &opt) {
  std::vector<Worker> workers(2, Worker{net, torch::Tensor()});
  for (int step = 0; step < 10; ++step) {
    std::vector<std::thread> threads;
    for (auto &worker : workers)
      threads.emplace_back([&worker] { worker.rollout(); });
    for (auto &thread : threads)
      thread.join();
    std::vector<torch::Tensor> losses;
    for (auto &worker : workers)
      losses.push_back(worker.loss);
    opt.zero_grad();
    torch::stack(losses).sum().backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: its losses come from forward passes of the threads started at line 29{{.*}} [ampify-fix]
    opt.step();
  }
}

void loader_thread(Net &net, torch::optim::SGD &opt) {
  for (int step = 0; step < 10; ++step) {
    torch::Tensor batch;
    std::thread loader([&batch] { batch = torch::randn({4, 4}); });
    loader.join();
    opt.zero_grad();
    auto loss = net(batch).pow(2).mean();
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: training loop migrated to mixed precision{{.*}} [ampify-fix]
    opt.step();
  }
}
// CHECK-FIXES: {{^}}void workers_compute_the_losses(Net &net, torch::optim::SGD &opt) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  std::vector<Worker> workers(2, Worker{net, torch::Tensor()});{{$}}
// CHECK-FIXES-NEXT: {{^}}  for (int step = 0; step < 10; ++step) {{[{]}}{{$}}
// CHECK-FIXES: {{^}}void loader_thread(Net &net, torch::optim::SGD &opt) {{[{]}}{{$}}
// CHECK-FIXES: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(c10::kCPU).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = net(batch).pow(2).mean();{{$}}
