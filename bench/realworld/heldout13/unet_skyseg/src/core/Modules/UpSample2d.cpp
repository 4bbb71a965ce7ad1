#include "core/Modules/UpSample2d.h"

UpSample2dImpl::UpSample2dImpl(int in_ch, int out_ch, int scale)
{
	up = register_module("up",
		torch::nn::ConvTranspose2d(torch::nn::ConvTranspose2dOptions(in_ch, out_ch, scale).stride(scale)));
}

torch::Tensor UpSample2dImpl::forward(torch::Tensor x)
{
	return up->forward(x);
}
