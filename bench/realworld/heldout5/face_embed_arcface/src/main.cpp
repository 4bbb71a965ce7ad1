// Identity embeddings on synthetic "faces": each identity is a smooth colour
// pattern; its images are shifted, re-lit and noisy copies. Trained with ArcFace
// plus a batch-hard triplet term, evaluated by identification on held-out images.
#include <iostream>

#include <torch/torch.h>

#include "face_config.h"
#include "face_net.h"
#include "losses.h"

namespace {

namespace F = torch::nn::functional;

constexpr int64_t kNumIdentities = 40;
constexpr int64_t kTrainPerIdentity = 18;
constexpr int64_t kTestPerIdentity = 6;
constexpr int64_t kImageSize = 32;
constexpr int64_t kBatchSize = 48;
constexpr int64_t kEpochs = 10;
constexpr double kTripletMargin = 0.3;

struct FaceSet {
  torch::Tensor images;
  torch::Tensor labels;
};

torch::Tensor make_prototypes() {
  auto coarse = torch::rand({kNumIdentities, 3, 4, 4});
  return F::interpolate(coarse, F::InterpolateFuncOptions()
                                    .size(std::vector<int64_t>{kImageSize, kImageSize})
                                    .mode(torch::kBilinear)
                                    .align_corners(false));
}

FaceSet make_faces(const torch::Tensor& prototypes, int64_t per_identity) {
  auto labels = torch::arange(kNumIdentities, torch::kLong).repeat_interleave(per_identity);
  auto images = prototypes.index_select(0, labels).clone();
  const int64_t n = labels.size(0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t dx = torch::randint(-2, 3, {1}).item<int64_t>();
    const int64_t dy = torch::randint(-2, 3, {1}).item<int64_t>();
    images[i] = torch::roll(images[i], {dy, dx}, {1, 2});
  }
  auto lighting = 0.7 + 0.6 * torch::rand({n, 1, 1, 1});
  images = images * lighting + 0.8 * torch::randn_like(images);
  return {(images - 0.5) / 0.5, labels};
}

torch::Tensor embed_all(FaceNet& net, const torch::Tensor& images, torch::Device device) {
  torch::NoGradGuard no_grad;
  net->eval();
  return net->forward(images.to(device));
}

}  // namespace

int main() {
  torch::manual_seed(11);
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  const auto prototypes = make_prototypes();
  const FaceSet train = make_faces(prototypes, kTrainPerIdentity);
  const FaceSet test = make_faces(prototypes, kTestPerIdentity);
  const int64_t num_train = train.labels.size(0);

  FaceNet face_net(BASE_WIDTH, EMBED_DIM);
  ArcFace arcface(kNumIdentities, EMBED_DIM, ARC_SCALE, ARC_MARGIN);
  face_net->to(device);
  arcface->to(device);

  torch::optim::SGD optimizer({face_net->parameters(), arcface->parameters()},
                              torch::optim::SGDOptions(0.05).momentum(0.9).weight_decay(5e-4));

  double last_loss = 0.0;
  for (int64_t epoch = 0; epoch < kEpochs; ++epoch) {
    face_net->train();
    auto order = torch::randperm(num_train, torch::kLong);
    int64_t start = 0;
    double positive = 0.0, negative = 0.0;
    while (start + kBatchSize <= num_train) {
      auto index = order.slice(0, start, start + kBatchSize);
      start += kBatchSize;
      auto images = train.images.index_select(0, index).to(device);
      auto labels = train.labels.index_select(0, index).to(device);

      optimizer.zero_grad();
      auto embeddings = face_net->forward(images);
      ArcFaceOutput arc = arcface->forward(embeddings, labels);
      auto triplet = batch_hard_triplet(embeddings, labels, kTripletMargin);
      auto loss = arc.loss + 0.5 * triplet;
      loss.backward();
      optimizer.step();

      last_loss = loss.item<double>();
      positive = arc.positive_cos.item<double>();
      negative = arc.hardest_negative_cos.item<double>();
    }
    std::cout << "epoch " << epoch + 1 << " loss " << last_loss << " cos(own) " << positive
              << " cos(closest other) " << negative << std::endl;
  }

  // Identification: nearest class centre of the training embeddings.
  auto gallery = F::normalize(embed_all(face_net, train.images, device),
                              F::NormalizeFuncOptions().dim(1));
  auto centres = torch::zeros({kNumIdentities, EMBED_DIM}, gallery.options())
                     .index_add_(0, train.labels.to(device), gallery);
  auto probes = embed_all(face_net, test.images, device);
  auto predicted = F::normalize(probes, F::NormalizeFuncOptions().dim(1))
                       .matmul(F::normalize(centres, F::NormalizeFuncOptions().dim(1)).t())
                       .argmax(1);
  const double identification =
      predicted.eq(test.labels.to(device)).to(torch::kFloat).mean().item<double>();
  const double nearest = nearest_neighbour_accuracy(probes, test.labels.to(device));

  std::cout << "final loss: " << last_loss << std::endl;
  std::cout << "test identification accuracy: " << identification
            << " (leave-one-out nearest neighbour " << nearest << ", chance "
            << 1.0 / kNumIdentities << ")" << std::endl;
  return 0;
}
