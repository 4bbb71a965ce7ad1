#include "DataLoader.h"

#include <functional>
#include <random>

namespace yolo {

YoloDataset::YoloDataset(const std::string& data_path, int input_size, bool augment)
    : input_size_(input_size), augment_(augment) {
    class_names_ = {"red_box", "green_box"};
    parse_annotation_file(data_path);
}

void YoloDataset::parse_annotation_file(const std::string& data_path) {
    // "name:count": the name seeds the generator, count is the number of images
    auto colon = data_path.find(':');
    std::string name = data_path.substr(0, colon);
    size_t count = colon == std::string::npos ? 64 : std::stoul(data_path.substr(colon + 1));

    std::mt19937 rng(static_cast<unsigned>(std::hash<std::string>{}(name) & 0xffffffu));
    std::uniform_real_distribution<float> centre(0.2f, 0.8f);
    std::uniform_real_distribution<float> extent(0.15f, 0.4f);
    std::uniform_int_distribution<int> cls(0, static_cast<int>(class_names_.size()) - 1);

    for (size_t i = 0; i < count; i++) {
        ImageAnnotation ann;
        ann.image_path = name + "/" + std::to_string(i) + ".png";
        ann.image_width = input_size_;
        ann.image_height = input_size_;
        ann.boxes.push_back({centre(rng), centre(rng), extent(rng), extent(rng), cls(rng)});
        annotations_.push_back(ann);
    }
}

torch::Tensor YoloDataset::render_image(const ImageAnnotation& ann) {
    auto img = torch::full({3, input_size_, input_size_}, 0.1f);
    for (const auto& box : ann.boxes) {
        int x1 = static_cast<int>((box.x - box.width / 2) * input_size_);
        int x2 = static_cast<int>((box.x + box.width / 2) * input_size_);
        int y1 = static_cast<int>((box.y - box.height / 2) * input_size_);
        int y2 = static_cast<int>((box.y + box.height / 2) * input_size_);
        img.index({box.class_id, torch::indexing::Slice(y1, y2), torch::indexing::Slice(x1, x2)}).fill_(0.9f);
    }
    return img;
}

torch::data::Example<> YoloDataset::get(size_t index) {
    const auto& ann = annotations_.at(index);
    auto image = render_image(ann);
    const auto& box = ann.boxes.front();
    auto target = torch::tensor({static_cast<float>(box.class_id), box.x, box.y, box.width, box.height});
    return {image, target};
}

} // namespace yolo
