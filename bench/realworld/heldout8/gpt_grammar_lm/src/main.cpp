#include <torch/torch.h>

#include <iostream>

#include "corpus.h"
#include "gpt.h"
#include "gpt_config.h"
#include "trainer.h"

int main() {
  torch::manual_seed(1337);
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) {
    device = torch::Device(torch::kCUDA);
  }

  auto train_data = encode(make_corpus(4000, 1));
  auto test_data = encode(make_corpus(800, 2));

  GptConfig cfg;
  GPT model = make_gpt(cfg);
  model->to(device);

  TrainConfig tc;
  double final_loss = train_gpt(model, train_data, tc, device);
  std::cout << "final loss: " << final_loss << std::endl;

  // Unigram baseline on the test text.
  auto counts = torch::bincount(test_data, {}, kVocab).to(torch::kFloat64);
  auto freq = counts / counts.sum();
  auto nz = freq.masked_select(freq > 0);
  double unigram_ppl = std::exp((-(nz * torch::log(nz)).sum()).item<double>());

  double ppl = evaluate_perplexity(model, test_data, device);
  std::cout << "test perplexity: " << ppl << " (unigram " << unigram_ppl << ")" << std::endl;

  auto start = encode("the ").unsqueeze(0).to(device);
  model->eval();
  std::cout << "sample: " << decode(model->generate(start, 60)) << std::endl;
  return 0;
}
