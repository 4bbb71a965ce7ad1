#include "models/MLP.h"

MLPImpl::MLPImpl(MLPConfig _cfg)
    : cfg(_cfg),
      layer1(torch::nn::LinearOptions(_cfg.n_input, _cfg.n_filters_per_layer).bias(_cfg.bias)),
      layer2(torch::nn::LinearOptions(_cfg.n_filters_per_layer, _cfg.n_filters_per_layer).bias(_cfg.bias)),
      layer3(torch::nn::LinearOptions(_cfg.n_filters_per_layer, _cfg.n_filters_per_layer).bias(_cfg.bias)),
      layer4(torch::nn::LinearOptions(_cfg.n_filters_per_layer, _cfg.n_output).bias(_cfg.bias))
{
    register_module("layer1", layer1);
    register_module("layer2", layer2);
    register_module("layer3", layer3);
    register_module("layer4", layer4);
}

torch::Tensor MLPImpl::forward(torch::Tensor x){
    auto s = torch::tanh(layer1(x));
    auto s2 = torch::tanh(layer2(s));
    if (cfg.residual) s2 = s2 + s;
    auto s3 = torch::tanh(layer3(s2));
    if (cfg.residual) s3 = s3 + s2;
    return layer4(s3);
}
