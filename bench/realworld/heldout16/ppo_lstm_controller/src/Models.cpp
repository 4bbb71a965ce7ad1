#include "Models.h"

#include "Maths.h"
#include "TrainingController.h"

#include <cmath>

using namespace PLANS;

//############################ ActorCriticOpenAIFiveImpl ############################

ActorCriticOpenAIFiveImpl::ActorCriticOpenAIFiveImpl(double std, int64_t criticHidden) :
	torch::nn::Module(),
	std(std),
	lstm(nullptr),
	actor_0(torch::nn::Linear(LSTM_HIDDEN_SIZE, LSTM_HIDDEN_SIZE)),
	actor_1(torch::nn::Linear(LSTM_HIDDEN_SIZE, LSTM_OUTPUT_SIZE)),
	actor_type(torch::nn::Linear(LSTM_HIDDEN_SIZE, NUM_ACTION_TYPES)),
	critic_0(torch::nn::Linear(LSTM_HIDDEN_SIZE, criticHidden)),
	critic_1(torch::nn::Linear(criticHidden, 1)) {
	// Create lstm options.
	torch::nn::LSTMOptions lstmOptions =
		torch::nn::LSTMOptions(LSTM_INPUT_SIZE, LSTM_HIDDEN_SIZE)
		.num_layers(LSTM_NUM_LAYERS)
		.bidirectional(false)
		.batch_first(true);
	lstm = torch::nn::LSTM(lstmOptions);
	// Register modules.
	register_module("lstm", lstm);
	register_module("actor_0", actor_0);
	register_module("actor_1", actor_1);
	register_module("actor_type", actor_type);
	register_module("critic_0", critic_0);
	register_module("critic_1", critic_1);

	log_std_ = torch::full(LSTM_OUTPUT_SIZE, std::log(std), TrainingController::getTensorOptions());
	reset();
}

std::tuple<torch::Tensor, torch::Tensor> ActorCriticOpenAIFiveImpl::forward(const torch::Tensor& inputTensor, bool updateHxOptions) {
	// NOTE: inputTensor has size { N, LSTM_INPUT_SIZE }: the N steps are one sequence of a batch of one.
	torch::Tensor lstmInput = inputTensor.unsqueeze(0);

	// Prepare the hidden states based on "updateHxOptions".
	std::tuple<torch::Tensor, torch::Tensor> hidden;
	if (updateHxOptions) {
		hidden = hx_options;
	} else {
		// Start the sequence from zero states, detached from the rollout.
		hidden = std::make_tuple(torch::zeros_like(std::get<0>(hx_options)), torch::zeros_like(std::get<1>(hx_options)));
	}

	auto lstmOutput = lstm->forward(lstmInput, hidden);

	if (updateHxOptions) {
		// Save hx_options for next time.
		hx_options = std::make_tuple(std::get<0>(std::get<1>(lstmOutput)).detach(), std::get<1>(std::get<1>(lstmOutput)).detach());
	}

	// Extract the actual lstm output (eliminate the batch index).
	torch::Tensor in = std::get<0>(lstmOutput)[0];

	// Pass the LSTM output into the actor.
	torch::Tensor tmp = torch::relu(actor_0->forward(in));
	lastActorOutput = torch::tanh(actor_1->forward(tmp));
	lastTypeLogits = actor_type->forward(tmp);

	// Pass the LSTM output into the critic.
	torch::Tensor criticOutput = torch::relu(critic_0->forward(in));
	criticOutput = critic_1->forward(criticOutput);

	torch::NoGradGuard no_grad;
	torch::Tensor action = at::normal(lastActorOutput, log_std_.exp().expand_as(lastActorOutput));

	return std::make_tuple(action, criticOutput);
}

torch::Tensor ActorCriticOpenAIFiveImpl::entropy() const {
	// Differential entropy of the normal distribution.
	return 0.5 + 0.5 * std::log(2 * M_PI) + log_std_;
}

torch::Tensor ActorCriticOpenAIFiveImpl::logProb(const torch::Tensor& action) const {
	// Logarithmic probability of the taken action, given the current distribution.
	torch::Tensor var = (log_std_ + log_std_).exp();
	return (-((action - lastActorOutput) * (action - lastActorOutput)) / (2 * var) - log_std_ - std::log(std::sqrt(2 * M_PI))).sum(-1, true);
}

torch::Tensor ActorCriticOpenAIFiveImpl::logProbType(const torch::Tensor& types, const torch::Tensor& allowed) const {
	torch::Tensor logp = Maths::maskedLogSoftmax(lastTypeLogits, allowed);
	return logp.gather(1, types);
}

void ActorCriticOpenAIFiveImpl::normal(double mu, double stdev) {
	torch::NoGradGuard no_grad;
	for (auto& p : this->named_parameters()) {
		if (p.key().find("weight") != std::string::npos) {
			p.value().normal_(mu, stdev);
		} else {
			p.value().zero_();
		}
	}
}

void ActorCriticOpenAIFiveImpl::toDevice(torch::Device device) {
	to(device);
	log_std_ = log_std_.to(device);
	reset();
}

void ActorCriticOpenAIFiveImpl::reset() {
	std::get<0>(hx_options) = torch::zeros({ LSTM_NUM_LAYERS, LSTM_BATCH_SIZE, LSTM_HIDDEN_SIZE }, TrainingController::getTensorOptions());
	std::get<1>(hx_options) = torch::zeros({ LSTM_NUM_LAYERS, LSTM_BATCH_SIZE, LSTM_HIDDEN_SIZE }, TrainingController::getTensorOptions());
	lastActorOutput = torch::zeros({ 1, LSTM_OUTPUT_SIZE }, TrainingController::getTensorOptions());
}
