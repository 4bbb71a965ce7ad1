#include <algorithm>
#include <tahoma.h>
#include <tahoma/config.h>
#include <tahoma/data.h>
#include <tahoma/vocab.h>

namespace tahoma::vocab {
    const int64_t kVocabSize = kNumSpecial + 33;
}

namespace tahoma::config {

    auto load_config() -> Config {
        Config c;
        c.model.src_vocab_size = vocab::kVocabSize;
        c.model.tgt_vocab_size = vocab::kVocabSize;
        c.model.model_dim = 64;
        c.model.ffn_dim = 100;
        c.model.attn_heads = 4;
        c.model.encoder_layers = 1;
        c.model.decoder_layers = 1;
        c.model.dropout = 0.0;
        c.trainer.epochs = 3;
        c.trainer.batch_size = 64;
        c.trainer.clip_grad = 1.0;
        c.optimizer.peak_lr = 5e-3;
        c.optimizer.warmup_steps = 20;
        c.train_examples = 6000;
        c.valid_examples = 512;
        return c;
    }

} // namespace tahoma::config

namespace tahoma::data {

    namespace {
        constexpr int64_t kNumSymbols = 33;
        constexpr int64_t kMinLen = 3;
        constexpr int64_t kMaxLen = 9;
    }

    DataLoader::DataLoader(const config::Config& conf, uint32_t seed) : _config{ conf }, _gen{ seed } {}

    auto DataLoader::sample_sentence() -> std::vector<int64_t> {
        std::uniform_int_distribution<int64_t> len(kMinLen, kMaxLen);
        std::uniform_int_distribution<int64_t> sym(vocab::kNumSpecial, vocab::kNumSpecial + kNumSymbols - 1);
        std::vector<int64_t> s(len(_gen));
        for (auto& t : s) t = sym(_gen);
        return s;
    }

    auto DataLoader::translate(const std::vector<int64_t>& src) -> std::vector<int64_t> {
        std::vector<int64_t> tgt(src.begin(), src.end());
        for (auto& t : tgt)
            t = vocab::kNumSpecial + (t - vocab::kNumSpecial + 5) % kNumSymbols;
        tgt.push_back(vocab::kEosId);
        return tgt;
    }

    auto DataLoader::make_batches(int64_t n_examples) -> std::vector<Batch> {
        const int64_t bs = _config.trainer.batch_size;
        std::vector<Batch> batches;
        for (int64_t start = 0; start < n_examples; start += bs) {
            const int64_t n = std::min(bs, n_examples - start);
            std::vector<std::vector<int64_t>> srcs, tgts;
            size_t src_len = 0, tgt_len = 0;
            for (int64_t i = 0; i < n; i++) {
                srcs.push_back(sample_sentence());
                tgts.push_back(translate(srcs.back()));
                src_len = std::max(src_len, srcs.back().size());
                tgt_len = std::max(tgt_len, tgts.back().size());
            }
            auto src = torch::full({ n, static_cast<int64_t>(src_len) }, static_cast<int64_t>(vocab::kPadId), torch::kInt64);
            auto tgt = torch::full({ n, static_cast<int64_t>(tgt_len) }, static_cast<int64_t>(vocab::kPadId), torch::kInt64);
            for (int64_t i = 0; i < n; i++) {
                src[i].slice(0, 0, srcs[i].size()).copy_(torch::tensor(srcs[i]));
                tgt[i].slice(0, 0, tgts[i].size()).copy_(torch::tensor(tgts[i]));
            }
            batches.push_back(Batch{ { src, tgt } });
        }
        return batches;
    }

    auto DataLoader::get_train_data() -> std::vector<Batch> {
        return make_batches(_config.train_examples);
    }

    auto DataLoader::get_validation_data() -> std::vector<Batch> {
        return make_batches(_config.valid_examples);
    }

} // namespace tahoma::data
