#pragma once
#include <torch/torch.h>

#include <iostream>
#include <iomanip>
#include <string>
#include <vector>

// Synthetic stand-in for the dogs-vs-cats image folder: every index draws a
// small RGB picture of one of the classes (class 0 "dog": a warm blob on
// horizontal fur stripes, class 1 "cat": a cool blob on vertical stripes).
class Dataset : public torch::data::Dataset<Dataset>
{
public:
	explicit Dataset(std::string data_path, std::vector<std::string> name_classes, int input_size, int num_images = 25000);

	// Override the get method to load custom data.
	torch::data::Example<> get(size_t index) override;

	// Override the size method to infer the size of the data set.
	torch::optional<size_t> size() const override { return datasets.size(); };

private:
	std::vector<std::vector<int>> datasets;
	std::string data_path;
	std::vector<std::string> name_classes;
	int input_size;
};

// Draws one picture of class `label` (values in [0, 1], shape 3 x size x size).
torch::Tensor draw_picture(int label, int size, uint64_t seed);
