#pragma once
#include <torch/torch.h>

#include <memory>
#include <string>

#include "config.h"
#include "model.h"

struct TrainCmd {
	std::string device_name = "";
	std::string zarr_dir = "";	// Directory of zarr files, will iterate "trial_x" zarrs for their data.
	std::int16_t zarr_amount = 0;	// trials per epoch
};

struct StageResult {
	float last_train_loss = 0.0F;
	float last_val_loss = 0.0F;
	int steps = 0;
};

class Train {
private:
	SystemConfig& config;
	// Zarr Dir
	std::string zarr_dir;
	std::unique_ptr<torch::optim::AdamW> optimizer_generate(M2M_AST& model);
	std::string zarr_path_generator(std::int16_t trial_num);
	void run_model(ModelType type, int zarr_amount);
public:
	M2M_AST sed_model{ nullptr };
	M2M_AST doa_model{ nullptr };
	StageResult sed_result;
	StageResult doa_result;

	Train(const TrainCmd& cmd, SystemConfig& config);
	~Train();
};

// SED F1 (threshold 0.5) and DOA error in degrees on the active frames of a held-out trial
void evaluate_trial(M2M_AST& sed_model, M2M_AST& doa_model, const std::string& zarr_path, const SystemConfig& config,
                    double* f1, double* doa_error_deg);
