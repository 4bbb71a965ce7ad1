#pragma once
#include <memory>
#include <tahoma.h>
#include <tahoma/config.h>
#include <tahoma/data.h>
#include <tahoma/model.h>
#include <tahoma/train/criterion.h>

namespace tahoma::train {

    struct StatsCounter {
        int64_t step_num = 0;
        double tot_loss = 0.0;
        int64_t tot_sents = 0;
        int64_t tot_tokens = 0;
        std::string name;

        explicit StatsCounter(std::string name) : name{ std::move(name) } {}
        void update(double loss, int64_t num_sents, int64_t num_tokens, f32 lr);
        auto avg_loss() const -> double { return step_num > 0 ? tot_loss / step_num : 0.0; }
    };

    struct Stopper {
        int32_t patience;
        int32_t num_stalls = 0;
        f32 best_loss = std::numeric_limits<f32>::infinity();
        explicit Stopper(int32_t patience) : patience{ patience } {}
        auto is_stop(f32 loss) -> bool;
    };

    class Trainer {
    public:
        Trainer(config::Config conf);

        void train();
        auto validate() -> bool;
        auto last_loss() const -> f32 { return _last_loss; }
        auto evaluate(int64_t n_sentences) -> std::pair<double, double>;

    private:
        auto step_nmt(data::Batch& batch) -> Pack;
        auto step(data::Batch& batch, StatsCounter& stats, const Mode mode) -> Tensor;
        auto greedy_decode(const std::vector<int64_t>& src, int64_t max_len) -> std::vector<int64_t>;

        config::Config _config;
        torch::Device _device;
        data::DataLoader _data_loader;
        int64_t _pad_id;
        int64_t _bos_id;
        std::shared_ptr<model::LanguageModel> _model;
        nn::Linear _projector;
        std::shared_ptr<torch::optim::Optimizer> _optimizer;
        std::shared_ptr<InverseSqrtScheduler> _scheduler;
        std::shared_ptr<LossComputer> _loss_computer;
        Stopper _stopper;
        f32 _last_loss = 0.0;
    };

    namespace utils {
        auto init_model(const config::Config& config, torch::Device& device) -> std::shared_ptr<model::LanguageModel>;
        auto init_optimizer(const config::Config& config, std::shared_ptr<model::LanguageModel> model)
            -> std::shared_ptr<torch::optim::Optimizer>;
        auto subsequent_mask(int64_t size, torch::Device device) -> Tensor;
    }

} // namespace tahoma::train
