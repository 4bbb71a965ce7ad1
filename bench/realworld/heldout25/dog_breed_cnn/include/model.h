#pragma once
#include "pch.h"

using namespace torch::nn;

Sequential make_feature_extractor(size_t level = 5, size_t step = 16);

struct cnnNetImpl : Module {
	Sequential features;
	Dropout dp;
	Linear inference;
	std::string savepath;
	cnnNetImpl(std::string savedir);
	torch::Tensor forward(torch::Tensor x);
};

TORCH_MODULE(cnnNet);
