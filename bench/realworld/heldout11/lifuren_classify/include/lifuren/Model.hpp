/**
 * Model
 *
 * @param L loss
 * @param P optimizer
 * @param M module
 * @param D dataset loader
 *
 * @version 1.0.0
 */
#ifndef LFR_HEADER_CORE_MODEL_HPP
#define LFR_HEADER_CORE_MODEL_HPP

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <iostream>

#include "torch/nn.h"
#include "torch/optim.h"

#include "lifuren/Torch.hpp"
#include "lifuren/Config.hpp"

namespace lifuren {

template<typename L, typename P, typename M, typename D>
class Model {

protected:
    lifuren::config::ModelParams params{}; // model parameters
    D trainDataset{ nullptr }; // training set
    D valDataset  { nullptr }; // validation set
    D testDataset { nullptr }; // test set
    L loss  { nullptr }; // loss function
    M model { nullptr }; // model
    std::unique_ptr<P> optimizer{ nullptr }; // optimizer
    float lastTrainLoss{ 0.0F };
    float lastTestAccuracy{ 0.0F };

public:
    torch::DeviceType device{ torch::DeviceType::CPU }; // device

public:
    Model(
        lifuren::config::ModelParams params = {},
        L loss  = {},
        M model = {}
    );
    virtual ~Model();

public:
    // define the model
    virtual bool define(const bool define_weight = true, const bool define_dataset = true);
    // train, validate and test
    virtual void trainValAndTest(const bool val = true, const bool test = true);
    // predict
    virtual torch::Tensor pred(const torch::Tensor& input);
    float getLastTrainLoss() const { return this->lastTrainLoss; }
    float getLastTestAccuracy() const { return this->lastTestAccuracy; }

protected:
    // forward and loss
    virtual void logic(torch::Tensor& feature, torch::Tensor& label, torch::Tensor& pred, torch::Tensor& loss);
    virtual void train(const size_t epoch);
    virtual void val(const size_t epoch);
    virtual void test();
    virtual void printEvaluation(const char* name, const size_t epoch, const float loss, const size_t accu_val, const size_t data_val);

protected:
    virtual void defineWeight();
    virtual void defineDataset() = 0;

};

} // END OF lifuren

/**
 * accuracy of a classify batch
 */
inline void classify_evaluate(const torch::Tensor& target, const torch::Tensor& pred, size_t& accu_val, size_t& data_val) {
    torch::NoGradGuard no_grad_guard;
    auto target_index = target.argmax(1).to(torch::kCPU);
    auto pred_index   = torch::log_softmax(pred, 1).argmax(1).to(torch::kCPU);
    accu_val += pred_index.eq(target_index).sum().template item<int>();
    data_val += pred_index.numel();
}

template<typename L, typename P, typename M, typename D>
lifuren::Model<L, P, M, D>::Model(
    lifuren::config::ModelParams params,
    L loss,
    M model
) : params(std::move(params)),
    loss(std::move(loss)),
    model(std::move(model)),
    device(lifuren::getDevice())
{
    if(this->model) {
        this->optimizer = std::make_unique<P>(this->model->parameters(), this->params.lr);
    } else {
        std::cout << "no model defined" << std::endl;
    }
    if(this->params.thread_size == 0) {
        this->params.thread_size = std::thread::hardware_concurrency();
    }
    torch::set_num_threads(this->params.thread_size);
}

template<typename L, typename P, typename M, typename D>
lifuren::Model<L, P, M, D>::~Model() {
}

template<typename L, typename P, typename M, typename D>
bool lifuren::Model<L, P, M, D>::define(const bool define_weight, const bool define_dataset) {
    if(define_weight) {
        this->defineWeight();
    }
    if(define_dataset) {
        this->defineDataset();
    }
    this->model->to(this->device);
    return true;
}

template<typename L, typename P, typename M, typename D>
void lifuren::Model<L, P, M, D>::trainValAndTest(const bool val, const bool test) {
    if(!this->trainDataset) {
        std::cout << "no training set" << std::endl;
        return;
    }
    const auto a = std::chrono::system_clock::now();
    for (size_t epoch = 0; epoch < this->params.epoch_size; ++epoch) {
        this->train(epoch);
        if(val) {
            this->val(epoch);
        }
    }
    if(test) {
        this->test();
    }
    const auto z = std::chrono::system_clock::now();
    std::cout << "training done: " << std::chrono::duration_cast<std::chrono::milliseconds>(z - a).count() << " ms" << std::endl;
}

