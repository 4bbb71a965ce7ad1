#pragma once
#include <torch/torch.h>
#include <iostream>
#include <vector>

template<typename T>
class VggBlockNTwo : public torch::nn::Module
{
    public:
        int ch;
        torch::nn::Conv2d conv1 = nullptr;
        torch::nn::Conv2d conv2 = nullptr;
    public:
        VggBlockNTwo(int ch_in, int ch_out);
        T forward(T x);
};
template<typename T>
VggBlockNTwo<T>::VggBlockNTwo(int ch_in, int ch_out) : ch(ch_out),
                                         conv1(torch::nn::Conv2dOptions(ch_in, ch_out, 3).padding(1)),
                                         conv2(torch::nn::Conv2dOptions(ch_out, ch_out, 3).padding(1))
{
    register_module("conv1", conv1);
    register_module("conv2", conv2);
}
template<typename T>
T VggBlockNTwo<T>::forward(T x)
{
    x = torch::relu(conv1->forward(x));
    x = conv2->forward(x);
    x = torch::relu(x);
    x = torch::max_pool2d(x, 2);
    return x;
}

template<typename T>
class vggF : public torch::nn::Module
{
    public:
        int ch;
        torch::nn::Conv2d conv1 = nullptr;
        torch::nn::Conv2d conv2 = nullptr;
        torch::nn::Conv2d conv3 = nullptr;
    public:
        vggF(int ch_in, int ch_out);
        T forward(T x);
};
template<typename T>
vggF<T>::vggF(int ch_in, int ch_out) : ch(ch_out),
                         conv1(torch::nn::Conv2dOptions(ch_in, ch_out, 3).padding(1)),
                         conv2(torch::nn::Conv2dOptions(ch_out, ch_out, 3).padding(1)),
                         conv3(torch::nn::Conv2dOptions(ch_out, ch_out, 3).padding(1))
{
    register_module("conv1", conv1);
    register_module("conv2", conv2);
    register_module("conv3", conv3);
}
template<typename T>
T vggF<T>::forward(T x)
{
    x = torch::relu(conv1->forward(x));
    x = torch::relu(conv2->forward(x));
    x = conv3->forward(x);
    x = torch::relu(x);
    x = torch::max_pool2d(x, 2);
    return x;
}

template<typename T>
class segNet : public torch::nn::Module
{
    public:
        torch::nn::Conv2d st = nullptr;
        std::shared_ptr<VggBlockNTwo<T>> enc1;
        std::shared_ptr<vggF<T>> enc2;
        torch::nn::Conv2d conv_mid = nullptr;
        torch::nn::ConvTranspose2d upconv2 = nullptr;
        torch::nn::Conv2d conv_dec = nullptr;
        torch::nn::ConvTranspose2d upconv1 = nullptr;
        torch::nn::Conv2d fc = nullptr;
        int inch, outch;
        std::vector<int> vc;
    public:
        segNet(int inch, int outch, std::vector<int> vc);
        T forward(T x);
};
template<typename T>
segNet<T>::segNet(int inch, int outch, std::vector<int> vc) : inch(inch), outch(outch), vc(vc),
                                                          st(torch::nn::Conv2dOptions(inch, vc[0], 3).padding(1)),
                                                          conv_mid(torch::nn::Conv2dOptions(vc[2], vc[2], 3).padding(1)),
                      upconv2(torch::nn::ConvTranspose2dOptions(vc[2], vc[1], 4).padding(1).stride(2)),
                                                          conv_dec(torch::nn::Conv2dOptions(vc[1], vc[1], 3).padding(1)),
                      upconv1(torch::nn::ConvTranspose2dOptions(vc[1], vc[0], 4).padding(1).stride(2)),
                                                          fc(torch::nn::Conv2dOptions(vc[0], outch, 3).padding(1))
{
    enc1 = std::make_shared<VggBlockNTwo<T>>(vc[0], vc[1]);
    enc2 = std::make_shared<vggF<T>>(vc[1], vc[2]);
    register_module("st", st);
    register_module("enc1", enc1);
    register_module("enc2", enc2);
    register_module("conv_mid", conv_mid);
    register_module("upconv2", upconv2);
    register_module("conv_dec", conv_dec);
    register_module("upconv1", upconv1);
    register_module("fc", fc);
}
template<typename T>
T segNet<T>::forward(T x)
{
    x = torch::relu(st->forward(x));
    x = enc1->forward(x);
    x = torch::relu(x);
    x = enc2->forward(x);
    x = torch::relu(conv_mid->forward(x));
    x = torch::relu(upconv2->forward(x));
    x = torch::relu(conv_dec->forward(x));
    x = torch::relu(upconv1->forward(x));
    x = fc->forward(x);
    return x;
}
