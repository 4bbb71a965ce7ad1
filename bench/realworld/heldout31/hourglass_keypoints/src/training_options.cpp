#include "training_options.hpp"

#include "config.hpp"

training_options::training_options(const std::string& config_file) : training_options() {

    this->config_file = config_file;

    batch_size = config_int(config_file, "training.batch-size", batch_size);
    epochs = config_int(config_file, "training.epochs", epochs);
    learning_rate = config_float(config_file, "training.learning-rate", learning_rate);
    image_augmentation = config_bool(config_file, "training.image-augmentation", image_augmentation);
    keypoint_radius = config_int(config_file, "labels.keypoint-radius", keypoint_radius);
    weight_save_name = config_string(config_file, "training.save-name", weight_save_name);
    intermediate_supervision = config_bool(config_file, "training.intermediate-supervision", intermediate_supervision);
    load_weights = config_bool(config_file, "training.load-weights.load", load_weights);
    load_weight_path = config_string(config_file, "training.load-weights.path", load_weight_path);
}
