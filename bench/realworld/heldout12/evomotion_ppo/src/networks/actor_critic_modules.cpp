//
// Actor and critic, each a stack of Linear, Mish and LayerNorm.
//

#include <evo_motion_networks/networks/actor_critic_modules.h>

// Softplus kept away from zero

SoftPlusEpsModule::SoftPlusEpsModule(const float epsilon) : epsilon(epsilon) {}

torch::Tensor SoftPlusEpsModule::forward(const torch::Tensor &input) {
    return torch::clamp_min(torch::softplus(input), epsilon);
}

// actor

ActorModule::ActorModule(
    std::vector<int64_t> state_space, std::vector<int64_t> action_space, int hidden_size) {
    head = register_module(
        "head",
        torch::nn::Sequential(
            torch::nn::Linear(state_space[0], hidden_size), torch::nn::Mish(),
            torch::nn::LayerNorm(
                torch::nn::LayerNormOptions({hidden_size}).elementwise_affine(true).eps(1e-5)),

            torch::nn::Linear(hidden_size, hidden_size), torch::nn::Mish(),
            torch::nn::LayerNorm(
                torch::nn::LayerNormOptions({hidden_size}).elementwise_affine(true).eps(1e-5))));

    mu = register_module(
        "mu",
        torch::nn::Sequential(
            torch::nn::Linear(hidden_size, hidden_size), torch::nn::Mish(),
            torch::nn::LayerNorm(
                torch::nn::LayerNormOptions({hidden_size}).elementwise_affine(true).eps(1e-5)),

            torch::nn::Linear(hidden_size, action_space[0]), torch::nn::Tanh()));

    sigma = register_module(
        "sigma",
        torch::nn::Sequential(
            torch::nn::Linear(hidden_size, hidden_size), torch::nn::Mish(),
            torch::nn::LayerNorm(
                torch::nn::LayerNormOptions({hidden_size}).elementwise_affine(true).eps(1e-5)),

            torch::nn::Linear(hidden_size, action_space[0]),
            torch::nn::ModuleHolder<SoftPlusEpsModule>(std::make_shared<SoftPlusEpsModule>(1e-8f))));

    head->apply(init_weights);
    mu->apply(init_weights);
    sigma->apply(init_weights);
}

actor_response ActorModule::forward(const torch::Tensor &state) {
    bool only_one = false;
    torch::Tensor input_head;
    if (state.sizes().size() == 1) {
        input_head = state.unsqueeze(0);
        only_one = true;
    } else input_head = state;

    auto head_out = head->forward(input_head);
    auto out_mu = mu->forward(head_out);
    auto out_sigma = sigma->forward(head_out);

    if (only_one) {
        out_mu = out_mu.squeeze(0);
        out_sigma = out_sigma.squeeze(0);
    }

    return {out_mu, out_sigma};
}

// critic

CriticModule::CriticModule(std::vector<int64_t> state_space, int hidden_size) {
    critic = register_module(
        "critic",
        torch::nn::Sequential(
            torch::nn::Linear(state_space[0], hidden_size), torch::nn::Mish(),
            torch::nn::LayerNorm(
                torch::nn::LayerNormOptions({hidden_size}).elementwise_affine(true).eps(1e-5)),

            torch::nn::Linear(hidden_size, hidden_size), torch::nn::Mish(),
            torch::nn::LayerNorm(
                torch::nn::LayerNormOptions({hidden_size}).elementwise_affine(true).eps(1e-5)),

            torch::nn::Linear(hidden_size, 1)));

    critic->apply(init_weights);
}

critic_response CriticModule::forward(const torch::Tensor &state) {
    return {critic->forward(state)};
}

void init_weights(torch::nn::Module &module) {
    torch::NoGradGuard no_grad;
    if (auto *linear = module.as<torch::nn::Linear>()) {
        torch::nn::init::xavier_normal_(linear->weight);
        torch::nn::init::constant_(linear->bias, 0.f);
    }
}
