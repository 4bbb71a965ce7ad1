/*
 * SceneReader.cpp
 *
 *  A game: a hand of 13 tiles, one draw per step, three opponents discarding one tile per step.
 *  The label of a step is the discard of a defensive player: among the tiles it holds (hand or
 *  drawn tile), the one the opponents have discarded most (it is the safest), ties broken by
 *  the tile it holds fewest copies of, then by the lowest tile index.
 */

#include "tiles/SceneReader.h"
#include "nets/NetDef.h"

#include <algorithm>
#include <array>
#include <random>

SceneReader::SceneReader(uint64_t dbSeed, int capacity): dbSeed(dbSeed), capacity(capacity), cursor(0) {
}

void SceneReader::reset() {
	cursor = 0;
}

bool SceneReader::hasNext() const {
	return cursor < capacity;
}

std::pair<torch::Tensor, torch::Tensor> SceneReader::playGame(uint64_t gameId, const int seqLen) const {
	std::mt19937_64 rng(dbSeed * 1000003ULL + gameId);

	std::vector<int> wall;
	for (int t = 0; t < InputW; t ++) {
		for (int c = 0; c < 4; c ++) {
			wall.push_back(t);
		}
	}
	std::shuffle(wall.begin(), wall.end(), rng);
	size_t wallPos = 0;

	std::array<int, InputW> hand {};
	std::array<std::array<int, InputW>, 3> discards {};
	for (int i = 0; i < 13; i ++) {
		hand[wall[wallPos ++]] ++;
	}
	// the opponents have already played a few turns
	std::uniform_int_distribution<int> opening(2, 6);
	for (int p = 0; p < 3; p ++) {
		const int n = opening(rng);
		for (int i = 0; i < n; i ++) {
			discards[p][wall[wallPos ++]] ++;
		}
	}

	auto scenes = torch::zeros({seqLen, InputH, InputW});
	auto labels = torch::zeros({seqLen}, torch::kLong);
	auto sceneData = scenes.accessor<float, 3>();
	auto labelData = labels.accessor<int64_t, 1>();

	for (int step = 0; step < seqLen; step ++) {
		const int drawn = wall[wallPos ++];
		for (int t = 0; t < InputW; t ++) {
			sceneData[step][0][t] = static_cast<float>(hand[t]);
			sceneData[step][2][t] = static_cast<float>(discards[0][t]);
			sceneData[step][3][t] = static_cast<float>(discards[1][t]);
			sceneData[step][4][t] = static_cast<float>(discards[2][t]);
		}
		sceneData[step][1][drawn] = 1.0f;

		hand[drawn] ++;
		int best = -1;
		int bestSafety = -1;
		int bestCopies = 5;
		for (int t = 0; t < InputW; t ++) {
			if (hand[t] == 0) {
				continue;
			}
			const int safety = discards[0][t] + discards[1][t] + discards[2][t];
			if (safety > bestSafety || (safety == bestSafety && hand[t] < bestCopies)) {
				best = t;
				bestSafety = safety;
				bestCopies = hand[t];
			}
		}
		labelData[step] = best;
		hand[best] --;

		for (int p = 0; p < 3; p ++) {
			discards[p][wall[wallPos ++]] ++;
		}
	}
	return std::make_pair(scenes, labels);
}

std::pair<std::vector<torch::Tensor>, std::vector<torch::Tensor>> SceneReader::next(const int batchSize, const int seqLen) {
	std::vector<torch::Tensor> inputs;
	std::vector<torch::Tensor> labels;
	for (int i = 0; i < batchSize && hasNext(); i ++) {
		auto game = playGame(static_cast<uint64_t>(cursor), seqLen);
		inputs.push_back(game.first);
		labels.push_back(game.second);
		cursor ++;
	}
	return std::make_pair(inputs, labels);
}
