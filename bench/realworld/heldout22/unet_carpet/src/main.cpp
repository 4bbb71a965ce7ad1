#include <torch/torch.h>

#include <iostream>

#include "dataset.h"
#include "trainer.h"

int main() {
  torch::manual_seed(1);

  const int64_t image_size = 32;
  auto train_split = make_carpet_split(96, image_size, 11);
  auto val_split = make_carpet_split(16, image_size, 12);
  auto test_split = make_carpet_split(48, image_size, 13);

  Trainer trainer;
  trainer.SetParameter(10, 8);
  const double dice_before = trainer.TestModel(test_split);
  if (!trainer.run(train_split, val_split)) {
    std::cerr << "training stopped" << std::endl;
    return 1;
  }
  const double dice_after = trainer.TestModel(test_split);

  std::cout << "final loss: " << trainer.m_lastLoss << std::endl;
  std::cout << "test dice: " << dice_before << " -> " << dice_after << std::endl;
  return 0;
}
