#include "ReplayBuffer.h"

ReplayBuffer::ReplayBuffer(unsigned int maxBufferSize, unsigned int seed)
    : _maxBufferSize(maxBufferSize), _eng(seed)
{
}

void ReplayBuffer::add(const Utility::TD& data)
{
    if (_buffer.size() >= _maxBufferSize) {
        _buffer.pop_front();
    }
    _buffer.push_back(data);
}

Utility::TrainBuffer ReplayBuffer::sample(int batchSize)
{
    Utility::TrainBuffer batch;
    batch.reserve(batchSize);
    std::uniform_int_distribution<int> pick(0, static_cast<int>(_buffer.size()) - 1);
    for (int i = 0; i < batchSize; i++) {
        batch.push_back(_buffer[pick(_eng)]);
    }
    return batch;
}
