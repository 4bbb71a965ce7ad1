#include <iostream>
#include <torch/torch.h>
#include "logger.h"
#include "trainer.h"

int main() {
    torch::manual_seed(2024);

    facesr::TrainConfig cfg;   // defaults from constants; the original loads an INI file here
    cfg.batch_size = 16;
    cfg.num_epochs = 12;       // 12 batches per epoch: 144 G steps, 48 D steps
    cfg.num_workers = 0;
    cfg.phase1_epochs = 4;
    cfg.phase2_epochs = 8;
    cfg.lr_g = 1e-3;
    cfg.lr_d = 2e-4;
    cfg.gan_weight = 0.005;    // ESRGAN's adversarial weight (0.1 in the original's defaults)
    cfg.gradient_weight = 0.05;
    cfg.use_attention = true;  // the A5 (CBAM) variant
    cfg.log_interval = 48;
    cfg.val_interval = 4;

    facesr::Trainer trainer(cfg);
    const double before = trainer.validate(-1);
    const double baseline = trainer.baseline_psnr();
    const double final_loss = trainer.train();
    const double after = trainer.validate(cfg.num_epochs);

    std::cout << "nearest-neighbour baseline PSNR: " << baseline << " dB" << std::endl;
    std::cout << "final loss: " << final_loss << std::endl;
    std::cout << "test PSNR: " << before << " -> " << after << " dB" << std::endl;
    return 0;
}
