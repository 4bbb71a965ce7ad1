#include <torch/torch.h>

#include <iostream>

#include "losses.h"
#include "shapes.h"
#include "trainer.h"
#include "unet.h"

int main()
{
    torch::manual_seed(42);

    const int32_t kInChannels = 1, kOutChannels = 1;
    const int32_t kFeatureChannels = 20;
    const int32_t kLevels = 2;
    const int32_t kAttentionHeads = 4;
    const int64_t kImageSize = 32;
    const int64_t kSteps = 120, kAccumulation = 2, kMicroBatch = 8;

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    auto train = make_shapes(512, kImageSize, 1);
    auto test = make_shapes(128, kImageSize, 2);

    UNet model(kInChannels, kOutChannels, kFeatureChannels, kLevels, /*padding=*/true, /*batchNorm=*/true, kAttentionHeads, /*showSizes=*/true);
    model->to(device);
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(2e-3));

    const double loss = train_segmenter(model, optimizer, train.first, train.second, device, kSteps, kAccumulation, kMicroBatch);

    torch::NoGradGuard no_grad;
    model->eval();
    auto logits = model->forward(test.first.to(device)).to(torch::kCPU);
    const double iou = mean_iou(logits, test.second);

    std::cout << "final loss: " << loss << std::endl;
    std::cout << "test IoU: " << iou << std::endl;
    return 0;
}
