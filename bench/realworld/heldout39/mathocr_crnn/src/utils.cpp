//
// Tokenizer helpers of MathOCR (string <-> label tensor).
//

#include "utils.h"

#include <algorithm>

const std::string &vocabulary() {
  // 63 symbols; index 0 is the CTC blank, so the class count is 64
  static const std::string vocab =
      "0123456789abcdefghijklmnopqrstuvwxyz+-=()[]{}^_\\/|<>*.,;:!?'\"#&";
  return vocab;
}

torch::Tensor toTensor(const std::string &str) {
  const std::string &vocab = vocabulary();
  std::vector<int64_t> ids;
  ids.reserve(MAX_LABEL_LEN);
  for (char c : str) {
    size_t pos = vocab.find(c);
    if (pos == std::string::npos)
      continue;
    ids.push_back(static_cast<int64_t>(pos) + 1);
  }
  while (static_cast<int64_t>(ids.size()) < MAX_LABEL_LEN)
    ids.push_back(0);
  return torch::tensor(ids, torch::kLong);
}

torch::Tensor toTensor(const std::vector<std::string> &strs) {
  std::vector<torch::Tensor> rows;
  rows.reserve(strs.size());
  for (const std::string &s : strs)
    rows.push_back(toTensor(s));
  return torch::stack(rows);
}

std::vector<std::string> toString(const torch::Tensor &tensor) {
  const std::string &vocab = vocabulary();
  torch::Tensor t = tensor.to(torch::kCPU).to(torch::kLong);
  if (t.dim() == 1)
    t = t.unsqueeze(0);
  std::vector<std::string> out;
  for (int64_t i = 0; i < t.size(0); ++i) {
    std::string s;
    int64_t prev = 0;
    for (int64_t j = 0; j < t.size(1); ++j) {
      int64_t id = t[i][j].item<int64_t>();
      if (id != 0 && id != prev && id <= static_cast<int64_t>(vocab.size()))
        s.push_back(vocab[id - 1]);
      prev = id;
    }
    out.push_back(s);
  }
  return out;
}

void printHelp() {
  std::cout << "MathOCR: train [epochs] [learningRate]" << std::endl;
}

int clamp(int n, int lower, int upper) {
  return std::max(lower, std::min(n, upper));
}
