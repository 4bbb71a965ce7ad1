#pragma once

#include <torch/torch.h>

#include <string>
#include <tuple>
#include <vector>

struct PredictionResult {
    std::vector<int> tokens;
    float confidence = 0.0f;
};

class AttentionImpl : public torch::nn::Module {
public:
    explicit AttentionImpl(int hidden_dim);
    std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor hidden, torch::Tensor encoder_outputs);

private:
    torch::nn::Linear attn_{nullptr};
    torch::nn::Linear v_{nullptr};
};
TORCH_MODULE(Attention);

class EncoderImpl : public torch::nn::Module {
public:
    EncoderImpl(int vocab_size, int embedding_dim, int hidden_dim,
                int num_layers, bool bidirectional, float dropout_p);
    std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> forward(torch::Tensor input);

private:
    int hidden_dim_;
    int num_layers_;
    bool bidirectional_;
    torch::nn::Embedding embedding_{nullptr};
    torch::nn::LSTM lstm_{nullptr};
    torch::nn::Linear fc_proj_{nullptr};
    torch::nn::Linear fc_hidden_{nullptr};
    torch::nn::Linear fc_cell_{nullptr};
    torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(Encoder);

class DecoderImpl : public torch::nn::Module {
public:
    DecoderImpl(int vocab_size, int embedding_dim, int hidden_dim,
                int num_layers, float dropout_p);
    std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor>
    forward(torch::Tensor input, torch::Tensor hidden, torch::Tensor cell, torch::Tensor encoder_outputs);

    int output_vocab_size() const { return vocab_size_; }

private:
    int vocab_size_;
    int hidden_dim_;
    int num_layers_;
    torch::nn::Embedding embedding_{nullptr};
    Attention attention_{nullptr};
    torch::nn::LSTM lstm_{nullptr};
    torch::nn::Linear fc_{nullptr};
    torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(Decoder);

class Seq2SeqModel {
public:
    Seq2SeqModel(int input_vocab_size, int output_vocab_size,
                 int embedding_dim, int hidden_dim,
                 int num_layers, float dropout_p,
                 torch::Device device);

    void to(torch::Device device);
    torch::Tensor forward(torch::Tensor src, torch::Tensor trg, float teacher_forcing_ratio = 0.5f);
    PredictionResult predict(const std::vector<int>& input, int max_length = 50);

    void train();
    void eval();

    Encoder encoder_;
    Decoder decoder_;
    torch::Device device_;
};
