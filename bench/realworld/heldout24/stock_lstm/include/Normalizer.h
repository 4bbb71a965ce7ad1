#ifndef NORMALIZER_H
#define NORMALIZER_H

#include <torch/torch.h>

// Standardises each column with the mean and the standard deviation of the training rows.
class Normalizer {
public:
    void fit(const torch::Tensor& data);
    torch::Tensor transform(const torch::Tensor& data) const;
    torch::Tensor inverse(const torch::Tensor& data) const;

private:
    torch::Tensor mean_;
    torch::Tensor std_;
};

#endif
