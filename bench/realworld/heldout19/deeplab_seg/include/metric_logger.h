#pragma once
#include <torch/torch.h>

#include <deque>
#include <map>
#include <ostream>
#include <string>
#include <tuple>

class ConfusionMatrix {
public:
    ConfusionMatrix(int64_t cls, torch::Device device);

    void update(torch::Tensor a, torch::Tensor b);
    void reset();
    std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> compute() const;

    int64_t _num_classes;
    torch::Tensor _mat;
};

std::ostream &operator<<(std::ostream &os, const ConfusionMatrix &confusion);

class SmoothedValue {
public:
    void update(float value);
    float median() const;
    float avg() const;
    float global_avg() const;

    std::deque<float> deque;
    float total = 0.0f;
    int count = 0;
};

class MetricLogger {
public:
    explicit MetricLogger(std::string delimiter);

    void update(std::map<std::string, torch::Tensor> losses);
    void update(std::map<std::string, float> losses);
    SmoothedValue operator[](std::string attr);

    std::map<std::string, SmoothedValue> meters;
    std::string delimiter_;
};

std::ostream &operator<<(std::ostream &os, const MetricLogger &bml);
