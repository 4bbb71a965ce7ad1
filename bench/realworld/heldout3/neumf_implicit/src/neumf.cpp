#include "neumf.h"

NeuMFImpl::NeuMFImpl(int64_t num_users, int64_t num_items, std::vector<int64_t> mlp_layers, ProblemMode problem_mode,
                     std::shared_ptr<torch::Device> ptr_device, int64_t mf_dims)
    : m_problem_mode(problem_mode),
      m_device(std::move(ptr_device)),
      m_mf_embedding_user(num_users, mf_dims),
      m_mf_embedding_item(num_items, mf_dims),
      m_mlp_embedding_user(num_users, mlp_layers[0] / 2),
      m_mlp_embedding_item(num_items, mlp_layers[0] / 2),
      m_gmf_head(mf_dims, 1),
      m_prediction(nullptr) {
    register_module("mf_embedding_user", m_mf_embedding_user);
    register_module("mf_embedding_item", m_mf_embedding_item);
    register_module("mlp_embedding_user", m_mlp_embedding_user);
    register_module("mlp_embedding_item", m_mlp_embedding_item);

    register_module("mlp_layers", m_mlp_layers);
    for (size_t i = 1; i < mlp_layers.size(); i++) {
        auto cur_layer = torch::nn::Linear(mlp_layers[i - 1], mlp_layers[i]);
        auto activation_layer = torch::nn::ReLU();

        m_mlp_layers->push_back(cur_layer);
        m_mlp_layers->push_back(activation_layer);
    }

    register_module("gmf_head", m_gmf_head);

    if (problem_mode == ProblemMode::kRating) {
        torch::nn::Linear prediction(mf_dims + mlp_layers.back(), 5);
        m_prediction = prediction;
    } else {
        torch::nn::Linear prediction(mf_dims + mlp_layers.back(), 1);
        m_prediction = prediction;
    }
    register_module("prediction", m_prediction);
}

torch::Tensor NeuMFImpl::forward(torch::Tensor user_input, torch::Tensor item_input) {
    // Embedding layer
    torch::Tensor mf_embedding_user = m_mf_embedding_user->forward(user_input);
    torch::Tensor mf_embedding_item = m_mf_embedding_item->forward(item_input);
    torch::Tensor mlp_embedding_user = m_mlp_embedding_user->forward(user_input);
    torch::Tensor mlp_embedding_item = m_mlp_embedding_item->forward(item_input);

    // MF layer
    torch::Tensor mf_vector = torch::mul(mf_embedding_user, mf_embedding_item);

    // MLP layer
    torch::Tensor mlp_vector = torch::cat({mlp_embedding_user, mlp_embedding_item}, 1);
    mlp_vector = m_mlp_layers->forward(mlp_vector);

    // concatenate MF and MLP layer, final prediction
    torch::Tensor output = m_prediction->forward(torch::cat({mf_vector, mlp_vector}, 1));
    if (m_problem_mode == ProblemMode::kImplicit) {
        return torch::sigmoid(output).squeeze(1);
    }
    return output;
}

torch::Tensor NeuMFImpl::gmf_logits(torch::Tensor user_input, torch::Tensor item_input) {
    auto mf_vector = m_mf_embedding_user->forward(user_input) * m_mf_embedding_item->forward(item_input);
    return m_gmf_head->forward(mf_vector).squeeze(1);
}

std::vector<torch::Tensor> NeuMFImpl::embedding_parameters() {
    return {m_mf_embedding_user->weight, m_mf_embedding_item->weight, m_mlp_embedding_user->weight,
            m_mlp_embedding_item->weight};
}

std::vector<torch::Tensor> NeuMFImpl::dense_parameters() {
    std::vector<torch::Tensor> params = m_mlp_layers->parameters();
    for (auto& p : m_prediction->parameters()) {
        params.push_back(p);
    }
    return params;
}

std::vector<torch::Tensor> NeuMFImpl::gmf_parameters() {
    std::vector<torch::Tensor> params = {m_mf_embedding_user->weight, m_mf_embedding_item->weight};
    for (auto& p : m_gmf_head->parameters()) {
        params.push_back(p);
    }
    return params;
}

torch::Tensor implicit_bce(const torch::Tensor& prob, const torch::Tensor& target) {
    // log(0) guarded by clamping the probabilities away from 0 and 1
    auto ll = target * torch::log(prob.clamp_min(1e-8)) + (1 - target) * torch::log((1 - prob).clamp_min(1e-8));
    return -ll.mean();
}
