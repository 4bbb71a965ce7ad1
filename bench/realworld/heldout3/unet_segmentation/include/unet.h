#ifndef UNET_H
#define UNET_H

// Customizable UNet for PyTorch C++, in the shape of divideconcept/PyTorch-libtorch-U-Net:
// the default parameters give the original UNet; padding, batch norm and an optional
// self-attention at the bottleneck (as in diffusion U-Nets) can be switched on.

//Qt compatibility
#ifdef QT_CORE_LIB
    #undef slots
#endif
#include<torch/torch.h>
#ifdef QT_CORE_LIB
    #define slots Q_SLOTS
#endif

#include <deque>
#include <iostream>
#include <string>
#include <tuple>
#include <vector>

struct UNetImpl : torch::nn::Module {
    //constructor defaults is the original UNet
    UNetImpl(int32_t inChannels=1, int32_t outChannels=1, int32_t featureChannels=64, int32_t levels=4, bool padding=false, bool batchNorm=false, int32_t attentionHeads=0, bool showSizes=false)
    {
        this->levels=levels;
        paddingSize=padding?1:0;
        this->showSizes=showSizes;

        for(int level=0; level<levels; level++)
        {
            contracting.push_back(levelBlock(level==0?inChannels:featureChannels*(1<<(level-1)), featureChannels*(1<<level), paddingSize, batchNorm));
            register_module("contractingBlock"+std::to_string(level),contracting.back());

            downsampling.push_back(downsamplingBlock());
            register_module("downsampling"+std::to_string(level),downsampling.back());
        }

        bottleneck=levelBlock(featureChannels*(1<<(levels-1)), featureChannels*(1<<levels), paddingSize, batchNorm);
        register_module("bottleneck",bottleneck);

        if(attentionHeads>0)
        {
            bottleneckAttention=torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(featureChannels*(1<<levels), attentionHeads));
            register_module("bottleneckAttention",bottleneckAttention);
        }

        for(int level=levels-1; level>=0; level--)
        {
            upsampling.push_front(upsamplingBlock(featureChannels*(1<<(level+1)), featureChannels*(1<<level)));
            register_module("upsampling"+std::to_string(level),upsampling.front());

            expanding.push_front(levelBlock(featureChannels*(1<<(level+1)), featureChannels*(1<<level), paddingSize, batchNorm));
            register_module("expandingBlock"+std::to_string(level),expanding.front());
        }

        output=torch::nn::Conv2d(torch::nn::Conv2dOptions(featureChannels, outChannels, 1));
        register_module("output",output);
    }

    torch::Tensor forward(const torch::Tensor& inputTensor) {
        std::vector<torch::Tensor> contractingTensor(levels);
        std::vector<torch::Tensor> downsamplingTensor(levels);
        torch::Tensor bottleneckTensor;
        std::vector<torch::Tensor> upsamplingTensor(levels);
        std::vector<torch::Tensor> expandingTensor(levels);
        torch::Tensor outputTensor;

        for(int level=0; level<levels; level++)
        {
            contractingTensor[level]=contracting[level]->forward(level==0?inputTensor:downsamplingTensor[level-1]);
            downsamplingTensor[level]=downsampling[level]->forward(contractingTensor[level]);
        }

        bottleneckTensor=bottleneck->forward(downsamplingTensor.back());

        if(!bottleneckAttention.is_empty())
        {
            //self-attention over the bottleneck positions: (H*W, N, C) tokens
            auto n=bottleneckTensor.size(0), c=bottleneckTensor.size(1), h=bottleneckTensor.size(2), w=bottleneckTensor.size(3);
            auto tokens=bottleneckTensor.flatten(2).permute({2,0,1});
            auto attended=std::get<0>(bottleneckAttention->forward(tokens, tokens, tokens));
            bottleneckTensor=bottleneckTensor+attended.permute({1,2,0}).reshape({n,c,h,w});
        }

        for(int level=levels-1; level>=0; level--)
        {
            upsamplingTensor[level]=upsampling[level]->forward(level==levels-1?bottleneckTensor:expandingTensor[level+1]);
            if(paddingSize==0) { //apply cropping to the contracting tensor in order to concatenate with the same-level expanding tensor
                int oldXSize=contractingTensor[level].size(2);
                int oldYSize=contractingTensor[level].size(3);
                int newXSize=upsamplingTensor[level].size(2);
                int newYSize=upsamplingTensor[level].size(3);
                int startX=oldXSize/2-newXSize/2;
                int startY=oldYSize/2-newYSize/2;
                contractingTensor[level]=contractingTensor[level].slice(2,startX,startX+newXSize);
                contractingTensor[level]=contractingTensor[level].slice(3,startY,startY+newYSize);
            }
            expandingTensor[level]=expanding[level]->forward(torch::cat({contractingTensor[level],upsamplingTensor[level]},1));
        }

        outputTensor=output->forward(expandingTensor.front());

        if(showSizes)
        {
            std::cout << "input:  " << inputTensor.sizes() << std::endl;
            std::cout << "bottleneck: " << bottleneckTensor.sizes() << std::endl;
            std::cout << "output: " << outputTensor.sizes() << std::endl;
            showSizes=false;
        }

        return outputTensor;
    }

    //the 2d size you pass to the model must be a multiple of this
    int sizeMultiple2d() {return 1<<levels;}
private:
    torch::nn::Sequential levelBlock(int inChannels, int outChannels, int paddingSize, bool batchNorm)
    {
        if(batchNorm)
        {
            return torch::nn::Sequential(
                        torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, outChannels, 3).padding(paddingSize)),
                        torch::nn::ReLU(),
                        torch::nn::BatchNorm2d(outChannels),
                        torch::nn::Conv2d(torch::nn::Conv2dOptions(outChannels, outChannels, 3).padding(paddingSize)),
                        torch::nn::ReLU(),
                        torch::nn::BatchNorm2d(outChannels)
                    );
        } else {
            return torch::nn::Sequential(
                        torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, outChannels, 3).padding(paddingSize)),
                        torch::nn::ReLU(),
                        torch::nn::Conv2d(torch::nn::Conv2dOptions(outChannels, outChannels, 3).padding(paddingSize)),
                        torch::nn::ReLU()
                    );
        }
    }

    torch::nn::Sequential downsamplingBlock()
    {
        return torch::nn::Sequential(
                    torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2).stride(2))
                );
    }

    torch::nn::Sequential upsamplingBlock(int inChannels, int outChannels)
    {
        return torch::nn::Sequential(
                    torch::nn::ConvTranspose2d(torch::nn::ConvTranspose2dOptions(inChannels, outChannels, 2).stride(2))
                );
    }

    int levels;
    int paddingSize;
    bool showSizes;

    std::deque<torch::nn::Sequential> contracting;
    std::deque<torch::nn::Sequential> downsampling;
    torch::nn::Sequential bottleneck;
    torch::nn::MultiheadAttention bottleneckAttention{nullptr};
    std::deque<torch::nn::Sequential> upsampling;
    std::deque<torch::nn::Sequential> expanding;
    torch::nn::Conv2d output{nullptr};
};
TORCH_MODULE_IMPL(UNet, UNetImpl);

#endif // UNET_H
