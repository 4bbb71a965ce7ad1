#include "Environment.h"

#include "Maths.h"

#include <cmath>

using namespace PLANS;

namespace {
// Speed multipliers of the movement modes: crawl, walk, run, sprint, wait.
constexpr float kModeSpeed[NUM_ACTION_TYPES] = { 0.25f, 0.5f, 1.0f, 1.6f, 0.0f };
constexpr float kFieldSize = 4.0f;
}

Environment::Environment(uint32_t seed) : rng(seed) {}

void Environment::reset(uint32_t /*numOfAgents*/) {
	std::uniform_real_distribution<float> pos(-kFieldSize, kFieldSize);
	std::uniform_real_distribution<float> vel(-0.05f, 0.05f);
	px = pos(rng); py = pos(rng);
	tx = pos(rng); ty = pos(rng);
	vx = vy = 0.0f;
	tvx = vel(rng); tvy = vel(rng);
	stamina = 1.0f;
	tick = 0;
}

double Environment::step(float dx, float dy, int64_t actionType) {
	const double before = distance();
	if (actionType == 3 && stamina < 0.3f) {
		actionType = 2;   // sprint not possible: run
	}
	const float speed = 0.15f * kModeSpeed[actionType];
	vx = 0.5f * vx + speed * Maths::clampf(dx, -1.0f, 1.0f);
	vy = 0.5f * vy + speed * Maths::clampf(dy, -1.0f, 1.0f);
	px = Maths::clampf(px + vx, -kFieldSize, kFieldSize);
	py = Maths::clampf(py + vy, -kFieldSize, kFieldSize);
	stamina = Maths::clampf(stamina + (actionType == 3 ? -0.2f : 0.05f), 0.0f, 1.0f);

	tx = Maths::clampf(tx + tvx, -kFieldSize, kFieldSize);
	ty = Maths::clampf(ty + tvy, -kFieldSize, kFieldSize);
	if (std::fabs(tx) >= kFieldSize) tvx = -tvx;
	if (std::fabs(ty) >= kFieldSize) tvy = -tvy;
	tick++;

	const double after = distance();
	return (before - after) * 10.0 - 0.01;
}

double Environment::distance() const {
	return std::sqrt((tx - px) * (tx - px) + (ty - py) * (ty - py));
}

torch::Tensor Environment::encode() const {
	std::vector<float> f(LSTM_INPUT_SIZE, 0.0f);
	const float d = static_cast<float>(distance()) + 1e-3f;
	f[0] = px / kFieldSize; f[1] = py / kFieldSize;
	f[2] = tx / kFieldSize; f[3] = ty / kFieldSize;
	f[4] = (tx - px) / d;   f[5] = (ty - py) / d;
	f[6] = vx * 5.0f;       f[7] = vy * 5.0f;
	f[8] = d / kFieldSize;  f[9] = stamina;
	f[10] = tvx * 20.0f;    f[11] = tvy * 20.0f;
	// Eight range sensors around the agent.
	for (int i = 0; i < 8; i++) {
		const float a = static_cast<float>(i) * 0.785398f;
		const float proj = std::cos(a) * (tx - px) + std::sin(a) * (ty - py);
		f[12 + i] = proj > 0 ? std::exp(-proj / 2.0f) : 0.0f;
	}
	return torch::from_blob(f.data(), { 1, LSTM_INPUT_SIZE }, torch::kFloat32).clone();
}

torch::Tensor Environment::allowedTypes() const {
	torch::Tensor allowed = torch::ones({ 1, NUM_ACTION_TYPES }, torch::kBool);
	if (stamina < 0.3f) {
		allowed[0][3] = false;
	}
	return allowed;
}
