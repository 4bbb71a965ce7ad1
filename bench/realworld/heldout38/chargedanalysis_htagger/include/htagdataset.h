#ifndef HTAGDATASET_H
#define HTAGDATASET_H

#include <torch/torch.h>
#include <vector>

struct HTensor{
    torch::Tensor charged;
    torch::Tensor neutral;
    torch::Tensor SV;
    torch::Tensor label;
    torch::Tensor isEven;
};

//Synthetic stand-in for the ROOT tree reader: events of a fat jet with up to
//maxCharged charged and maxNeutral neutral constituents and up to maxSV
//secondary vertices, 7 features each
class HTagDataset : public torch::data::datasets::Dataset<HTagDataset, HTensor>{
    private:
        int nEvents;
        int fatIndex;
        torch::Device device;
        bool isSignal;
        int seed;

    public:
        HTagDataset(const int& nEvents, const int& fatIndex, torch::Device& device, const bool& isSignal, const int& seed);

        torch::optional<size_t> size() const;
        HTensor get(size_t index);
        static HTensor PadAndMerge(std::vector<HTensor>& tensors);
};

#endif
