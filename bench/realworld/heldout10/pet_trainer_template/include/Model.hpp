#pragma once

#ifndef MODEL_HPP
#define MODEL_HPP

#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

#include "Architecture.hpp"
#include "Backbone.hpp"

namespace Model
{
    /**
     * A feed-forward classifier of flattened digit images.
     * in_channels gives the width of each hidden layer.
     */
    class ClassifierImpl: public torch::nn::Module{
        public:
            ClassifierImpl(const size_t image_size, std::vector<int> in_channels = {512, 256, 128, 64}, const int num_classes = 10);
            torch::Tensor forward(torch::Tensor x);
        private:
            torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr}, fc4{nullptr}, fc5{nullptr};
            torch::nn::Dropout dropout;
    };
    TORCH_MODULE(Classifier);

    /**
     * Four conv blocks, a ConvNeXt block, attention pooling and a binary head.
     */
    class CNNClassifierImpl: public torch::nn::Module{
        public:
            CNNClassifierImpl(std::vector<int> channels = {64, 128, 256, 512}, const int num_classes = 1);
            torch::Tensor forward(torch::Tensor x);

        private:
            torch::nn::Sequential make_cnn_blocks(int in_channels, int out_channels, int stride, int padding, const std::string& block_name);
            torch::nn::Sequential cnn_block1{nullptr}, cnn_block2{nullptr}, cnn_block3{nullptr}, cnn_block4{nullptr};
            backbone::ConvNeXtBlock stage_block{nullptr};
            torch::nn::Conv2d attn_conv{nullptr};
            torch::nn::MaxPool2d max_pool{nullptr};
            torch::nn::Dropout _dropout1{nullptr};
            torch::nn::Sequential _classifier{nullptr};
    };
    TORCH_MODULE(CNNClassifier);

} // namespace Model

#endif // MODEL_HPP
