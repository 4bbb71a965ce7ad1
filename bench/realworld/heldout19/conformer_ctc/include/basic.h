#pragma once
#include <torch/torch.h>

// Small building blocks shared by the Conformer modules.

class GLUImpl : public torch::nn::Module {
public:
    explicit GLUImpl(int64_t dim) : dim(dim) {}

    torch::Tensor forward(torch::Tensor x) {
        auto halves = x.chunk(2, dim);
        return halves[0] * torch::sigmoid(halves[1]);
    }

private:
    int64_t dim;
};
TORCH_MODULE(GLU);

class SILUImpl : public torch::nn::Module {
public:
    SILUImpl() = default;

    torch::Tensor forward(torch::Tensor x) { return x * torch::sigmoid(x); }
};
TORCH_MODULE(SILU);

class TransposeImpl : public torch::nn::Module {
public:
    TransposeImpl(int64_t dim0, int64_t dim1) : dim0(dim0), dim1(dim1) {}

    torch::Tensor forward(torch::Tensor x) { return x.transpose(dim0, dim1); }

private:
    int64_t dim0, dim1;
};
TORCH_MODULE(Transpose);

// outputs = module(inputs) * module_factor + inputs * input_factor
class ResidualConnectionModuleImpl : public torch::nn::Module {
public:
    ResidualConnectionModuleImpl(torch::nn::AnyModule module, double module_factor = 1.0, double input_factor = 1.0)
        : module(std::move(module)), module_factor(module_factor), input_factor(input_factor) {
        register_module("module", this->module.ptr());
    }

    torch::Tensor forward(torch::Tensor inputs) {
        return module.forward(inputs) * module_factor + inputs * input_factor;
    }

private:
    torch::nn::AnyModule module;
    double module_factor;
    double input_factor;
};
TORCH_MODULE(ResidualConnectionModule);
