#pragma once
#include <torch/torch.h>
#include "segnet.h"
#include "utils.h"

typedef segNet<torch::Tensor> addNet;

struct Batch {
    torch::Tensor data;   // [Size, 4, imgH, imgW]
    torch::Tensor label;  // [Size, 1, imgH, imgW]
};

Batch MakeBatch(const Raster& scene, const Raster& mask, int batch_size);
float trainNet(addNet& net, const Raster& scene, const Raster& mask, int epochs);

// metrics.cpp
struct SegScore {
    double pixel_accuracy;
    double rice_iou;
};
SegScore Evaluate(addNet& net, const Raster& scene, const Raster& mask, int batches);
