#include "SpeakerDataSet.h"
#include "ECAPA_TDNN.h"
#include <iostream>
#include <algorithm>
#include "SpeakerVerificationLoss.h"
#include <random>

SpeakerDataSet::SpeakerDataSet(uint64_t seed) : g(static_cast<uint32_t>(seed))
{
}

torch::Tensor SpeakerDataSet::synth_utterance(int64_t speaker_id, int frames)
{
	// speaker timbre (spectral envelope) + shared "phoneme" trajectories + noise
	auto phonemes = torch::randn({ frames / 4 + 1, 30 }).repeat_interleave(4, 0).slice(0, 0, frames);
	auto envelope = speaker_timbre[speaker_id].unsqueeze(0);
	return envelope + phonemes + 0.5 * torch::randn({ frames, 30 });
}

void SpeakerDataSet::load_synthetic_features(int num_speakers, int per_speaker, int frames)
{
	speaker_timbre.clear();
	for (int s = 0; s < num_speakers; ++s)
		speaker_timbre.push_back(0.3 * torch::randn({ 30 }));
	for (int s = 0; s < num_speakers; ++s)
	{
		for (int k = 0; k < per_speaker; ++k)
		{
			SpeakerSample feature;
			feature.speaker_id = s;
			feature.features = synth_utterance(s, frames);
			samples.push_back(feature);
			speaker_ids.push_back(s);
		}
	}
}

std::vector<SpeakerSample> SpeakerDataSet::make_test_samples(int per_speaker, int frames)
{
	std::vector<SpeakerSample> out;
	for (int s = 0; s < (int)speaker_timbre.size(); ++s)
		for (int k = 0; k < per_speaker; ++k)
			out.push_back({ normalize_feature(synth_utterance(s, frames)), s });
	return out;
}

void SpeakerDataSet::train_speaker_models(const std::string& output_dir)
{
	// group the features by speaker ID
	std::unordered_map<int, std::vector<torch::Tensor>> speaker_features;

	int preid = 0;
	int k = 0;

	for (size_t i = 0; i < samples.size(); ++i)
	{
		if (preid != speaker_ids[i])
		{
			preid = speaker_ids[i];
			k = 0;
		}
		k++;
		// standardise the features
		SpeakerSample feature = samples[i];
		feature.features = normalize_feature(feature.features);
		speaker_features[speaker_ids[i]].push_back(feature.features);
	}
	std::cout << "loaded " << samples.size() << " feature sets of " << speaker_features.size() << " speakers" << std::endl;

	// check whether CUDA is available
	device = torch::Device(torch::kCUDA);
	if (!torch::cuda::is_available()) {
		std::cout << "CUDA is not available, using CPU instead." << std::endl;
		device = torch::Device(torch::kCPU);
	}

	std::vector<int> ids;
	for (const auto& entry : speaker_features) ids.push_back(entry.first);
	std::sort(ids.begin(), ids.end());

	// one model per speaker
	for (int speaker_id : ids)
	{
		const auto& features = speaker_features[speaker_id];
		// create the model
		auto model = std::make_shared<ECAPA_TDNN>();
		model->to(device); // move the model to the GPU

		torch::optim::Adam optimizer(
			model->parameters(),
			torch::optim::AdamOptions(1e-3)
		);

		// the loss
		SpeakerVerificationLoss verification_loss;

		// training parameters
		int epochs = 25;
		size_t batch_size = 8;

		for (int epoch = 0; epoch < epochs; ++epoch)
		{
			float total_loss = 0.0;

			// current learning rate
			float lr = optimizer.param_groups()[0].options().get_lr();

			// batches
			for (size_t batch_start = 0; batch_start < features.size(); batch_start += batch_size)
			{
				// the batch
				std::vector<torch::Tensor> batch_features(
					features.begin() + batch_start,
					features.begin() + std::min(batch_start + batch_size, features.size())
				);

				// move the batch to the GPU
				for (auto& feat : batch_features) {
					feat = feat.to(device);
				}

				// embeddings of the batch (BatchNorm needs distinct samples)
				torch::Tensor embeddings = model->forward(torch::stack(batch_features));

				// anchor and positives
				torch::Tensor anchor = embeddings[0];
				torch::Tensor positives = embeddings.slice(0, 1);

				// negatives from the other speakers
				std::vector<torch::Tensor> negatives = sample_negatives(speaker_features, speaker_id, embeddings.size(0) - 1);

				std::vector<torch::Tensor> neFeatures;

				for (auto& negative : negatives)
				{
					neFeatures.push_back(negative.to(device));
				}

				torch::Tensor negativesStack = model->forward(torch::stack(neFeatures));

				// the loss
				optimizer.zero_grad();
				torch::Tensor loss = verification_loss.forward(anchor, positives, negativesStack);
				loss.backward();
				optimizer.step();

				total_loss += loss.detach().item<float>();
				last_loss_ = loss.detach().item<float>();
			}

			// gradient norm
			torch::Tensor grad_norm = torch::zeros({ 1 }, torch::kFloat32).to(device);
			for (const auto& param : model->parameters())
			{
				if (param.grad().defined())
				{
					grad_norm += param.grad().norm().pow(2);
				}
			}
			grad_norm = grad_norm.sqrt();

			int p_speaker_id = speaker_id;
			float lossAvg = total_loss / ((features.size() + batch_size - 1) / batch_size);
			// print every 4 epochs
			if (epoch % 8 == 0)
			{
				std::cout << "Speaker " << p_speaker_id << ", Epoch " << epoch << ", Learning Rate: " << lr
					<< ", Avg Loss: " << lossAvg << ", Gradient Norm: " << grad_norm.item<float>() << std::endl;
			}
		}

		// keep the model
		std::string model_path = output_dir + "/speaker_" + std::to_string(speaker_id) + "_model.pt";
		saved_models[model_path] = model->save_speaker_model(speaker_id);
		models[speaker_id] = model;
	}
}

