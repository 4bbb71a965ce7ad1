#ifndef OFEC_SEQUENCE_PREDICTOR_H
#define OFEC_SEQUENCE_PREDICTOR_H

#include "torch/torch.h"

#include <cmath>
#include <iostream>

#include "model/lstm.h"
#include "problem/moving_peaks.h"
#include "surrogate/window_dataset.h"

namespace ofec {

	// Predicts the tracked peak heights one change ahead from a window of the
	// benchmark's history, for the prediction-based dynamic optimisers.
	template <int64_t Hidden, int64_t Layers = 2>
	class SequencePredictor {
	public:
		SequencePredictor() : m_net(kFeatureDim, kNumObj, Hidden, Layers) {
			m_net->to(g_device);
		}

		// mini-batch Adam; returns the loss of the last batch
		double fit(const WindowDataset& data, int epochs, int64_t batch_size, double lr) {
			torch::optim::Adam optimizer(m_net->parameters(), torch::optim::AdamOptions(lr));
			const int64_t n = data.inputs.size(0);
			double last_loss = 0.0;
			for (int e = 0; e < epochs; ++e) {
				auto perm = torch::randperm(n, torch::kLong);
				for (int64_t s = 0; s + batch_size <= n; s += batch_size) {
					auto idx = perm.slice(0, s, s + batch_size);
					auto x = data.inputs.index_select(0, idx).to(g_device);
					auto y = data.targets.index_select(0, idx).to(g_device);
					auto pred = m_net->forward(x);
					auto loss = torch::mse_loss(pred, y);
					optimizer.zero_grad();
					loss.backward();
					optimizer.step();
					last_loss = loss.item<double>();
				}
				std::cout << "epoch " << e << " mse " << last_loss << std::endl;
			}
			return last_loss;
		}

		// full-batch L-BFGS refinement on a subset, as the sequence examples do
		double refine(const WindowDataset& data, int64_t subset, int rounds) {
			torch::optim::LBFGS lbfgs(m_net->parameters(),
				torch::optim::LBFGSOptions(0.5).max_iter(10).history_size(10));
			auto x = data.inputs.slice(0, 0, subset).to(g_device);
			auto y = data.targets.slice(0, 0, subset).to(g_device);
			double last_loss = 0.0;
			for (int r = 0; r < rounds; ++r) {
				auto closure = [&]() {
					lbfgs.zero_grad();
					auto pred = m_net->forward(x);
					auto loss = torch::mse_loss(pred, y);
					loss.backward();
					return loss;
				};
				last_loss = lbfgs.step(closure).template item<double>();
				std::cout << "lbfgs round " << r << " mse " << last_loss << std::endl;
			}
			return last_loss;
		}

		// root mean squared error of the prediction and of the persistence forecast
		std::pair<double, double> evaluate(const WindowDataset& data) {
			torch::NoGradGuard no_grad;
			m_net->eval();
			auto pred = m_net->forward(data.inputs.to(g_device)).cpu();
			m_net->train();
			const double rmse = std::sqrt(torch::mse_loss(pred, data.targets).item<double>());
			const double persistence = std::sqrt(torch::mse_loss(data.last, data.targets).item<double>());
			return { rmse, persistence };
		}

	private:
		LstmLinear m_net;
	};
}

#endif
