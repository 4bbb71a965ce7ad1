#pragma once

#include <any>
#include <map>
#include <string>
#include <vector>
#include <torch/torch.h>

namespace nn = torch::nn;
namespace F = torch::nn::functional;
using namespace torch::indexing;

#define DEVICE torch::Device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU)

namespace tahoma {

    using Tensor = torch::Tensor;
    using f32 = float;
    using i32 = int32_t;
    using str = std::string;
    using Pack = std::map<std::string, std::any>;

    enum class TaskType { NMT, LM };
    enum class Mode { TRAINING, INFERENCE };

    inline auto task_type_string(TaskType t) -> std::string {
        return t == TaskType::NMT ? "NMT" : "LM";
    }

} // namespace tahoma
