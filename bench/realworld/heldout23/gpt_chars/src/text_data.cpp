#include "text_data.h"

#include <random>

void CharEncoder::GenerateEncodings(const std::string_view data)
{
	for (const char letter : data)
	{
		if (m_mapping.find(letter) == m_mapping.end())
		{
			m_mapping.try_emplace(letter, m_mapping.size());
			m_inverseEncodings.push_back(letter);
		}
	}
}

uint16_t CharEncoder::UniqueTokenCount() const
{
	return static_cast<uint16_t>(m_inverseEncodings.size());
}

EncodedString CharEncoder::Encode(const std::string_view data) const
{
	EncodedString outData{};
	outData.reserve(data.size());
	for (const char letter : data)
	{
		outData.push_back(static_cast<int32_t>(m_mapping.at(letter)));
	}
	return outData;
}

std::string CharEncoder::Decode(const EncodedString& data) const
{
	std::string outData{};
	outData.reserve(data.size());
	for (const auto dataPoint : data)
	{
		outData.push_back(m_inverseEncodings.at(dataPoint));
	}
	return outData;
}

TextDataSet::TextDataSet(EncodedString encoded, const uint16_t contextSize)
	: m_encodedData(std::move(encoded)), m_contextSize(contextSize)
{
}

c10::optional<size_t> TextDataSet::size() const
{
	return c10::optional<size_t>(m_encodedData.size() - m_contextSize - 1);
}

TextDataSet::ExampleType TextDataSet::get(size_t index)
{
	std::vector<int64_t> data(m_encodedData.begin() + index, m_encodedData.begin() + index + m_contextSize);
	std::vector<int64_t> target(m_encodedData.begin() + index + 1, m_encodedData.begin() + index + 1 + m_contextSize);
	return {torch::tensor(data, torch::kLong), torch::tensor(target, torch::kLong)};
}

std::string makeDialogue(uint32_t seed, size_t lines)
{
	static const std::vector<std::string> speakers{"Thomas: ", "Anna: ", "Greta: "};
	static const std::vector<std::string> openings{"i think ", "we should ", "maybe we ", "you said we "};
	static const std::vector<std::string> verbs{"sail ", "wait ", "read ", "sing "};
	static const std::vector<std::string> endings{"at dawn.", "by the sea.", "before winter.", "all night."};
	std::mt19937 rng(seed);
	std::string text;
	for (size_t i = 0; i < lines; ++i)
	{
		text += speakers[rng() % speakers.size()];
		const size_t opening = rng() % openings.size();
		text += openings[opening];
		// the verb follows the opening, the ending follows the verb: learnable structure
		const size_t verb = (opening + rng() % 2) % verbs.size();
		text += verbs[verb];
		text += endings[(verb + rng() % 2) % endings.size()];
		text += '\n';
	}
	return text;
}
