/*
 * NetDef.h
 *
 *  Sizes of the mahjong nets, kept in one enum.
 */

#ifndef INCLUDE_NETDEF_H_
#define INCLUDE_NETDEF_H_

#include <torch/torch.h>

#include <string>
#include <tuple>

enum MjNetConf {
	InputW = 34,	// tile kinds
	InputH = 5,		// hand, drawn tile, discards of the three others
	InputC = 1,

	Conv0InChan = InputC,
	Conv0OutChan = 16,
	Conv0KernelW = 1,
	Conv0KernelH = 5,
	Conv0StrideW = 1,
	Conv0StrideH = 1,
	Conv0PoolW = 1,
	Conv0PoolH = 1,
	Conv0PoolPadH = 0,

	Lstm0Hidden = 100,
	Lstm0Layer = 1,
	Lstm0Dir = 1,

	FcOutput = 42,	// 34 discards, chi, pon, kan, riichi, ron, tsumo, kita, pass

	OutputMax = 1,
};

const std::pair<int, int> GetConvOutput(const int convInputW, const int convInputH,
				const int convKernelW, const int convKernelH, const int poolW, const int poolH, const int poolPadH,
				const int convStrideW, const int convStrideH);

const int GetLstm0Input();

// Rows of the raw scene tensor [batch, seq, InputH, InputW] that show a tile may be discarded.
torch::Tensor legalDiscards(const torch::Tensor& scenes);

// Logits of actions that cannot be taken are pushed far down before the softmax.
torch::Tensor maskIllegal(const torch::Tensor& logits, const torch::Tensor& legal);

#endif /* INCLUDE_NETDEF_H_ */
