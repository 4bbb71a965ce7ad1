#ifndef UNET_MODEL_H
#define UNET_MODEL_H

#include <torch/torch.h>

#include <optional>
#include <vector>

#include "core/AbstractModel.h"
#include "core/Structures.h"
#include "InputProcessing/DataLoaderData.h"

namespace ModelZoo::unet
{
	class SimpleUNetBlockImpl : public torch::nn::Module
	{
	public:
		SimpleUNetBlockImpl(int in_ch, int out_ch, bool use_padding,
			std::optional<double> dropout_rate = std::nullopt);

		torch::Tensor forward(torch::Tensor x);

	protected:
		torch::nn::Conv2d conv1{ nullptr };
		torch::nn::Conv2d conv2{ nullptr };
		torch::nn::ReLU relu{ nullptr };
		torch::nn::Dropout dropout{ nullptr };
		torch::nn::Identity identity{ nullptr };
		bool use_dropout = false;
	};
	TORCH_MODULE(SimpleUNetBlock);

	class EncoderImpl : public torch::nn::Module
	{
	public:
		EncoderImpl(int inputChannels, const std::vector<int>& chs, bool use_padding);

		std::vector<torch::Tensor> forward(torch::Tensor x);

	protected:
		torch::nn::ModuleList enc_blocks{ nullptr };
		torch::nn::MaxPool2d pool{ nullptr };
	};
	TORCH_MODULE(Encoder);

	class DecoderImpl : public torch::nn::Module
	{
	public:
		DecoderImpl(const std::vector<int>& chs, bool use_padding);

		torch::Tensor forward(torch::Tensor x, const std::vector<torch::Tensor>& encoderFeatures);

	protected:
		std::vector<int> chs;
		torch::nn::ModuleList upconvs{ nullptr };
		torch::nn::ModuleList dec_blocks{ nullptr };

		torch::Tensor crop(const torch::Tensor& img, const torch::Tensor& target);
	};
	TORCH_MODULE(Decoder);

	class UNetModel : public AbstractModel
	{
	public:
		UNetModel(const ImageSize& inSize, const ImageSize& outSize,
			const std::vector<int>& enc_chs, const std::vector<int>& dec_chs);

		const char* GetName() const override;
		torch::Tensor forward(torch::Tensor x);
		std::vector<at::Tensor> RunForward(DataLoaderData& batch) override;

	protected:
		int outW;
		int outH;
		Encoder encoder{ nullptr };
		Decoder decoder{ nullptr };
		torch::nn::Conv2d head{ nullptr };
	};
}

#endif
