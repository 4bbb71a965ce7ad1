// The surrogate trainer of MOOSE's stochastic tools module that builds and trains a
// LibtorchArtificialNeuralNet on sampled input/response pairs (shape of idaholab/moose
// modules/stochastic_tools/src/libtorch/trainers/LibtorchANNTrainer.C). The MOOSE
// InputParameters are a plain struct here, filled by main.cpp as an input file would.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "LibtorchArtificialNeuralNet.h"
#include "LibtorchArtificialNeuralNetTrainer.h"
#include "MooseTypes.h"
#include "Parallel.h"

struct LibtorchANNTrainerParams
{
  unsigned int num_batches = 1;
  unsigned int num_epochs = 1;
  Real rel_loss_tol = 0;
  std::vector<unsigned int> num_neurons_per_layer;
  std::vector<std::string> activation_function{"relu"};
  std::string nn_filename = "net.pt";
  Real learning_rate = 0.001;
  unsigned int print_epoch_loss = 0;
  unsigned int seed = 11;
  unsigned int max_processes = 1;
  bool standardize_input = true;
  bool standardize_output = true;
};

/// Mean and standard deviation of each column (StochasticTools::Standardizer)
struct Standardizer
{
  std::vector<Real> mean;
  std::vector<Real> stddev;
};

class LibtorchANNTrainer
{
public:
  LibtorchANNTrainer(const LibtorchANNTrainerParams & params, const Parallel::Communicator & comm,
                     unsigned int n_dims);

  void preTrain(unsigned int local_sample_size);
  /// Called once per sample with the sampler's row and the response
  void train(const std::vector<Real> & predictor_row, Real response);
  void postTrain();

  /// Evaluate the trained surrogate at a point (LibtorchANNSurrogate::evaluate)
  Real evaluate(const std::vector<Real> & x) const;

  Real finalEpochLoss() const { return _final_epoch_loss; }

private:
  const LibtorchANNTrainerParams _params;
  const Parallel::Communicator & _communicator;
  const unsigned int _n_dims;

  std::vector<Real> _flattened_data;
  std::vector<Real> _flattened_response;

  std::vector<unsigned int> _num_neurons_per_layer;
  std::vector<std::string> _activation_function;
  std::string _nn_filename;

  std::shared_ptr<Moose::LibtorchArtificialNeuralNet> _nn;
  Moose::LibtorchTrainingOptions _optim_options;

  bool _standardize_input;
  bool _standardize_output;
  Standardizer _input_standardizer;
  Standardizer _output_standardizer;

  Real _final_epoch_loss = 0.0;
};
