#include "cifar100.h"

#include <torch/torch.h>

#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

namespace {
// Each record: 1 coarse label byte, 1 fine label byte, 3072 pixel bytes.
constexpr uint32_t kTrainSize = 50000;
constexpr uint32_t kTestSize = 10000;
constexpr uint32_t kImageRows = 32;
constexpr uint32_t kImageColumns = 32;
constexpr uint32_t kRecordBytes = 2 + 3 * kImageRows * kImageColumns;

std::pair<torch::Tensor, torch::Tensor> read_records(const std::string& path, uint32_t count) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        throw std::runtime_error("cannot open " + path);
    }
    std::vector<char> buffer(static_cast<size_t>(count) * kRecordBytes);
    file.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));

    auto images = torch::empty({count, 3, kImageRows, kImageColumns}, torch::kByte);
    auto targets = torch::empty(count, torch::kByte);
    for (uint32_t i = 0; i < count; ++i) {
        const char* record = buffer.data() + static_cast<size_t>(i) * kRecordBytes;
        targets[i] = static_cast<uint8_t>(record[1]);
        std::memcpy(images[i].data_ptr(), record + 2, kRecordBytes - 2);
    }
    return {images.to(torch::kFloat32).div_(255), targets.to(torch::kInt64)};
}
}  // namespace

CIFAR100::CIFAR100(const std::string& root, Mode mode) : mode_(mode) {
    const auto path = root + (mode == Mode::kTrain ? "/train.bin" : "/test.bin");
    std::tie(images_, targets_) = read_records(path, mode == Mode::kTrain ? kTrainSize : kTestSize);
}

torch::data::Example<> CIFAR100::get(size_t index) {
    return {images_[index], targets_[index]};
}

torch::optional<size_t> CIFAR100::size() const {
    return images_.size(0);
}
