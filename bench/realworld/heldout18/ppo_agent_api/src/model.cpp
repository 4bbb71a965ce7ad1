#include "RL/Model.h"

#include <cmath>

const double PI = acos(-1);

// ---- distributions ----

void DistributionInterface::train(){}
void DistributionInterface::eval(){}
void DistributionInterface::zero_grad(){}
void DistributionInterface::step(){}
void DistributionInterface::to(torch::Device dev){}

GaussianDistribution::GaussianDistribution(torch::Tensor scale):scale(scale), logScale(scale.log()){	
}

torch::Tensor GaussianDistribution::get_scale(const torch::Tensor &state){
	return scale;
}

torch::Tensor GaussianDistribution::sample(const torch::Tensor &mu, const torch::Tensor &state){
	return at::normal(mu, scale.expand_as(mu));
}

torch::Tensor GaussianDistribution::log_prob(const torch::Tensor &act, const torch::Tensor &mu, const torch::Tensor &state){
	return (-(act - mu).mul(act - mu).div(2 * scale) - logScale - log(2*PI) / 2).sum(-1, true);
}

torch::Tensor GaussianDistribution::entropy(const torch::Tensor &mu, const torch::Tensor &state){
	return (0.5 + 0.5 * log(2*PI) + logScale).sum();
}

void GaussianDistribution::to(torch::Device dev){
	scale = scale.to(dev);
	logScale = logScale.to(dev);
}

// ---- actor and critic ----

Actor::Actor(DeepNetworkPtr network, AdamPtr opt, DistributionInterfacePtr dist):
	network(network), opt(opt), dist(dist){
}

torch::Tensor Actor::get_action(const torch::Tensor &state){
	return dist->sample(network->forward(state), state);
}

torch::Tensor Actor::get_action_nodist(const torch::Tensor &state){
	return network->forward(state);
}

torch::Tensor Actor::get_std(const torch::Tensor &state){
	return dist->get_scale(state);
}

std::pair<torch::Tensor, torch::Tensor> Actor::evaluate(const torch::Tensor &state, const torch::Tensor &action){
	torch::Tensor mu = network->forward(state);
	return std::make_pair(dist->log_prob(action, mu, state), dist->entropy(mu, state));
}

void Actor::train(){
	network->train();
	dist->train();
}

void Actor::eval(){
	network->eval();
	dist->eval();
}

void Actor::zero_grad(){
	opt->zero_grad();
	dist->zero_grad();
}

void Actor::step(){
	opt->step();
	dist->step();
}

void Actor::to(torch::Device dev){
	network->to(dev);
	dist->to(dev);
}

Critic::Critic(DeepNetworkPtr network, AdamPtr opt) : network(network), opt(opt){
}
	
torch::Tensor Critic::get_values(const torch::Tensor &state){
	return network->forward(state);
}

void Critic::train(){
	network->train();
}

void Critic::eval(){
	network->eval();
}

void Critic::zero_grad(){
	opt->zero_grad();
}

void Critic::step(){
	opt->step();
}

void Critic::to(torch::Device dev){
	network->to(dev);
}
