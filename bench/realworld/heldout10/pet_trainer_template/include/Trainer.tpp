#ifndef TRAINER_TPP
#define TRAINER_TPP

// Guards for the projection of files : included from Trainer.hpp only
#ifndef TRAINER_HPP
#error __FILE__ should only be included from Trainer.hpp.
#endif // TRAINER_HPP

template <typename ModelType>
Trainer<ModelType>::Trainer(torch::optim::Optimizer* optimizer_, int num_epochs_, torch::Device device_,
                            bool save_model_, const std::string save_path_, size_t train_size, bool binary, int num_classes_)
    : optimizer(optimizer_),
      num_epochs(num_epochs_),
      device(device_),
      save_model(save_model_),
      save_path(save_path_),
      train_size_(train_size),
      binary_(binary),
      num_classes(num_classes_) {}

template <typename ModelType>
Trainer<ModelType>::Trainer(torch::optim::Optimizer* optimizer_, int num_epochs_, torch::Device device_,
                            bool save_model_, const std::string save_path_, size_t train_size, bool binary, int num_classes_,
                            torch::Tensor weights)
    : Trainer(optimizer_, num_epochs_, device_, save_model_, save_path_, train_size, binary, num_classes_) {
    pos_weight = (weights[1] / weights[0]).to(device);
}

template <typename ModelType>
Trainer<ModelType>::~Trainer() = default;

template <typename ModelType>
void Trainer<ModelType>::save(ModelType& model) {
    try {
        torch::save(model, save_path); // Saves the full module
        std::cout << "Model saved to: " << save_path << std::endl;
    } catch (const c10::Error& e) {
        std::cerr << "Error saving model: " << e.what() << std::endl;
    }
}

template <typename ModelType>
template <typename TrainLoader, typename TestLoader>
std::map<std::string, std::vector<float>> Trainer<ModelType>::fit(ModelType& model, TrainLoader& train_loader, TestLoader& test_loader) {
    float train_loss, train_accuracy, test_loss, test_accuracy;
    std::map<std::string, std::vector<float>> history;

    std::cout << "----------------------------------------------" << std::endl;
    std::cout << "\t\tStart training" << std::endl;
    std::cout << "----------------------------------------------" << std::endl;

    for (int epoch = 0; epoch < num_epochs; ++epoch) {
        std::tie(train_loss, train_accuracy) = train(model, train_loader, epoch);
        history["train_loss"].push_back(train_loss);
        history["train_accu"].push_back(train_accuracy);

        // Evaluate on test set
        std::tie(test_loss, test_accuracy) = test(model, test_loader);
        history["test_loss"].push_back(test_loss);
        history["test_accu"].push_back(test_accuracy);
    }

    if (save_model) {
        std::cout << "Saving model............................." << std::endl;
        save(model);
    }

    return history;
}

template <typename ModelType>
template <typename Dataloader>
std::tuple<float, float> Trainer<ModelType>::train(ModelType& model, Dataloader& train_loader, int epoch) {
    model->train();
    size_t total_num_correct = 0;
    float total_loss = 0.0;
    size_t num_samples = 0;
    int32_t batch_idx = 0;

    for (auto& batch : train_loader) {
        auto data = batch.data.to(device);
        auto target = batch.target.to(device);
        torch::Tensor output;
        torch::Tensor loss;

        optimizer->zero_grad();

        // Forward pass using the specific model's forward function
        output = model->forward({data});
        if (binary_) {
            auto prob = output.squeeze(1);
            auto target_f = target.to(torch::kFloat);
            auto weight = torch::where(target == 1, pos_weight, torch::ones_like(target_f));
            loss = torch::nn::functional::binary_cross_entropy(prob, target_f,
                torch::nn::functional::BinaryCrossEntropyFuncOptions().weight(weight));
        } else {
            loss = torch::nn::functional::cross_entropy(output, target);
        }

        loss.backward();
        optimizer->step();

        auto prediction = binary_ ? (output.squeeze(1) > 0.5).to(torch::kLong) : output.argmax(1);
        size_t num_correct = prediction.eq(target).sum().item().toInt();
        total_num_correct += num_correct;
        total_loss += loss.item().toFloat() * data.size(0);
        num_samples += data.size(0);
        batch_idx++;
    }

    float avg_loss = total_loss / num_samples;
    float accuracy = static_cast<float>(total_num_correct) / num_samples * 100.0f;

    std::cout << "Epoch: " << epoch + 1 << " | Training Loss: " << avg_loss
              << " | Training Accuracy: " << accuracy << "% (" << batch_idx << " steps)" << std::endl;

    return std::make_tuple(avg_loss, accuracy);
}

template <typename ModelType>
template <typename Dataloader>
std::tuple<float, float> Trainer<ModelType>::test(ModelType& model, Dataloader& test_loader) {
    model->eval();
    size_t total_num_correct = 0;
    float total_loss = 0.0;
    size_t num_samples = 0;
    metrics_acc.reset();

    torch::NoGradGuard no_grad;

    for (const auto& batch : test_loader) {
        auto data = batch.data.to(device);
        auto target = batch.target.to(device);

        auto output = model->forward({data});
        torch::Tensor loss;
        torch::Tensor prediction;
        if (binary_) {
            loss = torch::nn::functional::binary_cross_entropy(output.squeeze(1), target.to(torch::kFloat));
            prediction = (output.squeeze(1) > 0.5).to(torch::kLong);
        } else {
            loss = torch::nn::functional::cross_entropy(output, target);
            prediction = output.argmax(1);
        }

        size_t num_correct = prediction.eq(target).sum().item().toInt();
        total_num_correct += num_correct;
        total_loss += loss.item().toFloat() * data.size(0);
        num_samples += data.size(0);

        torch::Tensor t_cpu = target.to(torch::kCPU).to(torch::kInt).contiguous();
        torch::Tensor p_cpu = prediction.to(torch::kCPU).to(torch::kInt).contiguous();
        metrics_acc.add(std::vector<int>(t_cpu.data_ptr<int>(), t_cpu.data_ptr<int>() + t_cpu.numel()),
                        std::vector<int>(p_cpu.data_ptr<int>(), p_cpu.data_ptr<int>() + p_cpu.numel()));
    }

    float avg_loss = total_loss / num_samples;
    float accuracy = static_cast<float>(total_num_correct) / num_samples * 100.0f;

    std::cout << "Test Loss: " << avg_loss << " | Test Accuracy: " << accuracy << "%";
    if (binary_) {
        auto [precision, recall, f1] = metrics_acc.compute();
        std::cout << " | precision " << precision << " recall " << recall << " F1 " << f1;
    }
    std::cout << std::endl;

    return std::make_tuple(avg_loss, accuracy);
}

#endif // TRAINER_TPP
