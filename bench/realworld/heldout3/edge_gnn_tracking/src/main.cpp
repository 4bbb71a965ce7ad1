#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <torch/optim.h>
#include <torch/nn/functional.h>

#include "edge_gnn.h"
#include "graph_data.h"

torch::Tensor balanced_binary_cross_entropy(const torch::Tensor& pred, const torch::Tensor& target,
                                            float pos_weight, float neg_weight)
{
    auto weights = target * pos_weight + (1 - target) * neg_weight;

    auto loss = torch::nn::functional::binary_cross_entropy(pred, target,
                                                            torch::nn::functional::BinaryCrossEntropyFuncOptions()
                                                            .weight(weights)
                                                            .reduction(torch::kMean));

    return loss;
}

int main(int argc, char* argv[])
{
    torch::manual_seed(11);
    std::mt19937 rng(11);

    // "configuration file"
    const int   num_epochs     = 15;
    const int   batch_size     = 4;
    const int   dataset_size   = 80;
    const float test_size      = 0.2f;
    const float learning_rate  = 2e-3f;
    const int   node_attr_size = 3;
    const int   edge_attr_size = 4;
    const float pos_weight     = 2.0f;
    const float neg_weight     = 1.0f;
    const int   step_size      = 5;
    const float gamma          = 0.7f;
    const float threshold      = 0.5f;
    const size_t n_iters       = argc > 1 ? std::stoul(argv[1]) : 3;

    std::vector<GraphSample> events;
    for (int evtid = 0; evtid < dataset_size; ++evtid)
    {
        events.push_back(make_event(rng, /*num_tracks=*/8, /*num_noise_hits=*/6));
    }
    const int num_train = static_cast<int>((1.0f - test_size) * dataset_size);

    std::vector<GraphSample> train_batches, test_batches;
    for (int start = 0; start < dataset_size; start += batch_size)
    {
        std::vector<GraphSample> chunk(events.begin() + start, events.begin() + std::min(start + batch_size, dataset_size));
        (start < num_train ? train_batches : test_batches).push_back(collate(chunk));
    }

    auto model = EdgeClassificationGNN(node_attr_size, edge_attr_size, n_iters);
    //model->to(torch::kCUDA);

    torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(learning_rate));
    torch::optim::StepLR scheduler(optimizer, step_size, gamma);

    float train_epoch_loss = 0.0;
    float accuracy = 0.0, purity = 0.0, efficiency = 0.0;
    for (int epoch = 1; epoch <= num_epochs; ++epoch)
    {
        model->train();

        train_epoch_loss = 0.0;

        optimizer.zero_grad();

        for (auto batch : train_batches)
        {
            //batch = batch.to(torch::kCUDA);

            auto edge_index   = batch.edge_index;
            auto node_attr    = batch.node_attr;
            auto edge_attr    = batch.edge_attr;
            auto answer_true  = batch.answer;

            auto answer_pred = model->forward(edge_index, node_attr, edge_attr);

            auto loss = balanced_binary_cross_entropy(answer_pred, answer_true, pos_weight, neg_weight);
            loss.backward();
            optimizer.step();
            train_epoch_loss += loss.item<float>();

            optimizer.zero_grad();
        }

        train_epoch_loss /= static_cast<float>(train_batches.size());

        scheduler.step();

        model->eval();
        torch::NoGradGuard no_grad;

        int true_positive  = 0;
        int true_negative  = 0;
        int false_positive = 0;
        int false_negative = 0;

        for (auto batch : test_batches)
        {
            auto answer_pred = model->forward(batch.edge_index, batch.node_attr, batch.edge_attr);

            auto pred_labels = (answer_pred >= threshold).to(torch::kInt32);
            auto true_labels = batch.answer.to(torch::kInt32);

            true_positive  += ((pred_labels == 1) * (true_labels == 1)).sum().item<int>();
            true_negative  += ((pred_labels == 0) * (true_labels == 0)).sum().item<int>();
            false_positive += ((pred_labels == 1) * (true_labels == 0)).sum().item<int>();
            false_negative += ((pred_labels == 0) * (true_labels == 1)).sum().item<int>();
        }

        accuracy = static_cast<float>(true_positive + true_negative) / static_cast<float>(true_positive + true_negative + false_positive + false_negative);
        purity = (true_positive + false_positive) > 0 ? static_cast<float>(true_positive) / static_cast<float>(true_positive + false_positive) : 0.0f;
        efficiency = (true_positive + false_negative) > 0 ? static_cast<float>(true_positive) / static_cast<float>(true_positive + false_negative) : 0.0f;

        if ((epoch % 5 == 0) || (epoch == num_epochs))
        {
            std::cout << "Epoch " << epoch << " | "
                      << "Train Loss: " << train_epoch_loss << "; "
                      << "Accuracy: " << accuracy << "; "
                      << "Purity: " << purity << "; "
                      << "Efficiency: " << efficiency << std::endl;
        }
    }

    std::cout << "final loss: " << train_epoch_loss << std::endl;
    std::cout << "test accuracy: " << accuracy << " (purity " << purity << ", efficiency " << efficiency << ")" << std::endl;
    return 0;
}
