#ifndef VOCABULARY_H
#define VOCABULARY_H

#include "tweet_reader.h"

#include <torch/torch.h>

#include <string>
#include <unordered_map>

// Word vectors. The glove.6B file is replaced by deterministic vectors: words of
// the same topic share a direction, as pretrained vectors roughly do.
class GloveReader {
	public:
		explicit GloveReader(int64_t embedding_dim) : embedding_dim_(embedding_dim) {}
		bool Has(const std::string& word) const;
		torch::Tensor Get(const std::string& word) const;
		int64_t Dim() const {return embedding_dim_;}
	private:
		int64_t embedding_dim_;
};

class Vocabulary {
	public:
		Vocabulary(const WordsFrequencies& frequencies, const GloveReader& glove);

		int64_t GetIndex(const std::string& word) const;
		int64_t GetPaddingIndex() const {return 0;}
		int64_t GetEmbeddingsCount() const {return static_cast<int64_t>(index_.size()) + 2;}
		const torch::Tensor& GetEmbeddings() const {return embeddings_;}

	private:
		std::unordered_map<std::string, int64_t> index_;
		torch::Tensor embeddings_;
};

#endif // VOCABULARY_H
