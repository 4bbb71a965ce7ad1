#include <torch/torch.h>

#include <iostream>

#include "config.h"
#include "train.h"

int main() {
	torch::manual_seed(3);

	SystemConfig config;
	load_config(config);

	TrainCmd cmd;
	cmd.device_name = torch::cuda::is_available() ? "cuda" : "cpu";
	cmd.zarr_dir = "trials";
	cmd.zarr_amount = 2;

	double f1 = 0.0, doa_error = 0.0;
	{
		Train instance(cmd, config);
		evaluate_trial(instance.sed_model, instance.doa_model, "trials/trial_99", config, &f1, &doa_error);

		std::cout << "optimizer steps: SED " << instance.sed_result.steps << ", DOA " << instance.doa_result.steps << std::endl;
		std::cout << "final loss: " << instance.doa_result.last_train_loss
		          << " (DOA masked MSE; SED BCE " << instance.sed_result.last_train_loss << ")" << std::endl;
	}
	std::cout << "test SED F1: " << f1 << ", DOA error on active frames: " << doa_error << " deg" << std::endl;
	return 0;
}
