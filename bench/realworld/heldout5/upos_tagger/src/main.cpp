// Synthetic part-of-speech tagging: every word has a usual tag and a word
// shape; one word in eight is ambiguous and takes another tag after a word
// whose tag is odd, so the tagger needs the context as well as the lexicon.
#include <iostream>
#include <random>
#include <vector>

#include <torch/torch.h>

#include "tagger.h"
#include "trainer.h"

namespace {

constexpr int64_t kVocabSize = 1000;
constexpr int64_t kNumTags = 17;  // the Universal POS tag set
constexpr int64_t kMinSentenceLen = 8;
constexpr int64_t kMaxSentenceLen = 32;
constexpr int64_t kTrainSentences = 960;
constexpr int64_t kTestSentences = 240;
constexpr int64_t kEpochs = 3;
constexpr int64_t kBatchSize = 24;

struct Lexicon {
  std::vector<int64_t> tag;
  std::vector<int64_t> shape;
  std::vector<bool> ambiguous;
};

Lexicon make_lexicon(std::mt19937& rng) {
  Lexicon lex;
  std::uniform_int_distribution<int64_t> tag_dist(0, kNumTags - 1);
  std::uniform_int_distribution<int64_t> shape_dist(1, 7);
  std::bernoulli_distribution ambiguous_dist(0.125);
  lex.tag.resize(kVocabSize);
  lex.shape.resize(kVocabSize);
  lex.ambiguous.resize(kVocabSize);
  for (int64_t w = 1; w < kVocabSize; ++w) {
    lex.tag[w] = tag_dist(rng);
    // the shape is right for most words (capitalised, digits, suffix class...)
    lex.shape[w] = (w % 5 == 0) ? shape_dist(rng) : 1 + lex.tag[w] % 7;
    lex.ambiguous[w] = ambiguous_dist(rng);
  }
  return lex;
}

TaggedCorpus make_corpus(const Lexicon& lex, int64_t sentences, std::mt19937& rng) {
  std::uniform_int_distribution<int64_t> len_dist(kMinSentenceLen, kMaxSentenceLen);
  std::uniform_int_distribution<int64_t> word_dist(1, kVocabSize - 1);
  auto words = torch::zeros({sentences, kMaxSentenceLen}, torch::kLong);
  auto shapes = torch::zeros({sentences, kMaxSentenceLen}, torch::kLong);
  auto tags = torch::full({sentences, kMaxSentenceLen}, kPadTag, torch::kLong);
  auto w_acc = words.accessor<int64_t, 2>();
  auto s_acc = shapes.accessor<int64_t, 2>();
  auto t_acc = tags.accessor<int64_t, 2>();
  for (int64_t s = 0; s < sentences; ++s) {
    const int64_t len = len_dist(rng);
    int64_t previous_tag = 0;
    for (int64_t i = 0; i < len; ++i) {
      const int64_t w = word_dist(rng);
      int64_t tag = lex.tag[w];
      if (lex.ambiguous[w] && previous_tag % 2 == 1) {
        tag = (tag + 3) % kNumTags;
      }
      w_acc[s][i] = w;
      s_acc[s][i] = lex.shape[w];
      t_acc[s][i] = tag;
      previous_tag = tag;
    }
  }
  return {words, shapes, tags};
}

}  // namespace

int main() {
  torch::manual_seed(7);
  std::mt19937 rng(7);

  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  std::cout << "device: " << device << std::endl;

  const Lexicon lexicon = make_lexicon(rng);
  const TaggedCorpus train = make_corpus(lexicon, kTrainSentences, rng);
  const TaggedCorpus test = make_corpus(lexicon, kTestSentences, rng);

  TaggerConfig cfg;
  cfg.vocab_size = kVocabSize;
  cfg.num_tags = kNumTags;
  Tagger tagger(cfg);

  Trainer trainer(tagger, device, 3e-3);
  const double final_loss = trainer.fit(train, kEpochs, kBatchSize);
  const double accuracy = trainer.evaluate(test);

  std::cout << "final loss: " << final_loss << std::endl;
  std::cout << "test token accuracy: " << accuracy << std::endl;
  return 0;
}
