#include "metrics.h"

#include <vector>

std::pair<torch::Tensor, torch::Tensor> to_tensors(DataSet& data_set) {
  std::vector<float> input_vector;
  std::vector<float> target_output;
  for (unsigned i = 0; i < data_set.x1().size(); i++) {
    // form an input row combined of x1, x2, x3 and x4
    input_vector.push_back(data_set.x1()[i]);
    input_vector.push_back(data_set.x2()[i]);
    input_vector.push_back(data_set.x3()[i]);
    input_vector.push_back(data_set.x4()[i]);
    target_output.push_back(data_set.y()[i]);
  }
  const auto rows = static_cast<int64_t>(target_output.size());
  auto input_tensor = torch::from_blob(input_vector.data(), {rows, 4}).clone().toType(at::kFloat);
  auto output_tensor = torch::from_blob(target_output.data(), {rows}).clone().toType(at::ScalarType::Long);
  return {input_tensor, output_tensor};
}

double accuracy(Net& net, const torch::Tensor& input, const torch::Tensor& target) {
  torch::NoGradGuard no_grad;
  auto prediction = net.forward(input);
  return prediction.argmax(1).eq(target).to(torch::kFloat).mean().item<double>();
}
