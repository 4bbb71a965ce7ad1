#include "dataload.hpp"

#include "config.hpp"

#include <cmath>
#include <iostream>
#include <random>

MyDataset::MyDataset(training_options& options) {

    const std::string& config = options.config_file;
    const int n_frames = config_int(config, "images.frames", 256);
    input_height = config_int(config, "images.height", 64);
    output_height = input_height / 4;

    // Mask radius in label pixels, from the keypoint radius given in original-frame pixels
    // (640 x 480 frames in the original lab recordings).
    const float radius = std::max(1.0f, options.keypoint_radius / 640.0f * output_height);

    std::mt19937 gen(1234);
    std::uniform_real_distribution<float> pos(0.15f, 0.85f);
    std::normal_distribution<float> noise(0.0f, 0.05f);

    imgs_ = torch::zeros({n_frames, 1, input_height, input_height});
    labels_ = torch::zeros({n_frames, 1, output_height, output_height});

    auto img_a = imgs_.accessor<float, 4>();
    auto lab_a = labels_.accessor<float, 4>();

    for (int f = 0; f < n_frames; f++) {
        const float ky = pos(gen);
        const float kx = pos(gen);
        for (int y = 0; y < input_height; y++) {
            for (int x = 0; x < input_height; x++) {
                const float dy = y - ky * input_height;
                const float dx = x - kx * input_height;
                const float spot = std::exp(-(dx * dx + dy * dy) / 8.0f);
                img_a[f][0][y][x] = std::clamp(0.2f + 0.8f * spot + noise(gen), 0.0f, 1.0f);
            }
        }
        for (int y = 0; y < output_height; y++) {
            for (int x = 0; x < output_height; x++) {
                const float dy = (y + 0.5f) - ky * output_height;
                const float dx = (x + 0.5f) - kx * output_height;
                lab_a[f][0][y][x] = (dx * dx + dy * dy <= radius * radius) ? 1.0f : 0.0f;
            }
        }
    }

    std::cout << "Loaded " << n_frames << " frames of " << input_height << " x " << input_height
              << " with labels of " << output_height << " x " << output_height << std::endl;
}

torch::data::Example<> MyDataset::get(size_t index) {
    return {imgs_[index], labels_[index]};
}

torch::optional<size_t> MyDataset::size() const {
    return imgs_.size(0);
}
