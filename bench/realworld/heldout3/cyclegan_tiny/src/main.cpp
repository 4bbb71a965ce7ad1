#include <iostream>

#include "cyclegan.h"

int main(int argc, char* argv[]) {
  torch::manual_seed(3);
  TrainingOpts opts(argc, argv);

  std::cout << "------------------- Training Started -------------------" << std::endl;
  CycleGAN::Trainer trainer(&opts);
  const double generatorLoss = trainer.train();
  std::cout << "------------------- Training Complete -------------------" << std::endl;

  std::cout << "final loss: " << generatorLoss << std::endl;
  std::cout << "final discriminator loss: " << trainer.lastDiscriminatorLoss() << std::endl;
  std::cout << "test cycle L1 (A->B->A): " << trainer.cycleError() << std::endl;
  return 0;
}
