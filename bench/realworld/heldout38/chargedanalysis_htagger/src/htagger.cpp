#include "htagger.h"

#include <iostream>

HTagger::HTagger(){}

HTagger::HTagger(const int& nFeat, const int& nHidden, const int& nLSTM, const int& nConvFilter, const int& kernelSize, const float& dropOut):
    nLSTM(nLSTM),
    nHidden(nHidden),
    dropOut(dropOut)
    {

    //String for model summary
    modelSummary << "\n";
    modelSummary << "Summary of HTagger Model\n";
    modelSummary << "----------------------------------------\n";

    //Register LSTM Layers
    lstmCharged = register_module("LSTM charged input", torch::nn::LSTM(torch::nn::LSTMOptions(nFeat, nHidden).num_layers(nLSTM).batch_first(true).dropout(dropOut)));
    lstmCharged->pretty_print(modelSummary); modelSummary << "\n";

    lstmNeutral = register_module("LSTM neutral input", torch::nn::LSTM(torch::nn::LSTMOptions(nFeat, nHidden).num_layers(nLSTM).batch_first(true).dropout(dropOut)));
    lstmNeutral->pretty_print(modelSummary); modelSummary << "\n";

    lstmSV = register_module("LSTM SV input", torch::nn::LSTM(torch::nn::LSTMOptions(nFeat, nHidden).num_layers(nLSTM).batch_first(true).dropout(dropOut)));
    lstmSV->pretty_print(modelSummary); modelSummary << "\n";

    //Convolution layer
    convLayer = register_module("Conv layer 1", torch::nn::Conv1d(3, nConvFilter, kernelSize));
    convLayer->pretty_print(modelSummary); modelSummary << "\n";

    //Output layer
    int outConv = nHidden + 2 - kernelSize -1;
    outLayer = register_module("Output layer", torch::nn::Linear(nConvFilter*outConv, 1));
    outLayer->pretty_print(modelSummary); modelSummary << "\n";

    //Number of trainable parameters
    for(at::Tensor t: this->parameters()){
        if(t.requires_grad()) nWeights += t.numel();
    }

    modelSummary << "Number of trainable parameters: " << nWeights << "\n";
}

void HTagger::Print(){
    //Print model summary
    modelSummary << "----------------------------------------\n";
    std::cout << modelSummary.str() << std::endl;
}

torch::Tensor HTagger::forward(torch::Tensor inputCharged, torch::Tensor inputNeutral, torch::Tensor inputSV, const bool& isTraining){
    //Check device
    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    //Index of the last non-padded entry of each sequence
    torch::Tensor chargedSeq = ((inputCharged.narrow(2, 0, 1) != 0).sum(1) - 1).squeeze(1);
    torch::Tensor neutralSeq = ((inputNeutral.narrow(2, 0, 1) != 0).sum(1) - 1).squeeze(1);
    torch::Tensor SVSeq = ((inputSV.narrow(2, 0, 1) != 0).sum(1) - 1).squeeze(1);

    torch::Tensor zero = torch::tensor({0}, torch::kLong).to(device);

    chargedSeq = torch::where(chargedSeq == -1, zero, chargedSeq);
    neutralSeq = torch::where(neutralSeq == -1, zero, neutralSeq);
    SVSeq = torch::where(SVSeq == -1, zero, SVSeq);

    torch::Tensor batchIndex = torch::arange(0, inputCharged.size(0), torch::kLong).to(device);

    //LSTM layer
    auto charged = lstmCharged->forward(inputCharged);
    auto neutral = lstmNeutral->forward(inputNeutral);
    auto SV = lstmSV->forward(inputSV);

    //Get last hidden state after layer N
    torch::Tensor chargedHidden = std::get<0>(charged).index({batchIndex, chargedSeq}).unsqueeze(1);
    torch::Tensor neutralHidden = std::get<0>(neutral).index({batchIndex,  neutralSeq}).unsqueeze(1);
    torch::Tensor SVHidden = std::get<0>(SV).index({batchIndex, SVSeq}).unsqueeze(1);

    //Merge them together
    torch::Tensor z = torch::cat({chargedHidden, neutralHidden, SVHidden}, 1);

    //Convolution layer
    z = convLayer->forward(z);
    z = torch::dropout(z, dropOut, isTraining);
    z = torch::relu(z).view({-1, z.size(1)*z.size(2)});

    //Output layer
    z = outLayer->forward(z);
    z = torch::dropout(z, dropOut, isTraining);
    z = torch::sigmoid(z);

    return z;
}
