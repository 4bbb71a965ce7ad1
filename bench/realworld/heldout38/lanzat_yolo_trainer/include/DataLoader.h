#pragma once

#include <torch/torch.h>
#include <vector>
#include <string>

namespace yolo {

// Annotation (normalised centre format)
struct BoundingBox {
    float x;
    float y;
    float width;
    float height;
    int class_id;
    float confidence = 1.0f;
};

struct ImageAnnotation {
    std::string image_path;
    int image_width;
    int image_height;
    std::vector<BoundingBox> boxes;
};

// Dataset: one synthetic image per annotation, a filled rectangle whose
// colour channel is its class. data_path names the split ("synthetic/train:64").
class YoloDataset : public torch::data::Dataset<YoloDataset> {
public:
    explicit YoloDataset(
        const std::string& data_path,
        int input_size = 640,
        bool augment = true
    );

    torch::data::Example<> get(size_t index) override;

    torch::optional<size_t> size() const override {
        return annotations_.size();
    }

    const std::vector<std::string>& get_class_names() const {
        return class_names_;
    }

private:
    torch::Tensor render_image(const ImageAnnotation& ann);
    void parse_annotation_file(const std::string& data_path);

    std::vector<ImageAnnotation> annotations_;
    std::vector<std::string> class_names_;
    int input_size_;
    bool augment_;
};

} // namespace yolo
