#pragma once
#include <cassert>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#define Size 16
inline int imgH = 32;
inline int imgW = 32;

// one multi-band raster (band-interleaved by pixel, as an OpenCV CV_32FC4 Mat)
struct Raster {
    int rows = 0;
    int cols = 0;
    int bands = 0;
    std::vector<float> data;
    float at(int r, int c, int b) const { return data[(static_cast<size_t>(r) * cols + c) * bands + b]; }
};

// scene.cpp: a synthetic GF1 WFV-like 4-band scene and its rice mask
Raster MakeScene(int rows, int cols, unsigned seed);
Raster MakeMask(const Raster& scene);

// loader.cpp: random crops, flattened as GetFloatData/GetFloatMask did
Raster RandData(const Raster& data, int height, int width);
Raster RandMask(const Raster& mask, int height, int width);
std::vector<std::vector<Raster>> DataLoader(const Raster& data, const Raster& mask, int batch_size);
std::vector<float> GetFloatData(const std::vector<std::vector<Raster>>& res);
std::vector<float> GetFloatMask(const std::vector<std::vector<Raster>>& res);
