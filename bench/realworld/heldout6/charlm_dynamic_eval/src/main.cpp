// Character-level language model on generated English-like text, scored on a test text
// from a narrower topic with and without dynamic evaluation.
#include <torch/torch.h>

#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "char_lm.h"
#include "dynamic_eval.h"
#include "lm_config.h"
#include "trainer.h"
#include "vocab.h"

int64_t char_to_index(char c) {
  if (c >= 'a' && c <= 'z') return 1 + (c - 'a');
  if (c == ' ') return 27;
  if (c == '.') return 28;
  return 29;  // newline
}

char index_to_char(int64_t index) {
  if (index >= 1 && index <= 26) return static_cast<char>('a' + index - 1);
  if (index == 27) return ' ';
  if (index == 28) return '.';
  return index == 29 ? '\n' : '_';
}

namespace {

const std::vector<std::string> kSubjects = {"the cat", "the dog", "a small bird", "my old friend",
                                            "the farmer", "a young girl", "the teacher"};
const std::vector<std::string> kVerbs = {"sees", "likes", "finds", "paints", "follows",
                                         "carries", "watches"};
const std::vector<std::string> kObjects = {"the red ball", "a wooden box", "the tall tree",
                                           "an apple", "the green door", "a paper boat"};
const std::vector<std::string> kEndings = {"", " today", " again", " in the garden", " at night"};

// Sentences drawn from the given index ranges of each word list.
std::string make_text(int64_t num_sentences, size_t subject_end, size_t object_end, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&rng](const std::vector<std::string>& words, size_t end) {
    std::uniform_int_distribution<size_t> d(0, end - 1);
    return words[d(rng)];
  };
  std::string text;
  for (int64_t i = 0; i < num_sentences; ++i) {
    text += pick(kSubjects, subject_end) + " " + pick(kVerbs, kVerbs.size()) + " " +
            pick(kObjects, object_end) + pick(kEndings, kEndings.size()) + ".";
    text += (i % 3 == 2) ? "\n" : " ";
  }
  return text;
}

torch::Tensor encode(const std::string& text) {
  auto tokens = torch::empty({static_cast<int64_t>(text.size())}, torch::kLong);
  auto acc = tokens.accessor<int64_t, 1>();
  for (size_t i = 0; i < text.size(); ++i) acc[static_cast<int64_t>(i)] = char_to_index(text[i]);
  return tokens;
}

}  // namespace

int main() {
  torch::manual_seed(11);
  const torch::Tensor train_stream = encode(make_text(2600, kSubjects.size(), kObjects.size(), 1));
  // The test text talks about fewer subjects and objects than the training text.
  const torch::Tensor test_stream = encode(make_text(160, 2, 2, 2));

  const LmConfig cfg{kVocabSize, 48, 150, 2, 0.1};
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) device = torch::Device(torch::kCUDA);

  CharLM model(cfg);
  model->set_unigram(torch::bincount(train_stream, {}, kVocabSize));
  const TrainConfig train_config{/*batch_size=*/32, /*bptt=*/32, /*epochs=*/3,
                                 /*max_steps=*/240, /*lr=*/3e-3, /*clip=*/0.5};
  const float loss = train_lm(model, train_stream, train_config, device);

  const double static_bpc = static_bits_per_char(model, test_stream, 64, device);
  const double dynamic_bpc =
      dynamic_bits_per_char(model, test_stream, DynamicEvalConfig{64, 0.02, 0.02}, device);
  std::cout << "final loss: " << loss << "\n";
  std::cout << "test bits per character: " << static_bpc << " static, " << dynamic_bpc
            << " with dynamic evaluation\n";
  return 0;
}
