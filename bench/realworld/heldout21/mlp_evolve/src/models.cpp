#include <stdexcept>
#include "models.h"
#include "utils.h"

namespace models {

    MLP::MLP(const std::vector<uint32_t>& layer_widths) :
        widths{layer_widths}, insize{layer_widths.front()}, outsize{layer_widths.back()}
    {
        if (layer_widths.empty()) {
            // differing religions if ctors should throw
            throw std::runtime_error("Empty Model created.");
        } else if (layer_widths.size() == 1) {
            layers.emplace_back(register_module("linear_0",
                                torch::nn::Linear(layer_widths.front(), layer_widths.front())));
        } else {
            for (size_t l = 0; l + 1 < layer_widths.size(); ++l) {
                layers.emplace_back(register_module("linear_" + std::to_string(l),
                                    torch::nn::Linear(layer_widths[l], layer_widths[l + 1])));
            }
        }
    }
    auto MLP::operator()(torch::Tensor& input) -> torch::Tensor {
        return this->forward(input);
    }
    //
    auto MLP::forward(torch::Tensor& input) -> torch::Tensor {
        if (layers.size() == 0)
            return input;

        auto output = torch::relu(layers.front()->forward(input));
        for (auto it = layers.begin() + 1; it < layers.end(); ++it) {
            output = torch::relu((*it)->forward(output));
        }
        return output;
    }
    auto MLP::get_n_parameters() const -> uint32_t {
        uint32_t n_par = 0;
        for (auto& par : parameters()) {
            n_par += utils::total_size(par);
        }
        return n_par;
    }
    auto make_MLP(const std::vector<uint32_t>& layer_widths) -> model_ptr {
        return std::make_shared<MLP>(layer_widths);
    }
}
