#include "seq2seq.h"

#include <vector>

Seq2SeqEncoderImpl::Seq2SeqEncoderImpl(const Seq2SeqOptions::Encoder* options, double dropout) {
    embedding = register_module("embedding", torch::nn::Embedding(options->vocab_size, options->embed_size));
    rnn = register_module("rnn", torch::nn::GRU(torch::nn::GRUOptions(options->embed_size, options->num_hiddens)
                                                    .num_layers(options->num_layers)
                                                    .dropout(dropout)
                                                    .batch_first(true)));
}

std::tuple<torch::Tensor, torch::Tensor> Seq2SeqEncoderImpl::forward(torch::Tensor X) {
    auto embedded = embedding->forward(X);
    return rnn->forward(embedded);
}

Seq2SeqAttentionDecoderImpl::Seq2SeqAttentionDecoderImpl(const Seq2SeqOptions::Decoder* options, int64_t encoder_hiddens,
                                                         int64_t attention_hiddens, double dropout) {
    attention = register_module("attention",
                                AdditiveAttention(encoder_hiddens, options->num_hiddens, attention_hiddens, dropout));
    embedding = register_module("embedding", torch::nn::Embedding(options->vocab_size, options->embed_size));
    rnn = register_module("rnn", torch::nn::GRU(torch::nn::GRUOptions(options->embed_size + encoder_hiddens, options->num_hiddens)
                                                    .num_layers(options->num_layers)
                                                    .dropout(dropout)
                                                    .batch_first(true)));
    dense = register_module("dense", torch::nn::Linear(options->num_hiddens, options->vocab_size));
}

torch::Tensor Seq2SeqAttentionDecoderImpl::forward(torch::Tensor X, torch::Tensor enc_outputs, torch::Tensor hidden_state,
                                                   torch::Tensor enc_valid_lens) {
    // (steps, batch, embed)
    auto embedded = embedding->forward(X).permute({1, 0, 2});
    std::vector<torch::Tensor> outputs;
    for (int64_t t = 0; t < embedded.size(0); ++t) {
        // query: the last layer's hidden state, (batch, 1, hiddens)
        auto query = hidden_state[-1].unsqueeze(1);
        auto context = attention->forward(query, enc_outputs, enc_outputs, enc_valid_lens);
        // concatenate on the feature dimension: (batch, 1, hiddens + embed)
        auto x = torch::cat({context, embedded[t].unsqueeze(1)}, -1);
        auto out_state = rnn->forward(x, hidden_state);
        outputs.push_back(std::get<0>(out_state));
        hidden_state = std::get<1>(out_state);
    }
    return dense->forward(torch::cat(outputs, 1));
}

Seq2SeqImpl::Seq2SeqImpl(const Seq2SeqOptions& options) : options_(options) {
    encoder = register_module("encoder", Seq2SeqEncoder(&options_.encoder, options_.dropout));
    decoder = register_module("decoder", Seq2SeqAttentionDecoder(&options_.decoder, options_.encoder.num_hiddens,
                                                                 options_.attention_hiddens, options_.dropout));
}

torch::Tensor Seq2SeqImpl::forward(torch::Tensor enc_X, torch::Tensor dec_X, torch::Tensor enc_valid_lens) {
    auto enc = encoder->forward(enc_X);
    return decoder->forward(dec_X, std::get<0>(enc), std::get<1>(enc), enc_valid_lens);
}
