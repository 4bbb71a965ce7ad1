#pragma once

#include "siam_data_set.h"
#include "siam_data_loader.h"
#include "head.h"
#include "utility.h"


struct ConvNetImpl : public torch::nn::Module 
{
    ConvNetImpl(int64_t channels, int64_t height, int64_t width) 
		: conv1(torch::nn::Conv2dOptions(3 /*input channels*/, 12 /*output channels*/, 5 /*kernel size*/).stride(2)),
		bn2d_1(torch::nn::BatchNorm2d(12)),
        conv2(torch::nn::Conv2dOptions(12, 20, 3).stride(2)),
		bn2d_2(torch::nn::BatchNorm2d(20)),
        n(GetConvOutput(channels, height, width)),
        lin1(n, 100),
        lin2(100, 50),
		head(make_similarity_head(50, 30)) {

        register_module("conv1", conv1);
		register_module("bn2d_1", bn2d_1);
        register_module("conv2", conv2);
		register_module("bn2d_2", bn2d_2);
        register_module("lin1", lin1);
        register_module("lin2", lin2);
		register_module("head", head);
    };
	
	torch::Tensor first_forward(torch::Tensor x) {
		x = torch::relu(torch::max_pool2d(conv1(x), 2));
		x = bn2d_1->forward(x);
		x = torch::relu(torch::max_pool2d(conv2(x), 2));
		x = bn2d_2->forward(x);

		x = x.view({ -1, n });
		x = torch::relu(lin1(x));
		x = torch::relu(lin2(x));

		return rms_normalize(x);
	};
	
	torch::Tensor forward(torch::Tensor x, torch::Tensor y) {
		x = first_forward(x);
		y = first_forward(y);
		auto dist = torch::abs(x - y);

		return head->forward(dist);
    };

    int64_t GetConvOutput(int64_t channels, int64_t height, int64_t width) {
		torch::Tensor x = torch::zeros({1, channels, height, width});
        x = torch::max_pool2d(conv1(x), 2);
        x = torch::max_pool2d(conv2(x), 2);

        return x.numel();
    }

    torch::nn::Conv2d conv1, conv2;
	torch::nn::BatchNorm2d bn2d_1, bn2d_2;
    int64_t n;
    torch::nn::Linear lin1, lin2;
	torch::nn::Sequential head;
};

TORCH_MODULE(ConvNet);


void siam_train(Siam_data_loader &data_train, Siam_data_set &data_val, ConvNet model, int epochs, torch::Device device = torch::kCPU);
double siam_test(Siam_data_set data_test, ConvNet model);
int siam_finetune_hard(Siam_data_set &data, ConvNet model, int steps, torch::Device device);
extern float last_epoch_loss;
