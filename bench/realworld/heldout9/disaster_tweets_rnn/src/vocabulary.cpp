#include "vocabulary.h"

#include <functional>

namespace {

// coarse topic of a word, for the direction its vector leans to
int topic(const std::string& w) {
	static const std::vector<std::vector<std::string>> topics = {
		{"killed", "evacuated", "missing", "injured", "trapped", "destroyed", "displaced", "rescued", "fatalities"},
		{"police", "officials", "firefighters", "authorities", "red", "cross", "news", "reuters", "breaking"},
		{"lol", "omg", "haha", "tbh", "literally", "honestly", "ngl", "bruh"},
		{"love", "cant", "wait", "good", "im", "dead", "crying", "obsessed", "goals", "vibes"},
		{"song", "timeline", "game", "playlist", "outfit", "movie", "inbox", "album", "pizza", "phone"}};
	for (size_t t = 0; t < topics.size(); ++t)
		for (const auto& x : topics[t])
			if (x == w) return static_cast<int>(t);
	return -1;
}

} // namespace

bool GloveReader::Has(const std::string& word) const {
	// numbers have no vector in the file
	return !word.empty() && !std::isdigit(static_cast<unsigned char>(word[0]));
}

torch::Tensor GloveReader::Get(const std::string& word) const {
	auto gen = at::detail::createCPUGenerator(static_cast<uint64_t>(std::hash<std::string>{}(word) % 1000003));
	torch::Tensor v = 0.3 * torch::randn({embedding_dim_}, gen);
	int t = topic(word);
	if (t >= 0) {
		auto tgen = at::detail::createCPUGenerator(static_cast<uint64_t>(97 + t));
		v += 0.5 * torch::randn({embedding_dim_}, tgen);
	}
	return v;
}

Vocabulary::Vocabulary(const WordsFrequencies& frequencies, const GloveReader& glove) {
	std::vector<torch::Tensor> rows;
	rows.push_back(torch::zeros({glove.Dim()}));                 // <pad>
	rows.push_back(0.1 * torch::randn({glove.Dim()}));           // <unk>
	for (const auto& kv : frequencies) {
		int64_t i = static_cast<int64_t>(index_.size()) + 2;
		index_[kv.first] = i;
		rows.push_back(glove.Has(kv.first) ? glove.Get(kv.first) : 0.1 * torch::randn({glove.Dim()}));
	}
	embeddings_ = torch::stack(rows);
}

int64_t Vocabulary::GetIndex(const std::string& word) const {
	auto it = index_.find(word);
	return it == index_.end() ? 1 : it->second;
}
