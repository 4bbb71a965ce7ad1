#pragma once

#include <torch/torch.h>

#include <tuple>

#include "attention.h"
#include "config.h"

// ---------------------------
// RNN encoder
// ---------------------------
struct Seq2SeqEncoderImpl : public torch::nn::Module {
    Seq2SeqEncoderImpl(const Seq2SeqOptions::Encoder* options, double dropout);

    // outputs (batch, steps, hiddens), state (layers, batch, hiddens)
    std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor X);

    torch::nn::Embedding embedding{nullptr};
    torch::nn::GRU rnn{nullptr};
};
TORCH_MODULE(Seq2SeqEncoder);

// ----------------------------------------------------
// RNN decoder with Bahdanau attention
// ----------------------------------------------------
struct Seq2SeqAttentionDecoderImpl : public torch::nn::Module {
    Seq2SeqAttentionDecoderImpl(const Seq2SeqOptions::Decoder* options, int64_t encoder_hiddens,
                                int64_t attention_hiddens, double dropout);

    // logits (batch, steps, vocab)
    torch::Tensor forward(torch::Tensor X, torch::Tensor enc_outputs, torch::Tensor hidden_state,
                          torch::Tensor enc_valid_lens);

    AdditiveAttention attention{nullptr};
    torch::nn::Embedding embedding{nullptr};
    torch::nn::GRU rnn{nullptr};
    torch::nn::Linear dense{nullptr};
};
TORCH_MODULE(Seq2SeqAttentionDecoder);

// ---------------------------
// Encoder-decoder
// ---------------------------
struct Seq2SeqImpl : public torch::nn::Module {
    explicit Seq2SeqImpl(const Seq2SeqOptions& options);

    torch::Tensor forward(torch::Tensor enc_X, torch::Tensor dec_X, torch::Tensor enc_valid_lens);

    Seq2SeqOptions options_;
    Seq2SeqEncoder encoder{nullptr};
    Seq2SeqAttentionDecoder decoder{nullptr};
};
TORCH_MODULE(Seq2Seq);
