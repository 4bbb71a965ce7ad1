#include "htagdataset.h"

#include <algorithm>
#include <random>

HTagDataset::HTagDataset(const int& nEvents, const int& fatIndex, torch::Device& device, const bool& isSignal, const int& seed):
    nEvents(nEvents),
    fatIndex(fatIndex),
    device(device),
    isSignal(isSignal),
    seed(seed){}

torch::optional<size_t> HTagDataset::size() const {
    return nEvents;
}

HTensor HTagDataset::get(size_t index){
    std::mt19937 rng(seed * 100003 + fatIndex * 7919 + static_cast<int>(index));
    std::normal_distribution<float> gaus(0., 1.);

    //Signal jets have more constituents, a harder pt spectrum and displaced vertices
    std::uniform_int_distribution<int> nChargedDist(isSignal ? 6 : 2, isSignal ? 12 : 8);
    std::uniform_int_distribution<int> nNeutralDist(isSignal ? 3 : 1, isSignal ? 8 : 6);
    std::uniform_int_distribution<int> nSVDist(isSignal ? 1 : 0, isSignal ? 4 : 2);

    auto fill = [&](int n, float shift){
        torch::Tensor t = torch::zeros({std::max(n, 1), 7});
        for(int i = 0; i < n; i++){
            t[i][0] = std::abs(gaus(rng)) * 20.f + 5.f + (isSignal ? 15.f : 0.f);
            for(int j = 1; j < 7; j++) t[i][j] = gaus(rng) + shift;
        }
        return t;
    };

    float shift = isSignal ? 0.4 : -0.4;

    HTensor tensor;
    tensor.charged = fill(nChargedDist(rng), shift).to(device);
    tensor.neutral = fill(nNeutralDist(rng), shift).to(device);
    tensor.SV = fill(nSVDist(rng), 2*shift).to(device);
    tensor.label = torch::tensor({isSignal ? 1.f : 0.f}).to(device);
    tensor.isEven = torch::tensor({index % 2 == 0}).to(device);

    return tensor;
}

HTensor HTagDataset::PadAndMerge(std::vector<HTensor>& tensors){
    std::vector<torch::Tensor> charged, neutral, SV, label, isEven;
    int maxCharged = 0, maxNeutral = 0, maxSV = 0;

    for(HTensor& tensor : tensors){
        maxCharged = std::max<int>(maxCharged, tensor.charged.size(0));
        maxNeutral = std::max<int>(maxNeutral, tensor.neutral.size(0));
        maxSV = std::max<int>(maxSV, tensor.SV.size(0));
    }

    namespace F = torch::nn::functional;

    for(HTensor& tensor : tensors){
        charged.push_back(F::pad(tensor.charged, F::PadFuncOptions({0, 0, 0, maxCharged - tensor.charged.size(0)})));
        neutral.push_back(F::pad(tensor.neutral, F::PadFuncOptions({0, 0, 0, maxNeutral - tensor.neutral.size(0)})));
        SV.push_back(F::pad(tensor.SV, F::PadFuncOptions({0, 0, 0, maxSV - tensor.SV.size(0)})));
        label.push_back(tensor.label);
        isEven.push_back(tensor.isEven);
    }

    return {torch::stack(charged), torch::stack(neutral), torch::stack(SV), torch::stack(label), torch::stack(isEven)};
}
