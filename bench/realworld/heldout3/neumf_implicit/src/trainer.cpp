#include "trainer.h"

#include <algorithm>
#include <iostream>

double pretrain_gmf(NeuMF& model, const InteractionData& data, const TrainOptions& opts,
                    std::shared_ptr<torch::Device> device) {
    torch::optim::Adam gmf_optimizer(model->gmf_parameters(), torch::optim::AdamOptions(opts.gmf_lr));
    const int64_t n = data.users.size(0);
    double last_loss = 0.0;

    model->train();
    for (int64_t epoch = 0; epoch < opts.pretrain_epochs; ++epoch) {
        auto perm = torch::randperm(n, torch::kLong);
        for (int64_t start = 0; start < n; start += opts.batch_size) {
            auto idx = perm.slice(0, start, std::min(start + opts.batch_size, n));
            auto user = data.users.index_select(0, idx).to(*device);
            auto item = data.items.index_select(0, idx).to(*device);
            auto label = data.labels.index_select(0, idx).to(*device);

            gmf_optimizer.zero_grad();
            auto logits = model->gmf_logits(user, item);
            auto loss = torch::binary_cross_entropy_with_logits(logits, label);
            loss.backward();
            gmf_optimizer.step();
            last_loss = loss.item<double>();
        }
        std::cout << "GMF pre-training epoch " << epoch + 1 << ", loss: " << last_loss << '\n';
    }
    return last_loss;
}

double fit(NeuMF& model, const InteractionData& data, const TrainOptions& opts, std::shared_ptr<torch::Device> device) {
    // dense layers with Adam, embedding tables with Adagrad (per-row step sizes for rarely seen ids)
    torch::optim::Adam dense_optimizer(model->dense_parameters(), torch::optim::AdamOptions(opts.dense_lr));
    torch::optim::Adagrad embedding_optimizer(model->embedding_parameters(),
                                              torch::optim::AdagradOptions(opts.embedding_lr));
    const int64_t n = data.users.size(0);
    double last_loss = 0.0;

    model->train();
    for (int64_t epoch = 0; epoch < opts.epochs; ++epoch) {
        auto perm = torch::randperm(n, torch::kLong);
        double running_loss = 0.0;
        int64_t batches = 0;
        for (int64_t start = 0; start < n; start += opts.batch_size) {
            auto idx = perm.slice(0, start, std::min(start + opts.batch_size, n));
            auto label = data.labels.index_select(0, idx);
            if (label.sum().item<float>() == 0.0f) {
                continue;  // no positive interaction in this batch
            }
            auto user = data.users.index_select(0, idx).to(*device);
            auto item = data.items.index_select(0, idx).to(*device);
            label = label.to(*device);

            dense_optimizer.zero_grad();
            embedding_optimizer.zero_grad();
            auto prob = model->forward(user, item);
            auto loss = implicit_bce(prob, label);
            loss.backward();
            dense_optimizer.step();
            embedding_optimizer.step();

            last_loss = loss.item<double>();
            running_loss += last_loss;
            ++batches;
        }
        std::cout << "epoch " << epoch + 1 << ", train loss: " << running_loss / std::max<int64_t>(batches, 1) << '\n';
    }
    return last_loss;
}

double evaluate(NeuMF& model, const InteractionData& data, std::shared_ptr<torch::Device> device) {
    torch::NoGradGuard no_grad;
    model->eval();
    auto prob = model->forward(data.test_users.to(*device), data.test_items.to(*device)).to(torch::kCPU);
    auto predicted = (prob > 0.5).to(torch::kFloat);
    return predicted.eq(data.test_labels).to(torch::kFloat).mean().item<double>();
}
