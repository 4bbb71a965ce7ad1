#include <torch/torch.h>

#include <iostream>

#include "config.h"
#include "seq2seq.h"
#include "train.h"

int main() {
    torch::manual_seed(0);

    const auto device_type = torch::cuda::is_available() ? torch::DeviceType::CUDA : torch::DeviceType::CPU;
    torch::Device device(device_type);

    Seq2SeqOptions options;
    TrainOptions train_options;

    auto train_data = make_reversal_pairs(1280, options.encoder.vocab_size, train_options.num_steps, 1);
    auto test_data = make_reversal_pairs(256, options.encoder.vocab_size, train_options.num_steps, 2);

    Seq2Seq net(options);
    const double loss = train_seq2seq(net, train_data, train_options, device);
    const double accuracy = evaluate_seq2seq(net, test_data, device);

    std::cout << "final loss: " << loss << std::endl;
    std::cout << "test token accuracy (teacher forced): " << accuracy << std::endl;
    return 0;
}
