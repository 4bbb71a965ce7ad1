#include<torch/torch.h>
#include<cstdio>
#include<iostream>
#include<float.h>
#include<sstream>
#include<string>
#include<tuple>
#include<vector>
#define seed 0
#include "loader.h"
#include "datautils.h"
#include "model.h"
#include "trainmodel.h"
#include "calibrate.h"

// Sizes of the question corpus splits
int32_t kTrainSize = 2000;
int32_t kTestSize = 500;

// Maximum length of sentence
int32_t kMaxLen = 20;

// Embedding Dimensions
const int32_t kEmbedDim  = 300;

// Number of classes in TREC Dataset
int32_t kNumClasses = 6;

// Number of filters
const int32_t kNumfilters = 100;

// Filter sizes
int32_t kFilterSizes[] = {3, 4, 5};

// Dropout value
double kDropValue = 0.5;

// Batch size
int32_t kBatchSize =  16;

// Number of epochs to train
int32_t kNumofEpochs = 2;

int main(int argc, char** argv) {
    torch::manual_seed(seed);

    std::string model_name = (argc > 1) ? argv[1] : "random";

    std::vector<std::string> train_corpus;
    std::vector<int32_t> train_labels;

    std::vector<std::string> test_corpus;
    std::vector<int32_t> test_labels;

    auto ktrain = load_trec(11, kTrainSize);
    std::cout << "Loaded Training data" << std::endl;
    train_corpus = ktrain.first;
    train_labels = ktrain.second;

    auto ktest = load_trec(29, kTestSize);
    std::cout << "Loaded Testing data" << std::endl;
    test_corpus = ktest.first;
    test_labels = ktest.second;

    std::cout << "Training Data Size:" << " " << train_corpus.size() << std::endl;
    std::cout << "Test Data Size:" << " " << test_corpus.size() << std::endl;

    std::map<std::string, int32_t> vocab;
    vocab = create_vocab(train_corpus);

    std::pair<torch::Tensor, torch::Tensor> trainindices_labels;
    std::pair<torch::Tensor, torch::Tensor> testindices_labels;

    // Converting Training Data into Training Data Loader
    trainindices_labels = get_loader(vocab, train_corpus,
        train_labels, kMaxLen, kBatchSize);

    auto traindata_set = CustomDataset(trainindices_labels.first,
        trainindices_labels.second).map(
             torch::data::transforms::Stack<>());

    auto train_dataset_loader =
        torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
            std::move(traindata_set), kBatchSize);

    // Converting Testing Data into Test Data Loader
    testindices_labels = get_loader(vocab, test_corpus, test_labels,
        kMaxLen, kBatchSize);

    auto testdata_set = CustomDataset(testindices_labels.first,
        testindices_labels.second).map(
            torch::data::transforms::Stack<>());

    auto test_dataset_loader =
         torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
            std::move(testdata_set), kBatchSize);

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    if (device.is_cuda()) {
        std::cout << "GPU available. Training on GPU." << std::endl;
    } else {
        std::cout << "No GPU available. Training on CPU. " << std::endl;
    }

    TrainStats stats;
    std::pair<torch::Tensor, torch::Tensor> held_out;
    std::pair<double, double> untrained;
    if (model_name == "random") {
        int32_t vocabsize = vocab.size();
        RandCNN randcnn(vocabsize, kEmbedDim, kMaxLen, kNumClasses, kNumfilters,
            kFilterSizes, kDropValue);
        randcnn.to(device);
        untrained = evaluate(randcnn, *test_dataset_loader, device);

        train_model(
            kNumofEpochs,
            randcnn,
            *train_dataset_loader,
            *test_dataset_loader,
            device,
            stats);
        held_out = collect_logits(randcnn, *test_dataset_loader, device);
    } else {
        auto embed_matrix = get_embedding_matrix(vocab, kEmbedDim);

        MultiCNN multicnn(embed_matrix, kEmbedDim, kMaxLen, kNumClasses,
            kNumfilters, kFilterSizes, kDropValue);
        multicnn.to(device);
        untrained = evaluate(multicnn, *test_dataset_loader, device);

        train_model(
            kNumofEpochs,
            multicnn,
            *train_dataset_loader,
            *test_dataset_loader,
            device,
            stats);
        held_out = collect_logits(multicnn, *test_dataset_loader, device);
    }

    auto accuracy = held_out.first.argmax(1).eq(held_out.second).to(torch::kFloat).mean().item<double>();
    const double ece_before = expected_calibration_error(held_out.first.cpu(), held_out.second.cpu(), 10);
    const double temperature = fit_temperature(held_out.first, held_out.second, device, 3);
    const double ece_after = expected_calibration_error((held_out.first / temperature).cpu(),
                                                        held_out.second.cpu(), 10);

    std::cout << "optimizer steps: " << stats.steps << std::endl;
    std::cout << "final loss: " << stats.last_loss << std::endl;
    std::cout << "test accuracy: " << accuracy << " (untrained " << untrained.second << ")" << std::endl;
    std::cout << "temperature: " << temperature << ", ECE before " << ece_before
              << ", after " << ece_after << std::endl;
    return 0;
}
