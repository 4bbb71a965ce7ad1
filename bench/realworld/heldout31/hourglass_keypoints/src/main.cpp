#include <torch/torch.h>
#include "hourglass.hpp"
#include "dataload.hpp"
#include "training.hpp"

#include <iostream>
#include <numeric>
#include <cmath>

namespace {

// The data configuration (examples/data_config.json and the "hourglass" and "training"
// sections of the original's JSON), as "section.key = value" lines.
const char* kDataConfig = R"(
name = example-dataset
images.frames = 192
images.height = 64
labels.keypoint-radius = 101
hourglass.stacks = 2
hourglass.channels = 64
hourglass.input-dimensions = 1
hourglass.output-dimensions = 1
training.batch-size = 32
training.epochs = 6
training.learning-rate = 0.0002
training.image-augmentation = false
training.intermediate-supervision = true
training.save-name = hourglass_weights.pt
training.load-weights.load = false
)";

}  // namespace

int main(int argc, char** argv) {

    torch::manual_seed(0);

    std::string config_file = kDataConfig;

    torch::Device device(torch::kCPU);

    if (torch::cuda::is_available()) {
      std::cout << "CUDA is available! Using the GPU." << std::endl;
      device = torch::Device(torch::kCUDA);
    }
    
    StackedHourglass hourglass = createHourglass(config_file);
    hourglass->to(kFloat32);

    auto training_opts = training_options(config_file);

    auto data_set = MyDataset(training_opts).map(torch::data::transforms::Stack<>());
    float last_epoch_loss = train_hourglass(hourglass,data_set,device,training_opts);

    std::cout << "final loss: " << last_epoch_loss << std::endl;

    return 0;
}
