#include <algorithm>
#include <cmath>
#include <optional>
#include <torch/torch.h>
#include <tahoma.h>
#include <tahoma/train/criterion.h>

namespace tahoma::train {

    auto CrossEntropyLossImpl::forward(Tensor input, Tensor target, f32 normalizer, std::optional<Tensor> mask) -> Tensor {
        // input: [batch_size * seq_len, vocab_size]
        // target: [batch_size * seq_len]
        auto num_labels = input.size(-1);
        auto input_flat = input.view({ -1, num_labels });
        auto target_flat = target.reshape({ -1 });
        if (_ignore_index >= 0) {
            // the padding token is never a prediction: leave its column out of the softmax
            auto pad_column = torch::arange(num_labels, torch::TensorOptions().device(input.device())) == _ignore_index;
            input_flat = input_flat.masked_fill(pad_column, -1e9);
        }
        auto options = F::CrossEntropyFuncOptions().reduction(torch::kNone).label_smoothing(_label_smooth_rate);
        if (_ignore_index >= 0) {
            options = options.ignore_index(_ignore_index);
        }
        Tensor loss = F::cross_entropy(input_flat, target_flat, options);  // [batch_size * seq_len]
        if (mask) {
            loss.masked_fill_(mask.value().reshape({ -1 }), 0.0);
        }
        else if (_ignore_index >= 0) { // auto deduce mask from target
            loss.masked_fill_(target_flat == _ignore_index, 0.0);
        }
        loss = loss.sum() / normalizer;
        return loss;
    }

    auto LossComputer::compute(Tensor features, Tensor labels, f32 normalizer, Mode mode) -> Tensor {
        auto output = _projector->forward(features);  // [batch_size, seq_len, vocab_size]
        auto output_flat = output.view({ output.size(0) * output.size(1), -1 }); // [batch_size * seq_len, vocab_size]
        auto labels_flat = labels.reshape({ -1 }); // [batch_size * seq_len]
        if (normalizer <= 0.0) { // self computed normalizer
            normalizer = (labels_flat != _pad_id).sum().item<f32>();
        }
        return _criterion->forward(output_flat, labels_flat, normalizer);
    }

    auto InverseSqrtScheduler::get_rate() -> f32 {
        if (_current_step < _warmup_steps) {
            return _peak_lr * _current_step / _warmup_steps;
        }
        return _peak_lr * std::sqrt(static_cast<f32>(_warmup_steps) / _current_step);
    }

    void InverseSqrtScheduler::set_rate(f32 rate) {
        for (auto& group : _optimizer.param_groups()) {
            group.options().set_lr(rate);
        }
        _last_rate = rate;
    }

    void InverseSqrtScheduler::step() {
        _current_step++;
        set_rate(get_rate());
    }

} // namespace tahoma::train
