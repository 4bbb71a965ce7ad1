#include "datasets.h"

#include <functional>
#include <random>

// The original reads the image file named in the CSV row with OpenCV (grayscale,
// 28 x 28) and scales it to [0, 1]. Here the "file" is drawn from its name: a
// stroke whose place depends on the label, plus noise seeded by the name.
static torch::Tensor load_image(const std::string &name, int64_t label)
{
    std::mt19937 rng(static_cast<unsigned>(std::hash<std::string>{}(name) & 0xffffffffu));
    std::uniform_real_distribution<float> noise(0.0f, 0.35f);
    std::vector<float> pixels(28 * 28);
    for (auto &p : pixels)
        p = noise(rng);
    int64_t row = 3 + (label % 5) * 5;
    int64_t col = 4 + (label / 5) * 10;
    for (int64_t r = row; r < row + 3; ++r)
        for (int64_t c = col; c < col + 10; ++c)
            pixels[r * 28 + c] = 1.0f;
    for (int64_t r = 4; r < 24; ++r)
        pixels[r * 28 + 24 - (label % 4)] = 0.9f;
    return torch::from_blob(pixels.data(), {1, 28, 28}, torch::kFloat).clone();
}

torch::data::Example<> CustomDataset::get(size_t index)
{
    const auto &row = data[index];
    torch::Tensor image = load_image(std::get<0>(row), std::get<1>(row));
    torch::Tensor label = torch::tensor(std::get<1>(row), torch::kLong);
    return {image, label};
}

torch::optional<size_t> CustomDataset::size() const
{
    return data.size();
}
