#include "train.h"

#include "util.h"

using namespace torch::indexing;

std::pair<double, double> train_epoch(Seq2SeqTransformer& model, torch::optim::Adam& optimizer,
                                      torch::nn::CrossEntropyLoss& loss_fn, const torch::Device& device,
                                      const MULTI30KImpl& data, int64_t batch_size) {
  model->train();
  double losses = 0.0;
  double last = 0.0;
  int batches = 0;
  for (auto& batch : data.batches(batch_size, /*shuffle=*/true)) {
    torch::Tensor src = batch.src.to(device);
    torch::Tensor tgt = batch.tgt.to(device);

    torch::Tensor tgt_input = tgt.index({Slice(None, -1)});

    auto mask = create_mask(src, tgt_input, device);
    torch::Tensor src_mask = std::get<0>(mask);
    torch::Tensor tgt_mask = std::get<1>(mask);
    torch::Tensor src_padding_mask = std::get<2>(mask);
    torch::Tensor tgt_padding_mask = std::get<3>(mask);
    torch::Tensor logits = model->forward(src, tgt_input, src_mask, tgt_mask, src_padding_mask, tgt_padding_mask);

    optimizer.zero_grad();

    torch::Tensor tgt_out = tgt.index({Slice(1, None)});
    auto loss = loss_fn(logits.reshape({-1, logits.size(logits.dim() - 1)}), tgt_out.reshape({-1}));
    loss.backward();

    optimizer.step();
    last = loss.item<double>();
    losses += last;
    batches++;
  }
  return {losses / batches, last};
}

std::pair<double, double> evaluate(Seq2SeqTransformer& model, torch::nn::CrossEntropyLoss& loss_fn,
                                   const torch::Device& device, const MULTI30KImpl& data, int64_t batch_size) {
  model->eval();
  torch::NoGradGuard no_grad;
  double losses = 0.0;
  int batches = 0;
  int64_t correct = 0;
  int64_t total = 0;
  for (auto& batch : data.batches(batch_size, /*shuffle=*/false)) {
    torch::Tensor src = batch.src.to(device);
    torch::Tensor tgt = batch.tgt.to(device);
    torch::Tensor tgt_input = tgt.index({Slice(None, -1)});
    auto mask = create_mask(src, tgt_input, device);
    torch::Tensor logits = model->forward(src, tgt_input, std::get<0>(mask), std::get<1>(mask),
                                          std::get<2>(mask), std::get<3>(mask));
    torch::Tensor tgt_out = tgt.index({Slice(1, None)});
    losses += loss_fn(logits.reshape({-1, logits.size(-1)}), tgt_out.reshape({-1})).item<double>();
    torch::Tensor keep = tgt_out != PAD_IDX;
    correct += (logits.argmax(-1).eq(tgt_out) & keep).sum().item<int64_t>();
    total += keep.sum().item<int64_t>();
    batches++;
  }
  return {losses / batches, static_cast<double>(correct) / static_cast<double>(total)};
}
