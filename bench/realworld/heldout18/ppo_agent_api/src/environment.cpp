#include "Environment/PytorchEnvironment.h"

#include <algorithm>
#include <cmath>

namespace {
const int kEpisodeSteps = 50;
const double kDt = 0.1;
}

ReacherEnvironment::ReacherEnvironment(unsigned seed, torch::Device device) : rng(seed){
	observationSize = 6;
	actionSize = 2;
	this->device = device;
	reset();
}

torch::Tensor ReacherEnvironment::observation() const{
	std::vector<float> obs = {(float)px, (float)py, (float)vx, (float)vy, (float)tx, (float)ty};
	return torch::from_blob(obs.data(), {6}, torch::kFloat32).clone().to(device);
}

torch::Tensor ReacherEnvironment::reset(){
	std::uniform_real_distribution<double> uni(-1.0, 1.0);
	px = uni(rng); py = uni(rng);
	vx = 0.0; vy = 0.0;
	tx = 0.5 * uni(rng); ty = 0.5 * uni(rng);
	t = 0;
	return observation();
}

void ReacherEnvironment::step(const torch::Tensor &action, torch::Tensor &next_state, double &reward, int &done, int &tl){
	auto a = action.to(torch::kCPU).to(torch::kFloat64).clamp(-1.0, 1.0);
	double ax = a[0].item<double>(), ay = a[1].item<double>();
	vx = 0.9 * vx + kDt * ax;
	vy = 0.9 * vy + kDt * ay;
	px = std::clamp(px + kDt * vx, -1.5, 1.5);
	py = std::clamp(py + kDt * vy, -1.5, 1.5);
	t += 1;
	double dist = std::hypot(px - tx, py - ty);
	reward = -0.1 * dist - 0.001 * (ax * ax + ay * ay);
	done = (t >= kEpisodeSteps) ? 1 : 0;
	tl = 0;  // the episode ends: no bootstrap from the critic
	next_state = observation();
}

void ReacherEnvironment::render(){
	renders += 1;
}

double ReacherEnvironment::last_distance() const{
	return std::hypot(px - tx, py - ty);
}
