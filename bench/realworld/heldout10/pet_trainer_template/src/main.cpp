#include <torch/torch.h>
#include <iostream>
#include <cstddef>

#include "Model.hpp"
#include "utils.hpp"
#include "Trainer.hpp"
#include "Dataset.hpp"

using namespace Model;
using namespace utils;

struct Mnist_Classifier
{
    const int64_t num_classes = 10;
    std::vector<int> feature_dims = {200, 100, 64, 50};
    const int64_t batch_size = 64;
    const size_t num_epochs = 12;
    const double learning_rate = 0.0015;

    size_t num_train_samples;

    float run(torch::Device device, const ModelArgs& args){
        auto train_dataset = DigitDataset(args.num_digits, Mode::Train, 11)
            .map(torch::data::transforms::Normalize<>(0.13, 0.31))
            .map(torch::data::transforms::Stack<>());

        auto test_dataset = DigitDataset(args.num_digits / 4, Mode::Test, 11)
            .map(torch::data::transforms::Normalize<>(0.13, 0.31))
            .map(torch::data::transforms::Stack<>());

        num_train_samples = (int)train_dataset.size().value();

        auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
            std::move(train_dataset), batch_size);

        auto test_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
            std::move(test_dataset), batch_size);

        auto batch_iter = train_loader->begin(); // iterator
        auto batch = *batch_iter; // [batch, 1, 12, 12]

        // Access image and label from the batch
        auto image = batch.data[0];   // shape: [1, 12, 12]

        const int image_size = image.sizes()[1]; // image_size
        Classifier model = Classifier(image_size, feature_dims, num_classes);
        int64_t params = get_num_parameters(*model);
        std::cout << "Number of params: " << params << std::endl;
        model->to(device);
        torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(learning_rate));

        Trainer<Classifier> trainer(&optimizer, num_epochs, device, false, args.save_path, num_train_samples, false, num_classes);

        std::map<std::string, std::vector<float>> history = trainer.fit(model, *train_loader, *test_loader);

        std::cout << "Final training loss: " << history["train_loss"].back() << std::endl;
        std::cout << "Final test accuracy (digits): " << history["test_accu"].back() << "%" << std::endl;
        return history["train_loss"].back();
    }
};

struct Oxford_PET_Classifier{
    const int64_t batch_size = 32;
    const size_t num_epochs = 8;
    const double learning_rate = 1e-3;
    size_t num_train_samples;

    float run(torch::Device device, const ModelArgs& args){

        auto data = make_pet_images(args.num_pets, args.image_size, /*cat_share=*/0.3f, /*seed=*/5);
        const int64_t num_classes = args.binary_mode ? 1 : 2;
        auto images = std::get<0>(data);
        auto labels = std::get<1>(data);
        torch::Tensor weights = compute_class_weights(*labels);
        auto [train_images, test_images, train_labels, test_labels] = train_test_split(images, labels, 0.2f, 17);
        auto train_dataset = (
            CustomDataset(train_images, train_labels, Mode::Train)
            .map(torch::data::transforms::Normalize<>(
                {0.5, 0.5, 0.5},
                {0.25, 0.25, 0.25}
            ))
            .map(torch::data::transforms::Stack<>())
        );
        auto test_dataset = (CustomDataset(test_images, test_labels, Mode::Test)
            .map(torch::data::transforms::Normalize<>(
                {0.5, 0.5, 0.5},
                {0.25, 0.25, 0.25}
            ))
            .map(torch::data::transforms::Stack<>())
        );
        num_train_samples = (int)train_dataset.size().value();

        auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
            std::move(train_dataset), batch_size);

        auto test_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
            std::move(test_dataset), batch_size);

        CNNClassifier model(std::vector<int>{20, 40, 80, 160}, num_classes);
        int64_t params = get_num_parameters(*model);
        std::cout << "Number of params: " << params << std::endl;
        model->to(device);
        torch::optim::AdamWOptions options(learning_rate);
        options.weight_decay(0.001);
        torch::optim::AdamW optimizer(model->parameters(), options);

        Trainer<CNNClassifier> trainer(&optimizer, num_epochs, device, false, args.save_path, num_train_samples, args.binary_mode, num_classes, weights);
        std::map<std::string, std::vector<float>> history = trainer.fit(model, *train_loader, *test_loader);

        std::cout << "Final training loss: " << history["train_loss"].back() << std::endl;
        std::cout << "Final test accuracy (pets): " << history["test_accu"].back() << "%" << std::endl;
        return history["train_loss"].back();
    }
};

int main(int argc, char* argv[]) {

    torch::manual_seed(1);
    torch::DeviceType device_type;
    if (torch::cuda::is_available()) {
        std::cout << "CUDA available! Training on GPU." << std::endl;
        device_type = torch::kCUDA;
    } else {
        std::cout << "Training on CPU." << std::endl;
        device_type = torch::kCPU;
    }
    torch::Device device(device_type);
    ModelArgs args = parseArguments(argc, argv);

    float last_loss = 0.0f;
    if (args.model_type == ModelArgs::DATASET_MODEL || args.model_type == ModelArgs::BOTH) {
        std::cout << "Running the digit model" << std::endl;
        Mnist_Classifier classifier;
        last_loss = classifier.run(device, args);
    }
    if (args.model_type == ModelArgs::IMAGE_LABEL_MODEL || args.model_type == ModelArgs::BOTH) {
        std::cout << "Running the pet model (binary)" << std::endl;
        Oxford_PET_Classifier classifier;
        last_loss = classifier.run(device, args);
    }
    std::cout << "final loss: " << last_loss << std::endl;
    return 0;
}
