#ifndef UP_SAMPLE_2D_H
#define UP_SAMPLE_2D_H

#include <torch/torch.h>

class UpSample2dImpl : public torch::nn::Module
{
public:
	UpSample2dImpl(int in_ch, int out_ch, int scale);

	torch::Tensor forward(torch::Tensor x);

protected:
	torch::nn::ConvTranspose2d up{ nullptr };
};

TORCH_MODULE(UpSample2d);

#endif
