#pragma once

#include <torch/torch.h>

#include <memory>
#include <vector>

// kImplicit: clicked / not clicked (one probability per pair); kRating: five rating classes.
enum class ProblemMode { kImplicit, kRating };

class NeuMFImpl : public torch::nn::Module {
   public:
    NeuMFImpl(int64_t num_users, int64_t num_items, std::vector<int64_t> mlp_layers, ProblemMode problem_mode,
              std::shared_ptr<torch::Device> ptr_device, int64_t mf_dims = 20);

    // Probability of an interaction (kImplicit) or rating logits (kRating).
    torch::Tensor forward(torch::Tensor user_input, torch::Tensor item_input);
    // GMF branch alone, used to pre-train the MF embeddings as in the NeuMF paper.
    torch::Tensor gmf_logits(torch::Tensor user_input, torch::Tensor item_input);

    std::vector<torch::Tensor> embedding_parameters();
    std::vector<torch::Tensor> dense_parameters();
    std::vector<torch::Tensor> gmf_parameters();

   private:
    ProblemMode m_problem_mode;
    std::shared_ptr<torch::Device> m_device;

    torch::nn::Embedding m_mf_embedding_user;
    torch::nn::Embedding m_mf_embedding_item;
    torch::nn::Embedding m_mlp_embedding_user;
    torch::nn::Embedding m_mlp_embedding_item;

    torch::nn::Sequential m_mlp_layers;

    torch::nn::Linear m_gmf_head;
    torch::nn::Linear m_prediction;
};

TORCH_MODULE(NeuMF);

// Hand-written binary cross-entropy on the probabilities NeuMF returns in kImplicit mode.
torch::Tensor implicit_bce(const torch::Tensor& prob, const torch::Tensor& target);
