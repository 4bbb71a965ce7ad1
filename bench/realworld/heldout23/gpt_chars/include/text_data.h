#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

using EncodedString = std::vector<int32_t>;

class TextEncoder
{
public:
	virtual ~TextEncoder() = default;
	virtual void GenerateEncodings(const std::string_view data) = 0;
	virtual uint16_t UniqueTokenCount() const = 0;
	virtual EncodedString Encode(const std::string_view data) const = 0;
	virtual std::string Decode(const EncodedString& data) const = 0;
};

class CharEncoder : public TextEncoder
{
	std::vector<char> m_inverseEncodings;
	std::map<char, uint32_t> m_mapping{};
public:
	void GenerateEncodings(const std::string_view data) override;
	uint16_t UniqueTokenCount() const override;
	EncodedString Encode(const std::string_view data) const override;
	std::string Decode(const EncodedString& data) const override;
};

class TextDataSet : public torch::data::Dataset<TextDataSet, torch::data::Example<>>
{
	EncodedString m_encodedData;
	const uint16_t m_contextSize;
public:
	TextDataSet(EncodedString encoded, const uint16_t contextSize);
	c10::optional<size_t> size() const override;
	ExampleType get(size_t index) override;
};

// Synthetic dialogue lines in place of the original's train.txt and val.txt.
std::string makeDialogue(uint32_t seed, size_t lines);
