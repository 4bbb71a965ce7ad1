/*
 * SceneReader.h
 *
 *  Reads games step by step, as the LMDB scene reader of the original does; the games are
 *  dealt here from a seeded generator instead of a database.
 */

#ifndef INCLUDE_TILES_SCENEREADER_H_
#define INCLUDE_TILES_SCENEREADER_H_

#include <torch/torch.h>

#include <cstdint>
#include <utility>
#include <vector>

class SceneReader {
public:
	SceneReader(uint64_t dbSeed, int capacity);

	void reset();
	bool hasNext() const;

	// batchSize games of seqLen steps: inputs [seqLen, 5, 34] and labels [seqLen]
	std::pair<std::vector<torch::Tensor>, std::vector<torch::Tensor>> next(const int batchSize, const int seqLen);

private:
	std::pair<torch::Tensor, torch::Tensor> playGame(uint64_t gameId, const int seqLen) const;

	const uint64_t dbSeed;
	const int capacity;
	int cursor;
};

#endif /* INCLUDE_TILES_SCENEREADER_H_ */
