#pragma once

#include "TrainingConsts.h"

#include <tuple>

namespace PLANS {

	// A model based on the structure of OpenAI Five: a single LSTM whose outputs are passed into
	// linear projections to produce the action and value outputs.
	struct ActorCriticOpenAIFiveImpl : torch::nn::Module {
		double std;

		torch::nn::LSTM lstm;
		torch::nn::Linear actor_0, actor_1, actor_type;
		torch::nn::Linear critic_0, critic_1;

		std::tuple<torch::Tensor, torch::Tensor> hx_options;    // Hidden states of the LSTM.
		torch::Tensor log_std_;
		torch::Tensor lastActorOutput;
		torch::Tensor lastTypeLogits;

		ActorCriticOpenAIFiveImpl(double std, int64_t criticHidden);

		// Returned tuple: [0]: sampled continuous action, [1]: critic output of size 1.
		std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor& inputTensor, bool updateHxOptions);
		torch::Tensor entropy() const;
		torch::Tensor logProb(const torch::Tensor& action) const;
		torch::Tensor logProbType(const torch::Tensor& types, const torch::Tensor& allowed) const;
		void normal(double mu, double std);
		void toDevice(torch::Device device);
		void reset();
	};
	TORCH_MODULE(ActorCriticOpenAIFive);

	using Model = ActorCriticOpenAIFive;
	using Optimizer = torch::optim::Adam;

}
