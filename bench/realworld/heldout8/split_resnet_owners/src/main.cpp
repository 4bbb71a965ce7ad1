#include <torch/torch.h>

#include <iostream>

#include "model_option.h"
#include "resnet_split.h"
#include "split_trainer.h"
#include "textures.h"

int main() {
  torch::manual_seed(0);
  auto device_type = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  torch::Device device(device_type);

  const int64_t data_owners = 3;
  ImageSet train_set = make_textures(1800, 1);
  ImageSet test_set = make_textures(600, 2);
  std::vector<ImageSet> owners = split_among_owners(train_set, data_owners);

  ResNetOption option = ResNetOption::kTiny;
  SplitModel model = resnet_split(get_layers(option), kNumClasses, 20);
  model.client->to(device);
  model.server->to(device);

  SplitOptions opts;
  double final_loss = train_split(model, owners, opts, device);
  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test accuracy: " << accuracy(model, test_set, device) << " (chance "
            << 1.0 / kNumClasses << ")" << std::endl;

  double owner_acc = personalise_head(model, owners[0], 40, device);
  std::cout << "owner 0 accuracy after personalising the head: " << owner_acc << std::endl;
  return 0;
}
