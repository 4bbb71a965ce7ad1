#include "dataloader.h"
#include "model.h"
#include "train.h"
#include "utils.h"

#include <iostream>

int main() {
    try {
        torch::manual_seed(1337);

        const int EPOCHS = 8;
        const int batch_size = 16;
        const int img_size = 64;
        const int num_classes = 6;
        const int num_anchors = 3;
        const float learning_rate = 0.002F;

        float depth_multiple = 0.33F;
        float width_multiple = 0.25F;

        const int num_workers = 0;

        torch::Device device(torch::kCPU);
        if (torch::cuda::is_available()) {
            device = torch::Device(torch::kCUDA);
        }

        Net model(num_classes, num_anchors, depth_multiple, width_multiple);
        model.to(device);

        // 64 / 8, 64 / 16, 64 / 32 cells; three default-box scales each (num_anchors).
        torch::Tensor anchors = make_anchors({ img_size / 8, img_size / 16, img_size / 32 },
                                             { { 0.10f, 0.16f, 0.22f }, { 0.26f, 0.34f, 0.42f }, { 0.5f, 0.62f, 0.75f } });

        auto [images, targets] = get_train_data(480, img_size, num_classes, 7);
        auto [test_images, test_targets] = get_train_data(100, img_size, num_classes, 8);

        auto before = test_model(model, device, test_images, test_targets, anchors);

        std::vector<float> losses_train = train_model(model, device, images, targets, anchors, EPOCHS, batch_size, learning_rate, num_workers);

        auto after = test_model(model, device, test_images, test_targets, anchors);
        std::cout << "final loss: " << losses_train.back() << std::endl;
        std::cout << "test mean IoU of the top detection: " << before.first << " -> " << after.first << std::endl;
        std::cout << "test class accuracy of the top detection: " << before.second << " -> " << after.second << std::endl;
    }
    catch (const torch::Error& error) {
        std::cerr << "LibTorch error: " << error.what() << std::endl;
        return -1;
    }
    catch (const std::exception& e) {
        std::cerr << "Standard error: " << e.what() << std::endl;
        return -1;
    }
    return 0;
}
