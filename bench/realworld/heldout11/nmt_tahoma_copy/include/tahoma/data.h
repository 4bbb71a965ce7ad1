#pragma once
#include <random>
#include <tahoma.h>
#include <tahoma/config.h>

namespace tahoma::data {

    struct Batch {
        std::vector<Tensor> fields;   // [src, tgt], each [batch_size, seq_len], padded with kPadId
        auto to(torch::Device device) -> Batch {
            Batch b;
            for (auto& f : fields) b.fields.push_back(f.to(device));
            return b;
        }
        auto size() const -> int64_t { return fields.empty() ? 0 : fields[0].size(0); }
    };

    // a toy translation task: each symbol of the source shifted by 5
    class DataLoader {
    public:
        DataLoader(const config::Config& conf, uint32_t seed);
        auto get_train_data() -> std::vector<Batch>;
        auto get_validation_data() -> std::vector<Batch>;
        static auto translate(const std::vector<int64_t>& src) -> std::vector<int64_t>;
        auto sample_sentence() -> std::vector<int64_t>;
    private:
        auto make_batches(int64_t n_examples) -> std::vector<Batch>;
        config::Config _config;
        std::mt19937 _gen;
    };

} // namespace tahoma::data
