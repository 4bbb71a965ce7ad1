#include <torch/torch.h>

#include <iostream>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "config.h"
#include "trainer.h"
#include "transformer.h"

namespace {
// A made-up "transliteration": every letter is substituted and the word reversed.
std::string transliterate(const std::string& src, const std::string& alphabet) {
  std::string out;
  for (auto it = src.rbegin(); it != src.rend(); ++it) {
    const size_t pos = alphabet.find(*it);
    out += alphabet[(pos * 7 + 3) % alphabet.size()];
  }
  return out;
}

std::vector<std::string> random_words(size_t n, const std::string& alphabet, std::mt19937& rng) {
  std::uniform_int_distribution<int> len(3, 9);
  std::uniform_int_distribution<size_t> letter(0, alphabet.size() - 1);
  std::vector<std::string> words;
  for (size_t i = 0; i < n; ++i) {
    std::string w;
    const int l = len(rng);
    for (int k = 0; k < l; ++k) w += alphabet[letter(rng)];
    words.push_back(w);
  }
  return words;
}
}  // namespace

int main() {
  torch::manual_seed(0);
  std::mt19937 rng(0);

  const std::string START_TOKEN = "<START>";
  const std::string PADDING_TOKEN = "<PADDING>";
  const std::string END_TOKEN = "<END>";
  const std::string alphabet = "abcdefghijklmnopqrst";

  std::vector<std::string> vocab;
  for (char c : alphabet) vocab.emplace_back(1, c);
  vocab.push_back(START_TOKEN);
  vocab.push_back(END_TOKEN);
  vocab.push_back(PADDING_TOKEN);

  std::unordered_map<std::string, int64_t> src_to_index, trg_to_index;
  std::unordered_map<int64_t, std::string> index_to_trg;
  for (size_t i = 0; i < vocab.size(); ++i) {
    src_to_index[vocab[i]] = static_cast<int64_t>(i);
    trg_to_index[vocab[i]] = static_cast<int64_t>(i);
    index_to_trg[static_cast<int64_t>(i)] = vocab[i];
  }
  const int64_t trg_vocab_size = static_cast<int64_t>(vocab.size());

  auto src_sentences = random_words(1024, alphabet, rng);
  std::vector<std::string> trg_sentences;
  for (const auto& s : src_sentences) trg_sentences.push_back(transliterate(s, alphabet));
  auto test_src = random_words(64, alphabet, rng);
  std::vector<std::string> test_trg;
  for (const auto& s : test_src) test_trg.push_back(transliterate(s, alphabet));

  Transformer transformer(cfg::kDModel, cfg::kFfnHidden, cfg::kNumHeads, cfg::kDropProb,
                          cfg::kNumLayers, cfg::kMaxSequenceLength, trg_vocab_size, src_to_index,
                          trg_to_index, index_to_trg, START_TOKEN, END_TOKEN, PADDING_TOKEN);
  transformer->to(transformer->device_);

  const double acc_before = char_accuracy(transformer, test_src, test_trg);
  ModelTrainer trainer(cfg::kNumEpochs, cfg::kBatchSize, 1e-3);
  const double final_loss = trainer.train(transformer, src_sentences, trg_sentences, "hello");
  const double acc_after = char_accuracy(transformer, test_src, test_trg);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test char accuracy: " << acc_before << " -> " << acc_after << std::endl;
  return 0;
}
