// main.cpp
// Chapter 5: pretraining a small GPT on a toy token stream.
#include <torch/torch.h>

#include <iostream>

#include "dataloader.h"
#include "gpt/config.h"
#include "gpt/gpt.h"
#include "training.h"

int main() {
    torch::manual_seed(123);

    torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    std::cout << "Device: " << device << "\n";

    // a small configuration of GPT_CONFIG_124M's shape
    ch4::GPTConfig cfg;
    cfg.vocab_size = ch2::kVocabSize;
    cfg.context_length = 32;
    cfg.emb_dim = 96;
    cfg.n_heads = 4;
    cfg.n_layers = 2;
    cfg.drop_rate = 0.0;
    cfg.qkv_bias = false;

    ch4::GPTModel model(cfg);
    model->to(device);

    const auto train_ids = ch2::make_token_stream(12000, 1);
    const auto val_ids = ch2::make_token_stream(2400, 2);
    auto train_loader = ch2::create_dataloader_v1(train_ids, 16, cfg.context_length,
                                                  cfg.context_length, true, true);
    auto val_loader = ch2::create_dataloader_v1(val_ids, 16, cfg.context_length,
                                                cfg.context_length, false, false);
    std::cout << "train batches " << train_loader.size() << ", val batches "
              << val_loader.size() << "\n";

    const double untrained_acc = ch5::calc_accuracy_loader(model, val_loader, device);

    torch::optim::AdamW optimizer(model->parameters(),
                                  torch::optim::AdamWOptions(1e-3).weight_decay(0.1));
    const int64_t num_epochs = 8;
    const double final_loss = ch5::train_model_simple(model, train_loader, val_loader, optimizer,
                                                      device, num_epochs, 40, 5);

    const double val_loss = ch5::calc_loss_loader(model, val_loader, device);
    const double val_acc = ch5::calc_accuracy_loader(model, val_loader, device);
    std::cout << "final loss: " << final_loss << "\n";
    std::cout << "val loss: " << val_loss << "\n";
    std::cout << "test next-token accuracy: " << val_acc << " (untrained " << untrained_acc
              << ")\n";
    return 0;
}
