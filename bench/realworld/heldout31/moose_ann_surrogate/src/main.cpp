// Drives the surrogate training the way MOOSE's stochastic tools input file
// test/tests/surrogates/libtorch_nn/train_and_evaluate.i does: a CartesianProduct
// sampler, the Sobol G-function as the sampled response, a LibtorchANNTrainer
// and an evaluation of the surrogate on a second sampler.
#include <torch/torch.h>

#include <cmath>
#include <iostream>
#include <vector>

#include "LibtorchANNTrainer.h"
#include "Parallel.h"

namespace
{
/// CartesianProduct sampler: one "start step count" triple per dimension
std::vector<std::vector<Real>>
cartesianProduct(const std::vector<std::vector<Real>> & linear_space_items)
{
  std::vector<std::vector<Real>> rows{{}};
  for (const auto & item : linear_space_items)
  {
    std::vector<std::vector<Real>> next;
    for (const auto & row : rows)
      for (unsigned int k = 0; k < static_cast<unsigned int>(item[2]); ++k)
      {
        auto r = row;
        r.push_back(item[0] + k * item[1]);
        next.push_back(r);
      }
    rows = next;
  }
  return rows;
}

/// GFunction vector postprocessor: the Sobol G-function with coefficients q
Real
gFunction(const std::vector<Real> & x, const std::vector<Real> & q)
{
  Real y = 1.0;
  for (unsigned int i = 0; i < x.size(); ++i)
    y *= (std::abs(4.0 * x[i] - 2.0) + q[i]) / (1.0 + q[i]);
  return y;
}
}

int
main()
{
  torch::manual_seed(0);

  Parallel::Communicator comm;

  // [Samplers]
  const auto sample = cartesianProduct({{0, 0.0125, 5}, {0, 0.0125, 5}, {0, 0.0125, 5}});
  const auto test = cartesianProduct({{0, 0.05, 2}, {0, 0.05, 2}, {0, 0.05, 2}});

  // [VectorPostprocessors/values]
  const std::vector<Real> q_vector{0, 0, 0};

  // [Trainers/train]
  LibtorchANNTrainerParams params;
  params.num_epochs = 40;
  params.num_batches = 10;
  params.num_neurons_per_layer = {64, 32};
  params.learning_rate = 0.001;
  params.nn_filename = "mynet_tne.pt";
  params.print_epoch_loss = 10;
  params.max_processes = 1;

  LibtorchANNTrainer trainer(params, comm, 3);
  trainer.preTrain(sample.size());
  for (const auto & row : sample)
    trainer.train(row, gFunction(row, q_vector));
  trainer.postTrain();

  // [Reporters/results]: EvaluateSurrogate on the test sampler
  Real sq_err = 0.0;
  for (const auto & row : test)
  {
    const Real diff = trainer.evaluate(row) - gFunction(row, q_vector);
    sq_err += diff * diff;
  }
  std::cout << "test rmse: " << std::sqrt(sq_err / test.size()) << std::endl;
  std::cout << "final loss: " << trainer.finalEpochLoss() << std::endl;
  return 0;
}
