#include "train.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>
#include <vector>

NmtData make_reversal_pairs(int64_t count, int64_t vocab_size, int64_t num_steps, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int64_t> length(4, num_steps - 2);
    std::uniform_int_distribution<int64_t> word(3, vocab_size - 1);
    const int64_t words = vocab_size - 3;

    NmtData data;
    data.src = torch::full({count, num_steps}, kPad, torch::kLong);
    data.tgt = torch::full({count, num_steps}, kPad, torch::kLong);
    data.src_valid_len = torch::zeros({count}, torch::kLong);
    data.tgt_valid_len = torch::zeros({count}, torch::kLong);
    auto src = data.src.accessor<int64_t, 2>();
    auto tgt = data.tgt.accessor<int64_t, 2>();
    for (int64_t i = 0; i < count; ++i) {
        const int64_t len = length(rng);
        for (int64_t t = 0; t < len; ++t) {
            src[i][t] = word(rng);
        }
        src[i][len] = kEos;
        for (int64_t t = 0; t < len; ++t) {
            tgt[i][t] = 3 + ((src[i][len - 1 - t] - 3) * 7 + 5) % words;
        }
        tgt[i][len] = kEos;
        data.src_valid_len[i] = len + 1;
        data.tgt_valid_len[i] = len + 1;
    }
    return data;
}

namespace {

void xavier_init_weights(torch::nn::Module& m) {
    torch::NoGradGuard no_grad;
    if (auto* linear = m.as<torch::nn::Linear>()) {
        torch::nn::init::xavier_uniform_(linear->weight);
    }
    if (auto* gru = m.as<torch::nn::GRU>()) {
        for (auto& param : gru->named_parameters(false)) {
            if (param.key().find("weight") != std::string::npos) {
                torch::nn::init::xavier_uniform_(param.value());
            }
        }
    }
}

// Clip the gradient norm of all parameters to theta.
void grad_clipping(Seq2Seq& net, double theta) {
    std::vector<torch::Tensor> params;
    for (auto& p : net->parameters()) {
        if (p.requires_grad() && p.grad().defined()) {
            params.push_back(p);
        }
    }
    double norm = 0.0;
    for (auto& p : params) {
        norm += torch::sum(p.grad() * p.grad()).item<double>();
    }
    norm = std::sqrt(norm);
    if (norm > theta) {
        for (auto& p : params) {
            p.grad().mul_(theta / norm);
        }
    }
}

// The softmax cross-entropy loss with masks, one value per sequence.
torch::Tensor masked_softmax_ce(torch::Tensor pred, torch::Tensor label, torch::Tensor valid_len) {
    auto weights = sequence_mask(torch::ones_like(label, torch::kFloat), valid_len);
    auto unweighted = torch::nn::functional::cross_entropy(
        pred.permute({0, 2, 1}), label, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone));
    return (unweighted * weights).mean(1);
}

}  // namespace

double train_seq2seq(Seq2Seq& net, const NmtData& data, const TrainOptions& opts, torch::Device device) {
    net->apply(xavier_init_weights);
    net->to(device);
    torch::optim::Adam optimizer(net->parameters(), torch::optim::AdamOptions(opts.lr));

    const int64_t n = data.src.size(0);
    double loss_per_token = 0.0;
    net->train();
    for (int64_t epoch = 0; epoch < opts.num_epochs; ++epoch) {
        auto perm = torch::randperm(n, torch::kLong);
        double total_loss = 0.0;
        int64_t total_tokens = 0;
        for (int64_t start = 0; start + opts.batch_size <= n; start += opts.batch_size) {
            auto idx = perm.slice(0, start, start + opts.batch_size);
            auto X = data.src.index_select(0, idx).to(device);
            auto X_valid_len = data.src_valid_len.index_select(0, idx).to(device);
            auto Y = data.tgt.index_select(0, idx).to(device);
            auto Y_valid_len = data.tgt_valid_len.index_select(0, idx).to(device);

            optimizer.zero_grad();
            auto bos = torch::full({Y.size(0), 1}, kBos, Y.options());
            auto dec_input = torch::cat({bos, Y.slice(1, 0, Y.size(1) - 1)}, 1);  // teacher forcing
            auto Y_hat = net->forward(X, dec_input, X_valid_len);
            auto l = masked_softmax_ce(Y_hat, Y, Y_valid_len);
            l.sum().backward();
            grad_clipping(net, 1.0);
            auto num_tokens = Y_valid_len.sum();
            optimizer.step();

            total_loss += l.sum().item<double>();
            total_tokens += num_tokens.item<int64_t>();
        }
        loss_per_token = total_loss / static_cast<double>(std::max<int64_t>(total_tokens, 1));
        if ((epoch + 1) % 5 == 0) {
            std::cout << "epoch " << epoch + 1 << ", loss " << loss_per_token << std::endl;
        }
    }
    return loss_per_token;
}

double evaluate_seq2seq(Seq2Seq& net, const NmtData& data, torch::Device device) {
    torch::NoGradGuard no_grad;
    net->eval();
    auto X = data.src.to(device);
    auto Y = data.tgt.to(device);
    auto bos = torch::full({Y.size(0), 1}, kBos, Y.options());
    auto dec_input = torch::cat({bos, Y.slice(1, 0, Y.size(1) - 1)}, 1);
    auto predicted = net->forward(X, dec_input, data.src_valid_len.to(device)).argmax(-1);
    auto valid = sequence_mask(torch::ones_like(Y, torch::kFloat), data.tgt_valid_len.to(device));
    auto correct = (predicted == Y).to(torch::kFloat) * valid;
    return (correct.sum() / valid.sum()).item<double>();
}
