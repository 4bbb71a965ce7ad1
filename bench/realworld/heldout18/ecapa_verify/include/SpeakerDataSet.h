#pragma once
#include <torch/torch.h>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "ECAPA_TDNN.h"

struct SpeakerSample {
    torch::Tensor features;  // MFCC-like features [seq_len, 30]
    int64_t speaker_id;      // speaker ID
};

class SpeakerDataSet
{
public:
    explicit SpeakerDataSet(uint64_t seed);

    // Synthetic stand-in for the MFCC feature files of the wav folders:
    // per_speaker utterances of num_speakers speakers, each [frames, 30].
    void load_synthetic_features(int num_speakers, int per_speaker, int frames);

    // trains one speaker model per speaker
    void train_speaker_models(const std::string& output_dir);

    // fraction of (anchor, positive, negative) test triplets ordered correctly
    double test_speaker_models(const std::vector<SpeakerSample>& test_samples);
    double test_untrained_model(const std::vector<SpeakerSample>& test_samples);

    std::vector<SpeakerSample> make_test_samples(int per_speaker, int frames);

    float last_loss() const { return last_loss_; }

private:
    torch::Tensor synth_utterance(int64_t speaker_id, int frames);

    // negatives drawn from the other speakers
    std::vector<torch::Tensor> sample_negatives(
        const std::unordered_map<int, std::vector<torch::Tensor>>& all_features,
        int current_speaker_id,
        int num_negatives = 5
    );

    double triplet_accuracy(ECAPA_TDNN& model, int speaker_id, const std::vector<SpeakerSample>& test_samples);

    // feature standardisation
    torch::Tensor normalize_feature(torch::Tensor feature);

    std::vector<SpeakerSample> samples;
    std::vector<int> speaker_ids;
    std::map<int, std::shared_ptr<ECAPA_TDNN>> models;
    std::map<std::string, std::string> saved_models;
    std::vector<torch::Tensor> speaker_timbre;
    std::mt19937 g;
    float last_loss_ = 0.0f;
    torch::Device device = torch::kCPU;
};
