#ifndef PYTORCH_ENVIRONMENT
#define PYTORCH_ENVIRONMENT
#include <torch/torch.h>
#include <memory>
#include <random>

// Interface of the environments the agent drives (the original wraps Gym
// through Python and a MuJoCo biped; here a point mass written in C++).
class PytorchEnvironment{
public:
	virtual ~PytorchEnvironment() = default;
	virtual torch::Tensor reset() = 0;
	virtual void step(const torch::Tensor &action, torch::Tensor &next_state, double &reward, int &done, int &tl) = 0;
	virtual void render() {}
	virtual void to(torch::Device dev) { device = dev; }
	int observationSize = 0;
	int actionSize = 0;
protected:
	torch::Device device = torch::kCPU;
};

using PytorchEnvironmentPtr = std::shared_ptr<PytorchEnvironment>;

// A point mass on a plane pushed towards a target; 50 steps per episode.
class ReacherEnvironment : public PytorchEnvironment{
public:
	ReacherEnvironment(unsigned seed, torch::Device device);
	torch::Tensor reset() override;
	void step(const torch::Tensor &action, torch::Tensor &next_state, double &reward, int &done, int &tl) override;
	void render() override;
	double last_distance() const;
private:
	torch::Tensor observation() const;
	std::mt19937 rng;
	double px, py, vx, vy, tx, ty;
	int t;
	long renders = 0;
};

#endif
