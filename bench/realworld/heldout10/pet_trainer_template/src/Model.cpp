#include "Model.hpp"
using namespace Model;

// ---------------------------------------------------------------- Linear Classifier ---------------------------------------------------------------- //
ClassifierImpl::ClassifierImpl(const size_t image_size, std::vector<int> in_channels, const int num_classes)
    : dropout(0.2)
{
    size_t input_dim = image_size * image_size;

    fc1 = register_module("fc1", torch::nn::Linear(input_dim, in_channels[0]));
    fc2 = register_module("fc2", torch::nn::Linear(in_channels[0], in_channels[1]));
    fc3 = register_module("fc3", torch::nn::Linear(in_channels[1], in_channels[2]));
    fc4 = register_module("fc4", torch::nn::Linear(in_channels[2], in_channels[3]));
    fc5 = register_module("fc5", torch::nn::Linear(in_channels[3], num_classes));

    register_module("dropout", dropout);
}

torch::Tensor ClassifierImpl::forward(torch::Tensor x) {
    x = x.view({x.size(0), -1});
    x = dropout(torch::relu(fc1->forward(x)));
    x = dropout(torch::relu(fc2->forward(x)));
    x = dropout(torch::relu(fc3->forward(x)));
    x = dropout(torch::relu(fc4->forward(x)));
    x = fc5->forward(x);
    return x;
}

// ---------------------------------------------------------------- CNN Classifier ---------------------------------------------------------------- //

CNNClassifierImpl::CNNClassifierImpl(std::vector<int> channels, const int num_classes) {
    TORCH_CHECK(channels.size() == 4, "Expected 4 elements in channels vector");
    TORCH_CHECK(num_classes == 1, "the pet head is binary");

    cnn_block1 = register_module("cnn_block1", make_cnn_blocks(3, channels[0], 1, 1, "block1"));
    cnn_block2 = register_module("cnn_block2", make_cnn_blocks(channels[0], channels[1], 1, 1, "block2"));
    cnn_block3 = register_module("cnn_block3", make_cnn_blocks(channels[1], channels[2], 1, 1, "block3"));
    cnn_block4 = register_module("cnn_block4", make_cnn_blocks(channels[2], channels[3], 1, 1, "block4"));
    stage_block = register_module("stage_block", backbone::ConvNeXtBlock(channels[3]));

    attn_conv = register_module("attn_conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels[3], 1, 1)));
    max_pool = register_module("max_pool", torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2).stride(2)));
    _dropout1 = register_module("_dropout1", torch::nn::Dropout(0.25));
    _classifier = register_module("_classifier", architecture::make_binary_head(channels[3], 50));
}

torch::nn::Sequential CNNClassifierImpl::make_cnn_blocks(int in_channels, int out_channels, int stride, int padding, const std::string& block_name) {
    torch::nn::Sequential block;

    auto conv = torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, out_channels, 3)
                                    .stride(stride).padding(padding).bias(false));
    auto bn = torch::nn::BatchNorm2d(out_channels);
    auto relu = torch::nn::ReLU(torch::nn::ReLUOptions(true));

    block->push_back(register_module(block_name + "_conv", conv));
    block->push_back(register_module(block_name + "_bn", bn));
    block->push_back(relu);

    return block;
}

torch::Tensor CNNClassifierImpl::forward(torch::Tensor x) {
    x = cnn_block1->forward(x);
    x = max_pool->forward(x);
    x = _dropout1->forward(x);
    x = cnn_block2->forward(x);
    x = max_pool->forward(x);
    x = _dropout1->forward(x);
    x = cnn_block3->forward(x);
    x = max_pool->forward(x);
    x = cnn_block4->forward(x);
    x = max_pool->forward(x);
    x = stage_block->forward(x);

    // attention pooling: a softmax over the positions of a 1x1 conv's scores
    auto w = attn_conv->forward(x).flatten(1);
    w = (w - std::get<0>(w.max(1, true))).exp_();
    w = w / w.sum(1, true);
    auto pooled = (x.flatten(2) * w.unsqueeze(1)).sum(-1);

    return _classifier->forward(pooled);
}
