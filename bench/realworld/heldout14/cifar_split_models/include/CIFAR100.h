#ifndef CIFAR100_H_
#define CIFAR100_H_

#include <cstdint>
#include <vector>
#include <torch/torch.h>

namespace torch_explorer
{
    // CIFAR-100's two label sets: 20 superclasses, 100 classes (5 per superclass).
    enum class Cifar100Classes : int64_t
    {
        Coarse = 20,
        Fine = 100
    };

    struct CIFAR100Batch
    {
        torch::Tensor data;         // [B, 3, 16, 16]
        torch::Tensor fine_target;  // [B] int64
    };

    // Synthetic stand-in for the CIFAR-100 binary files: each image is its superclass'
    // template plus its class' template plus noise.
    class SyntheticCIFAR100
    {
    public:
        SyntheticCIFAR100(const torch::Tensor& coarse_templates, const torch::Tensor& fine_templates,
                          int64_t num_images, bool training);
        std::vector<CIFAR100Batch> batches(int64_t batch_size) const;
        bool isTraining() const { return training_; }
        int64_t size() const { return images_.size(0); }

        // fine class -> coarse class
        static torch::Tensor FineToCoarse();

    private:
        torch::Tensor images_;
        torch::Tensor fine_;
        bool training_;
    };
}

#endif
