#ifndef CYCLEGAN_CYCLEGAN_H
#define CYCLEGAN_CYCLEGAN_H

#include <deque>
#include <random>

#include "blocks.h"
#include "globals.h"
#include "structs.h"

namespace CycleGAN {

  namespace Models {
    torch::nn::Sequential createDiscriminator(int inChannels = 3, int ndf = 16, int numLayers = 2);
    torch::nn::Sequential createGenerator(int inChannels, int outChannels, int ngf = 16, int numBlocks = 2);
    void setGrad(torch::nn::Sequential& network, bool requiresGrad);
  }  // namespace Models

  // History of generated images, half of each batch the discriminators see comes from it.
  class ImagePool {
   public:
    explicit ImagePool(size_t poolSize) : poolSize(poolSize) {}
    torch::Tensor getImages(const torch::Tensor& images);

   private:
    size_t poolSize;
    std::deque<torch::Tensor> images_;
    std::mt19937 rng{1234};
  };

  class Trainer {
   public:
    explicit Trainer(TrainingOpts* options);
    ~Trainer();

    // returns the generator loss of the last epoch
    double train();
    // mean L1 of A -> B -> A on fresh images
    double cycleError();

    double lastDiscriminatorLoss() const { return lastDLoss; }

   private:
    torch::nn::Sequential genA, genB, disA, disB;
    torch::optim::Adam *optimGA, *optimGB, *optimDA, *optimDB;
    TrainingOpts* opts;
    ImagePool *poolA, *poolB;
    std::mt19937 rng{7};
    double lastDLoss = 0.0;
  };

  // Domain A: horizontal colour stripes; domain B: vertical ones. Values in [-1, 1].
  torch::Tensor sampleDomain(bool vertical, int batchSize, int height, int width, std::mt19937& rng);

}  // namespace CycleGAN

#endif
