/**
 * Datasets
 *
 * @version 1.0.0
 */
#ifndef LFR_HEADER_CORE_DATASET_HPP
#define LFR_HEADER_CORE_DATASET_HPP

#include <memory>
#include <vector>

#include "torch/data.h"

namespace lifuren::dataset {

/**
 * Synthetic images of four shapes (disc, square, cross, ring) in random colours and places.
 * The target is one-hot, as lifuren's classify datasets give it.
 */
class ShapeDataset : public torch::data::Dataset<ShapeDataset> {

public:
    static constexpr int kImageSize = 20;
    static constexpr int kClassSize = 4;

private:
    torch::DeviceType device;
    std::vector<torch::Tensor> features;
    std::vector<torch::Tensor> labels;

public:
    ShapeDataset(size_t size, uint64_t seed, torch::DeviceType device);

public:
    torch::optional<size_t> size() const override;
    torch::data::Example<> get(size_t index) override;

};

using ShapeDatasetLoader = decltype(torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
    std::declval<ShapeDataset>().map(torch::data::transforms::Stack<>()),
    torch::data::DataLoaderOptions{}
));

extern ShapeDatasetLoader loadShapeDatasetLoader(size_t batch_size, size_t size, uint64_t seed, torch::DeviceType device);

} // END OF lifuren::dataset

#endif // END OF LFR_HEADER_CORE_DATASET_HPP
