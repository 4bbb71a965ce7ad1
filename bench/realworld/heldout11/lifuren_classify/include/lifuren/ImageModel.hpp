/**
 * Image model: shape classifier
 *
 * @version 1.0.0
 */
#ifndef LFR_HEADER_CORE_IMAGE_MODEL_HPP
#define LFR_HEADER_CORE_IMAGE_MODEL_HPP

#include "torch/nn.h"
#include "torch/optim.h"

#include "lifuren/Layer.hpp"
#include "lifuren/Model.hpp"
#include "lifuren/Dataset.hpp"

namespace lifuren::image {

/**
 * stem convolution, channel attention, generalised-mean pooling, classifier head
 */
class ShapeClassifierImpl : public torch::nn::Module {

private:
    torch::nn::Sequential    stem  { nullptr };
    lifuren::nn::AttentionBlock attn{ nullptr };
    torch::nn::Conv2d        expand{ nullptr };
    lifuren::nn::GeMPool     gem   { nullptr };
    torch::nn::Sequential    head  { nullptr };
    int feature_channels = 36;

public:
    ShapeClassifierImpl(
        const int width, const int height, const int in, const int classes, const int hidden,
        const int scale = 2, const int channels = 20, const int num_heads = 4, const int num_groups = 4
    );
    ~ShapeClassifierImpl();

public:
    torch::Tensor forward(const torch::Tensor& input);

};

TORCH_MODULE(ShapeClassifier);

/**
 * classify model of lifuren's Model template
 */
class ClassifyModel : public lifuren::Model<
    torch::nn::CrossEntropyLoss,
    torch::optim::Adam,
    lifuren::image::ShapeClassifier,
    lifuren::dataset::ShapeDatasetLoader
> {

public:
    ClassifyModel(lifuren::config::ModelParams params = {});
    ~ClassifyModel();

public:
    void defineDataset() override;

};

} // END OF lifuren::image

#endif // END OF LFR_HEADER_CORE_IMAGE_MODEL_HPP
