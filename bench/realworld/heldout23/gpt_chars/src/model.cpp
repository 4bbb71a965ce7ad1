#include "model.h"

#include <cmath>

#include "hyper.h"

namespace
{
constexpr float kMaskFill = -1e9f;
}

SelfAttention::SelfAttention()
	: m_wKey(register_parameter("m_wKey", torch::rand({embeddingDim, embeddingDim}).sub(0.5f).mul(2).div(std::sqrt(float(embeddingDim))), true)),
	  m_wQuery(register_parameter("m_wQuery", torch::rand({embeddingDim, embeddingDim}).sub(0.5f).mul(2).div(std::sqrt(float(embeddingDim))), true)),
	  m_wValue(register_parameter("m_wValue", torch::rand({embeddingDim, embeddingDim}).sub(0.5f).mul(2).div(std::sqrt(float(embeddingDim))), true))
{
	// {1(batch), context, context}: true above the diagonal
	m_tril = register_buffer("m_tril", torch::tril(torch::ones({contextMaxSize, contextMaxSize})).eq(torch::Scalar(0)).unsqueeze(0));
}

torch::Tensor SelfAttention::forward(torch::Tensor x)
{
	const auto context = x.size(1);
	at::Tensor xT = x.transpose(1, 2); // {batch, embeddingDim, context}

	at::Tensor key = m_wKey.matmul(xT);     // {batch, embeddingDim, context}
	at::Tensor query = m_wQuery.matmul(xT); // {batch, embeddingDim, context}
	at::Tensor weight = query.transpose(1, 2).matmul(key); // {batch, context, context}

	auto tril = m_tril.slice(1, 0, context).slice(2, 0, context);
	torch::Tensor weightMasked = weight.masked_fill(tril, kMaskFill);

	at::Tensor weightNormalized = torch::nn::functional::softmax(weightMasked / std::sqrt(float(embeddingDim)), torch::nn::functional::SoftmaxFuncOptions(2));
	at::Tensor value = m_wValue.matmul(xT).transpose(1, 2); // {batch, context, embeddingDim}
	return weightNormalized.matmul(value);
}

CppGPT::CppGPT(const uint16_t vocabSize)
{
	m_lmHead = register_module("wlmHead", torch::nn::Linear(torch::nn::LinearOptions(embeddingDim, vocabSize).bias(false)));
	m_embedder = register_module("embedder", torch::nn::Embedding(vocabSize, embeddingDim));
	m_embedderPosition = register_module("embedderPosition", torch::nn::Embedding(contextMaxSize, embeddingDim));
	m_att = register_module("m_att", std::make_shared<SelfAttention>());
	m_ffn = register_module("m_ffn", FeedForward(embeddingDim, fanOut));
	m_posRange = register_buffer("m_posRange", torch::arange(contextMaxSize).unsqueeze(0)); // {1, contextMax}
}

torch::Tensor CppGPT::forward(const torch::Tensor x)
{
	const auto c = x.size(1);
	torch::Tensor xEmbedded = m_embedder(x);
	torch::Tensor posEmbedding = m_embedderPosition(m_posRange).slice(1, 0, c);
	torch::Tensor xIn = xEmbedded + posEmbedding;

	torch::Tensor y = xIn + m_att->forward(xIn);
	y = y + m_ffn(y);
	at::Tensor logits = m_lmHead(y); // {batch, context, vocabSize}
	return logits.transpose(1, 2);   // {batch, vocabSize, context}
}

torch::Tensor CppGPT::loss(torch::Tensor logits, torch::Tensor target)
{
	const auto B = logits.size(0);
	const auto V = logits.size(1);
	const auto C = logits.size(2);
	torch::Tensor lg2 = logits.transpose(1, 2);
	torch::Tensor logits2 = lg2.reshape({B * C, V});
	torch::Tensor targets2 = target.reshape(B * C);
	return torch::nn::functional::cross_entropy(logits2, targets2);
}

torch::Tensor CppGPT::generate(torch::Tensor input, const uint16_t steps)
{
	torch::Tensor inputx = input.unsqueeze(0); // {batch, context}
	torch::NoGradGuard noGrad{};
	for (int newTokenId = 0; newTokenId < steps; newTokenId++)
	{
		torch::Tensor x = inputx.size(1) < contextMaxSize ? inputx : inputx.slice(1, -contextMaxSize);
		torch::Tensor logits = forward(x);
		torch::Tensor logit2 = logits.slice(2, -1).squeeze(2); // {batch, vocabSize}
		torch::Tensor probs = torch::nn::functional::softmax(logit2, 1);
		torch::Tensor idx_next = torch::multinomial(probs, 1);
		inputx = torch::cat({inputx, idx_next}, 1);
	}
	return inputx.squeeze(0);
}
