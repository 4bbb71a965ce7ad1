#include "SACAgent.h"
#include <iostream>
#include <string>
#include <stdexcept>
#include <torch/torch.h>
#include "PolicyNetwork.h"
#include "QNetwork.h"
#include "Normal.h"
#include "config.h"

SACAgent::SACAgent(int num_inputs, int num_hidden, int num_actions, double action_max, double action_min, bool alphaAdjuster, double gamma, double tau, double alpha, double q_lr, double p_lr, double a_lr, torch::DeviceType device)
{

    this->device = device;
    auto optionsDouble = torch::TensorOptions().dtype(torch::kDouble).device(device);

    _self_adjusting_alpha = alphaAdjuster;
    _num_inputs = num_inputs;
    _num_actions = num_actions;
    _action_max = action_max;
    _action_min = action_min;
    _action_scale = (action_max - action_min) / 2.0;
    _action_bias = (action_max + action_min) / 2.0;

    _gamma = gamma;
    _tau = tau;
    _alpha = torch::tensor(alpha).to(optionsDouble);
    _a_lr = a_lr;
    _q_lr = q_lr;
    _p_lr = p_lr;

    // initialize networks
    _q_net1 = new QNetwork(num_inputs, num_actions, num_hidden);
    _q_net2 = new QNetwork(num_inputs, num_actions, num_hidden);
    _policy_net = new PolicyNetwork(num_inputs, num_actions, num_hidden, 0.003, -20, 2, 0.001, action_max, action_min);
    _value_network = new ValueNetwork(num_inputs, num_hidden);
    _target_value_network = new ValueNetwork(num_inputs, num_hidden);

    // set default types
    _q_net1->to(device, torch::kDouble, false);
    _q_net2->to(device, torch::kDouble, false);
    _policy_net->to(device, torch::kDouble, false);
    _value_network->to(device, torch::kDouble, false);
    _target_value_network->to(device, torch::kDouble, false);

    _target_entropy = -1 * num_actions;

    // No checkpoint to load here (the original calls load_checkpoint() first)
    _log_alpha = torch::log(_alpha).to(optionsDouble);
    _log_alpha.set_requires_grad(true);

    if (_self_adjusting_alpha) {
        // Auto Entropy adjustment variables
        _alpha_optimizer = new torch::optim::Adam({ _log_alpha }, torch::optim::AdamOptions(a_lr));
    }

    for (auto param : _target_value_network->parameters()) {
        param.set_requires_grad(false);
    }

    // Copy over network params with averaging
    _transfer_params_v2(*_value_network, *_target_value_network);

}

SACAgent::~SACAgent() {

    delete _q_net1;
    delete _q_net2;
    delete _policy_net;
    delete _alpha_optimizer;
    delete _value_network;
    delete _target_value_network;
}

void SACAgent::eval() {
    _policy_net->eval();
}

void SACAgent::_transfer_params_v2(torch::nn::Module& from, torch::nn::Module& to, bool param_smoothing) {
    auto to_params = to.named_parameters(true);
    auto from_params = from.named_parameters(true);

    try {
        for (auto& from_param : from_params) {
            to_params[from_param.key()].data().mul_(1.0 - _tau);
            to_params[from_param.key()].data().add_(_tau * from_param.value().data());
        }
    } catch (const c10::Error& e) {
        throw std::runtime_error("could not transfer params: " + e.msg());
    }

}

torch::Tensor SACAgent::get_action(torch::Tensor state, bool trainMode)
{
    torch::Tensor next;

    if (trainMode) {
        if (pthread_mutex_lock(&_policyNetLock) == 0) {
            next = _policy_net->sample(state, 1);
            pthread_mutex_unlock(&_policyNetLock);
        }
        else {
            pthread_mutex_unlock(&_policyNetLock);
            throw std::runtime_error("could not obtain lock when getting action");
        }

        torch::Tensor reshapedResult = next.view({ 7, 1, _num_actions });
        return torch::squeeze(reshapedResult[0]);
    }
    else {
        if (pthread_mutex_lock(&_policyNetLock) == 0) {
            next = _policy_net->sample(state, 1, true); // Run in eval mode
            pthread_mutex_unlock(&_policyNetLock);
        }
        else {
            pthread_mutex_unlock(&_policyNetLock);
            throw std::runtime_error("could not obtain lock when getting action");
        }

        torch::Tensor reshapedResult = next.view({ 7, 1, _num_actions });
        return torch::squeeze(reshapedResult[2]); // Return the mean action
    }
}

