#include "pch.h"
#include "model.h"

Sequential make_feature_extractor(size_t level, size_t step)
{
	size_t kernel = 3;
	size_t input_channel = 3;
	size_t out_channel = step;
	Sequential features;
	for (size_t i = 1; i < level + 1; i++)
	{
		features->push_back(Conv2d(Conv2dOptions(input_channel, out_channel, kernel).padding(1)));
		features->push_back(ReLU{ true });
		features->push_back(MaxPool2d(MaxPool2dOptions(2).stride(2)));
		features->push_back(BatchNorm2d(BatchNorm2dOptions(out_channel)));
		input_channel = out_channel;
		out_channel *= 2;
	}
	features->push_back(AdaptiveAvgPool2d(AdaptiveAvgPool2dOptions({ 1,1 })));
	return features;
}

cnnNetImpl::cnnNetImpl(std::string savedir) :
	features(register_module("features", make_feature_extractor(5, 16))),
	dp(register_module("dropout", Dropout(DropoutOptions(0.25)))),
	inference(register_module("inference", Linear(256, 133))),
	savepath(savedir)
{
	savepath += "/cnnNet-weights.bin";
}

torch::Tensor cnnNetImpl::forward(torch::Tensor x)
{
	x = features->forward(x);
	x = x.reshape({ x.size(0), x.size(1) * x.size(2) * x.size(3) });
	x = dp->forward(x);
	x = inference->forward(x);
	return x;
}
