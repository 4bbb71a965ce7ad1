#pragma once
#include <deque>
#include <random>
#include "config.h"

class ReplayBuffer
{
private:
    std::deque<Utility::TD> _buffer;
    unsigned int _maxBufferSize;
    std::mt19937 _eng;

public:
    ReplayBuffer(unsigned int maxBufferSize, unsigned int seed = 7);

    void add(const Utility::TD& data);
    Utility::TrainBuffer sample(int batchSize);
    int size() const { return static_cast<int>(_buffer.size()); }
};
