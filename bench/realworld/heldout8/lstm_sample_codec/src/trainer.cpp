#include "trainer.h"

#include <iostream>

#include "waveforms.h"

double train_predictor(Predictor &model, const torch::Tensor &waves, const CodecConfig &cfg,
                       const TrainOptions &opts, torch::Device device) {
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(opts.lr));
  torch::optim::StepLR scheduler(optimizer, /*step_size=*/80, /*gamma=*/0.5);
  model->train();
  double last = 0.0;
  int64_t micro_step = 0;
  optimizer.zero_grad();
  for (int64_t micro = 0; micro < opts.steps * opts.accumulation; ++micro) {
    WaveBatch wb = sample_windows(waves, opts.batch, cfg.window);
    auto codes = wb.codes.to(device);
    auto amplitude = wb.amplitude.to(device);
    auto inputs = codes.slice(1, 0, cfg.window);
    auto targets = codes.slice(1, 1, cfg.window + 1);
    PredictorOutput out = model->forward(inputs, model->init_state(opts.batch, device));
    auto ce = torch::nn::functional::cross_entropy(out.logits.reshape({-1, kLevels}),
                                                   targets.reshape({-1}));
    auto laplace = (torch::abs(amplitude - out.mu) / out.scale + torch::log(out.scale + 1e-8)).mean();
    auto loss = (ce + 0.1 * laplace) / opts.accumulation;
    loss.backward();
    last = loss.item<double>() * opts.accumulation;
    ++micro_step;
    if (micro_step % opts.accumulation == 0) {
      torch::nn::utils::clip_grad_norm_(model->parameters(), opts.clip);
      optimizer.step();
      optimizer.zero_grad();
      scheduler.step();
      if ((micro_step / opts.accumulation) % 50 == 0) {
        std::cout << "step " << micro_step / opts.accumulation << " loss " << last << std::endl;
      }
    }
  }
  return last;
}

double bits_per_sample(Predictor &model, const torch::Tensor &waves, const CodecConfig &cfg,
                       torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  torch::manual_seed(7);
  double total = 0.0;
  const int64_t rounds = 8;
  for (int64_t r = 0; r < rounds; ++r) {
    WaveBatch wb = sample_windows(waves, 64, cfg.window);
    auto codes = wb.codes.to(device);
    auto inputs = codes.slice(1, 0, cfg.window);
    auto targets = codes.slice(1, 1, cfg.window + 1);
    PredictorOutput out = model->forward(inputs, model->init_state(64, device));
    auto probs = torch::softmax(out.logits, -1);
    auto p = probs.gather(-1, targets.unsqueeze(-1)).squeeze(-1);
    total += (-torch::log2(p + 1e-10)).mean().item<double>();
  }
  return total / rounds;
}
