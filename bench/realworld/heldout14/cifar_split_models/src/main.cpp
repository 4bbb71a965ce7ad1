#include <iostream>
#include <memory>
#include <vector>
#include <torch/torch.h>

#include "CIFAR100.h"
#include "CIFAR100CoarseModule.h"
#include "CIFAR100FineModule.h"
#include "TrainSplitModels.h"

using namespace torch_explorer;

int main()
{
    torch::manual_seed(3);

    const std::vector<int64_t> input_shape = {3, 16, 16};
    const int64_t num_fine = static_cast<int64_t>(Cifar100Classes::Fine);
    const int64_t num_coarse = static_cast<int64_t>(Cifar100Classes::Coarse);

    torch::Tensor coarse_templates = torch::randn({num_coarse, 3, 16, 16});
    torch::Tensor fine_templates = torch::randn({num_fine, 3, 16, 16});
    auto trainData = std::make_shared<SyntheticCIFAR100>(coarse_templates, fine_templates, 3200, true);
    auto testData = std::make_shared<SyntheticCIFAR100>(coarse_templates, fine_templates, 640, false);

    auto coarse_model = std::make_shared<CIFAR100CoarseModule>(input_shape, static_cast<int64_t>(Cifar100Classes::Coarse));
    auto fine_model = std::make_shared<CIFAR100FineModule>(input_shape, static_cast<int64_t>(Cifar100Classes::Fine));

    SplitResult result = TrainSplitModels(coarse_model, fine_model, trainData, testData,
                                          /*num_epochs=*/3, /*coarse_lr=*/1e-3, /*fine_lr=*/2e-3, /*logInterval=*/50);
    float probe_accuracy = TrainFineProbe(fine_model, trainData, testData, num_fine);

    std::cout << "final loss: " << result.last_fine_loss << " (coarse " << result.last_coarse_loss << ")" << std::endl;
    std::cout << "test accuracy: fine " << result.fine_accuracy << ", coarse " << result.coarse_accuracy
              << ", fine probe " << probe_accuracy << std::endl;
    return 0;
}
