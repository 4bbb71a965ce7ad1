#include <iostream>
#include <random>
#include <vector>

#include <torch/torch.h>

#include "series_data.h"
#include "time_series_transformer.h"
#include "train.h"

int main(int argc, char* argv[])
{
    torch::manual_seed(5);
    std::mt19937_64 rng(5);

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

    const int64_t src_len = 32;
    const int64_t pred_len = 8;

    auto model = TimeSeriesTransformer(/*input_dim=*/3,
                                       /*d_model=*/60,
                                       /*num_heads=*/4,
                                       /*dim_feedforward=*/128,
                                       /*num_encoder_layers=*/2,
                                       /*num_decoder_layers=*/2,
                                       /*output_dim=*/1,
                                       /*pred_len=*/pred_len);
    model->to(device);

    auto train_set = make_series(960, src_len, pred_len, 11);
    auto test_set = make_series(128, src_len, pred_len, 12);
    auto calib_set = make_series(128, src_len, pred_len, 13);

    double mse_before = evaluate_autoregressive(model, test_set, device);
    auto naive = test_set.tgt_in.index({torch::indexing::Slice(), torch::indexing::Slice(0, 1)})
                     .expand_as(test_set.target);
    double mse_naive = torch::mse_loss(naive, test_set.target).item<double>();

    torch::optim::AdamW optimizer(model->parameters(), torch::optim::AdamWOptions(2e-3).weight_decay(1e-4));
    torch::optim::StepLR scheduler(optimizer, /*step_size=*/3, /*gamma=*/0.5);

    double loss = 0.0;
    for (int epoch = 0; epoch < 8; ++epoch)
    {
        loss = train_epoch(model, optimizer, train_set, 32, device, rng);
        scheduler.step();
        std::cout << "epoch " << epoch << " train mse " << loss << "\n";
    }

    double mse_after = evaluate_autoregressive(model, test_set, device);
    auto calib = calibrate_output(model, calib_set, device);

    std::cout << "final loss: " << loss << "\n";
    std::cout << "autoregressive test MSE: " << mse_before << " -> " << mse_after
              << " (repeat-last-value baseline " << mse_naive << ")\n";
    std::cout << "calibration scale " << calib.first << " shift " << calib.second << "\n";
    return 0;
}
