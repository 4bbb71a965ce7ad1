#include "pch.h"
#include "dataloader.h"
#include "model.h"

template <typename DataLoader, typename Model, typename Optimizer>
void Train(DataLoader& data_loader, DataLoader& test_data_loader, Model& model, Optimizer& optimizer) {
    bool isCUDAAvailable = torch::cuda::is_available();
    size_t epochs = 6;
    double validation_loss_min = INFINITY;
    double train_loss = 0.0;
    double accuracy = 0.0;

    if (isCUDAAvailable) {
        model->to(torch::kCUDA);
    }

    std::cout << "Starting Training \n";
    for (size_t iteration = 1; iteration < epochs + 1; iteration++) {
        train_loss = 0.0;
        double valid_loss = 0.0;
        long correct = 0; long total = 0;
        auto start = std::chrono::high_resolution_clock::now();
        //train
        model->train();

        auto batch = data_loader.next();
        while (batch) {
            optimizer.zero_grad();
            auto data = batch.value().data;
            auto labels = batch.value().target.squeeze_();

            if (isCUDAAvailable) {
                data = data.to(torch::kCUDA);
                labels = labels.to(torch::kCUDA);
            }
            auto output = model->forward(data);

            torch::Tensor loss = torch::nn::functional::cross_entropy(output, labels, torch::nn::functional::CrossEntropyFuncOptions().ignore_index(-100).reduction(torch::kMean));
            loss.backward();
            optimizer.step();
            loss = loss.to(torch::kCPU);
            int batch_idx = batch.value().batch_idx;
            train_loss = train_loss + ((1.0 / (batch_idx)) * (*loss.data_ptr<float>() - train_loss));
            batch = data_loader.next();
        }
        //validate
        model->eval();
        auto testbatch = test_data_loader.next();
        while (testbatch) {
            auto data = testbatch.value().data;
            auto labels = testbatch.value().target.squeeze_();
            if (isCUDAAvailable) {
                data = data.to(torch::kCUDA);
                labels = labels.to(torch::kCUDA);
            }
            auto output = model->forward(data);
            torch::Tensor loss = torch::nn::functional::cross_entropy(output, labels, torch::nn::functional::CrossEntropyFuncOptions().ignore_index(-100).reduction(torch::kMean));
            loss = loss.to(torch::kCPU);
            int batch_idx = testbatch.value().batch_idx;
            valid_loss = valid_loss + ((1.0 / (batch_idx)) * (*loss.data_ptr<float>() - valid_loss));
            auto pred = output.data().argmax(1);
            auto correctionmatrix = torch::eq(pred, labels);
            torch::Tensor sum = torch::sum(correctionmatrix).to(torch::kCPU);
            correct += *sum.data_ptr<int64_t>();
            total += data.size(0);
            testbatch = test_data_loader.next();
        }
        accuracy = 100. * correct / total;
        std::cout << "\nTest Accuracy: " << accuracy << " %  " << correct << " , " << total << "\n";
        std::cout << "Epoch: " << iteration << " \tTraining Loss: " << train_loss << " \tValidation Loss: " << valid_loss << "\n";
        if (valid_loss < validation_loss_min) {
            std::cout << "Validation loss decreased, would save to " << model->savepath << "\n";
            validation_loss_min = valid_loss;
        }

        auto end = std::chrono::high_resolution_clock::now();
        std::cout << "Time took for " << iteration << " th iterations is " << std::chrono::duration_cast<std::chrono::milliseconds>(end - start).count() << " ms\n";
        data_loader.reset();
        test_data_loader.reset();
    }
    std::cout << "final loss: " << train_loss << "\n";
    std::cout << "final test accuracy: " << accuracy << " %\n";
}

int main() {
    torch::manual_seed(0);
    size_t kBatchSize = 32;
    std::cout << "Program started " << std::endl;
    auto lambda_transform_train = [](torch::Tensor& image) {
        //apply transforms acording to need
        Resize(32, image);
    };

    auto lambda_transform_valid = [](torch::Tensor& image) {
        Resize(32, image);
    };

    DogBreedDataset dataset("train", lambda_transform_train);
    DogBreedDataset validdataset("test", lambda_transform_valid);
    DataLoader data_loader(dataset, kBatchSize);
    DataLoader test_data_loader(validdataset, kBatchSize, false);
    bool isCUDAAvailable = torch::cuda::is_available();
    std::cout << "Is Cuda Available ? " << isCUDAAvailable << std::endl;

    auto model = cnnNet("weights");
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(0.01));

    Train<DataLoader, cnnNet, torch::optim::Adam>(data_loader, test_data_loader, model, optimizer);
    return 0;
}
