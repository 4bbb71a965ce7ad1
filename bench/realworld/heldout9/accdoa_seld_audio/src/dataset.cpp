#include "dataset.h"

#include <cmath>
#include <random>
#include <vector>

DatasetProcessor::DatasetProcessor(torch::Tensor data, size_t batch_size)
	: data_(std::move(data)), batch_size_(static_cast<int64_t>(batch_size)) {}

torch::Tensor DatasetProcessor::batch() {
	if (cursor_ + batch_size_ > data_.size(0)) {
		cursor_ = 0;
	}
	torch::Tensor out = data_.narrow(0, cursor_, batch_size_);
	cursor_ += batch_size_;
	return out;
}

void DatasetProcessor::read_reset() {
	cursor_ = 0;
}

namespace {

constexpr double kPi = 3.14159265358979323846;

struct Scene {
	torch::Tensor sed_features;
	torch::Tensor doa_features;
	torch::Tensor sed_labels;
	torch::Tensor doa_labels;
};

// Spectral template of a sound class: two bands at class-specific mel bins.
torch::Tensor class_template(int64_t cls, int64_t mel_bins) {
	torch::Tensor f = torch::arange(mel_bins, torch::kFloat32);
	double c1 = 2.0 + (cls * 7 % 13) * 2.0;
	double c2 = 3.0 + (cls * 5 % 13) * 2.1;
	double w1 = 1.0 + 0.5 * (cls % 3);
	double w2 = 1.0 + 0.5 * (cls % 2);
	return torch::exp(-(f - c1).pow(2) / (2 * w1 * w1)) + 0.6 * torch::exp(-(f - c2).pow(2) / (2 * w2 * w2));
}

Scene simulate(int trial, const SystemConfig& config) {
	const int64_t n = static_cast<int64_t>(config.batch_amount * config.batch_size);
	const int64_t T = config.time_window;
	const int64_t F = static_cast<int64_t>(config.mel_bins);
	const int64_t Tp = config.t_prime;
	const int64_t C = config.se_count;
	const int64_t frames_per_label = T / Tp;

	std::mt19937 gen(static_cast<unsigned>(1000 + trial));
	std::uniform_int_distribution<int64_t> cls_dist(0, C - 1);
	std::uniform_int_distribution<int64_t> onset_dist(0, Tp - 3);
	std::uniform_int_distribution<int64_t> len_dist(2, Tp);
	std::uniform_real_distribution<double> az_dist(-kPi, kPi);
	std::uniform_real_distribution<double> unit(0.0, 1.0);

	std::vector<torch::Tensor> templates;
	for (int64_t c = 0; c < C; ++c) templates.push_back(class_template(c, F));

	torch::Tensor sed_features = torch::zeros({n, 1, T, F});
	torch::Tensor doa_features = torch::zeros({n, 5, T, F});
	torch::Tensor sed_labels = torch::zeros({n, 1, Tp, C});
	torch::Tensor doa_labels = torch::zeros({n, 1, Tp, C * 2 * config.track_count});

	torch::Generator cpu_gen = at::detail::createCPUGenerator(static_cast<uint64_t>(trial) + 7);
	for (int64_t i = 0; i < n; ++i) {
		torch::Tensor power = torch::full({T, F}, 0.05);
		torch::Tensor ix = torch::zeros({T, F});
		torch::Tensor iy = torch::zeros({T, F});
		int n_events = unit(gen) < 0.35 ? 1 : 2;
		int64_t first_cls = -1;
		for (int e = 0; e < n_events; ++e) {
			int64_t cls = cls_dist(gen);
			if (cls == first_cls) cls = (cls + 1) % C;
			first_cls = cls;
			double az = az_dist(gen);
			int64_t onset = onset_dist(gen);
			int64_t len = std::min(len_dist(gen), Tp - onset);
			double gain = 0.6 + 0.8 * unit(gen);
			torch::Tensor energy = templates[cls] * gain;
			int64_t t0 = onset * frames_per_label, t1 = (onset + len) * frames_per_label;
			power.slice(0, t0, t1) += energy;
			ix.slice(0, t0, t1) += energy * std::cos(az);
			iy.slice(0, t0, t1) += energy * std::sin(az);
			for (int64_t tp = onset; tp < onset + len; ++tp) {
				sed_labels[i][0][tp][cls] = 1.0;
				// track 0 holds the event; tracks 1 and 2 stay silent (one instance per class)
				doa_labels[i][0][tp][cls * 2] = std::cos(az);
				doa_labels[i][0][tp][cls * 2 + 1] = std::sin(az);
			}
		}
		power = power * (1.0 + 0.1 * torch::randn({T, F}, cpu_gen)).clamp_min(0.5);
		torch::Tensor logmel = torch::log(power + 1e-10);
		sed_features[i][0] = logmel;
		doa_features[i][0] = logmel;
		doa_features[i][1] = ix / power;
		doa_features[i][2] = iy / power;
		doa_features[i][3] = ix / power + 0.1 * torch::randn({T, F}, cpu_gen);
		doa_features[i][4] = iy / power + 0.1 * torch::randn({T, F}, cpu_gen);
	}
	// standardise the log-mel channel over the trial
	torch::Tensor mean = sed_features.mean();
	torch::Tensor std = sed_features.std();
	sed_features = (sed_features - mean) / (std + 1e-8);
	doa_features.select(1, 0).copy_(sed_features.select(1, 0));
	return {sed_features, doa_features, sed_labels, doa_labels};
}

int trial_number(const std::string& zarr_path) {
	auto pos = zarr_path.rfind('_');
	return pos == std::string::npos ? 0 : std::stoi(zarr_path.substr(pos + 1));
}

} // namespace

Reader::Reader(const std::string& zarr_path, const SystemConfig& config) {
	Scene scene = simulate(trial_number(zarr_path), config);
	sed_featureset = DatasetProcessor(scene.sed_features, config.batch_size);
	doa_featureset = DatasetProcessor(scene.doa_features, config.batch_size);
	sed_labelset = DatasetProcessor(scene.sed_labels, config.batch_size);
	doa_labelset = DatasetProcessor(scene.doa_labels, config.batch_size);
}
