#include "LibtorchArtificialNeuralNetTrainer.h"

#include <algorithm>
#include <iostream>
#include <string>

namespace Moose
{

template <typename SamplerType>
LibtorchArtificialNeuralNetTrainer<SamplerType>::LibtorchArtificialNeuralNetTrainer(
    LibtorchArtificialNeuralNet & nn, const Parallel::Communicator & comm)
  : libMesh::ParallelObject(comm), _nn(nn)
{
}

template <typename SamplerType>
unsigned int
LibtorchArtificialNeuralNetTrainer<SamplerType>::computeBatchSize(const unsigned int num_samples,
                                                                  const unsigned int num_batches)
{
  // More requested batches than samples: one sample in each
  if (num_samples < num_batches)
    return 1;
  // The samples can be divided between the batches equally
  else if (num_samples % num_batches == 0)
    return num_samples / num_batches;
  // Otherwise check whether one less sample per batch divides the data more evenly
  else
  {
    const unsigned int sample_per_batch_1 = num_samples / num_batches;
    const unsigned int remainder_1 = num_samples % num_batches;
    const unsigned int sample_per_batch_2 = sample_per_batch_1 - 1;
    const unsigned int remainder_2 =
        num_samples - (num_samples / sample_per_batch_2) * sample_per_batch_2;

    const Real rel_remainder1 = Real(remainder_1) / Real(sample_per_batch_1);
    const Real rel_remainder2 = Real(remainder_2) / Real(sample_per_batch_2);

    return rel_remainder2 > rel_remainder1 ? sample_per_batch_2 : sample_per_batch_1;
  }
}

template <typename SamplerType>
unsigned int
LibtorchArtificialNeuralNetTrainer<SamplerType>::computeLocalBatchSize(
    const unsigned int batch_size, const unsigned int num_ranks)
{
  if (batch_size < num_ranks)
    mooseError("The number of used processors is greater than the number of samples in the batch!");
  else if (batch_size % num_ranks == 0)
    return batch_size / num_ranks;
  else
    return batch_size / num_ranks + 1;
}

template <typename SamplerType>
std::unique_ptr<torch::optim::Optimizer>
LibtorchArtificialNeuralNetTrainer<SamplerType>::createOptimizer(
    const LibtorchArtificialNeuralNet & nn, const LibtorchTrainingOptions & options)
{
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  switch (options.optimizer_type)
  {
    case 0:
      optimizer = std::make_unique<torch::optim::Adam>(
          nn.parameters(), torch::optim::AdamOptions(options.learning_rate));
      break;
    case 1:
      optimizer = std::make_unique<torch::optim::Adagrad>(nn.parameters(), options.learning_rate);
      break;
    case 2:
      optimizer = std::make_unique<torch::optim::RMSprop>(nn.parameters(), options.learning_rate);
      break;
    case 3:
      optimizer = std::make_unique<torch::optim::SGD>(nn.parameters(), options.learning_rate);
      break;
  }
  return optimizer;
}

template <typename SamplerType>
void
LibtorchArtificialNeuralNetTrainer<SamplerType>::train(LibtorchDataset & dataset,
                                                       const LibtorchTrainingOptions & options)
{
  // This is used to measure the training time.
  const auto t_begin = Parallel::wallTime();

  // Every rank beyond the allowed maximum behaves as rank 0.
  int num_ranks = std::min(n_processors(), options.parallel_processes);
  // The real rank of the current process
  int real_rank = processor_id();
  // The capped rank (or used rank) of the current process.
  int used_rank = real_rank < num_ranks ? real_rank : 0;

  const auto num_samples = dataset.size().value();

  if (num_ranks * options.num_batches > num_samples)
    mooseError("The number of used processors* number of requestedf batches " +
               std::to_string(num_ranks * options.num_batches) +
               " is greater than the number of samples used for the training!");

  // Compute the number of samples in each batch
  const unsigned int sample_per_batch = computeBatchSize(num_samples, options.num_batches);

  // Compute the number of samples for this process
  const unsigned int sample_per_proc = computeLocalBatchSize(sample_per_batch, num_ranks);

  // Transform the dataset se that the loader has an easier time
  auto transformed_data_set = dataset.map(torch::data::transforms::Stack<>());

  // Create a sampler, this is mainly here to enable random sampling. The default is sequential
  SamplerType sampler(num_samples, num_ranks, used_rank, options.allow_duplicates);

  // Generate a dataloader which will build our batches for training
  auto data_loader =
      torch::data::make_data_loader(std::move(transformed_data_set), sampler, sample_per_proc);

  // Setup the optimizer
  std::unique_ptr<torch::optim::Optimizer> optimizer = createOptimizer(_nn, options);

  Real rel_loss = 1.0;
  Real initial_loss = 1.0;
  Real epoch_loss = 0.0;

  // Begin training loop
  unsigned int epoch = 1;
  while (epoch <= options.num_epochs && rel_loss > options.rel_loss_tol)
  {
    epoch_loss = 0.0;

    for (auto & batch : *data_loader)
    {
      // Reset gradients
      optimizer->zero_grad();

      // Compute prediction
      torch::Tensor prediction = _nn.forward(batch.data);

      // Compute loss values using a MSE ( mean squared error)
      torch::Tensor loss = torch::mse_loss(prediction, batch.target);

      // Propagate error back
      loss.backward();

      // If we are on a process whose rank is below the allowed limit, we actually collect the loss
      if (real_rank == used_rank)
        epoch_loss += loss.item<double>();

      // To enable the parallel training, we compute the gradients of the neural net parameters
      // using backpropagation at each process and then average the gradients across processes.
      // Note: We need to zero out the gradients for inactive processors (which are beyond
      // the predefined limit)
      for (auto & param : _nn.named_parameters())
      {
        if (real_rank != used_rank)
          param.value().grad().data() = param.value().grad().data() * 0.0;

        _communicator.allreduceSum(param.value().grad().data_ptr<double>(),
                                   param.value().grad().numel());

        param.value().grad().data() = param.value().grad().data() / num_ranks;
      }

      // Use new gradients to update the parameters
      optimizer->step();
    }

    // We also reduce the loss value to make sure every process runs the same number of epochs
    _communicator.sum(epoch_loss);

    epoch_loss = epoch_loss / options.num_batches / num_ranks;

    if (epoch == 1)
      initial_loss = epoch_loss;

    rel_loss = epoch_loss / initial_loss;

    // Print training information if requested
    if (options.print_loss)
      if (epoch % options.print_epoch_loss == 0 || epoch == 1)
        std::cout << "Epoch: " << epoch << " | Loss: " << epoch_loss
                  << " | Rel. loss: " << rel_loss << std::endl;

    epoch += 1;
  }
  _last_epoch_loss = epoch_loss;

  auto t_end = Parallel::wallTime();

  if (options.print_loss && used_rank == 0)
    std::cout << "Neural net training time: " << (t_end - t_begin) << " s" << std::endl;
}

// Explicitly instantiate for Random and Sequential samplers
template class LibtorchArtificialNeuralNetTrainer<torch::data::samplers::DistributedRandomSampler>;

template class LibtorchArtificialNeuralNetTrainer<
    torch::data::samplers::DistributedSequentialSampler>;
}
