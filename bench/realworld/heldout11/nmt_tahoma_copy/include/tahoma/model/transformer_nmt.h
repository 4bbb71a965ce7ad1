#pragma once

#include <tahoma.h>
#include <tahoma/config.h>
#include <tahoma/model.h>
#include <tahoma/layer/transformer.h>

namespace tahoma::model {

    struct TransformerNMTImpl : public LanguageModel {
        size_t src_vocab_size;
        size_t tgt_vocab_size;
        size_t model_dim;

        layer::transformer::TransformerEncoder encoder;
        layer::transformer::TransformerDecoder decoder;

        TransformerNMTImpl(const config::ModelConfig& args);

        TaskType task_type() override { return TaskType::NMT; }
        std::string name() override { return "TransformerNMT"; }
        auto forward(Pack& args) -> Pack override;
        auto encode(Tensor src, Tensor src_mask) -> Tensor;
        auto decode(Tensor tgt, Tensor tgt_mask, Tensor memory, Tensor memory_mask) -> Tensor;
    };
    TORCH_MODULE(TransformerNMT);

} // namespace tahoma::model
