#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <numeric>
#include <random>

typedef torch::disable_if_t<false, std::unique_ptr<torch::data::StatelessDataLoader<HTagDataset, torch::data::samplers::SequentialSampler>, std::default_delete<torch::data::StatelessDataLoader<HTagDataset, torch::data::samplers::SequentialSampler>>>> DataLoader;

namespace {
//The original loops up to 10000 epochs and stops early; the synthetic sample is small
constexpr int kMaxEpochs = 6;
}

float Train(std::shared_ptr<HTagger> tagger, std::vector<HTagDataset>& sigSets, std::vector<HTagDataset>& bkgSets, torch::Device& device, int batchSize, const float& lr, bool trainEven, bool optimize){
    //Set batch size
    int nSig = std::accumulate(sigSets.begin(), sigSets.end(), 0, [&](int i, HTagDataset set){return i+set.size().value();});
    int nBkg = std::accumulate(bkgSets.begin(), bkgSets.end(), 0, [&](int i, HTagDataset set){return i+set.size().value();});
    int nBatches = nSig+nBkg % batchSize == 0 ? (nSig+nBkg)/batchSize -1 : std::ceil((nSig+nBkg)/batchSize);

    float wSig = (nSig+nBkg)/float(nSig);
    float wBkg = (nSig+nBkg)/float(nBkg);

    //Optimizer
    torch::optim::Adam optimizer(tagger->parameters(), torch::optim::AdamOptions(lr).weight_decay(lr/10.));

    //Create dataloader for sig and bkg
    std::vector<DataLoader> signal, background;

    for(HTagDataset set : sigSets){
        float ratio = set.size().value()/float(nSig);
        signal.push_back(std::move(torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(set, ratio * 1./wSig*batchSize)));
    }

    for(HTagDataset set : bkgSets){
        float ratio = set.size().value()/float(nBkg);
        background.push_back(std::move(torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(set, ratio * 1./wBkg*batchSize)));
    }

    //Initial best loss for later early stopping
    float bestLoss = 1e7;
    std::mt19937 shuffleRng(1234);

    for(int i=0; i < kMaxEpochs; i++){
        //Iterator returning batched data
        std::vector<torch::data::Iterator<std::vector<HTensor>>> sigIter;
        std::vector<torch::data::Iterator<std::vector<HTensor>>> bkgIter;

        for(DataLoader& sig : signal){
            sigIter.push_back(sig->begin());
        }

        for(DataLoader& bkg : background){
            bkgIter.push_back(bkg->begin());
        }

        int finishedBatches = 0;
        float meanTrainLoss=0., meanTestLoss=0.;
        HTensor train, test;
        std::vector<float> trainWeight, testWeight;

        while(nBatches - finishedBatches  != 0){
            //Do fewer n of batches for hyperopt
            if(optimize and finishedBatches == 5) break;

            //Set gradients to zero
            tagger->zero_grad();
            optimizer.zero_grad();

            //Put signal + background in one vector and split by even or odd numbered event
            std::vector<HTensor> batch;
            std::vector<float> weights;

            for(int k = 0; k < sigSets.size(); k++){
                for(HTensor& tensor : *sigIter[k]){
                    if(tensor.isEven.item<bool>() == trainEven){
                        batch.push_back(tensor);
                        weights.push_back(wSig);
                    }
                }
            }

            for(int k = 0; k < bkgSets.size(); k++){
                for(HTensor& tensor : *bkgIter[k]){
                    if(tensor.isEven.item<bool>() == trainEven){
                        batch.push_back(tensor);
                        weights.push_back(wBkg);
                    }
                }
            }

            //Shuffle batch and weights with the same permutation
            std::vector<int> perm(batch.size());
            std::iota(perm.begin(), perm.end(), 0);
            std::shuffle(perm.begin(), perm.end(), shuffleRng);
            std::vector<HTensor> shuffled;
            std::vector<float> shuffledWeights;
            for(int idx : perm){
                shuffled.push_back(batch[idx]);
                shuffledWeights.push_back(weights[idx]);
            }
            batch = shuffled;
            weights = shuffledWeights;

            //Set batch for testing and go to next iteration
            if(finishedBatches == 0){
                test = HTagDataset::PadAndMerge(batch);
                testWeight = weights;

                for(int k = 0; k < bkgIter.size(); k++) ++bkgIter[k];
                for(int k = 0; k < sigIter.size(); k++) ++sigIter[k];

                finishedBatches++;
                continue;
            }

            //Set batch for training
            train = HTagDataset::PadAndMerge(batch);
            trainWeight = weights;

            //Prediction
            torch::Tensor weightTrain = torch::from_blob(trainWeight.data(), {(long)trainWeight.size(), 1}).clone().to(device);
            torch::Tensor predictionTrain = tagger->forward(train.charged, train.neutral, train.SV);
            torch::Tensor lossTrain = torch::binary_cross_entropy(predictionTrain, train.label, weightTrain);

            torch::Tensor weightTest = torch::from_blob(testWeight.data(), {(long)testWeight.size(), 1}).clone().to(device);
            torch::Tensor predictionTest = tagger->forward(test.charged, test.neutral, test.SV);
            torch::Tensor lossTest = torch::binary_cross_entropy(predictionTest, test.label, weightTest);

            meanTrainLoss = (meanTrainLoss*finishedBatches + lossTrain.item<float>())/(finishedBatches+1);
            meanTestLoss = (meanTestLoss*finishedBatches + lossTest.item<float>())/(finishedBatches+1);

            //Back propagation
            lossTrain.backward();
            optimizer.step();

            //Increment iterators
            for(int k = 0; k < bkgIter.size(); k++) ++bkgIter[k];
            for(int k = 0; k < sigIter.size(); k++) ++sigIter[k];

            finishedBatches++;

            if(finishedBatches % 4 == 0 or finishedBatches == nBatches){
                std::cout << "Epoch: " << i+1 << " | Batch: " << finishedBatches << "/" << nBatches - 1
                          << " | Mean Loss: " << meanTrainLoss << "/" << meanTestLoss << std::endl;
            }
        }

        //Early stopping
        if(meanTestLoss > bestLoss) break;
        else bestLoss = meanTestLoss;
    }

    return bestLoss;
}
