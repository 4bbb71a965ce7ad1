#include "corpus.h"

#include <random>
#include <vector>

#include "gpt_config.h"

namespace {
const std::vector<std::string> kDeterminers = {"the", "a", "every", "one"};
const std::vector<std::string> kAdjectives = {"old", "quick", "small", "quiet", "red"};
const std::vector<std::string> kNouns = {"cat", "dog", "bird", "fox", "child", "farmer", "river", "house"};
const std::vector<std::string> kVerbs = {"sees", "follows", "likes", "finds", "watches"};
const std::vector<std::string> kPlaces = {"near the river", "by the house", "in the field", "at night"};

int char_to_id(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c == ' ') return 26;
  if (c == '.') return 27;
  if (c == ',') return 28;
  return 29;  // '?'
}

char id_to_char(int64_t id) {
  if (id < 26) return static_cast<char>('a' + id);
  if (id == 26) return ' ';
  if (id == 27) return '.';
  if (id == 28) return ',';
  return '?';
}
}  // namespace

std::string make_corpus(int64_t sentences, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&rng](const std::vector<std::string> &words) {
    return words[std::uniform_int_distribution<size_t>(0, words.size() - 1)(rng)];
  };
  std::bernoulli_distribution coin(0.5);
  std::string text;
  for (int64_t s = 0; s < sentences; ++s) {
    const bool question = coin(rng) && coin(rng);
    std::string sentence = question ? "does " : "";
    sentence += pick(kDeterminers) + " ";
    if (coin(rng)) sentence += pick(kAdjectives) + " ";
    sentence += pick(kNouns) + " ";
    std::string verb = pick(kVerbs);
    if (question) verb = verb.substr(0, verb.size() - 1);  // "sees" -> "see"
    sentence += verb + " " + pick(kDeterminers) + " " + pick(kNouns);
    if (coin(rng)) sentence += ", " + pick(kPlaces);
    sentence += question ? "?" : ".";
    text += sentence + " ";
  }
  return text;
}

torch::Tensor encode(const std::string &text) {
  std::vector<int64_t> ids;
  ids.reserve(text.size());
  for (char c : text) ids.push_back(char_to_id(c));
  return torch::tensor(ids, torch::kLong);
}

std::string decode(const torch::Tensor &ids) {
  std::string out;
  auto flat = ids.to(torch::kCPU).reshape({-1});
  for (int64_t i = 0; i < flat.size(0); ++i) out += id_to_char(flat[i].item<int64_t>());
  return out;
}

std::pair<torch::Tensor, torch::Tensor> get_batch(const torch::Tensor &data, int64_t batch, int64_t length) {
  auto starts = torch::randint(data.size(0) - length - 1, {batch, 1}, torch::kLong);
  auto idx = starts + torch::arange(length, torch::kLong).unsqueeze(0);
  return {data.index({idx}), data.index({idx + 1})};
}
