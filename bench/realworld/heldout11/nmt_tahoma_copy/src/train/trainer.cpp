#include <iomanip>
#include <iostream>
#include <torch/torch.h>

#include <tahoma.h>
#include <tahoma/data.h>
#include <tahoma/model.h>
#include <tahoma/model/transformer_nmt.h>
#include <tahoma/train/criterion.h>
#include <tahoma/train/trainer.h>
#include <tahoma/vocab.h>

namespace optim = torch::optim;

namespace tahoma::train {

    void StatsCounter::update(double loss, int64_t num_sents, int64_t num_tokens, f32 lr) {
        step_num++;
        tot_loss += loss;
        tot_sents += num_sents;
        tot_tokens += num_tokens;
        if (name == "Training" && step_num % 50 == 0) {
            std::cout << name << " step " << step_num << " loss " << std::fixed << std::setprecision(4) << loss
                      << " avg " << avg_loss() << " lr " << lr << std::endl;
        }
    }

    auto Stopper::is_stop(f32 loss) -> bool {
        if (loss < best_loss) {
            best_loss = loss;
            num_stalls = 0;
            return false;
        }
        num_stalls++;
        return num_stalls >= patience;
    }

    namespace utils {
        auto init_model(const config::Config& config, torch::Device& device) -> std::shared_ptr<model::LanguageModel> {
            auto model = std::make_shared<model::TransformerNMTImpl>(config.model);
            model->to(device);
            return model;
        }

        auto init_optimizer(const config::Config& config, std::shared_ptr<model::LanguageModel> model)
            -> std::shared_ptr<optim::Optimizer> {
            return std::make_shared<optim::Adam>(model->parameters(),
                optim::AdamOptions(config.optimizer.peak_lr).betas({ 0.9, 0.98 }));
        }

        auto subsequent_mask(int64_t size, torch::Device device) -> Tensor {
            // true above the diagonal: positions a token may not attend to
            return torch::triu(torch::ones({ size, size }, torch::TensorOptions().dtype(torch::kBool).device(device)), 1);
        }
    }

    Trainer::Trainer(config::Config conf)
        : _config{ conf },
        _device{ DEVICE },
        _data_loader{ _config, 2024 },
        _pad_id{ vocab::kPadId },
        _bos_id{ vocab::kBosId },
        _model{ utils::init_model(_config, _device) },
        _projector{ _model->lm_head },
        _optimizer{ utils::init_optimizer(_config, _model) },
        _scheduler{ std::make_shared<InverseSqrtScheduler>(*_optimizer, _config.optimizer.peak_lr, _config.optimizer.warmup_steps) },
        _loss_computer{ std::make_shared<LossComputer>(_projector, CrossEntropyLoss(_pad_id, 0.0), _pad_id) },
        _stopper{ static_cast<int32_t>(_config.trainer.early_stopping) } {
        std::cout << "Trainer initialized; device=" << _device << " model=" << _model->name() << std::endl;
    }

    auto Trainer::step_nmt(data::Batch& batch) -> Pack {
        auto src_ids = batch.fields[0];  // [batch_size, seq_len]
        auto tgt_ids = batch.fields[1];  // [batch_size, seq_len]
        auto _bos_col = torch::full({ tgt_ids.size(0), 1 }, _bos_id, torch::dtype(torch::kInt64).device(_device));
        auto bos_tgt_ids = torch::cat({ _bos_col, tgt_ids }, 1);

        auto src_mask = src_ids.eq(_pad_id).unsqueeze(1).unsqueeze(2); // [batch_size, 1, 1, seq_len]
        auto tgt_mask_padding = bos_tgt_ids.eq(_pad_id).unsqueeze(1).unsqueeze(2); // [batch_size, 1, 1, seq_len]
        auto tgt_mask_autoreg = utils::subsequent_mask(bos_tgt_ids.size(1), _device).unsqueeze(0).unsqueeze(1); // [1, 1, seq_len, seq_len]
        auto tgt_mask = tgt_mask_padding | tgt_mask_autoreg; // [batch_size, 1, seq_len, seq_len]
        auto normalizer = (tgt_ids != _pad_id).sum().item<int64_t>();
        Pack pack = {
            {"src", src_ids},
            {"src_mask", src_mask},
            {"tgt", bos_tgt_ids},
            {"tgt_mask", tgt_mask},
            {"normalizer", normalizer},
            {"labels", tgt_ids}
        };
        return pack;
    }

