#include "model.h"

const int64_t kNumTags = 17;     // CROSS-EXPECT: `kNumTags` = 17 is not a multiple of 8
const int64_t kWideHidden = 100; // CROSS-EXPECT: `kWideHidden` = 100 is not a multiple of 8
const int64_t kVocab = 30;       // CROSS-EXPECT: `kVocab` = 30 is not a multiple of 8

TaggerConfig wide_config() {
  TaggerConfig c;
  c.hidden = kWideHidden;
  c.num_tags = 16;
  return c;
}

int main(int argc, char **argv) {
  TaggerConfig cfg;
  cfg.num_tags = kNumTags;
  cfg.vocab = kVocab;
  cfg.name = "ner";
  cfg.labels.push_back("O");
  Tagger tagger(cfg);
  cfg.num_tags = 30; // after the model is built: sizes nothing

  TaggerConfig maybe;
  maybe.num_tags = 24;
  if (argc > 1)
    maybe.hidden = 36; // on one path only: the hidden size of `other` is unknown
  Tagger other(maybe);

  TaggerConfig looped;
  looped.num_tags = 8;
  for (int i = 0; i < argc; ++i) {
    Tagger each(looped); // 8, then 44: unknown
    looped.num_tags = 44;
  }

  Tagger wide(wide_config());
  Tagger made(make_config());
  auto config = make_config();
  torch::nn::Linear probe(config.hidden + config.num_tags, 64); // CROSS-EXPECT: in_features = 76 of Linear `probe` is not a multiple of 8
  Heads aligned(96, 4); // 24
  Heads odd(120, 6);    // 20; never 120 / 4 or 96 / 6
  Pool pooled(120, 4);  // head dim 30
  Pool even(96, 4);     // 24
  BoardHead seven(7);   // 2 * 7 * 7 = 98
  BoardHead eight(8);   // 128
  CentralCritic three(3, 4, 2); // 3 * 4 + 3 * 2 = 18
  CentralCritic two(2, 8, 4);   // 24; never 3 * 8 + 3 * 4 = 36 or 2 * 4 + 2 * 2 = 12
  int64_t nfreq = 18;
  tune_frequencies(nfreq);
  Embed embedded(nfreq); // unknown: never 2 * 18 from the default argument
  auto experiment = make_experiment();
  Trainer trainer(experiment);
  Seq2Seq translator(experiment);
  AppearanceConfig appearance;
  auto color_decoder = make_color_decoder(appearance);
  DetectHead detect(64, 4);      // 3 * (4 + 5) = 27
  DetectHead paired(64, 3, 2);   // 2 * (3 + 5) = 16; never 3 * (3 + 5) or 2 * (4 + 5)
  MlpConfig mlp_config;
  mlp_config.widths = {64, 44};
  Mlp assigned(mlp_config);
  Mlp defaults(MlpConfig{});
  MlpConfig appended;
  appended.widths.push_back(20);
  Mlp grown(appended);
  Steps steps(10); // widths 10, 20 in the loop (20, 40 doubled), 40 after it
  const StackConfig stack_config = read_stack_config();
  Stack stack(stack_config); // widths 48, 64, 36: the loop's 64 -> 36 and the head's 36
  auto words = torch::randn({2, 64});
  auto shapes = torch::zeros({2}, torch::kLong);
  return tagger(words, shapes).size(0) + odd(torch::randn({2, 20})).size(0) == 4 ? 0 : 1;
}
