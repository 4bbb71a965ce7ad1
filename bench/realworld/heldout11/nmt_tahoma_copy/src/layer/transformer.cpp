#include <cmath>
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <tahoma.h>
#include <tahoma/layer/transformer.h>

namespace tahoma::layer::transformer {

    auto MultiheadAttentionImpl::forward(torch::Tensor query, torch::Tensor key, torch::Tensor value, torch::Tensor key_padding_mask)
        -> std::pair<torch::Tensor, torch::Tensor> {
        // query:   [batch_size, tgt_len, model_dim]
        // key, val: [batch_size, src_len, model_dim]
        // key_padding_mask: [batch_size, 1, T, src_len]
        auto tgt_len = query.size(1);
        auto src_len = key.size(1);
        auto batch_size = query.size(0);
        auto head_dim = model_dim / nhead;
        auto q = q_proj(query).view({ batch_size, tgt_len, nhead, head_dim }).transpose(1, 2); // [batch_size, nhead, tgt_len, head_dim]
        auto k = k_proj(key).view({ batch_size, src_len, nhead, head_dim }).transpose(1, 2);
        auto v = v_proj(value).view({ batch_size, src_len, nhead, head_dim }).transpose(1, 2);
        auto attn_weights = torch::matmul(q, k.transpose(-2, -1)); // [batch_size, nhead, tgt_len, src_len]
        attn_weights = attn_weights / std::sqrt(head_dim);

        if (key_padding_mask.defined()) {
            if (key_padding_mask.sizes().size() != 4) { // must be a 4D tensor
                throw std::runtime_error("key_padding_mask must be a 4D tensor");
            }
            float low_val = -1e9;
            if (at::autocast::is_enabled()) {
                low_val = -std::pow(2, 14);   // -16384.0f
            }
            attn_weights = attn_weights.masked_fill(key_padding_mask, low_val);
        }
        attn_weights = F::softmax(attn_weights, -1); // [batch_size, nhead, tgt_len, src_len]
        attn_weights = dropout(attn_weights);
        auto attn_output = torch::matmul(attn_weights, v) // [batch_size, nhead, tgt_len, head_dim]
                            .transpose(1, 2)
                            .contiguous().view({ batch_size, tgt_len, model_dim });
        attn_output = out_proj(attn_output);
        return std::make_pair(attn_output, attn_weights);
    }

    auto TransformerEncoderLayerImpl::forward(torch::Tensor src, torch::Tensor src_mask) -> torch::Tensor {
        auto x = norm1(src);
        x = self_attn(x, x, x, src_mask).first;
        src = src + dropout1(x);

        x = norm2(src);
        x = ffn(x);
        src = src + dropout2(x);
        return src;
    }

    auto TransformerEncoderImpl::forward(torch::Tensor src, torch::Tensor src_mask) -> torch::Tensor {
        auto x = position_embedding(src); // [batch_size, src_len, model_dim]
        for (int i = 0; i < num_layers; ++i) {
            auto layer = layers->at<TransformerEncoderLayerImpl>(i);
            x = layer.forward(x, src_mask);
        }
        x = norm(x);
        return x;
    }

    auto TransformerDecoderLayerImpl::forward(torch::Tensor tgt, torch::Tensor tgt_mask, torch::Tensor memory, torch::Tensor memory_mask) -> torch::Tensor {
        torch::Tensor x = norm1(tgt);
        x = self_attn(x, x, x, tgt_mask).first;
        tgt = tgt + dropout1(x);

        x = norm2(tgt);
        x = src_attn(x, memory, memory, memory_mask).first;
        tgt = tgt + dropout2(x);

        x = norm3(tgt);
        x = ffn(x);
        tgt = tgt + dropout3(x);
        return tgt;
    }

    auto TransformerDecoderImpl::forward(torch::Tensor tgt, torch::Tensor tgt_mask, torch::Tensor memory, torch::Tensor memory_mask) -> torch::Tensor {
        auto x = position_embedding(tgt); // [batch_size, tgt_len, model_dim]
        for (int i = 0; i < num_layers; i++) {
            x = layers->at<TransformerDecoderLayerImpl>(i).forward(x, tgt_mask, memory, memory_mask);
        }
        x = norm(x);
        return x;
    }

} // namespace tahoma::layer::transformer
