#include "train.h"

Batch MakeBatch(const Raster& scene, const Raster& mask, int batch_size)
{
    std::vector<std::vector<Raster>> res = DataLoader(scene, mask, batch_size);
    auto flat_data = GetFloatData(res);
    auto flat_mask = GetFloatMask(res);
    torch::Tensor train_data = torch::from_blob(flat_data.data(), {batch_size, imgH, imgW, 4}).clone();
    train_data = torch::transpose(torch::transpose(train_data, 3, 2), 2, 1).contiguous();
    torch::Tensor train_label = torch::from_blob(flat_mask.data(), {batch_size, imgH, imgW, 1}).clone();
    return {train_data, train_label};
}

float trainNet(addNet& net, const Raster& scene, const Raster& mask, int epochs)
{/*
  To train addNet with four multi-bands data;
  */
    Batch batch = MakeBatch(scene, mask, Size);
    torch::autograd::Variable train_data = batch.data;
    torch::autograd::Variable train_label = batch.label;
    std::cout << std::get<0>(torch::_unique(train_label)) << std::endl;
    torch::Tensor prediction;
    torch::Tensor loss;
    torch::optim::Adam optimizer(net.parameters(), /*lr=*/0.001);
    for (int epoch = 0; epoch < epochs; epoch++)
    {
        if (epoch > 0 && epoch % 30 == 0) {
            batch = MakeBatch(scene, mask, Size);  // fresh crops every 30 epochs
            train_data = batch.data;
            train_label = batch.label;
        }
        prediction = net.forward(train_data);
        loss = torch::nll_loss2d(torch::log_softmax(prediction, 1),
                                 torch::_cast_Long(torch::squeeze(train_label, 3)));
        if (epoch % 30 == 0) std::cout << "epoch " << epoch << " loss " << loss.item<float>() << std::endl;
        optimizer.zero_grad();
        loss.backward();
        optimizer.step();
    }
    return loss.item<float>();
}
