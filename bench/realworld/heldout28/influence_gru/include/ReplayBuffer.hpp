#ifndef REPLAY_BUFFER_HPP
#define REPLAY_BUFFER_HPP

#include <assert.h>
#include <deque>
#include <random>
#include <tuple>
#include "torch/torch.h"

class ReplayBuffer {
  public:
    ReplayBuffer(
      int inputSize,
      int targetSize,
      int horizon,
      int bufferSize=-1):
       _inputSize(inputSize),
       _targetSize(targetSize),
       _bufferSize(bufferSize),
       _seqLength(horizon-1)
    {
      if (bufferSize <= 0) throw std::runtime_error("buffer size <= 0");
      std::cout << "Input size: " << inputSize << ", Output size: " << targetSize
                << ", sequence length: " << _seqLength << std::endl;
    }

    // preallocate memory for the data
    void preallocateMemory(int upperBoundOnTheNumberOfSimulationsPerStep);

    // sample a batch of data
    std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> sampleBatch(int batchSize = 32, const std::string &lossType="last");

    inline int getTotalNumberOfDataPoints() const { return _totalSize; }

    void wrapEpisode();

    inline int getSeqLength() const { return _seqLength; }

    int insert(const std::vector<int> &stepInputs, const std::vector<int> &stepOutputs, int parentIndex);

    inline int getEpisodeIndex() const { return _episodeIndex; }

  private:
    int _inputSize;
    int _targetSize;
    int _bufferSize;
    int _seqLength;

    // the data
    std::deque<std::vector<int>> _links;
    std::deque<std::vector<std::vector<int>>> _inputs;
    std::deque<std::vector<std::vector<int>>> _targets;
    std::deque<int> _sizes;

    int _episodeIndex = -1;
    int _internalIndex = 0;

    int _totalSize = 0;
};

#endif
