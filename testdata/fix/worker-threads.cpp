// AMPIFY: fix
// Losses that worker threads compute (an A2C/GAIL-style trainer: the workers run the model, the
// main loop stacks their losses and steps): autocast's state belongs to the thread that enables
// it, so a region in the main loop would not reach the workers' forward passes. Refused, with the
// line of the threads. So is a loop whose threads are handed the loss itself (`&loss`,
// `std::ref(loss)`, a lambda naming it) to compute it with code of other files, where no forward
// call is in sight. A thread that only prepares data does not stop the migration (a CPU program:
// bf16, no scaler).
#include <torch/torch.h>

#include <mutex>
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
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: its losses are computed by the threads started at line [[@LINE-8]]{{.*}} [ampify-fix]
    opt.step();
  }
}

// An economy simulated by agents whose networks another file defines.
struct Market;
void add_episode_loss(Market &market, torch::Tensor *loss, std::mutex &mutex);
torch::Tensor episode_loss(Market &market);

void threads_add_to_the_loss(Market &market, torch::optim::Adam &opt) {
  std::mutex mutex;
  for (int epoch = 0; epoch < 10; ++epoch) {
    opt.zero_grad();
    auto loss = torch::zeros({});
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.push_back(std::thread(add_episode_loss, std::ref(market), &loss, std::ref(mutex)));
    for (auto &thread : threads)
      thread.join();
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: its losses are computed by the threads started at line [[@LINE-4]]{{.*}} [ampify-fix]
    opt.step();
  }
}

void a_lambda_computes_the_loss(Market &market, torch::optim::Adam &opt) {
  for (int epoch = 0; epoch < 10; ++epoch) {
    torch::Tensor loss;
    std::thread worker([&loss, &market] { loss = episode_loss(market); });
    worker.join();
    opt.zero_grad();
    loss.backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: training loop not migrated: its losses are computed by the threads started at line [[@LINE-4]]{{.*}} [ampify-fix]
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
// CHECK-FIXES: {{^}}    auto loss = torch::zeros({});{{$}}
// CHECK-FIXES-NEXT: {{^}}    std::vector<std::thread> threads;{{$}}
// CHECK-FIXES: {{^}}    std::thread worker([&loss, &market] { loss = episode_loss(market); });{{$}}
// CHECK-FIXES-NEXT: {{^}}    worker.join();{{$}}
// CHECK-FIXES-NEXT: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    loss.backward();{{$}}
// CHECK-FIXES: {{^}}void loader_thread(Net &net, torch::optim::SGD &opt) {{[{]}}{{$}}
// CHECK-FIXES: {{^}}    opt.zero_grad();{{$}}
// CHECK-FIXES-NEXT: {{^}}    ampify::Autocast autocast(ampify::AutocastOptions(c10::kCPU).dtype(at::kBFloat16).cpu_on_request(true));{{$}}
// CHECK-FIXES-NEXT: {{^}}    auto loss = net(batch).pow(2).mean();{{$}}
