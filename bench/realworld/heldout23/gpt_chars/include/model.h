#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <memory>

#include "layers.h"

class SelfAttention : public torch::nn::Module
{
	torch::Tensor m_wKey;
	torch::Tensor m_wQuery;
	torch::Tensor m_wValue;
	torch::Tensor m_tril;
public:
	SelfAttention();
	torch::Tensor forward(torch::Tensor x); // {batch, context, embeddingDim}
};

class CppGPT : public torch::nn::Module
{
	torch::nn::Linear m_lmHead{nullptr};
	torch::nn::Embedding m_embedder{nullptr};
	torch::nn::Embedding m_embedderPosition{nullptr};
	std::shared_ptr<SelfAttention> m_att{};
	FeedForward m_ffn{nullptr};
	torch::Tensor m_posRange;
public:
	explicit CppGPT(const uint16_t vocabSize);
	torch::Tensor forward(const torch::Tensor x); // {batch, context} -> {batch, vocabSize, context}
	torch::Tensor loss(torch::Tensor logits, torch::Tensor target);
	torch::Tensor generate(torch::Tensor input, const uint16_t steps);
};
