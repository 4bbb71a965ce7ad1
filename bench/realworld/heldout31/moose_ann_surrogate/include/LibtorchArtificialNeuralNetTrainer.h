// Trainer of LibtorchArtificialNeuralNet (shape of idaholab/moose
// framework/include/libtorch/utils/LibtorchArtificialNeuralNetTrainer.h).
#pragma once

#include <torch/torch.h>

#include <memory>

#include "LibtorchArtificialNeuralNet.h"
#include "LibtorchDataset.h"
#include "MooseTypes.h"
#include "Parallel.h"

namespace Moose
{

/**
 * A struct containing necessary information for training neural networks.
 */
struct LibtorchTrainingOptions
{
  /// The type of optimizer we want to use for training, adam is the default due to
  /// its robustness and fast convergence
  MooseEnum optimizer_type = MooseEnum({"adam", "adagrad", "rmsprop", "sgd"}, "adam");
  /// Number of iterations we want to perform on the whole dataset
  unsigned int num_epochs = 1;
  /// Number of batches we want to split the dataset into
  unsigned int num_batches = 1;
  /// If we want to print additional information during training
  bool print_loss = false;
  /// The frequency of training loss print to console
  unsigned int print_epoch_loss = 1;
  /// The relative loss tolerance where the training shall stop
  Real rel_loss_tol = 1e-12;
  /// The learning rate for the optimizers
  Real learning_rate = 1e-3;
  /// The number of allowed parallel processes
  unsigned int parallel_processes = 1;
  /// Parameter for sampling: allows random samplers to use the same sample multiple times
  bool allow_duplicates = false;
};

/**
 * Templated class which is responsible for training LibtorchArtificialNeuralNets. It can be
 * used with random/sequential samplers in serial or parallel.
 */
template <typename SamplerType = torch::data::samplers::DistributedSequentialSampler>
class LibtorchArtificialNeuralNetTrainer : public libMesh::ParallelObject
{
public:
  LibtorchArtificialNeuralNetTrainer(LibtorchArtificialNeuralNet & nn,
                                     const Parallel::Communicator & comm);

  /// Train the neural network using a given (serialized) data and options
  virtual void train(LibtorchDataset & dataset, const LibtorchTrainingOptions & options);

  /// Computes the number of samples used for each batch.
  static unsigned int computeBatchSize(const unsigned int num_samples,
                                       const unsigned int num_batches);

  /// Computes the number of local samples of a batch on this rank.
  static unsigned int computeLocalBatchSize(const unsigned int batch_size,
                                            const unsigned int num_ranks);

  /// Setup the optimizer based on the provided options.
  static std::unique_ptr<torch::optim::Optimizer>
  createOptimizer(const LibtorchArtificialNeuralNet & nn, const LibtorchTrainingOptions & options);

  /// The epoch loss of the last epoch trained (added for this corpus)
  Real lastEpochLoss() const { return _last_epoch_loss; }

protected:
  /// Reference to the neural network which is trained
  LibtorchArtificialNeuralNet & _nn;
  Real _last_epoch_loss = 0.0;
};

}
