#include <torch/torch.h>

#include <cstddef>
#include <iostream>
#include <memory>

#include "link_loss.h"
#include "link_predictor.h"
#include "tgn.h"

constexpr std::size_t num_epochs = 5;
constexpr std::size_t batch_size = 50;
constexpr double learning_rate = 3e-3;

namespace {

auto train(tgn::TGN& encoder, LinkPredictor& decoder, torch::optim::Adam& opt,
           const std::shared_ptr<tgn::TGStore>& store, const torch::Device& device) -> float {
  encoder->train();
  decoder->train();
  encoder->reset_state();

  float last_loss{0};
  auto e_id = store->train_split().start;

  for (; e_id < store->train_split().end; e_id += batch_size) {
    opt.zero_grad();

    const auto batch = store->get_batch(e_id, batch_size);
    const auto neg = batch.neg_dst.to(device);
    const auto z = encoder->forward(batch.src, batch.dst, neg);

    auto loss = link_loss(decoder, z[0], z[1], z[2], neg.eq(batch.dst));

    encoder->update_state(batch.src, batch.dst, batch.t, batch.msg);
    loss.backward();
    opt.step();
    encoder->detach_memory();

    last_loss = loss.item<float>();
  }
  return last_loss;
}

// Fraction of test interactions whose true destination scores above a random one.
auto eval(tgn::TGN& encoder, LinkPredictor& decoder,
          const std::shared_ptr<tgn::TGStore>& store) -> float {
  encoder->eval();
  decoder->eval();
  torch::NoGradGuard no_grad;

  float hits{0};
  float total{0};
  for (auto e_id = store->test_split().start; e_id < store->test_split().end; e_id += batch_size) {
    const auto batch = store->get_batch(e_id, batch_size);
    const auto z = encoder->forward(batch.src, batch.dst, batch.neg_dst);
    const auto pos_out = decoder->forward(z[0], z[1]);
    const auto neg_out = decoder->forward(z[0], z[2]);
    hits += (pos_out > neg_out).sum().item<float>();
    total += static_cast<float>(pos_out.size(0));
    encoder->update_state(batch.src, batch.dst, batch.t, batch.msg);
  }
  return hits / total;
}

}  // namespace

auto main() -> int {
  torch::manual_seed(11);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  const auto cfg = tgn::TGNConfig{};
  const auto store = tgn::make_store(/*num_nodes=*/60, /*num_edges=*/2400, /*msg_dim=*/16,
                                     /*num_communities=*/4);
  store->to(device);

  tgn::TGN encoder(cfg, store);
  LinkPredictor decoder{cfg.embedding_dim};
  encoder->to(device);
  decoder->to(device);

  auto params = encoder->parameters();
  auto dec_params = decoder->parameters();
  params.insert(params.end(), dec_params.begin(), dec_params.end());
  torch::optim::Adam opt(params, torch::optim::AdamOptions(learning_rate));

  encoder->reset_state();
  std::cout << "untrained test ranking accuracy: " << eval(encoder, decoder, store) << std::endl;

  float loss = 0.0f;
  for (std::size_t epoch = 1; epoch <= num_epochs; ++epoch) {
    loss = train(encoder, decoder, opt, store, device);
    encoder->reset_state();
    std::cout << "Epoch " << epoch << " Loss: " << loss << std::endl;
  }
  // replay the training stream without updates so that the memory is warm, then test
  encoder->eval();
  {
    torch::NoGradGuard no_grad;
    for (auto e_id = store->train_split().start; e_id < store->train_split().end; e_id += batch_size) {
      const auto batch = store->get_batch(e_id, batch_size);
      encoder->update_state(batch.src, batch.dst, batch.t, batch.msg);
    }
  }
  const auto acc = eval(encoder, decoder, store);
  std::cout << "final loss: " << loss << std::endl;
  std::cout << "test ranking accuracy: " << acc << std::endl;
  return 0;
}
