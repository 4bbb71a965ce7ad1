#include "data/read_mnist.h"

#include <random>

namespace {

// One template per class: a few thick strokes between fixed points of a 5 x 5 grid.
torch::Tensor make_template(int64_t digit) {
    std::mt19937 rng(1000 + static_cast<unsigned>(digit));
    std::uniform_int_distribution<int> cell(0, 4);
    auto ys = torch::arange(28, torch::kFloat32).view({28, 1}).expand({28, 28});
    auto xs = torch::arange(28, torch::kFloat32).view({1, 28}).expand({28, 28});
    auto img = torch::zeros({28, 28});
    for (int s = 0; s < 3; s++) {
        const float x0 = 4 + 5 * cell(rng), y0 = 4 + 5 * cell(rng);
        const float x1 = 4 + 5 * cell(rng), y1 = 4 + 5 * cell(rng);
        for (int t = 0; t <= 10; t++) {
            const float px = x0 + (x1 - x0) * t / 10.0f, py = y0 + (y1 - y0) * t / 10.0f;
            img = torch::max(img, torch::exp(-((xs - px).pow(2) + (ys - py).pow(2)) / 3.0f));
        }
    }
    return img;
}

}

data_set read_mnist(int64_t nb_examples, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> label_dist(0, 9);
    std::uniform_int_distribution<int> shift(-2, 2);

    std::vector<torch::Tensor> templates;
    for (int64_t d = 0; d < 10; d++) templates.push_back(make_template(d));

    auto images = torch::zeros({nb_examples, 1, 28, 28});
    auto labels = torch::zeros({nb_examples}, torch::kLong);
    for (int64_t i = 0; i < nb_examples; i++) {
        const int label = label_dist(rng);
        auto img = torch::roll(templates[label], {shift(rng), shift(rng)}, {0, 1});
        img = (img + 0.15 * torch::randn({28, 28})).clamp(0, 1);
        images[i][0] = img;
        labels[i] = label;
    }
    return std::make_tuple(images, labels);
}

torch::Tensor get_data(data_set d) {
    return std::get<0>(d);
}

torch::Tensor get_labels(data_set d) {
    return std::get<1>(d);
}
