#include "sine_data.h"
#include "hparams.h"
#include <cmath>

float normalize(float val) { return val * 8; }
float denormalize(float val) { return val / 8; }

//==================================================================
std::vector<float> generateSineWave(size_t samplesN, double frequency, double minVal, double maxVal,
                                    double phase)
{
    std::vector<float> sineWave(samplesN);
    double amplitude = (maxVal - minVal) / 2.0;

    for (size_t i = 0; i < samplesN; ++i)
        sineWave[i] = (float)(amplitude * (std::sin(2.0 * M_PI * frequency * i + phase) + 1.0) + minVal);

    return sineWave;
}

torch::Tensor makeInputData(const std::vector<float>& vals)
{
    std::vector<float> data(vals.size());

    if (USE_LOG_RETURNS)
    {
        for (size_t i = 1; i < vals.size(); ++i)
            data[i] = normalize((float)(std::log((double)vals[i]) - std::log((double)vals[i - 1])));

        data[0] = data[1];
    }
    else
    {
        for (size_t i = 0; i < vals.size(); ++i)
            data[i] = normalize(vals[i]);
    }

    return torch::tensor(data);
}

//==================================================================
std::pair<torch::Tensor, torch::Tensor> createSequences(const torch::Tensor& data, int64_t seqLen)
{
    // one sequence for each element in the data, minus one lookback window
    const auto seqsBatchN = data.size(0) - seqLen - 1;
    auto sequences = torch::empty({seqsBatchN, seqLen, 1});
    auto targets = torch::empty({seqsBatchN, 1});

    for (int64_t i = 0; i < seqsBatchN; ++i)
    {
        const auto sequence = data.slice(0, i, i + seqLen);
        sequences[i] = sequence.view({seqLen, 1});
        // target is the next value after the sequence
        targets[i] = data[i + seqLen];
    }

    return std::make_pair(sequences, targets);
}