double SpeakerDataSet::triplet_accuracy(ECAPA_TDNN& model, int speaker_id, const std::vector<SpeakerSample>& test_samples)
{
	torch::NoGradGuard no_grad;
	// all held-out utterances in one batch (BatchNorm on the batch statistics,
	// as in training: the running statistics of 24 steps are not settled)
	std::vector<torch::Tensor> feats;
	for (const auto& s : test_samples) feats.push_back(s.features.to(device));
	auto embs = model.forward(torch::stack(feats));
	std::vector<torch::Tensor> own, other;
	for (size_t k = 0; k < test_samples.size(); ++k)
		(test_samples[k].speaker_id == speaker_id ? own : other).push_back(embs[k]);
	int correct = 0, total = 0;
	for (size_t a = 0; a < own.size(); ++a)
		for (size_t p = 0; p < own.size(); ++p)
		{
			if (p == a) continue;
			for (const auto& n : other)
			{
				double sp = torch::cosine_similarity(own[a], own[p], 0).item<double>();
				double sn = torch::cosine_similarity(own[a], n, 0).item<double>();
				correct += sp > sn ? 1 : 0;
				total += 1;
			}
		}
	return total > 0 ? static_cast<double>(correct) / total : 0.0;
}

double SpeakerDataSet::test_speaker_models(const std::vector<SpeakerSample>& test_samples)
{
	double sum = 0.0;
	for (auto& entry : models)
		sum += triplet_accuracy(*entry.second, entry.first, test_samples);
	return models.empty() ? 0.0 : sum / models.size();
}

double SpeakerDataSet::test_untrained_model(const std::vector<SpeakerSample>& test_samples)
{
	auto model = std::make_shared<ECAPA_TDNN>();
	model->to(device);
	double sum = 0.0;
	for (size_t s = 0; s < speaker_timbre.size(); ++s)
		sum += triplet_accuracy(*model, static_cast<int>(s), test_samples);
	return sum / speaker_timbre.size();
}

std::vector<torch::Tensor> SpeakerDataSet::sample_negatives(const std::unordered_map<int, std::vector<torch::Tensor>>& all_features, int current_speaker_id, int num_negatives)
{
	std::vector<torch::Tensor> negative_samples;

	// every feature of the other speakers
	std::vector<torch::Tensor> other_features;
	std::vector<int> ids;
	for (const auto& entry : all_features) ids.push_back(entry.first);
	std::sort(ids.begin(), ids.end());
	for (int speaker_id : ids)
	{
		if (speaker_id != current_speaker_id)
		{
			const auto& features = all_features.at(speaker_id);
			other_features.insert(
				other_features.end(),
				features.begin(),
				features.end()
			);
		}
	}

	// random draw
	std::shuffle(other_features.begin(), other_features.end(), g);
	for (int i = 0; i < num_negatives; ++i)
	{
		negative_samples.push_back(other_features[i]);
	}
	
	return negative_samples;
}

torch::Tensor SpeakerDataSet::normalize_feature(torch::Tensor feature)
{
	return (feature - feature.mean()) / feature.std();
}
