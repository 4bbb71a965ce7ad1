#ifndef STATEMODIFIER
#define STATEMODIFIER
#include <torch/torch.h>
#include <memory>

class StateModifier{
public:
	virtual ~StateModifier() = default;
	virtual torch::Tensor apply(const torch::Tensor &state);
	virtual torch::Tensor modify(const torch::Tensor &state);
	virtual void to(torch::Device dev);
};

// Running mean and variance of the observations (Welford), used to normalise them.
class ClassicModifier : public StateModifier{
public:
	ClassicModifier(int observation_size);
	torch::Tensor apply(const torch::Tensor &state) override;
	torch::Tensor modify(const torch::Tensor &state) override;
	void to(torch::Device dev) override;
private:
	int n;
	torch::Tensor mean, std;
};

using StateModifierPtr = std::shared_ptr<StateModifier>;

#endif
