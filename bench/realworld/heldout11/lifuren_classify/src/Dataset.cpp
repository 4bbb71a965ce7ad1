#include "lifuren/Dataset.hpp"

#include <random>

lifuren::dataset::ShapeDataset::ShapeDataset(size_t size, uint64_t seed, torch::DeviceType device) : device(device) {
    std::mt19937 gen(seed);
    std::uniform_int_distribution<int> shape(0, kClassSize - 1);
    std::uniform_real_distribution<float> unit(0.0F, 1.0F);
    std::uniform_real_distribution<float> centre(6.0F, kImageSize - 7.0F);
    std::uniform_real_distribution<float> radius(3.5F, 5.5F);
    auto grid = torch::arange(kImageSize, torch::kFloat32);
    auto yy = grid.view({ kImageSize, 1 }).expand({ kImageSize, kImageSize });
    auto xx = grid.view({ 1, kImageSize }).expand({ kImageSize, kImageSize });
    for (size_t i = 0; i < size; ++i) {
        const int label = shape(gen);
        const float cx = centre(gen), cy = centre(gen), r = radius(gen);
        auto dx = xx - cx;
        auto dy = yy - cy;
        auto dist = (dx * dx + dy * dy).sqrt();
        torch::Tensor mask;
        switch (label) {
            case 0:  mask = dist <= r; break;                                            // disc
            case 1:  mask = (dx.abs() <= r * 0.8F) & (dy.abs() <= r * 0.8F); break;     // square
            case 2:  mask = ((dx.abs() <= 1.0F) | (dy.abs() <= 1.0F)) & (dist <= r); break; // cross
            default: mask = (dist <= r) & (dist >= r - 1.6F); break;                    // ring
        }
        auto colour = torch::tensor({ unit(gen), unit(gen), unit(gen) }).view({ 3, 1, 1 }) * 0.7F + 0.3F;
        auto image = mask.to(torch::kFloat32).unsqueeze(0) * colour;
        image = image + 0.15F * torch::randn({ 3, kImageSize, kImageSize });
        this->features.push_back(image);
        this->labels.push_back(torch::one_hot(torch::tensor(label, torch::kInt64), kClassSize).to(torch::kFloat32));
    }
}

torch::optional<size_t> lifuren::dataset::ShapeDataset::size() const {
    return this->features.size();
}

torch::data::Example<> lifuren::dataset::ShapeDataset::get(size_t index) {
    return { this->features[index].to(this->device), this->labels[index].to(this->device) };
}

lifuren::dataset::ShapeDatasetLoader lifuren::dataset::loadShapeDatasetLoader(size_t batch_size, size_t size, uint64_t seed, torch::DeviceType device) {
    auto dataset = ShapeDataset(size, seed, device).map(torch::data::transforms::Stack<>());
    return torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
        std::move(dataset),
        torch::data::DataLoaderOptions(batch_size)
    );
}
