#include "train.h"

SegScore Evaluate(addNet& net, const Raster& scene, const Raster& mask, int batches)
{
    net.eval();
    torch::NoGradGuard no_grad;
    double correct = 0, total = 0, inter = 0, uni = 0;
    for (int b = 0; b < batches; ++b) {
        Batch batch = MakeBatch(scene, mask, Size);
        auto pred = net.forward(batch.data).argmax(1);
        auto label = torch::squeeze(batch.label, 3).to(torch::kLong);
        correct += pred.eq(label).sum().item<double>();
        total += label.numel();
        inter += (pred.eq(1) & label.eq(1)).sum().item<double>();
        uni += (pred.eq(1) | label.eq(1)).sum().item<double>();
    }
    net.train();
    return {correct / total, uni > 0 ? inter / uni : 1.0};
}
