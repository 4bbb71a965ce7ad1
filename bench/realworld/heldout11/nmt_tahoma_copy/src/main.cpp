#include <iomanip>
#include <iostream>
#include <torch/torch.h>

#include <tahoma.h>
#include <tahoma/config.h>
#include <tahoma/train/trainer.h>

using namespace tahoma;

int main(int argc, char* argv[]) {
    torch::manual_seed(0);
    auto conf = config::load_config();
    train::Trainer trainer(conf);

    auto [exact_before, tokens_before] = trainer.evaluate(100);
    trainer.train();
    auto [exact, tokens] = trainer.evaluate(200);

    std::cout << std::fixed << std::setprecision(4);
    std::cout << "final loss: " << trainer.last_loss() << std::endl;
    std::cout << "test metric: greedy decoding of 200 test sentences: exact match " << exact
              << ", token accuracy " << tokens << " (untrained: " << exact_before << ", " << tokens_before << ")"
              << std::endl;
    return 0;
}
