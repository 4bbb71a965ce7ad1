#include "trainer.h"

#include <cstdio>
#include <utility>

#include "ema.h"

Trainer::Trainer(std::shared_ptr<Sampler> sampler,
                 const std::tuple<int, int> &img_size,
                 std::string &exp_name,
                 int train_batch_size,
                 double train_lr,
                 int train_num_epochs,
                 double ema_decay,
                 int num_workers,
                 int save_and_sample_every,
                 int accumulation_steps) {

    this->sampler = std::move(sampler);
    this->img_size = img_size;
    this->exp_name = exp_name;
    this->train_batch_size = train_batch_size;
    this->train_lr = train_lr * accumulation_steps; // auto scale lr by accumulation_steps
    this->train_num_epochs = train_num_epochs;
    this->ema_decay = ema_decay;
    this->num_workers = num_workers;
    this->save_and_sample_every = save_and_sample_every;
    this->accumulation_steps = accumulation_steps;

    // Get model device.
    device = this->sampler->parameters(true).back().device();

    // make a new sampler as shadow.
    sampler_shadow = this->sampler->copy();
    sampler_shadow->to(device);

    // Init copy
    update_average(sampler_shadow, this->sampler, 0.);
}

void Trainer::train(ShapesDataset shapes) {
    auto dataset = std::move(shapes)
            // RandomFliplr
            .map(torch::data::transforms::Lambda<torch::data::TensorExample>([](torch::data::TensorExample input) {
                if ((torch::rand(1).item<double>() < 0.5)) {
                    input.data = torch::flip(input.data, {-1});
                }
                return input;
            }))
            .map(torch::data::transforms::Stack<torch::data::TensorExample>());

    const size_t dataset_size = dataset.size().value();
    const size_t num_step = dataset_size / train_batch_size;

    auto train_loader = torch::data::make_data_loader<torch::data::samplers::RandomSampler>(
            std::move(dataset),
            torch::data::DataLoaderOptions()
                    .batch_size(train_batch_size)
                    .workers(num_workers)
                    .drop_last(true)
    );

    torch::optim::AdamW optimizer(sampler->parameters(), train_lr);

    long step = 0;
    for (int epoch = 1; epoch <= train_num_epochs; ++epoch) {

        size_t batch_idx = 0;
        double epoch_loss = 0.0;
        sampler->zero_grad(true);
        for (auto &batch: *train_loader) {

            if (step % save_and_sample_every == 0) {
                torch::NoGradGuard no_grad;
                auto probe = sampler_shadow->sample(4, device);
                std::printf("[%s] step %ld: EMA sample mean %.4f\n", exp_name.c_str(), step,
                            probe.mean().item<float>());
            }

            auto data = batch.data.to(device);

            torch::Tensor noise_images;
            torch::Tensor steps;
            torch::Tensor noise;
            std::tie(noise_images, steps, noise) = sampler->p_x(data);

            auto denoise = sampler->forward(noise_images, steps);
            auto loss = torch::sum((denoise - noise).pow(2), {1, 2, 3}, true).mean();
            loss = loss / accumulation_steps;

            loss.backward();

            if ((step + 1) % accumulation_steps == 0) {
                optimizer.step();
                sampler->zero_grad(true);
                update_average(sampler_shadow, sampler, ema_decay);
            }

            epoch_loss += loss.item<double>() * accumulation_steps;
            step += 1;
            batch_idx += 1;
        }
        last_epoch_loss_ = epoch_loss / static_cast<double>(batch_idx);
        if (epoch % 4 == 0 || epoch == train_num_epochs) {
            std::printf("Epoch [%d / %d] .. [%zu/%zu] Loss: %.4f\n", epoch, train_num_epochs, batch_idx, num_step,
                        last_epoch_loss_);
        }
    }
}

double test_noise_mse(const std::shared_ptr<Sampler> &sampler, const torch::Tensor &images,
                      const torch::Tensor &steps, const torch::Tensor &noise) {
    torch::NoGradGuard no_grad;
    auto device = sampler->parameters(true).back().device();
    auto x = images.to(device);
    auto s = steps.to(device);
    auto n = noise.to(device);
    auto noisy = sampler->q_sample(x, s, n);
    auto pred = sampler->forward(noisy, s);
    return (pred.to(torch::kFloat) - n).pow(2).mean().item<double>();
}
