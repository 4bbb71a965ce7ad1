#include "tweet_dataset.h"
#include "tweet_reader.h"
#include "rnn.h"
#include "vocabulary.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <numeric>

using TweetLoader = torch::data::StatelessDataLoader<TweetDataset, torch::data::samplers::RandomSampler>;

// weight of the focal term and size of the adversarial step on the word vectors
const double kFocalWeight = 0.5;
const double kFgmEpsilon = 0.5;

double last_batch_loss = 0;

float BinaryAccuracy(const torch::Tensor& preds, const torch::Tensor& target) {
	auto rounded_preds = torch::round(torch::sigmoid(preds));

	auto correct = torch::eq(rounded_preds, target).to(torch::dtype(torch::kFloat));

	auto acc = correct.sum() / correct.size(0);

	return acc.item<float>();
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor> MakeBatchTensors(const std::vector<TweetSample>& batch) {
	std::vector<torch::Tensor> text_data;
	std::vector<torch::Tensor> text_lengths;
	std::vector<torch::Tensor> keyword_data;
	std::vector<torch::Tensor> location_data;
	std::vector<torch::Tensor> label_data;
	for(auto item : batch) {
		text_data.push_back(std::get<0>(item.data));
		text_lengths.push_back(std::get<1>(item.data));
		keyword_data.push_back(std::get<2>(item.data));
		location_data.push_back(std::get<3>(item.data));
		label_data.push_back(item.target);
	}

	// pack_padded_sequence wants the longest tweet first
	std::vector<size_t> permutation(text_lengths.size());
	std::iota(permutation.begin(), permutation.end(), 0);
	std::sort(
		permutation.begin(),
		permutation.end(),
		[&](std::size_t i, std::size_t j) {
			return text_lengths[i].item().toLong() < text_lengths[j].item().toLong();
		}
	);
	std::reverse(permutation.begin(), permutation.end());

	auto apply_permutation = [&permutation] (const std::vector<torch::Tensor>& vec) {
		std::vector<torch::Tensor> sorted_vec(vec.size());
		std::transform(
			permutation.begin(),
			permutation.end(),
			sorted_vec.begin(),
			[&](std::size_t i) {
			  return vec[i];
			}
		);
		return sorted_vec;
	};

	text_data = apply_permutation(text_data);
	text_lengths = apply_permutation(text_lengths);
	keyword_data = apply_permutation(keyword_data);
	location_data = apply_permutation(location_data);
	label_data = apply_permutation(label_data);

	torch::Tensor texts = torch::stack(text_data);
	torch::Tensor lengths = torch::stack(text_lengths);
	torch::Tensor keywords = torch::stack(keyword_data);
	torch::Tensor locations = torch::stack(location_data);
	torch::Tensor labels = torch::stack(label_data);

	return {texts, lengths, labels, keywords, locations};
}

void TrainModel(
	int epoch,
	SentimentRNN& model,
	torch::optim::Optimizer& optimizer,
	TweetLoader& train_loader
) {
	model->train();

	double epoch_loss = 0;
	double epoch_acc = 0;

	int batch_index = 0;
	for(auto& batch: train_loader) {
		optimizer.zero_grad();

		torch::Tensor texts, lengths, labels, keywords, locations;
		std::tie(texts, lengths, labels, keywords, locations) = MakeBatchTensors(batch);

		torch::Tensor predictions = model->forward(texts.t(), lengths, keywords, locations);
		predictions.squeeze_(1);

		// focal term: the easy tweets (most of them) weigh less
		torch::Tensor probs = torch::sigmoid(predictions);
		torch::Tensor pt = torch::where(labels > 0.5, probs, 1 - probs);
		torch::Tensor focal = ((1 - pt).pow(2) * -torch::log(pt + 1e-8)).mean();

		torch::Tensor loss = torch::binary_cross_entropy_with_logits(
			predictions,
			labels,
			{},
			{},
			at::Reduction::Mean
		) + kFocalWeight * focal;

		loss.backward();

		// FGM: move the word vectors one step along their gradient, learn that batch too, move them back
		torch::Tensor& emb = model->EmbeddingWeights();
		torch::Tensor backup = emb.detach().clone();
		{
			torch::NoGradGuard guard;
			torch::Tensor grad = emb.grad();
			emb.add_(kFgmEpsilon * grad / (grad.norm() + 1e-8));
		}
		torch::Tensor adv_predictions = model->forward(texts.t(), lengths, keywords, locations).squeeze(1);
		torch::Tensor adv_loss = torch::binary_cross_entropy_with_logits(
			adv_predictions,
			labels,
			{},
			{},
			at::Reduction::Mean
		);
		adv_loss.backward();
		{
			torch::NoGradGuard guard;
			emb.copy_(backup);
		}

		optimizer.step();

		auto loss_value = static_cast<double>(loss.item<float>());
		auto acc_value = static_cast<double>(BinaryAccuracy(predictions, labels));

		epoch_loss += loss_value;
		epoch_acc += acc_value;
		last_batch_loss = loss_value;

		if(++batch_index % 10 == 0)
			std::cout << "Epoch: " << epoch << " | Batch: " << batch_index << " | Loss: " << loss_value << " Accuracy: " << acc_value << std::endl;
	}

	std::cout << "Epoch: " << epoch << " | Loss: " << (epoch_loss / batch_index)  << " Accuracy: " << (epoch_acc / batch_index) << std::endl;
}

double TrainModel(
	int epoch,
	SentimentRNN& model,
	TweetLoader& test_loader
) {
	torch::NoGradGuard guard;
	double epoch_loss = 0;
	double epoch_acc = 0;
	int batch_index = 0;
	model->eval();

	for(auto& batch: test_loader) {
		torch::Tensor texts, lengths, labels, keywords, locations;
		std::tie(texts, lengths, labels, keywords, locations) = MakeBatchTensors(batch);
		torch::Tensor predictions = model->forward(texts.t(), lengths, keywords, locations);
		predictions.squeeze_(1);

		torch::Tensor loss = torch::binary_cross_entropy_with_logits(
			predictions,
			labels,
			{},
			{},
			at::Reduction::Mean
		);

		auto loss_value = static_cast<double>(loss.item<float>());
		auto acc_value = static_cast<double>(BinaryAccuracy(predictions, labels));

		epoch_loss += loss_value;
		epoch_acc += acc_value;

		++batch_index;
	}

	std::cout << "Epoch: " << epoch << " | Test Loss: " << (epoch_loss / batch_index) << " Test Acc: " << (epoch_acc / batch_index) << std::endl;
	return epoch_acc / batch_index;
}

// Temperature scaling of the logits on held-out tweets (L-BFGS on one scalar).
double FitTemperature(SentimentRNN& model, TweetLoader& val_loader, torch::DeviceType device, double* nll_before, double* nll_after) {
	std::vector<torch::Tensor> all_logits, all_labels;
	{
		torch::NoGradGuard guard;
		model->eval();
		for(auto& batch: val_loader) {
			torch::Tensor texts, lengths, labels, keywords, locations;
			std::tie(texts, lengths, labels, keywords, locations) = MakeBatchTensors(batch);
			all_logits.push_back(model->forward(texts.t(), lengths, keywords, locations).squeeze(1));
			all_labels.push_back(labels);
		}
	}
	torch::Tensor logits = torch::cat(all_logits);
	torch::Tensor labels = torch::cat(all_labels);
	*nll_before = torch::binary_cross_entropy_with_logits(logits, labels).item<double>();

	torch::Tensor log_t = torch::zeros({1}, torch::TensorOptions().device(device).requires_grad(true));
	torch::optim::LBFGS lbfgs({log_t}, torch::optim::LBFGSOptions(0.05).max_iter(50));

	for (int round = 0; round < 3; ++round) {
		auto closure = [&]() {
			lbfgs.zero_grad();
			torch::Tensor loss = torch::binary_cross_entropy_with_logits(logits / log_t.exp(), labels);
			loss.backward();
			return loss;
		};
		*nll_after = lbfgs.step(closure).item<double>();
	}
	return std::exp(log_t.item<double>());
}

int main(int argc, char** argv) {
	torch::manual_seed(5);
	torch::DeviceType device = torch::cuda::is_available() ? torch::DeviceType::CUDA : torch::DeviceType::CPU;

	TweetReader train_reader(2000, 1);
	std::cout << ">>> Training dataset loaded! Read " << train_reader.GetPosSize() << " positive tweets, and " << train_reader.GetNegSize() << " negative tweets." << " Max tweet size: " << train_reader.GetMaxSize() << std::endl;
	for(int i = 0; i < 3; i++) {
		std::cout << "  Positive Tweet " << i + 1 << ". Original: " << train_reader.GetPos(i).GetOriginal() << ", clean: [";
		std::vector<std::string> words = train_reader.GetPos(i).GetWords();
		for(size_t i = 0; i < words.size(); i++)
			std::cout << words.at(i) << ", ";
		std::cout << "]" << std::endl;
	}

	WordsFrequencies words_frequencies;
	GetWordsFrequencies(train_reader, words_frequencies);
	int64_t vocab_size = 2500;
	std::cout << ">>> Keeping the " << vocab_size << " most frequent words" << std::endl;
	SelectTopFrequencies(words_frequencies, vocab_size);

	int64_t embedding_dim = 50;
	GloveReader glove_reader(embedding_dim);
	Vocabulary vocab(words_frequencies, glove_reader);
	std::cout << ">>> Added " << vocab.GetEmbeddingsCount() << " words with embeddings to the vocabulary" << std::endl;

	TweetDataset train_dataset(&train_reader, &vocab, device);
	size_t batch_size = 50;
	auto train_loader = torch::data::make_data_loader(
		train_dataset,
		torch::data::DataLoaderOptions().batch_size(batch_size)
	);

	TweetReader test_reader(600, 2);
	TweetDataset test_dataset(&test_reader, &vocab, device);
	auto test_loader = torch::data::make_data_loader(
		test_dataset,
		torch::data::DataLoaderOptions().batch_size(batch_size)
	);

	TweetReader val_reader(400, 3);
	TweetDataset val_dataset(&val_reader, &vocab, device);
	auto val_loader = torch::data::make_data_loader(
		val_dataset,
		torch::data::DataLoaderOptions().batch_size(batch_size)
	);

	int64_t hidden_dim = 100;
	int64_t output_dim = 1;
	int64_t n_layers = 2;
	bool bidirectional = true;
	double dropout = 0.3;
	int64_t pad_idx = vocab.GetPaddingIndex();
	int64_t keyword_dim = 30;
	int64_t location_dim = 20;
	int64_t num_heads = 2;
	SentimentRNN model(
		vocab.GetEmbeddingsCount(),
		embedding_dim,
		hidden_dim,
		output_dim,
		n_layers,
		bidirectional,
		dropout,
		pad_idx,
		TweetReader::GetKeywordCount(),
		keyword_dim,
		TweetReader::GetLocationCount(),
		location_dim,
		num_heads
	);
	model->SetPretrainedEmbeddings(vocab.GetEmbeddings());

	double learning_rate = 0.003;
	torch::optim::Adam optimizer(
		model->parameters(),
		torch::optim::AdamOptions(learning_rate)
	);

	model->to(device);

	int epochs = 3;
	double test_acc = 0;
	for(int epoch = 0; epoch < epochs; ++epoch) {
		TrainModel(epoch, model, optimizer, *train_loader);
		test_acc = TrainModel(epoch, model, *test_loader);
	}

	double nll_before = 0, nll_after = 0;
	double temperature = FitTemperature(model, *val_loader, device, &nll_before, &nll_after);

	std::cout << "final loss: " << last_batch_loss << std::endl;
	std::cout << "test accuracy: " << test_acc << std::endl;
	std::cout << "temperature " << temperature << ": validation NLL " << nll_before << " -> " << nll_after << std::endl;
	return 0;
}
