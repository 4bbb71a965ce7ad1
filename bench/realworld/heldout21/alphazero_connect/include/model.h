#ifndef MODEL_H
#define MODEL_H

#include <torch/torch.h>
#include <vector>

struct ActionValuePair {
    torch::Tensor action;
    torch::Tensor value;
};

struct PredictPair
{
    std::vector<float> probs;
    float value;
};


struct Connect2Model : torch::nn::Module {

    Connect2Model(int boardSize, int actionSize, torch::Device device) :
    _boardSize(boardSize),
    _actionSize(actionSize),
    _device(device),
    _fc1(register_module("_fc1", torch::nn::Linear(boardSize, 36))),
    _fc2(register_module("_fc2", torch::nn::Linear(36, 36))),
    _actionHead(register_module("_actionHead", torch::nn::Linear(36, actionSize))),
    _valueHead(register_module("_valueHead", torch::nn::Linear(36, 1)))
    {
        this->to(device);
    }

    // valid: [batch, actionSize] bool, the legal columns
    ActionValuePair forward(torch::Tensor input, torch::Tensor valid) {
        auto x = torch::relu(_fc1(input));
        x = torch::relu(_fc2(x));

        auto action_logits = _actionHead(x);
        action_logits = action_logits.masked_fill(valid.logical_not(), -1e9);
        auto value_logit = _valueHead(x);

        auto action = torch::softmax(action_logits, 1);
        auto value = torch::tanh(value_logit);

        ActionValuePair returnVal;
        returnVal.action = action;
        returnVal.value = value;

        return returnVal;
    }

    PredictPair predict(std::vector<int> board, const std::vector<int>& valid_moves) {
        this->eval();

        auto opts = torch::TensorOptions().dtype(torch::kInt32);
        auto input = torch::from_blob(board.data(), {static_cast<int64_t>(board.size())}, opts)
                         .to(torch::kFloat32);
        input = input.view({1, _boardSize}).to(_device);
        std::vector<int> valid_copy(valid_moves);
        auto valid = torch::from_blob(valid_copy.data(), {1, _actionSize}, opts)
                         .gt(0).to(_device);

        torch::NoGradGuard guard;

        auto result = this->forward(input, valid);
        auto probs = result.action.to(torch::kCPU).to(torch::kFloat32).contiguous();

        PredictPair out;
        out.probs.assign(probs.data_ptr<float>(), probs.data_ptr<float>() + _actionSize);
        out.value = result.value.to(torch::kCPU).item<float>();
        return out;
    }

    int _boardSize;
    int _actionSize;
    torch::Device _device;

    torch::nn::Linear _fc1;
    torch::nn::Linear _fc2;
    torch::nn::Linear _actionHead;
    torch::nn::Linear _valueHead;
};

#endif /* MODEL_H */
