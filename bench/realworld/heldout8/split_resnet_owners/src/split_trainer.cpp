#include "split_trainer.h"

#include <iostream>

// One optimizer update as the owners' scripts write it.
#define SGD_UPDATE(opt, loss) \
  do {                        \
    (opt).zero_grad();        \
    (loss).backward();        \
    (opt).step();             \
  } while (0)

namespace {
void set_lr(torch::optim::SGD &optimizer, double lr) {
  for (auto &group : optimizer.param_groups()) {
    static_cast<torch::optim::SGDOptions &>(group.options()).lr(lr);
  }
}
}  // namespace

double train_split(SplitModel &model, const std::vector<ImageSet> &owners, const SplitOptions &opts,
                   torch::Device device) {
  torch::optim::SGD client_opt(model.client->parameters(),
                               torch::optim::SGDOptions(opts.lr).momentum(0.9).weight_decay(1e-4));
  torch::optim::SGD server_opt(model.server->parameters(),
                               torch::optim::SGDOptions(opts.lr).momentum(0.9).weight_decay(1e-4));
  model.client->train();
  model.server->train();
  double last = 0.0;
  int64_t itera = 0;
  for (int64_t epoch = 0; epoch < opts.epochs; ++epoch) {
    double running = 0.0;
    int64_t batches = 0;
    for (const ImageSet &owner : owners) {
      auto perm = torch::randperm(owner.labels.size(0), torch::kLong);
      for (int64_t start = 0; start + opts.batch <= perm.size(0); start += opts.batch) {
        auto idx = perm.slice(0, start, start + opts.batch);
        auto images = owner.images.index_select(0, idx).to(device);
        auto labels = owner.labels.index_select(0, idx).to(device);
        client_opt.zero_grad();
        server_opt.zero_grad();
        auto smashed = model.client->forward(images);  // activations sent to the server
        auto logits = model.server->forward(smashed);
        auto loss = torch::nn::functional::cross_entropy(logits, labels);
        loss.backward();
        client_opt.step();
        server_opt.step();
        last = loss.item<double>();
        running += last;
        ++batches;
        if (++itera == opts.decay_at) {
          set_lr(client_opt, opts.lr / 10);
          set_lr(server_opt, opts.lr / 10);
        }
      }
    }
    std::cout << "epoch " << epoch + 1 << " mean loss " << running / batches << " (" << itera
              << " iterations)" << std::endl;
  }
  return last;
}

double accuracy(SplitModel &model, const ImageSet &set, torch::Device device) {
  torch::NoGradGuard no_grad;
  model.client->eval();
  model.server->eval();
  int64_t correct = 0;
  const int64_t n = set.labels.size(0);
  for (int64_t start = 0; start < n; start += 128) {
    const int64_t end = std::min(n, start + 128);
    auto logits = model.server->forward(model.client->forward(set.images.slice(0, start, end).to(device)));
    correct += logits.argmax(1).eq(set.labels.slice(0, start, end).to(device)).sum().item<int64_t>();
  }
  return static_cast<double>(correct) / n;
}

double personalise_head(SplitModel &model, const ImageSet &owner_data, int64_t steps, torch::Device device) {
  auto head = model.server->ptr(model.server->size() - 1);
  torch::optim::SGD head_opt(head->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  model.client->eval();
  model.server->eval();
  auto images = owner_data.images.to(device);
  auto labels = owner_data.labels.to(device);
  for (int64_t step = 0; step < steps; ++step) {
    auto idx = torch::randint(labels.size(0), {32}, torch::TensorOptions().dtype(torch::kLong).device(device));
    auto logits = model.server->forward(model.client->forward(images.index_select(0, idx)));
    auto confidence = torch::sigmoid(logits).amax(1);
    auto loss = torch::nn::functional::cross_entropy(logits, labels.index_select(0, idx)) -
                0.05 * torch::log(1 - confidence + 1e-8).mean();
    SGD_UPDATE(head_opt, loss);
  }
  return accuracy(model, owner_data, device);
}
