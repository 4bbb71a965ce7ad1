#include "utils.h"

Raster RandData(const Raster& data, int height, int width)
{/*
  To get a single training crop;
  */
    assert(height >= 0);
    assert(width >= 0);
    Raster tmp;
    tmp.rows = imgH;
    tmp.cols = imgW;
    tmp.bands = data.bands;
    tmp.data.resize(static_cast<size_t>(imgH) * imgW * data.bands);
    for (int i = height; i < height + imgH; i++) {
        for (int j = width; j < width + imgW; j++) {
            for (int k = 0; k < data.bands; k++) {
                tmp.data[(static_cast<size_t>(i - height) * imgW + (j - width)) * data.bands + k] = data.at(i, j, k);
            }
        }
    }
    return tmp;
}

Raster RandMask(const Raster& mask, int height, int width)
{/*
  To get a single training mask;
  */
    return RandData(mask, height, width);
}

std::vector<std::vector<Raster>> DataLoader(const Raster& data, const Raster& mask, int batch_size)
{/*
  load batch training data, include Tif and Mask
  */
    assert(batch_size > 0);
    int imgheight = data.rows;
    int imgwidth = data.cols;
    int randheight, randwidth;
    std::vector<std::vector<Raster>> res;
    std::vector<Raster> sdata;
    std::vector<Raster> smask;
    for (int i = 0; i < batch_size; i++) {
        randheight = rand() % (imgheight - imgH - 1);
        randwidth = rand() % (imgwidth - imgW - 1);
        sdata.push_back(RandData(data, randheight, randwidth));
        smask.push_back(RandMask(mask, randheight, randwidth));
    }
    res.push_back(sdata);
    res.push_back(smask);
    return res;
}

std::vector<float> GetFloatData(const std::vector<std::vector<Raster>>& res)
{/*
  flatten tensor;
  */
    std::vector<float> out;
    out.reserve(res[0].size() * imgH * imgW * 4);
    for (const auto& crop : res[0]) out.insert(out.end(), crop.data.begin(), crop.data.end());
    return out;
}

std::vector<float> GetFloatMask(const std::vector<std::vector<Raster>>& res)
{/*
  flatten tensor;
  */
    std::vector<float> out;
    out.reserve(res[1].size() * imgH * imgW);
    for (const auto& crop : res[1]) out.insert(out.end(), crop.data.begin(), crop.data.end());
    return out;
}