    auto Trainer::step(data::Batch& batch, StatsCounter& stats, const Mode mode) -> Tensor {
        torch::AutoGradMode enable_grad(mode == Mode::TRAINING); // RAII
        if (mode == Mode::TRAINING) {
            _optimizer->zero_grad();
        }
        batch = batch.to(_device);
        Pack pack = step_nmt(batch);

        auto result = _model->forward(pack);
        auto features = std::any_cast<Tensor>(result["result"]); // [batch_size, seq_len, model_dim]
        // skip the last position (after EOS): it predicts nothing
        features = features.index({ Slice(), Slice(0, -1), Slice() });
        auto labels = std::any_cast<Tensor>(pack["labels"]);
        auto normalizer = std::any_cast<int64_t>(pack["normalizer"]);
        auto loss = _loss_computer->compute(features, labels, static_cast<f32>(normalizer), mode);
        stats.update(loss.item<double>(), labels.size(0), normalizer, _scheduler->get_last_rate());
        if (mode == Mode::TRAINING) {
            loss.backward();
            torch::nn::utils::clip_grad_norm_(_model->parameters(), _config.trainer.clip_grad);
            _optimizer->step();
            _scheduler->step();
        }
        return loss;
    }

    void Trainer::train() {
        _model->to(_device);
        _model->train();
        auto stats = StatsCounter("Training");
        for (int64_t epoch = 0; epoch < _config.trainer.epochs; epoch++) {
            std::cout << "Epoch " << epoch << std::endl;
            for (auto batch : _data_loader.get_train_data()) {
                _last_loss = step(batch, stats, Mode::TRAINING).item<f32>();
            }
            if (validate()) {
                std::cout << "Early stopping at epoch " << epoch << std::endl;
                return;
            }
            _model->train();
        }
        std::cout << "optimizer steps: " << stats.step_num << std::endl;
    }

    auto Trainer::validate() -> bool {
        torch::AutoGradMode enable_grad(false);
        _model->eval();
        auto stats = StatsCounter("Validation");
        for (auto batch : _data_loader.get_validation_data()) {
            step(batch, stats, Mode::INFERENCE);
        }
        std::cout << "Validation finished. Avg loss: " << std::fixed << std::setprecision(5) << stats.avg_loss() << std::endl;
        return _stopper.is_stop(static_cast<f32>(stats.avg_loss()));
    }

    auto Trainer::greedy_decode(const std::vector<int64_t>& src, int64_t max_len) -> std::vector<int64_t> {
        torch::NoGradGuard no_grad;
        auto model = std::dynamic_pointer_cast<model::TransformerNMTImpl>(_model);
        auto src_ids = torch::tensor(src).unsqueeze(0).to(_device);
        auto src_mask = src_ids.eq(_pad_id).unsqueeze(1).unsqueeze(2);
        auto memory = model->encode(src_ids, src_mask);
        std::vector<int64_t> out = { _bos_id };
        for (int64_t t = 0; t < max_len; t++) {
            auto tgt = torch::tensor(out).unsqueeze(0).to(_device);
            auto tgt_mask = utils::subsequent_mask(tgt.size(1), _device).unsqueeze(0).unsqueeze(1);
            auto features = model->decode(tgt, tgt_mask, memory, src_mask);
            auto logits = _projector(features.index({ Slice(), -1 }));
            logits.index_put_({ Slice(), _pad_id }, -std::numeric_limits<float>::infinity());
            auto next = logits.argmax(-1).item<int64_t>();
            out.push_back(next);
            if (next == vocab::kEosId) break;
        }
        return std::vector<int64_t>(out.begin() + 1, out.end());
    }

    auto Trainer::evaluate(int64_t n_sentences) -> std::pair<double, double> {
        _model->eval();
        data::DataLoader test_data(_config, 77);
        int64_t exact = 0, correct_tokens = 0, total_tokens = 0;
        for (int64_t i = 0; i < n_sentences; i++) {
            auto src = test_data.sample_sentence();
            auto ref = data::DataLoader::translate(src);
            auto hyp = greedy_decode(src, static_cast<int64_t>(ref.size()) + 2);
            exact += (hyp == ref);
            for (size_t j = 0; j < ref.size(); j++) {
                correct_tokens += (j < hyp.size() && hyp[j] == ref[j]);
            }
            total_tokens += ref.size();
        }
        return { static_cast<double>(exact) / n_sentences, static_cast<double>(correct_tokens) / total_tokens };
    }

} // namespace tahoma::train
