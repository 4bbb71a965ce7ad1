#include <iostream>

#include "cyclegan.h"

namespace F = torch::nn::functional;

namespace CycleGAN {

  Trainer::Trainer(TrainingOpts* options) : opts(options) {
    genA = Models::createGenerator(3, 3, opts->ngf, opts->numBlocks);
    genB = Models::createGenerator(3, 3, opts->ngf, opts->numBlocks);
    disA = Models::createDiscriminator();
    disB = Models::createDiscriminator();

    genA->to(device);
    genB->to(device);
    disA->to(device);
    disB->to(device);

    using namespace torch::optim;
    optimGA = new Adam(genA->parameters(), AdamOptions(opts->learningRate).betas({0.5, 0.999}));
    optimDA = new Adam(disA->parameters(), AdamOptions(opts->learningRate).betas({0.5, 0.999}));
    optimGB = new Adam(genB->parameters(), AdamOptions(opts->learningRate).betas({0.5, 0.999}));
    optimDB = new Adam(disB->parameters(), AdamOptions(opts->learningRate).betas({0.5, 0.999}));
    poolA = new ImagePool(50);
    poolB = new ImagePool(50);
  }

  Trainer::~Trainer() {
    delete optimGA;
    delete optimGB;
    delete optimDA;
    delete optimDB;
    delete poolA;
    delete poolB;
  }

  double Trainer::train() {
    using namespace torch::nn;
    double epochGenLoss = 0.0;

    for (int epoch = 1; epoch <= opts->maxEpochs; epoch++) {
      epochGenLoss = 0.0;
      double epochDLoss = 0.0;
      for (int iteration = 0; iteration < opts->iterationsPerEpoch; iteration++) {
        torch::Tensor realImagesA = sampleDomain(false, opts->batchSize, opts->height, opts->width, rng).to(device);
        torch::Tensor realImagesB = sampleDomain(true, opts->batchSize, opts->height, opts->width, rng).to(device);

        /* =========================== Train Generators =========================== */
        genA->zero_grad();
        genB->zero_grad();
        Models::setGrad(disA, false);
        Models::setGrad(disB, false);

        // G_A(A) => G_B(G_A(A))
        torch::Tensor fakeImagesB = genA->forward(realImagesA);
        torch::Tensor reconstructedImagesA = genB->forward(fakeImagesB);

        // G_B(B) => G_A(G_B(B))
        torch::Tensor fakeImagesA = genB->forward(realImagesB);
        torch::Tensor reconstructedImagesB = genA->forward(fakeImagesA);

        torch::Tensor identityA = genA->forward(realImagesB);
        torch::Tensor identityB = genB->forward(realImagesA);

        torch::Tensor identityLossA = F::l1_loss(identityA, realImagesB) * opts->lambdaB * opts->lambdaIdt;
        torch::Tensor identityLossB = F::l1_loss(identityB, realImagesA) * opts->lambdaA * opts->lambdaIdt;

        // Forward pass on D
        torch::Tensor disAOnFakeB = disA->forward(fakeImagesB);
        torch::Tensor disBOnFakeA = disB->forward(fakeImagesA);

        torch::Tensor generatorLoss = F::mse_loss(disAOnFakeB, torch::ones_like(disAOnFakeB)) +
                                      F::mse_loss(disBOnFakeA, torch::ones_like(disBOnFakeA));

        torch::Tensor cycleLossA = F::l1_loss(reconstructedImagesA, realImagesA) * opts->lambdaA;
        torch::Tensor cycleLossB = F::l1_loss(reconstructedImagesB, realImagesB) * opts->lambdaB;

        torch::Tensor totalGenLoss = generatorLoss + cycleLossA + cycleLossB + identityLossA + identityLossB;

        totalGenLoss.backward();
        optimGA->step();
        optimGB->step();

        epochGenLoss += totalGenLoss.item().toDouble() / opts->iterationsPerEpoch;

        /* ======================  Train Discriminators ====================== */

        Models::setGrad(disA, true);
        Models::setGrad(disB, true);
        disA->zero_grad();
        disB->zero_grad();

        fakeImagesB = poolB->getImages(fakeImagesB);
        torch::Tensor disAPredRealB = disA->forward(realImagesB);
        torch::Tensor disLossA = F::mse_loss(disAPredRealB, torch::ones_like(disAPredRealB));
        torch::Tensor disAPredFakeB = disA->forward(fakeImagesB.detach());
        disLossA += F::mse_loss(disAPredFakeB, torch::zeros_like(disAPredFakeB));
        disLossA *= 0.5;
        disLossA.backward();

        fakeImagesA = poolA->getImages(fakeImagesA);
        torch::Tensor disBPredRealA = disB->forward(realImagesA);
        torch::Tensor disLossB = F::mse_loss(disBPredRealA, torch::ones_like(disBPredRealA));
        torch::Tensor disBPredFakeA = disB->forward(fakeImagesA.detach());
        disLossB += F::mse_loss(disBPredFakeA, torch::zeros_like(disBPredFakeA));
        disLossB *= 0.5;
        disLossB.backward();

        optimDA->step();
        optimDB->step();

        epochDLoss += (disLossA.item().toDouble() + disLossB.item().toDouble()) / opts->iterationsPerEpoch;
      }

      lastDLoss = epochDLoss;
      std::cout << "Epoch " << epoch << ":\t";
      std::cout << "Loss(G): " << epochGenLoss << ",\t";
      std::cout << "Loss(D): " << epochDLoss << std::endl;
    }
    return epochGenLoss;
  }

  double Trainer::cycleError() {
    torch::NoGradGuard noGrad;
    genA->eval();
    genB->eval();
    auto realA = sampleDomain(false, 16, opts->height, opts->width, rng).to(device);
    auto reconstructed = genB->forward(genA->forward(realA));
    return F::l1_loss(reconstructed, realA).item<double>();
  }

}  // namespace CycleGAN
