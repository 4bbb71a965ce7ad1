#include "rnn.h"

/////////////////////// SentimentRNNImpl ///////////////////////
SentimentRNNImpl::SentimentRNNImpl(
	int64_t vocab_size,
	int64_t embedding_dim,
	int64_t hidden_dim,
	int64_t output_dim,
	int64_t n_layers,
	bool bidirectional,
	double dropout,
	int64_t pad_idx,
	int64_t num_keywords,
	int64_t keyword_dim,
	int64_t num_locations,
	int64_t location_dim,
	int64_t num_heads
): pad_idx_(pad_idx) {
	embeddings_weights_ = register_parameter(
		"embeddings_weights",
		torch::empty({vocab_size, embedding_dim})
	);

	rnn_ = torch::nn::LSTM(
		torch::nn::LSTMOptions(embedding_dim, hidden_dim)
		.num_layers(n_layers)
		.bidirectional(bidirectional)
		.dropout(dropout)
	);
	register_module("rnn", rnn_);

	// self-attention over the LSTM states of both directions
	attention_ = std::make_shared<MultiHeadAttention>(hidden_dim * 2, num_heads);
	register_module("attention", attention_);

	keyword_embed_ = torch::nn::Embedding(torch::nn::EmbeddingOptions(num_keywords, keyword_dim));
	register_module("keyword_embed", keyword_embed_);

	location_embed_ = torch::nn::Embedding(torch::nn::EmbeddingOptions(num_locations, location_dim));
	register_module("location_embed", location_embed_);

	fc_ = torch::nn::Linear(torch::nn::LinearOptions(hidden_dim * 2 + keyword_dim + location_dim, output_dim));
	register_module("fc", fc_);

	dropout_ = torch::nn::Dropout(torch::nn::DropoutOptions(dropout));
	register_module("dropout", dropout_);
}

torch::Tensor SentimentRNNImpl::forward(const torch::Tensor& text, const at::Tensor& length, const torch::Tensor& keyword, const torch::Tensor& location) {
	auto embedded = dropout_(torch::embedding(embeddings_weights_, text, pad_idx_));

	torch::nn::utils::rnn::PackedSequence packed_seq = torch::nn::utils::rnn::pack_padded_sequence(
		embedded,
		length,
		false
	);

	auto rnn_out = rnn_->forward_with_packed_input(packed_seq);

	// back to a padded [batch, time, 2 * hidden] tensor
	auto unpacked = torch::nn::utils::rnn::pad_packed_sequence(std::get<0>(rnn_out), false);
	torch::Tensor states = std::get<0>(unpacked).transpose(0, 1);

	torch::Tensor steps = torch::arange(states.size(1), torch::TensorOptions().dtype(torch::kLong).device(states.device())).unsqueeze(0);
	torch::Tensor pad = steps >= length.to(states.device()).unsqueeze(1);

	torch::Tensor attended = attention_->forward(states, pad);

	// max over the tweet's own words
	torch::Tensor pooled = attended.masked_fill(pad.unsqueeze(-1), -1e4).amax(1);

	auto hidden = dropout_(torch::cat({pooled, keyword_embed_(keyword), location_embed_(location)}, 1));

	return fc_(hidden);
}

void SentimentRNNImpl::SetPretrainedEmbeddings(const at::Tensor& weights) {
	torch::NoGradGuard guard;
	embeddings_weights_.copy_(weights);
}