template<typename L, typename P, typename M, typename D>
torch::Tensor lifuren::Model<L, P, M, D>::pred(const torch::Tensor& input) {
    return this->model->forward(input);
}

template<typename L, typename P, typename M, typename D>
inline void lifuren::Model<L, P, M, D>::logic(torch::Tensor& feature, torch::Tensor& label, torch::Tensor& pred, torch::Tensor& loss) {
    pred = this->model->forward(feature);
    loss = this->loss(pred, label);
}

template<typename L, typename P, typename M, typename D>
void lifuren::Model<L, P, M, D>::train(const size_t epoch) {
    if(!this->trainDataset) {
        return;
    }
    size_t accu_val = 0;
    size_t data_val = 0;
    double loss_val = 0.0;
    size_t batch_count = 0;
    this->model->train();
    auto seen = torch::zeros({ static_cast<int>(this->params.class_size) }, torch::kInt).to(this->device);
    for (const auto& batch : *this->trainDataset) {
        torch::Tensor pred;
        torch::Tensor loss;
        torch::Tensor data   = batch.data;
        torch::Tensor target = batch.target;
        this->logic(data, target, pred, loss);
        this->optimizer->zero_grad();
        loss.backward();
        this->optimizer->step();
        if(this->params.classify) {
            classify_evaluate(target, pred, accu_val, data_val);
            seen += target.sum(0).to(torch::kInt);
        }
        loss_val += loss.template item<float>();
        ++batch_count;
    }
    this->lastTrainLoss = loss_val / batch_count;
    this->printEvaluation("train", epoch + 1, loss_val / batch_count, accu_val, data_val);
}

template<typename L, typename P, typename M, typename D>
void lifuren::Model<L, P, M, D>::val(const size_t epoch) {
    if(!this->valDataset) {
        return;
    }
    size_t accu_val = 0;
    size_t data_val = 0;
    double loss_val = 0.0;
    size_t batch_count = 0;
    this->model->eval();
    torch::NoGradGuard no_grad_guard;
    for (const auto& batch : *this->valDataset) {
        torch::Tensor pred;
        torch::Tensor loss;
        torch::Tensor data   = batch.data;
        torch::Tensor target = batch.target;
        this->logic(data, target, pred, loss);
        if(this->params.classify) {
            classify_evaluate(target, pred, accu_val, data_val);
        }
        loss_val += loss.template item<float>();
        ++batch_count;
    }
    this->printEvaluation("val", epoch + 1, loss_val / batch_count, accu_val, data_val);
}

template<typename L, typename P, typename M, typename D>
void lifuren::Model<L, P, M, D>::test() {
    if(!this->testDataset) {
        return;
    }
    size_t accu_val = 0;
    size_t data_val = 0;
    double loss_val = 0.0;
    size_t batch_count = 0;
    this->model->eval();
    torch::NoGradGuard no_grad_guard;
    for (const auto& batch : *this->testDataset) {
        torch::Tensor pred;
        torch::Tensor loss;
        torch::Tensor data   = batch.data;
        torch::Tensor target = batch.target;
        this->logic(data, target, pred, loss);
        if(this->params.classify) {
            classify_evaluate(target, pred, accu_val, data_val);
        }
        loss_val += loss.template item<float>();
        ++batch_count;
    }
    this->lastTestAccuracy = data_val > 0 ? 1.0F * accu_val / data_val : 0.0F;
    this->printEvaluation("test", 0, loss_val / batch_count, accu_val, data_val);
}

template<typename L, typename P, typename M, typename D>
inline void lifuren::Model<L, P, M, D>::defineWeight() {
}

template<typename L, typename P, typename M, typename D>
inline void lifuren::Model<L, P, M, D>::printEvaluation(const char* name, const size_t epoch, const float loss, const size_t accu_val, const size_t data_val) {
    if(this->params.classify) {
        std::cout << name << " epoch " << epoch << " loss " << loss << " accuracy " << accu_val << " / " << data_val
                  << " = " << 1.0F * accu_val / data_val << std::endl;
    } else {
        std::cout << name << " epoch " << epoch << " loss " << loss << std::endl;
    }
}

#endif // END OF LFR_HEADER_CORE_MODEL_HPP
