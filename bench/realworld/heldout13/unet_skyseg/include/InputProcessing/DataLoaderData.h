#ifndef DATA_LOADER_DATA_H
#define DATA_LOADER_DATA_H

#include <torch/torch.h>

struct DataLoaderData
{
	torch::Tensor input;
	torch::Tensor target;
};

#endif
