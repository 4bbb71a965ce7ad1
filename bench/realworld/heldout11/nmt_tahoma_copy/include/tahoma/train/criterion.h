#pragma once
#include <optional>
#include <tahoma.h>

namespace tahoma::train {

    struct CrossEntropyLossImpl : public nn::Module {
        int64_t _ignore_index;
        f32 _label_smooth_rate;

        CrossEntropyLossImpl(int64_t ignore_index = -100, f32 label_smooth_rate = 0.0) :
            _ignore_index{ ignore_index }, _label_smooth_rate{ label_smooth_rate } {}

        auto forward(Tensor input, Tensor target, f32 normalizer, std::optional<Tensor> mask = std::nullopt) -> Tensor;
    };
    TORCH_MODULE(CrossEntropyLoss);

    // computes the loss from the decoder features: projection to the vocabulary, then the criterion
    class LossComputer {
    public:
        LossComputer(nn::Linear projector, CrossEntropyLoss criterion, int64_t pad_id) :
            _projector{ projector }, _criterion{ criterion }, _pad_id{ pad_id } {}

        auto compute(Tensor features, Tensor labels, f32 normalizer, Mode mode) -> Tensor;

    private:
        nn::Linear _projector;
        CrossEntropyLoss _criterion;
        int64_t _pad_id;
    };

    // inverse square root decay after a linear warmup
    class InverseSqrtScheduler {
    public:
        InverseSqrtScheduler(torch::optim::Optimizer& optimizer, f32 peak_lr, int32_t warmup_steps) :
            _optimizer{ optimizer }, _peak_lr{ peak_lr }, _warmup_steps{ warmup_steps } { set_rate(get_rate()); }

        auto get_rate() -> f32;
        auto get_last_rate() const -> f32 { return _last_rate; }
        void step();

    private:
        void set_rate(f32 rate);
        torch::optim::Optimizer& _optimizer;
        f32 _peak_lr;
        int32_t _warmup_steps;
        int32_t _current_step = 1;
        f32 _last_rate = 0.0;
    };

} // namespace tahoma::train
