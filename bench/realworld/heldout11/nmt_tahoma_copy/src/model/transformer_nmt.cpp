#include <torch/torch.h>

#include <tahoma.h>
#include <tahoma/layer/transformer.h>
#include <tahoma/model/transformer_nmt.h>

namespace tahoma::model {

    TransformerNMTImpl::TransformerNMTImpl(const config::ModelConfig& args) :
        LanguageModel(args.model_dim, args.tgt_vocab_size),
        src_vocab_size{ static_cast<size_t>(args.src_vocab_size) },
        tgt_vocab_size{ static_cast<size_t>(args.tgt_vocab_size) },
        model_dim{ static_cast<size_t>(args.model_dim) },
        encoder{ register_module("encoder", layer::transformer::TransformerEncoder(
            args.src_vocab_size, args.model_dim, args.ffn_dim, args.attn_heads, args.encoder_layers, args.dropout)) },
        decoder{ register_module("decoder", layer::transformer::TransformerDecoder(
            args.tgt_vocab_size, args.model_dim, args.ffn_dim, args.attn_heads, args.decoder_layers, args.dropout)) }
    {}

    auto TransformerNMTImpl::encode(Tensor src, Tensor src_mask) -> Tensor {
        return encoder(src, src_mask);
    }

    auto TransformerNMTImpl::decode(Tensor tgt, Tensor tgt_mask, Tensor memory, Tensor memory_mask) -> Tensor {
        return decoder(tgt, tgt_mask, memory, memory_mask);
    }

    auto TransformerNMTImpl::forward(Pack& args) -> Pack {
        auto src = std::any_cast<Tensor>(args["src"]); // [batch_size, src_len]
        auto tgt = std::any_cast<Tensor>(args["tgt"]); // [batch_size, tgt_len]
        auto src_mask = std::any_cast<Tensor>(args["src_mask"]);
        auto tgt_mask = std::any_cast<Tensor>(args["tgt_mask"]);
        auto memory = encoder(src, src_mask); // [batch_size, src_len, model_dim]
        auto output = decoder(tgt, tgt_mask, memory, src_mask); // [batch_size, tgt_len, model_dim]
        return { {"result", output} };
    }

} // namespace tahoma::model
