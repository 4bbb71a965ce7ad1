#include <iostream>
#include <string>
#include <torch/torch.h>
#include "segnet.h"
#include "train.h"
#include "utils.h"
using namespace std;

// CPU only, as the original: no device anywhere.
int main()
{
    torch::manual_seed(3);
    srand(3);
    Raster data = MakeScene(240, 240, 11);      // in place of GDAL2Mat("data/GF1_WFV3_...tiff")
    Raster mask = MakeMask(data);               // in place of cv::imread("data/rice.png", 0)
    Raster test_data = MakeScene(160, 160, 29);
    Raster test_mask = MakeMask(test_data);

#if 0
    std::vector<int> vec = {64, 64, 64, 64};
    pspNet<torch::Tensor> net(4, 2, vec);
    trainNet(net);
#endif
    std::vector<int> vec = {20, 32, 64};
    segNet<torch::Tensor> net(4, 2, vec);
    SegScore before = Evaluate(net, test_data, test_mask, 4);
    float final_loss = trainNet(net, data, mask, 150);
    SegScore after = Evaluate(net, test_data, test_mask, 4);
    cout << "rice IoU on held-out scene: " << before.rice_iou << " -> " << after.rice_iou << endl;
    cout << "final loss: " << final_loss << endl;
    cout << "test pixel accuracy: " << after.pixel_accuracy << " (before training " << before.pixel_accuracy << ")" << endl;
    return 0;
}
