#pragma once

#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

// Synthetic stand-in for the original's data.csv (id, diagnosis M/B, 30 numeric
// columns): rows of strings, pre-validated and encoded column by column.
struct CsvTable {
  std::vector<std::string> headers;
  std::vector<std::vector<std::string>> rows;
};

CsvTable make_synthetic_csv(int n_rows, unsigned seed);
void preValidation(std::vector<std::string>& headers, std::vector<std::vector<std::string>>& csvData);

struct Split {
  torch::Tensor X_train, X_test, y_train, y_test;
};

// Encodes the table (M -> 1, B -> 0), normalises the features and splits 80/20.
Split encode_and_split(const CsvTable& table, torch::Dtype dtype);

class CustomDatasets : public torch::data::datasets::Dataset<CustomDatasets> {
 private:
  torch::Tensor features;
  torch::Tensor labels;

 public:
  CustomDatasets(torch::Tensor features, torch::Tensor labels)
      : features(std::move(features)), labels(std::move(labels)) {}
  torch::data::Example<> get(size_t index) override { return {features[index], labels[index]}; }
  torch::optional<size_t> size() const override { return features.size(0); }
};
