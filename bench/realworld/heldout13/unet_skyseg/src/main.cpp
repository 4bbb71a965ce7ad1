#include <torch/torch.h>

#include "CustomScenarios/UNetTraining/setup_unet.h"

int main(int argc, char** argv)
{
	torch::manual_seed(42);

	CustomScenarios::UNetTraining::setup(argc, argv);

	return 0;
}
