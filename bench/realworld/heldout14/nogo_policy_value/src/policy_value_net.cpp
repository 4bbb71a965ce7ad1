//
// Forward pass of the policy-value network.
//

#include "policy_value_net.h"

std::vector<at::Tensor> NetworkImpl::forward(at::Tensor x, at::Tensor legal)
{
    x = residual(bn(conv(x)).relu());
    at::Tensor logits = fc_policy(bn_policy(conv_policy(x)).relu().flatten(1));
    logits.masked_fill_(legal.logical_not(), -1e9);
    at::Tensor log_prob = torch::log_softmax(logits, 1);
    x = fc1_value(bn_value(conv_value(x)).relu().flatten(1)).relu();
    at::Tensor value = fc2_value(x).tanh();
    return { log_prob, value };
}

void PolicyValueNet::save_model_cpu(const char *save_path) {
    this->model->to(torch::kCPU);
    torch::save(this->model, save_path);
    this->model->to(this->device);
}
