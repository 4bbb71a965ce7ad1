#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

#include "ModelTrainer.h"

// Added for this corpus: the original reads a JSON file of {"nl", "sql"} pairs; these are
// generated from templates, deterministically.
static std::vector<TrainingExample> make_examples() {
    const std::vector<std::string> tables = {"users", "orders", "products", "employees",
                                             "customers", "invoices", "students", "courses"};
    const std::vector<std::string> columns = {"name", "price", "age", "city"};
    std::vector<TrainingExample> examples;
    for (const auto& t : tables) {
        examples.push_back({"show all " + t, "SELECT * FROM " + t});
        examples.push_back({"how many " + t + " are there", "SELECT COUNT ( * ) FROM " + t});
        for (const auto& c : columns) {
            examples.push_back({"list the " + c + " of all " + t, "SELECT " + c + " FROM " + t});
            examples.push_back({"what is the largest " + c + " in " + t, "SELECT MAX ( " + c + " ) FROM " + t});
        }
    }
    return examples;
}

int main(int argc, char** argv) {
    torch::manual_seed(0);
    torch::set_num_threads(1);

    enum class DeviceMode { Auto, CPU, CUDA };
    DeviceMode device_mode = DeviceMode::Auto;
    int epochs = 3;
    float learning_rate = 1e-3f;
    int batch_size = 16;
    int grad_accum = 2;
    int nl_vocab_max = 0;
    int sql_vocab_max = 0;
    float dropout = 0.1f;
    float tf_start = 1.0f;
    float tf_end = 0.5f;

    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--cpu") device_mode = DeviceMode::CPU;
        if (std::string(argv[i]) == "--cuda") device_mode = DeviceMode::CUDA;
        if (std::string(argv[i]) == "--epochs" && i + 1 < argc) {
            epochs = std::stoi(argv[++i]);
        }
    }

    MLModelTrainer trainer;

    if (device_mode == DeviceMode::CPU) {
        trainer.setDevice(torch::kCPU);
    } else if (device_mode == DeviceMode::CUDA) {
        trainer.setDevice(torch::kCUDA);
    }

    std::cout << "Training device: "
              << (trainer.device().is_cuda() ? "CUDA" : "CPU") << std::endl;

    trainer.setBatchSize(batch_size);
    trainer.setGradAccumSteps(grad_accum);
    trainer.setVocabLimits(nl_vocab_max, sql_vocab_max);
    trainer.setDropout(dropout);
    trainer.setTeacherForcingRatio(tf_start, tf_end);
    trainer.setLabelSmoothing(0.1f);

    std::cout << "Loading dataset..." << std::endl;
    if (!trainer.loadDataset(make_examples())) {
        std::cerr << "Failed to load dataset" << std::endl;
        return 1;
    }

    std::cout << "Starting training..." << std::endl;
    trainer.train(epochs, learning_rate);

    std::cout << "show all orders -> " << trainer.translate("show all orders") << std::endl;
    std::cout << "final loss: " << trainer.lastTrainLoss() << std::endl;
    return 0;
}
