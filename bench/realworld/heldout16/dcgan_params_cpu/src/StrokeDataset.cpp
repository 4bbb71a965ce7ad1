#include "StrokeDataset.h"

#include <cmath>
#include <random>

StrokeDataset::StrokeDataset(int64_t iCount, uint64_t uiSeed){
	std::mt19937_64 oRng(uiSeed);
	std::uniform_real_distribution<float> oUni(0.0f, 1.0f);
	const int64_t iSide = 28;
	auto tY = torch::arange(iSide, torch::kFloat32).view({iSide, 1}).expand({iSide, iSide});
	auto tX = torch::arange(iSide, torch::kFloat32).view({1, iSide}).expand({iSide, iSide});

	tImages = torch::empty({iCount, 1, iSide, iSide});
	tKinds = torch::empty({iCount}, torch::kLong);
	for(int64_t i = 0; i < iCount; i++){
		const float fCx = 10.0f + oUni(oRng) * 8.0f, fCy = 10.0f + oUni(oRng) * 8.0f;
		torch::Tensor tDist;
		if(oUni(oRng) < 0.5f){
			// a bar through the centre
			const float fAngle = oUni(oRng) * 3.14159f;
			const float fNx = -std::sin(fAngle), fNy = std::cos(fAngle);
			tDist = ((tX - fCx) * fNx + (tY - fCy) * fNy).abs();
			tDist = tDist + torch::relu(((tX - fCx) * fNy - (tY - fCy) * fNx).abs() - 9.0f);
			tKinds[i] = 0;
		}else{
			// a ring
			const float fRadius = 5.0f + oUni(oRng) * 4.0f;
			tDist = ((tX - fCx).pow(2) + (tY - fCy).pow(2)).sqrt().sub(fRadius).abs();
			tKinds[i] = 1;
		}
		auto tInk = torch::exp(-tDist.pow(2) / 2.0f);
		tImages[i][0] = tInk * 2.0f - 1.0f;
	}
}

torch::data::Example<> StrokeDataset::get(size_t index){
	return {tImages[index], tKinds[index]};
}

torch::optional<size_t> StrokeDataset::size() const{
	return tImages.size(0);
}