void SACAgent::update(int batchSize, Utility::TrainBuffer* replayBuffer)
{
    using namespace Utility;

    try {
        double states[batchSize][_num_inputs];
        double next_states[batchSize][_num_inputs];
        double actions[batchSize][_num_actions];
        double rewards[batchSize];
        double dones[batchSize];
        double currentStateArray[_num_inputs];
        double nextStateArray[_num_inputs];

        for (int entry = 0; entry < batchSize; entry++) {
            TD train_data = replayBuffer->at(entry);
            train_data.currentState.getStateArray(currentStateArray);
            train_data.nextState.getStateArray(nextStateArray);

            for (int i = 0; i < _num_inputs; i++) {
                states[entry][i] = currentStateArray[i];
                next_states[entry][i] = nextStateArray[i];

                if (i < _num_actions) {
                    actions[entry][i] = train_data.actions[i];
                }
            }

            rewards[entry] = train_data.reward;
            dones[entry] = static_cast<double>(train_data.done);
        }

        // Prepare Training tensors
        auto optionsDouble = torch::TensorOptions().dtype(torch::kDouble).device(device);
        torch::Tensor states_t = torch::from_blob(states, { batchSize, _num_inputs }, optionsDouble);
        torch::Tensor next_states_t = torch::from_blob(next_states, { batchSize, _num_inputs }, optionsDouble);
        torch::Tensor actions_t = torch::from_blob(actions, { batchSize, _num_actions }, optionsDouble);
        torch::Tensor rewards_t = torch::from_blob(rewards, { batchSize }, optionsDouble);
        torch::Tensor dones_t = torch::from_blob(dones, { batchSize }, optionsDouble);

        // Sample from Policy
        torch::Tensor current = _policy_net->sample(states_t, batchSize);
        torch::Tensor reshapedResult = current.view({ 7, batchSize, _num_actions });
        torch::Tensor new_actions_t = reshapedResult[0];
        torch::Tensor log_pi_t = reshapedResult[1];
        torch::Tensor mean = reshapedResult[2];
        torch::Tensor std = reshapedResult[3];
        torch::Tensor z_values = reshapedResult[4];
        torch::Tensor log_std = reshapedResult[5];
        torch::Tensor unsquashed_mean = reshapedResult[6];
        log_pi_t = log_pi_t.sum(1, true);
        log_pi_t -= (torch::log(1.0 - torch::pow(new_actions_t, 2.0) + 1e-6)).sum(1, true);

        // Update alpha temperature
        if (_self_adjusting_alpha) {
            torch::Tensor alpha_loss = (-1.0 * _log_alpha * (log_pi_t + _target_entropy).detach()).mean();
            _alpha_optimizer->zero_grad();
            alpha_loss.backward();
            _alpha_optimizer->step();
            _alpha = torch::exp(_log_alpha);
        }

        // Estimated Q-Values
        torch::Tensor q_prediction_1 = _q_net1->forward(states_t, actions_t, batchSize);
        torch::Tensor q_prediction_2 = _q_net2->forward(states_t, actions_t, batchSize);

        // Training the Q-Value Function
        torch::Tensor target_values = _target_value_network->forward(next_states_t, batchSize);
        torch::Tensor target_q_values = torch::unsqueeze(rewards_t, 1) + _gamma * target_values * torch::unsqueeze(1.0 - dones_t, 1);

        torch::Tensor q_value_loss1 = 0.5 * torch::mean(torch::pow(q_prediction_1 - target_q_values.detach(), 2.0));
        torch::Tensor q_value_loss2 = 0.5 * torch::mean(torch::pow(q_prediction_2 - target_q_values.detach(), 2.0));

        // Training Value Function
        torch::Tensor qf1_pi = _q_net1->forward(states_t, new_actions_t, batchSize);
        torch::Tensor qf2_pi = _q_net2->forward(states_t, new_actions_t, batchSize);
        torch::Tensor value_predictions = _value_network->forward(states_t, batchSize);
        torch::Tensor q_value_predictions = torch::min(qf1_pi, qf2_pi);
        torch::Tensor target_value_func = q_value_predictions - _alpha * log_pi_t;
        torch::Tensor value_loss = 0.5 * torch::mean(torch::pow(value_predictions - target_value_func.detach(), 2.0));


        torch::Tensor policy_loss;

        // Training the policy
        // Delay update of Target Value and Policy Networks
        if (_current_update > _max_delay) {

            // policy_loss = (_alpha * log_pi_t - torch::min(qf1_pi, qf2_pi)).mean();

            // Determine policy advantage and calc loss
            torch::Tensor advantage = torch::min(qf1_pi, qf2_pi) - value_predictions.detach();
            policy_loss = (_alpha * log_pi_t - advantage).mean();

            // Policy Regularization
            torch::Tensor mean_reg = 1e-3 * 0.5 * torch::mean(torch::pow(unsquashed_mean, 2.0));
            torch::Tensor std_reg = 1e-3 * 0.5 * torch::mean(torch::pow(log_std, 2.0));

            policy_loss += (mean_reg + std_reg);

             // Update Policy Network
            if (pthread_mutex_lock(&_policyNetLock) == 0) {
                _policy_net->optimizer->zero_grad();
                policy_loss.backward();
                // torch::nn::utils::clip_grad_norm_(_policy_net->parameters(), 1.0);
                _policy_net->optimizer->step();
                pthread_mutex_unlock(&_policyNetLock);

                // Copy over network params with averaging
                _transfer_params_v2(*_value_network, *_target_value_network, true);
            }
            else {
                pthread_mutex_unlock(&_policyNetLock);
                throw std::runtime_error("could not obtain lock");
            }
        }


        // Update Q-Value networks
        _q_net1->optimizer->zero_grad();
        q_value_loss1.backward();
        // torch::nn::utils::clip_grad_norm_(_q_net1->parameters(), 1.0);
        _q_net1->optimizer->step();

        _q_net2->optimizer->zero_grad();
        q_value_loss2.backward();
        // torch::nn::utils::clip_grad_norm_(_q_net2->parameters(), 1.0);
        _q_net2->optimizer->step();

        // Update Value network
        _value_network->zero_grad();
        value_loss.backward();
        // torch::nn::utils::clip_grad_norm_(_value_network->parameters(), 1.0);
        _value_network->optimizer->step();

        // Update counters
        _last_q_loss1 = q_value_loss1.item().toDouble();
        _last_q_loss2 = q_value_loss2.item().toDouble();
        _last_value_loss = value_loss.item().toDouble();
        if (_current_update > _max_delay) {

            // Loss info (the original appends it to a log file and saves a checkpoint every 750 updates)
            _last_policy_loss = policy_loss.item().toDouble();

            _current_update = 0;
            if (_current_save_delay >= _max_save_delay) {
                _current_save_delay = 0;
            }
        }

        _current_save_delay++;
        _current_update++;
        _total_update++;

    } catch (const c10::Error& e) {
        throw std::runtime_error("could not update model: " + e.msg());
    }
}
