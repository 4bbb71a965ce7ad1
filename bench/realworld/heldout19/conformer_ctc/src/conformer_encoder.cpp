#include "conformer_encoder.h"

#include <string>

ConformerBlockImpl::ConformerBlockImpl(
    int64_t encoder_dim,
    int64_t num_attention_heads,
    int64_t feed_forward_expansion_factor,
    int64_t conv_expansion_factor,
    double feed_forward_dropout_p,
    double attention_dropout_p,
    double conv_dropout_p,
    int64_t conv_kernel_size,
    bool half_step_residual) {
    if (half_step_residual) {
        feed_forward_residual_factor = 0.5;
    } else {
        feed_forward_residual_factor = 1;
    }

    feed_forward1 = ResidualConnectionModule(
        torch::nn::AnyModule(
            FeedForwardModule(
                encoder_dim,
                feed_forward_expansion_factor,
                feed_forward_dropout_p)),
        feed_forward_residual_factor);
    self_attention = MultiHeadedSelfAttentionModule(
        encoder_dim,
        num_attention_heads,
        attention_dropout_p);
    convolution = ResidualConnectionModule(
        torch::nn::AnyModule(
            ConformerConvModule(
                encoder_dim,
                conv_kernel_size,
                conv_dropout_p,
                conv_expansion_factor)));
    feed_forward2 = ResidualConnectionModule(
        torch::nn::AnyModule(
            FeedForwardModule(
                encoder_dim,
                feed_forward_expansion_factor,
                feed_forward_dropout_p)),
        feed_forward_residual_factor);
    layer_norm = torch::nn::LayerNorm(torch::nn::LayerNormOptions({encoder_dim}));

    register_module("feed_forward1", feed_forward1);
    register_module("self_attention", self_attention);
    register_module("convolution", convolution);
    register_module("feed_forward2", feed_forward2);
    register_module("layer_norm", layer_norm);
}

torch::Tensor ConformerBlockImpl::forward(torch::Tensor inputs, torch::Tensor mask) {
    auto x = feed_forward1->forward(inputs);
    x = x + self_attention->forward(x, mask);
    x = convolution->forward(x);
    x = feed_forward2->forward(x);
    return layer_norm->forward(x);
}

ConformerEncoderImpl::ConformerEncoderImpl(
    int64_t input_dim,
    int64_t encoder_dim,
    int64_t num_layers,
    int64_t num_attention_heads,
    int64_t feed_forward_expansion_factor,
    int64_t conv_expansion_factor,
    double input_dropout_p,
    double feed_forward_dropout_p,
    double attention_dropout_p,
    double conv_dropout_p,
    int64_t conv_kernel_size,
    bool half_step_residual)
    : conv_subsample(1, encoder_dim),
      input_projection(torch::nn::Linear(encoder_dim * (((input_dim - 1) / 2 - 1) / 2), encoder_dim),
                       torch::nn::Dropout(input_dropout_p)),
      conformer_layers(torch::nn::ModuleList()) {

    register_module("conv_subsample", conv_subsample);
    register_module("input_projection", input_projection);

    for (int64_t i = 0; i < num_layers; ++i) {
        conformer_layers->push_back(
            ConformerBlock(
                encoder_dim,
                num_attention_heads,
                feed_forward_expansion_factor,
                conv_expansion_factor,
                feed_forward_dropout_p,
                attention_dropout_p,
                conv_dropout_p,
                conv_kernel_size,
                half_step_residual));
    }
    register_module("conformer_layers", conformer_layers);
}

std::tuple<torch::Tensor, torch::Tensor> ConformerEncoderImpl::forward(torch::Tensor inputs,
                                                                       torch::Tensor input_lengths) {
    std::tuple<torch::Tensor, torch::Tensor> subsample_output = conv_subsample->forward(inputs, input_lengths);
    torch::Tensor outputs = input_projection->forward(std::get<0>(subsample_output));
    torch::Tensor output_lengths = std::get<1>(subsample_output);

    // key padding mask: true where a frame lies past the end of its utterance
    auto frames = torch::arange(outputs.size(1), output_lengths.options()).unsqueeze(0);
    auto mask = (frames >= output_lengths.unsqueeze(1)).unsqueeze(1);

    for (const auto &layer : *conformer_layers) {
        outputs = layer->as<ConformerBlock>()->forward(outputs, mask);
    }
    return std::make_tuple(outputs, output_lengths);
}

ConformerCTCImpl::ConformerCTCImpl(int64_t input_dim, int64_t encoder_dim, int64_t num_classes, int64_t num_layers,
                                   int64_t num_attention_heads, int64_t conv_kernel_size) {
    encoder = register_module("encoder", ConformerEncoder(input_dim, encoder_dim, num_layers, num_attention_heads,
                                                          4, 2, 0.1, 0.1, 0.1, 0.1, conv_kernel_size));
    fc = register_module("fc", torch::nn::Linear(encoder_dim, num_classes));
}

std::tuple<torch::Tensor, torch::Tensor> ConformerCTCImpl::forward(torch::Tensor inputs, torch::Tensor input_lengths) {
    auto encoded = encoder->forward(inputs, input_lengths);
    return std::make_tuple(fc->forward(std::get<0>(encoded)), std::get<1>(encoded));
}
