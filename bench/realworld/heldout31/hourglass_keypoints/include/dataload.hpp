// The keypoint dataset. The original (dataloader/dataload.cpp) reads the image frames and
// the mask label frames of the configured views with OpenCV; here the frames are generated:
// a dim grayscale frame with noise and a bright spot (the keypoint), and the label frame is
// the keypoint's mask at the network's output resolution (a quarter of the input).
#ifndef DATALOAD_HPP
#define DATALOAD_HPP

#include <torch/torch.h>

#include "training_options.hpp"

#include <vector>

class MyDataset : public torch::data::Dataset<MyDataset> {
public:
    explicit MyDataset(training_options& options);

    torch::data::Example<> get(size_t index) override;

    torch::optional<size_t> size() const override;

    int get_input_height() const { return input_height; }
    int get_output_height() const { return output_height; }

private:
    torch::Tensor imgs_;
    torch::Tensor labels_;
    int input_height;
    int output_height;
};

#endif  // DATALOAD_HPP
