#pragma once

#include <torch/torch.h>

struct ArcFaceOutput {
  torch::Tensor loss;
  torch::Tensor positive_cos;          // mean cosine to the own class centre
  torch::Tensor hardest_negative_cos;  // mean cosine to the closest other centre
};

// Additive angular margin loss with learned class centres.
class ArcFaceImpl : public torch::nn::Module {
 public:
  ArcFaceImpl(int64_t num_classes, int64_t embed_dim, double scale, double margin);
  ArcFaceOutput forward(const torch::Tensor& embeddings, const torch::Tensor& labels);

 private:
  double scale_;
  double margin_;
  torch::Tensor weight_;
};
TORCH_MODULE(ArcFace);

// Batch-hard triplet loss on L2-normalised embeddings.
torch::Tensor batch_hard_triplet(const torch::Tensor& embeddings, const torch::Tensor& labels,
                                 double margin);

// Leave-one-out nearest-neighbour identification accuracy of a set of embeddings.
double nearest_neighbour_accuracy(const torch::Tensor& embeddings, const torch::Tensor& labels);
