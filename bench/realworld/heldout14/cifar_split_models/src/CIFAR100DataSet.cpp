#include "CIFAR100.h"

namespace torch_explorer
{
    SyntheticCIFAR100::SyntheticCIFAR100(const torch::Tensor& coarse_templates, const torch::Tensor& fine_templates,
                                         int64_t num_images, bool training)
        : training_(training)
    {
        const int64_t num_fine = fine_templates.size(0);
        fine_ = torch::randint(0, num_fine, {num_images}, torch::kInt64);
        torch::Tensor coarse = FineToCoarse().index_select(0, fine_);
        images_ = coarse_templates.index_select(0, coarse) + 0.8 * fine_templates.index_select(0, fine_)
                  + 0.6 * torch::randn({num_images, 3, 16, 16});
    }

    std::vector<CIFAR100Batch> SyntheticCIFAR100::batches(int64_t batch_size) const
    {
        std::vector<CIFAR100Batch> out;
        torch::Tensor order = training_ ? torch::randperm(size(), torch::kInt64) : torch::arange(size(), torch::kInt64);
        for (int64_t start = 0; start + batch_size <= size(); start += batch_size)
        {
            torch::Tensor idx = order.slice(0, start, start + batch_size);
            out.push_back({images_.index_select(0, idx), fine_.index_select(0, idx)});
        }
        return out;
    }

    torch::Tensor SyntheticCIFAR100::FineToCoarse()
    {
        return torch::arange(static_cast<int64_t>(Cifar100Classes::Fine), torch::kInt64).div(5, "floor");
    }
}
