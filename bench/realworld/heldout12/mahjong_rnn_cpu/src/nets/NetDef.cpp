/*
 * NetDef.cpp
 *
 *  Sizes computed from MjNetConf, and the action mask.
 */

#include "nets/NetDef.h"

const std::pair<int, int> GetConvOutput(const int convInputW, const int convInputH,
				const int convKernelW, const int convKernelH, const int poolW, const int poolH, const int poolPadH,
				const int convStrideW, const int convStrideH) {
	int convOutputW = (convInputW - convKernelW + 1) / convStrideW;
	int convOutputH = (convInputH - convKernelH + 1 + poolPadH * 2) / convStrideH;
	int convPoolOutputW = convOutputW / poolW;
	int convPoolOutputH = convOutputH / poolH;

	return std::make_pair(convPoolOutputW, convPoolOutputH);
}

const int GetLstm0Input() {
	int convOutputW = 0;
	int convOutputH = 0;
	std::tie(convOutputW, convOutputH) = GetConvOutput(InputW, InputH,
			Conv0KernelW, Conv0KernelH, Conv0PoolW, Conv0PoolH, Conv0PoolPadH, Conv0StrideW, Conv0StrideH);

	return convOutputW * convOutputH * Conv0OutChan;
}

torch::Tensor legalDiscards(const torch::Tensor& scenes) {
	// row 0: tiles in hand, row 1: the tile just drawn
	auto inHand = scenes.select(2, 0) + scenes.select(2, 1);
	auto legal = inHand.gt(0);
	auto calls = torch::zeros({legal.size(0), legal.size(1), FcOutput - InputW}, legal.options());
	return torch::cat({legal, calls}, 2);
}

torch::Tensor maskIllegal(const torch::Tensor& logits, const torch::Tensor& legal) {
	return logits.masked_fill(legal.logical_not(), -1e9);
}
