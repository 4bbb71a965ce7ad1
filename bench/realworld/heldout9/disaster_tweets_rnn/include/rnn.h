#ifndef RNN_H
#define RNN_H

#include <torch/torch.h>

#include <memory>

#include "transformer.h"

class SentimentRNNImpl : public torch::nn::Module {
	public:
		SentimentRNNImpl(
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
		);
		torch::Tensor forward(const torch::Tensor& text, const at::Tensor& length, const torch::Tensor& keyword, const torch::Tensor& location);
		void SetPretrainedEmbeddings(const at::Tensor& weights);
		torch::Tensor& EmbeddingWeights() {return embeddings_weights_;}

	private:
		int64_t pad_idx_{-1};
		torch::autograd::Variable embeddings_weights_;
		torch::nn::LSTM rnn_ = nullptr;
		std::shared_ptr<MultiHeadAttention> attention_;
		torch::nn::Embedding keyword_embed_ = nullptr;
		torch::nn::Embedding location_embed_ = nullptr;
		torch::nn::Linear fc_ = nullptr;
		torch::nn::Dropout dropout_ = nullptr;
};
TORCH_MODULE(SentimentRNN);
#endif // RNN_H
