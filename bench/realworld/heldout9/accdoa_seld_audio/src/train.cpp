#include "train.h"

#include <cmath>
#include <iostream>
#include <limits>

std::unique_ptr<torch::optim::AdamW> Train::optimizer_generate(M2M_AST& model) {
	torch::optim::AdamWOptions opt_options(config.learning_rate);
	opt_options.weight_decay(config.weight_decay);
	return std::make_unique<torch::optim::AdamW>(model->parameters(), opt_options);
}

std::string Train::zarr_path_generator(std::int16_t trial_num) {
	return zarr_dir + "/trial_" + std::to_string(trial_num);
}

void Train::run_model(ModelType type, int zarr_amount) {
	std::string stage_name = (type == ModelType::SED) ? "SED" : "DOA";
	std::cout << "Starting " << stage_name << " training for " << zarr_amount << " zarr files." << std::endl;
	// 1. Model Initialization
	M2M_AST model(config, type);
	model->init();

	// Generate optimizer for the model
	auto optimizer = optimizer_generate(model);
	model->set_optimizer(optimizer.get());

	float best_val_loss = std::numeric_limits<float>::max();
	StageResult& result = (type == ModelType::SED) ? sed_result : doa_result;

	// 3. The Epoch Loop
	for (int epoch = 0; epoch < static_cast<int>(config.epochs); ++epoch) {
		model->adjust_learning_rate(epoch, config.epochs, config.warmup_epochs, config.learning_rate);

		float epoch_train_loss = 0.0f;
		float epoch_val_loss = 0.0f;

		for (int zarr_count = 0; zarr_count < zarr_amount; ++zarr_count) {
			std::string zarr_path = zarr_path_generator(zarr_count);
			Reader reader(zarr_path, config);

			// Dynamically route the datasets based on the model type
			auto [t_loss, v_loss] = model->batch_train(
				config,
				(type == ModelType::SED) ? &reader.sed_featureset : nullptr,
				(type == ModelType::DOA) ? &reader.doa_featureset : nullptr,
				&reader.sed_labelset,
				(type == ModelType::DOA) ? &reader.doa_labelset : nullptr
			);

			epoch_train_loss += t_loss;
			epoch_val_loss += v_loss;
			result.last_train_loss = t_loss;
			result.steps += static_cast<int>((config.batch_amount * 4) / 5);
		}

		// Average the losses across zarr files for the epoch
		epoch_train_loss /= zarr_amount;
		epoch_val_loss /= zarr_amount;
		result.last_val_loss = epoch_val_loss;

		std::cout << "Epoch " << epoch + 1 << "/" << config.epochs
		          << " | Train: " << epoch_train_loss
		          << " | Val: " << epoch_val_loss << std::endl;

		// Keep the best model based on validation loss
		if (epoch_val_loss < best_val_loss) {
			best_val_loss = epoch_val_loss;
			std::cout << "--> New best " << stage_name << " model" << std::endl;
		}
	}

	if (type == ModelType::SED) {
		sed_model = model;
	} else {
		doa_model = model;
	}
}

Train::Train(const TrainCmd& cmd, SystemConfig& config)
	: config(config), zarr_dir(cmd.zarr_dir) {
	// Stage 1 SED Training, Stage 2 DOA Training
	this->run_model(ModelType::SED, cmd.zarr_amount);
	this->run_model(ModelType::DOA, cmd.zarr_amount);
}

Train::~Train() {
	config.on.store(false);
}

void evaluate_trial(M2M_AST& sed_model, M2M_AST& doa_model, const std::string& zarr_path, const SystemConfig& config,
                    double* f1, double* doa_error_deg) {
	Reader reader(zarr_path, config);
	torch::Tensor sed_pred = sed_model->inference(reader.sed_featureset.all());        // [N, T', C]
	torch::Tensor doa_pred = doa_model->inference(reader.doa_featureset.all());        // [N, T', tracks * C * 2]
	torch::Tensor sed_true = reader.sed_labelset.all().squeeze(1);
	torch::Tensor doa_true = reader.doa_labelset.all().squeeze(1);

	torch::Tensor detected = sed_pred > config.validation_threshold;
	torch::Tensor active = sed_true > 0.5;
	double tp = (detected & active).sum().item<double>();
	double fp = (detected & active.logical_not()).sum().item<double>();
	double fn = (detected.logical_not() & active).sum().item<double>();
	*f1 = 2 * tp / (2 * tp + fp + fn);

	int64_t C = config.se_count;
	torch::Tensor px = doa_pred.slice(2, 0, 2 * C).slice(2, 0, 2 * C, 2);
	torch::Tensor py = doa_pred.slice(2, 0, 2 * C).slice(2, 1, 2 * C, 2);
	torch::Tensor tx = doa_true.slice(2, 0, 2 * C, 2);
	torch::Tensor ty = doa_true.slice(2, 1, 2 * C, 2);
	torch::Tensor diff = torch::atan2(px * ty - py * tx, px * tx + py * ty).abs();
	*doa_error_deg = diff.masked_select(active).mean().item<double>() * 180.0 / M_PI;
}
