#include "LibtorchANNTrainer.h"

#include <iostream>

namespace
{
void
tensorToVector(const torch::Tensor & t, std::vector<Real> & v)
{
  auto c = t.contiguous().to(at::kDouble);
  v.assign(c.data_ptr<Real>(), c.data_ptr<Real>() + c.numel());
}
}

LibtorchANNTrainer::LibtorchANNTrainer(const LibtorchANNTrainerParams & params,
                                       const Parallel::Communicator & comm,
                                       unsigned int n_dims)
  : _params(params),
    _communicator(comm),
    _n_dims(n_dims),
    _num_neurons_per_layer(params.num_neurons_per_layer),
    _activation_function(params.activation_function),
    _nn_filename(params.nn_filename),
    _standardize_input(params.standardize_input),
    _standardize_output(params.standardize_output)
{
  // Fixing the RNG seed to make sure every experiment is the same.
  // Otherwise sampling / stochastic gradient descent would be different.
  torch::manual_seed(_params.seed);

  _optim_options.optimizer_type = "adam";
  _optim_options.learning_rate = _params.learning_rate;
  _optim_options.num_epochs = _params.num_epochs;
  _optim_options.num_batches = _params.num_batches;
  _optim_options.rel_loss_tol = _params.rel_loss_tol;
  _optim_options.print_loss = _params.print_epoch_loss > 0;
  _optim_options.print_epoch_loss = _params.print_epoch_loss;
  _optim_options.parallel_processes = _params.max_processes;
}

void
LibtorchANNTrainer::preTrain(unsigned int local_sample_size)
{
  // Resize to number of sample points
  _flattened_data.clear();
  _flattened_response.clear();
  _flattened_data.reserve(local_sample_size * _n_dims);
  _flattened_response.reserve(local_sample_size);
}

void
LibtorchANNTrainer::train(const std::vector<Real> & predictor_row, Real response)
{
  for (auto & p : predictor_row)
    _flattened_data.push_back(p);

  _flattened_response.push_back(response);
}

void
LibtorchANNTrainer::postTrain()
{
  // Then, we create and load our Tensors
  unsigned int num_samples = _flattened_response.size();
  unsigned int num_inputs = _n_dims;

  // We create a neural net (for the definition of the net see the header file)
  _nn = std::make_shared<Moose::LibtorchArtificialNeuralNet>(
      _nn_filename, num_inputs, 1, _num_neurons_per_layer, _activation_function);

  // The default data type in pytorch is float, while we use double in MOOSE.
  // Therefore, in some cases we have to convert Tensors to double.
  auto options = torch::TensorOptions().dtype(at::kDouble);
  torch::Tensor data_tensor =
      torch::from_blob(_flattened_data.data(), {num_samples, num_inputs}, options).to(at::kDouble);
  torch::Tensor response_tensor =
      torch::from_blob(_flattened_response.data(), {num_samples, 1}, options).to(at::kDouble);

  // We standardize the input/output pairs if the user requested it
  if (_standardize_input)
  {
    auto data_std_mean = torch::std_mean(data_tensor, 0);
    auto & data_std = std::get<0>(data_std_mean);
    auto & data_mean = std::get<1>(data_std_mean);

    data_tensor = (data_tensor - data_mean) / data_std;

    tensorToVector(data_mean, _input_standardizer.mean);
    tensorToVector(data_std, _input_standardizer.stddev);
  }
  else
  {
    _input_standardizer.mean.assign(_n_dims, 0.0);
    _input_standardizer.stddev.assign(_n_dims, 1.0);
  }

  if (_standardize_output)
  {
    auto response_std_mean = torch::std_mean(response_tensor, 0);
    auto & response_std = std::get<0>(response_std_mean);
    auto & response_mean = std::get<1>(response_std_mean);

    response_tensor = (response_tensor - response_mean) / response_std;

    tensorToVector(response_mean, _output_standardizer.mean);
    tensorToVector(response_std, _output_standardizer.stddev);
  }
  else
  {
    _output_standardizer.mean.assign(1, 0.0);
    _output_standardizer.stddev.assign(1, 1.0);
  }

  // We create a custom data set from our converted data
  Moose::LibtorchDataset my_data(data_tensor, response_tensor);

  // We create a trainer for our neural net and train it with the dataset
  Moose::LibtorchArtificialNeuralNetTrainer<> trainer(*_nn, _communicator);
  trainer.train(my_data, _optim_options);
  _final_epoch_loss = trainer.lastEpochLoss();
}

Real
LibtorchANNTrainer::evaluate(const std::vector<Real> & x) const
{
  std::vector<Real> converted_input(_n_dims, 0);
  for (unsigned int i = 0; i < _n_dims; ++i)
    converted_input[i] = (x[i] - _input_standardizer.mean[i]) / _input_standardizer.stddev[i];

  torch::NoGradGuard no_grad;
  auto options = torch::TensorOptions().dtype(at::kDouble);
  torch::Tensor input_tensor =
      torch::from_blob(converted_input.data(), {1, static_cast<long>(_n_dims)}, options).clone();
  Real value = _nn->forward(input_tensor).item<double>();
  return value * _output_standardizer.stddev[0] + _output_standardizer.mean[0];
}
