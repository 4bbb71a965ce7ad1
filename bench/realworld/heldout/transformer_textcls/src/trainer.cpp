#include "trainer.h"

double train_epoch(TextClassifier& model, torch::optim::AdamW& optimizer, const std::vector<Batch>& batches,
                   const TrainConfig& cfg, torch::Device device) {
    model->train();
    optimizer.zero_grad();

    double total = 0.0;
    for (size_t i = 0; i < batches.size(); ++i) {
        auto tokens = batches[i].first.to(device);
        auto labels = batches[i].second.to(device);

        auto logits = model->forward(tokens);
        auto loss = torch::nn::functional::cross_entropy(logits, labels) / cfg.accumulation_steps;
        loss.backward();
        total += loss.item<double>() * cfg.accumulation_steps;

        if ((i + 1) % cfg.accumulation_steps == 0 || i + 1 == batches.size()) {
            torch::nn::utils::clip_grad_norm_(model->parameters(), cfg.max_grad_norm);
            optimizer.step();
            optimizer.zero_grad();
        }
    }
    return batches.empty() ? 0.0 : total / batches.size();
}

double evaluate(TextClassifier& model, const std::vector<Batch>& batches, torch::Device device) {
    torch::NoGradGuard no_grad;
    model->eval();
    int64_t correct = 0;
    int64_t seen = 0;
    for (const auto& batch : batches) {
        auto logits = model->forward(batch.first.to(device));
        correct += logits.argmax(-1).eq(batch.second.to(device)).sum().item<int64_t>();
        seen += batch.second.size(0);
    }
    return seen == 0 ? 0.0 : static_cast<double>(correct) / seen;
}
