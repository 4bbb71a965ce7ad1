// agnews_pt IN.i64 OUT.pt: reads datasets.py's int64 array (ndim, dims, values; little-endian)
// and writes it with torch::save, the format transformer_textcls's torch::load(tensor, path) reads.
#include <torch/torch.h>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: agnews_pt IN.i64 OUT.pt\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  int64_t ndim = 0;
  in.read(reinterpret_cast<char *>(&ndim), sizeof ndim);
  if (!in || ndim < 1 || ndim > 4) {
    std::cerr << "bad header in " << argv[1] << '\n';
    return 1;
  }
  std::vector<int64_t> dims(ndim);
  in.read(reinterpret_cast<char *>(dims.data()), ndim * sizeof(int64_t));
  int64_t count = 1;
  for (auto d : dims) count *= d;
  std::vector<int64_t> values(count);
  in.read(reinterpret_cast<char *>(values.data()), count * sizeof(int64_t));
  if (!in) {
    std::cerr << "short file " << argv[1] << '\n';
    return 1;
  }
  auto tensor = torch::from_blob(values.data(), dims, torch::kInt64).clone();
  torch::save(tensor, argv[2]);
  std::cout << argv[2] << ": " << tensor.sizes() << '\n';
  return 0;
}
