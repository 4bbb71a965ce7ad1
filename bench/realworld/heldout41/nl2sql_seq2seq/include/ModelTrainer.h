#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "Seq2SeqModel.h"
#include "Vocabulary.h"

struct TrainingExample {
    std::string nl_query;
    std::string sql_query;
};

class MLModelTrainer {
public:
    MLModelTrainer();

    void setBatchSize(int batch_size);
    void setGradAccumSteps(int steps);
    void setVocabLimits(int nl_vocab_max, int sql_vocab_max);
    void setModelDims(int embedding_dim, int hidden_dim);
    void setDropout(float dropout_p);
    void setTeacherForcingRatio(float start, float end);
    void setValSplit(float split);
    void setPatience(int patience);
    void setWeightDecay(float wd);
    void setLabelSmoothing(float ls);
    void setNumLayers(int n);
    void setDevice(torch::Device device);
    torch::Device device() const;

    bool loadDataset(const std::vector<TrainingExample>& examples);
    bool train(int epochs, float learning_rate);
    std::string translate(const std::string& nl_query);

    float lastTrainLoss() const { return last_train_loss_; }

private:
    void buildVocabularies();
    void preEncodeDataset();
    std::tuple<torch::Tensor, torch::Tensor> prepareBatch(const std::vector<size_t>& indices);

    torch::Device device_;
    int embedding_dim_;
    int hidden_dim_;
    int num_layers_ = 1;
    float dropout_p_ = 0.1f;
    int batch_size_ = 32;
    int grad_accum_steps_ = 1;
    int nl_vocab_max_ = 0;
    int sql_vocab_max_ = 0;
    float tf_start_ = 1.0f;
    float tf_end_ = 0.5f;
    float val_split_ = 0.1f;
    int patience_ = 3;
    float weight_decay_ = 0.0f;
    float label_smoothing_ = 0.0f;
    float last_train_loss_ = 0.0f;

    std::vector<TrainingExample> dataset_;
    std::vector<std::vector<int>> encoded_nl_;
    std::vector<std::vector<int>> encoded_sql_;
    Vocabulary nl_vocab_;
    Vocabulary sql_vocab_;
    std::unique_ptr<Seq2SeqModel> model_;
};
