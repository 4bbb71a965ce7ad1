#include "lifuren/ImageModel.hpp"

lifuren::image::ShapeClassifierImpl::ShapeClassifierImpl(
    const int width, const int height, const int in, const int classes, const int hidden,
    const int scale, const int channels, const int num_heads, const int num_groups
) {
    const int embedding_dims = width * height / scale / scale;
    this->stem = this->register_module("stem", torch::nn::Sequential(
        torch::nn::Conv2d(torch::nn::Conv2dOptions(in, channels, scale).stride(scale).bias(false)),
        torch::nn::GroupNorm(torch::nn::GroupNormOptions(num_groups, channels)),
        torch::nn::SiLU()
    ));
    this->attn = this->register_module("attn", lifuren::nn::AttentionBlock(channels, num_heads, embedding_dims, num_groups));
    this->feature_channels = channels * 4;
    this->expand = this->register_module("expand",
        torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, this->feature_channels, 1)));
    this->gem  = this->register_module("gem", lifuren::nn::GeMPool(3.0));
    this->head = this->register_module("head", lifuren::nn::make_classify_head(this->feature_channels, hidden, classes));
}

lifuren::image::ShapeClassifierImpl::~ShapeClassifierImpl() {
    this->unregister_module("stem");
    this->unregister_module("attn");
    this->unregister_module("expand");
    this->unregister_module("gem");
    this->unregister_module("head");
}

torch::Tensor lifuren::image::ShapeClassifierImpl::forward(const torch::Tensor& input) {
    auto x = this->stem->forward(input);
    x = this->attn->forward(x);
    x = torch::relu(this->expand->forward(x));
    x = this->gem->forward(x);
    return this->head->forward(x);
}

lifuren::image::ClassifyModel::ClassifyModel(lifuren::config::ModelParams params) : Model(
    params,
    torch::nn::CrossEntropyLoss(),
    lifuren::image::ShapeClassifier(
        lifuren::dataset::ShapeDataset::kImageSize,
        lifuren::dataset::ShapeDataset::kImageSize,
        3,
        static_cast<int>(params.class_size),
        params.hidden_size
    )
) {
}

lifuren::image::ClassifyModel::~ClassifyModel() {
}

void lifuren::image::ClassifyModel::defineDataset() {
    this->trainDataset = lifuren::dataset::loadShapeDatasetLoader(this->params.batch_size, 1600, 1, this->device);
    this->valDataset   = lifuren::dataset::loadShapeDatasetLoader(this->params.batch_size, 200,  2, this->device);
    this->testDataset  = lifuren::dataset::loadShapeDatasetLoader(this->params.batch_size, 400,  3, this->device);
}
