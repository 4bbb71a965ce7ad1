#pragma once

#include <torch/torch.h>
#include <iostream>
#include <string>

// Base model class for all models
class BaseModel : public torch::nn::Module {
public:
    BaseModel(const std::string& name, torch::Device device = torch::kCPU);
    virtual ~BaseModel();

    // Predict output given an input tensor
    virtual torch::Tensor predict(const torch::Tensor& input) = 0;

    friend std::ostream& operator<<(std::ostream& os, const BaseModel& model) {
        os << model.name << " model on device " << model.device;
        return os;
    }

protected:
    std::string name;
    torch::Device device;
};
