#include "records.h"

#include <random>
#include <sstream>

CsvTable make_synthetic_csv(int n_rows, unsigned seed) {
  static const char* kBase[10] = {"radius", "texture", "perimeter", "area", "smoothness",
                                  "compactness", "concavity", "concave_points", "symmetry",
                                  "fractal_dimension"};
  static const char* kKind[3] = {"_mean", "_se", "_worst"};
  CsvTable table;
  table.headers = {"id", "diagnosis"};
  for (auto* kind : kKind)
    for (auto* base : kBase) table.headers.push_back(std::string(base) + kind);

  std::mt19937 rng(seed);
  std::bernoulli_distribution malignant(0.37);
  std::normal_distribution<double> noise(0.0, 1.0);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int r = 0; r < n_rows; ++r) {
    const bool m = malignant(rng);
    std::vector<std::string> row{std::to_string(842302 + r), m ? "M" : "B"};
    const double size = (m ? 1.0 : -0.6) + 0.8 * noise(rng);  // a latent tumour size
    for (int k = 0; k < 3; ++k) {
      for (int b = 0; b < 10; ++b) {
        const double loading = (b < 4 || b == 6 || b == 7) ? 1.0 : 0.25;
        const double scale = (b == 3 ? 400.0 : (b == 0 || b == 2 ? 10.0 : 1.0)) * (k == 1 ? 0.1 : 1.0);
        const double value = scale * (3.0 + loading * size + 0.7 * noise(rng));
        std::ostringstream cell;
        cell << value;
        row.push_back(cell.str());
      }
    }
    if (u(rng) < 0.03) row.resize(row.size() - 2);  // a truncated line
    table.rows.push_back(row);
  }
  return table;
}

void preValidation(std::vector<std::string>& headers, std::vector<std::vector<std::string>>& csvData) {
  size_t targetColumnCount = headers.size();
  for (auto& row : csvData) {
    if (row.size() < targetColumnCount) {
      row.resize(targetColumnCount, "0.0");
    } else if (row.size() > targetColumnCount) {
      row.erase(row.begin() + targetColumnCount, row.end());
    }
  }
}

Split encode_and_split(const CsvTable& table, torch::Dtype dtype) {
  auto headers = table.headers;
  auto csvData = table.rows;
  preValidation(headers, csvData);

  std::map<std::string, torch::Tensor> header_tensors;
  const int64_t num_rows = static_cast<int64_t>(csvData.size());
  std::vector<std::string> feature_names;
  for (size_t col = 0; col < headers.size(); ++col) {
    const std::string name = headers[col];
    if (name == "id") continue;
    std::vector<double> column(num_rows);
    for (int64_t row = 0; row < num_rows; ++row) {
      const std::string& cell_value = csvData[row][col];
      if (name == "diagnosis") {
        column[row] = (cell_value == "M") ? 1.0 : 0.0;
      } else {
        try {
          column[row] = std::stod(cell_value);
        } catch (...) {
          column[row] = 0.0;
        }
      }
    }
    header_tensors[name] = torch::tensor(column, torch::kDouble).to(dtype);
    if (name != "diagnosis") feature_names.push_back(name);
  }

  std::vector<torch::Tensor> feature_tensors;
  for (const auto& name : feature_names) feature_tensors.push_back(header_tensors[name]);
  auto X = torch::stack(feature_tensors, 1);
  auto y = header_tensors["diagnosis"];

  auto X_mean = X.mean(0, true);
  auto X_std = torch::clamp(X.std(0, true, true), 1e-7);
  X = (X - X_mean) / X_std;

  const int64_t total_samples = X.size(0);
  const int64_t test_size = static_cast<int64_t>(total_samples * 0.2);
  const int64_t train_size = total_samples - test_size;
  auto indices = torch::randperm(total_samples);
  auto train_indices = indices.slice(0, 0, train_size);
  auto test_indices = indices.slice(0, train_size, total_samples);

  return {X.index_select(0, train_indices), X.index_select(0, test_indices),
          y.index_select(0, train_indices).unsqueeze(1), y.index_select(0, test_indices).unsqueeze(1)};
}
