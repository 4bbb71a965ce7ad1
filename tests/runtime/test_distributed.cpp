// GradScaler across data-parallel ranks: two ranks (threads) over c10d's Gloo backend, with an
// inf injected on one rank only, after backward and before the gradient all-reduce (the
// "unscale_ before all-reduce" layout, where ranks see different gradients).
#include <ampify/amp.h>
#include <ampify/distributed.h>

#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/torch.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <thread>

namespace {

constexpr int WorldSize = 2;
constexpr int Steps = 6;
constexpr int InfStep = 3; // rank 1 sees an inf gradient on this step only

struct RankResult {
  std::vector<bool> stepped;
  std::vector<double> scales;
  torch::Tensor weight;
};

RankResult train_rank(int rank, c10::intrusive_ptr<c10d::Store> store, bool reduce_found_inf) {
  auto options = c10d::ProcessGroupGloo::Options::create();
  options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
  auto group = c10::make_intrusive<c10d::ProcessGroupGloo>(store, rank, WorldSize, options);

  // The same initial weights and data on every rank, made without the global random generator,
  // which the two rank threads would otherwise share and race on.
  torch::nn::Linear model(4, 2);
  {
    torch::NoGradGuard no_grad;
    model->weight.copy_(torch::linspace(-0.5, 0.5, 8).reshape({2, 4}));
    model->bias.copy_(torch::tensor({0.1, -0.1}));
  }
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));
  auto scaler_options = ampify::GradScalerOptions().init_scale(1024.0);
  if (reduce_found_inf)
    scaler_options.found_inf_reducer(ampify::all_reduce_found_inf(group));
  ampify::GradScaler scaler(scaler_options);

  RankResult result;
  for (int step = 0; step < Steps; ++step) {
    auto x = torch::arange(32).reshape({8, 4}).to(torch::kFloat).sin() * (step + 1);
    optimizer.zero_grad();
    auto loss = model(x).pow(2).mean();
    scaler.scale(loss).backward();
    if (rank == 1 && step == InfStep)
      model->weight.grad()[0][0] = std::numeric_limits<float>::infinity();
    scaler.unscale_(optimizer);
    // Average the (unscaled) gradients across ranks, as a manual data-parallel loop does.
    for (auto &p : model->parameters()) {
      std::vector<at::Tensor> grads{p.grad()};
      group->allreduce(grads)->wait();
      p.grad().div_(WorldSize);
    }
    result.stepped.push_back(scaler.step(optimizer));
    scaler.update();
    result.scales.push_back(scaler.get_scale());
  }
  result.weight = model->weight.detach().clone();
  return result;
}

std::vector<RankResult> train_all(bool reduce_found_inf) {
  auto store = c10::make_intrusive<c10d::HashStore>();
  std::vector<RankResult> results(WorldSize);
  std::vector<std::thread> ranks;
  for (int rank = 0; rank < WorldSize; ++rank)
    ranks.emplace_back([&, rank] { results[rank] = train_rank(rank, store, reduce_found_inf); });
  for (auto &t : ranks)
    t.join();
  return results;
}

TEST(DistributedGradScaler, EveryRankSkipsTheStepThatOverflowedOnOneRank) {
  auto results = train_all(/*reduce_found_inf=*/true);
  for (int rank = 0; rank < WorldSize; ++rank) {
    for (int step = 0; step < Steps; ++step)
      EXPECT_EQ(results[rank].stepped[step], step != InfStep) << "rank " << rank << " step " << step;
    EXPECT_EQ(results[rank].scales[InfStep], 512.0) << "rank " << rank; // 1024 * backoff 0.5
    EXPECT_EQ(results[rank].scales.back(), 512.0) << "rank " << rank;
    EXPECT_TRUE(torch::isfinite(results[rank].weight).all().item<bool>()) << "rank " << rank;
  }
  EXPECT_EQ(results[0].scales, results[1].scales);
  EXPECT_TRUE(torch::equal(results[0].weight, results[1].weight));
}

TEST(DistributedGradScaler, WithoutTheReducerTheRanksDrift) {
  // The control: rank 0 never sees rank 1's inf, steps with the averaged (inf) gradient, and the
  // ranks' scales and weights part ways. This is what found_inf_reducer exists to prevent.
  auto results = train_all(/*reduce_found_inf=*/false);
  EXPECT_TRUE(results[0].stepped[InfStep]);
  EXPECT_FALSE(results[1].stepped[InfStep]);
  EXPECT_NE(results[0].scales[InfStep], results[1].scales[InfStep]);
  EXPECT_FALSE(torch::isfinite(results[0].weight).all().item<bool>());
}

} // namespace
