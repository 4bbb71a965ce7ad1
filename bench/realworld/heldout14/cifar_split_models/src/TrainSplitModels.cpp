#include "TrainSplitModels.h"

#include <iomanip>
#include <iostream>

#include "Common/ReduceLROnPlateauScheduler.h"
#include "KullbackLieblerDivergenceLoss.h"

namespace torch_explorer
{
    namespace
    {
        torch::Device pick_device()
        {
            torch::Device device(torch::kCPU);
            if (torch::cuda::is_available())
            {
                std::cout << "CUDA is available! Training on GPU." << std::endl;
                device = torch::Device(torch::kCUDA);
            }
            return device;
        }

        // Computes the probe's loss and its gradients; the caller steps the optimizer.
        float probe_backward(torch::nn::Linear& probe, const torch::Tensor& feats, const torch::Tensor& target)
        {
            auto loss = torch::nn::functional::cross_entropy(probe(feats), target);
            loss.backward();
            return loss.item<float>();
        }
    }

    SplitResult TrainSplitModels(std::shared_ptr<CIFAR100CoarseModule> coarse_model,
                                 std::shared_ptr<CIFAR100FineModule> fine_model,
                                 std::shared_ptr<SyntheticCIFAR100> trainData,
                                 std::shared_ptr<SyntheticCIFAR100> testData,
                                 size_t num_epochs, double coarse_lr, double fine_lr, size_t logInterval)
    {
        SplitResult result;
        const int64_t num_fine_classes = static_cast<int64_t>(Cifar100Classes::Fine);
        const int64_t num_coarse_classes = static_cast<int64_t>(Cifar100Classes::Coarse);

        torch::Device device(torch::kCPU);
        if (torch::cuda::is_available())
        {
            std::cout << "CUDA is available! Training on GPU." << std::endl;
            device = torch::Device(torch::kCUDA);
        }
        coarse_model->to(device);
        fine_model->to(device);

        torch::optim::Adam coarse_optimizer(coarse_model->parameters(), coarse_lr);
        torch::optim::Adam fine_optimizer(fine_model->parameters(), torch::optim::AdamOptions(fine_lr).weight_decay(1e-4));

        ReduceLROnPlateauScheduler coarse_scheduler(coarse_optimizer);
        ReduceLROnPlateauScheduler fine_scheduler(fine_optimizer);

        auto mapping_tensor = SyntheticCIFAR100::FineToCoarse().to(device);

        for (size_t epoch = 0; epoch < num_epochs; ++epoch)
        {
            size_t batch_idx = 0;
            float coarse_epoch_loss = 0.0f;
            float fine_epoch_loss = 0.0f;

            coarse_model->train();
            fine_model->train();

            for (auto& batch : trainData->batches(32))
            {
                auto data = batch.data.to(device);
                auto fine_target = batch.fine_target.to(device);
                auto fine_target_one_hot = to_one_hot(fine_target, num_fine_classes);
                auto coarse_target_one_hot = to_one_hot(mapping_tensor.index_select(0, fine_target), num_coarse_classes);

                // Train coarse model
                {
                    coarse_optimizer.zero_grad();
                    auto coarse_out = coarse_model->forward(data);
                    auto coarse_loss = kl_divergence_loss(coarse_out, coarse_target_one_hot);
                    coarse_loss.backward();
                    coarse_optimizer.step();
                    result.last_coarse_loss = coarse_loss.item<float>();
                    coarse_epoch_loss += result.last_coarse_loss;
                }

                // Train fine model
                {
                    fine_optimizer.zero_grad();
                    auto fine_out = fine_model->forward(data);
                    auto fine_loss = kl_divergence_loss(fine_out, fine_target_one_hot);
                    fine_loss.backward();
                    fine_optimizer.step();
                    result.last_fine_loss = fine_loss.item<float>();
                    fine_epoch_loss += result.last_fine_loss;
                }

                if (batch_idx % logInterval == 0)
                {
                    std::cout << "Train Epoch: " << epoch << " [" << batch_idx << "] Coarse Loss: " << std::fixed
                              << std::setprecision(4) << coarse_epoch_loss / (batch_idx + 1)
                              << " Fine Loss: " << fine_epoch_loss / (batch_idx + 1) << std::endl;
                }
                batch_idx++;
            }

            // Validation phase
            coarse_model->eval();
            fine_model->eval();
            torch::NoGradGuard no_grad;
            float test_coarse_loss = 0.0f;
            float test_fine_loss = 0.0f;
            int64_t num_correct_fine = 0;
            int64_t num_correct_coarse = 0;
            int64_t num_samples = 0;
            int64_t test_batches = 0;
            for (const auto& batch : testData->batches(64))
            {
                auto data = batch.data.to(device);
                auto fine_target = batch.fine_target.to(device);
                auto coarse_target = mapping_tensor.index_select(0, fine_target);
                auto coarse_out = coarse_model->forward(data);
                auto fine_out = fine_model->forward(data);
                test_coarse_loss += kl_divergence_loss(coarse_out, to_one_hot(coarse_target, num_coarse_classes)).item<float>();
                test_fine_loss += kl_divergence_loss(fine_out, to_one_hot(fine_target, num_fine_classes)).item<float>();
                num_correct_fine += fine_out.argmax(1).eq(fine_target).sum().item<int64_t>();
                num_correct_coarse += coarse_out.argmax(1).eq(coarse_target).sum().item<int64_t>();
                num_samples += fine_target.size(0);
                test_batches++;
            }
            result.coarse_accuracy = static_cast<float>(num_correct_coarse) / num_samples;
            result.fine_accuracy = static_cast<float>(num_correct_fine) / num_samples;
            std::cout << "Test set: Coarse Loss: " << test_coarse_loss / test_batches
                      << " Fine Loss: " << test_fine_loss / test_batches
                      << " Coarse Accuracy: " << result.coarse_accuracy * 100.0f << "%"
                      << " Fine Accuracy: " << result.fine_accuracy * 100.0f << "%" << std::endl;

            coarse_scheduler.doStep(test_coarse_loss);
            fine_scheduler.doStep(test_fine_loss);
        }
        return result;
    }

    float TrainFineProbe(std::shared_ptr<CIFAR100FineModule> fine_model,
                         std::shared_ptr<SyntheticCIFAR100> trainData,
                         std::shared_ptr<SyntheticCIFAR100> testData,
                         int64_t num_classes)
    {
        torch::Device device = pick_device();
        fine_model->to(device);
        fine_model->eval();
        torch::nn::Linear probe(CIFAR100FineModule::kFeatureWidth, num_classes);
        probe->to(device);
        torch::optim::SGD probe_optimizer(probe->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));

        for (auto& batch : trainData->batches(64))
        {
            torch::Tensor feats;
            {
                torch::NoGradGuard no_grad;
                feats = fine_model->features(batch.data.to(device));
            }
            probe_optimizer.zero_grad();
            probe_backward(probe, feats, batch.fine_target.to(device));
            probe_optimizer.step();
        }

        torch::NoGradGuard no_grad;
        int64_t correct = 0;
        int64_t total = 0;
        for (const auto& batch : testData->batches(64))
        {
            auto target = batch.fine_target.to(device);
            auto pred = probe(fine_model->features(batch.data.to(device))).argmax(1);
            correct += pred.eq(target).sum().item<int64_t>();
            total += target.size(0);
        }
        return static_cast<float>(correct) / static_cast<float>(total);
    }
}
