#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <vector>

#include "htagger.h"
#include "htagdataset.h"
#include "trainer.h"

//Hyperparameters (the defaults of htag.cc's parser)
const int kNFeat = 7;
const int kNHidden = 140;
const int kNLSTM = 2;
const int kNConvFilter = 130;
const int kKernelSize = 57;
const float kDropOut = 0.1;
const float kLr = 1e-3;
const int kBatchSize = 2*32;

int main(){
    torch::manual_seed(0);

    bool optimize = false;
    bool trainEven = true;

    //Check if you are on CPU or GPU
    torch::Device device(optimize ? torch::kCPU : torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    at::set_num_interop_threads(1);
    at::set_num_threads(1);

    //Model for Htaggers
    std::shared_ptr<HTagger> tagger = std::make_shared<HTagger>(kNFeat, kNHidden, kNLSTM, kNConvFilter, kKernelSize, kDropOut);
    tagger->to(device);
    tagger->Print();

    if(tagger->GetNWeights() > 2000000) throw std::runtime_error("Number of weights too big");

    //Datasets: signal mass points and ttbar background per channel
    std::vector<HTagDataset> sigSets, bkgSets;
    int seed = 0;

    for(const std::string chan: {"Ele2J1FJ", "Muon2FJ"}){
        for(int mass : {200, 400, 600}){
            sigSets.push_back(HTagDataset(64, 0, device, true, ++seed));

            if(chan.find("2FJ") != std::string::npos and chan.find("J1FJ") == std::string::npos){
                sigSets.push_back(HTagDataset(64, 1, device, true, ++seed));
            }
        }

        bkgSets.push_back(HTagDataset(256, 0, device, false, ++seed));
    }

    float bestLoss = Train(tagger, sigSets, bkgSets, device, kBatchSize, kLr, trainEven, optimize);
    std::cout << "final loss: " << bestLoss << std::endl;
}
