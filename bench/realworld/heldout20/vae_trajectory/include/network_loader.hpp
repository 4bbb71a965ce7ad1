#ifndef NETWORK_LOADER_HPP
#define NETWORK_LOADER_HPP

#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <string>
#include <tuple>
#include <vector>

#include <torch/torch.h>

#include "autoencoder_VAE.hpp"
#include "utils.hpp"

template <typename TParams>
class AbstractLoader {
public:
    explicit AbstractLoader(std::size_t latent_size, torch::nn::AnyModule auto_encoder_module) :
            m_global_step(0),
            m_auto_encoder_module(std::move(auto_encoder_module)),
            m_adam_optimiser(torch::optim::Adam(m_auto_encoder_module.ptr()->parameters(),
                                                torch::optim::AdamOptions(TParams::ae::learning_rate)
                                                        .betas(std::make_tuple(0.9, 0.999)))),
            m_device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU)
    {
        if (torch::cuda::is_available())
        {
            const char* cuda_visible_devices = std::getenv("CUDA_VISIBLE_DEVICES");
            std::string str_cuda_visible_devices = (cuda_visible_devices == NULL) ? std::string("") : std::string(cuda_visible_devices);
            if (!str_cuda_visible_devices.empty() && str_cuda_visible_devices.find(',') == std::string::npos)
            {
                m_device = torch::Device(m_device.type(), 0);
                std::cout << "Torch -> Using CUDA ; visible device: " << str_cuda_visible_devices << std::endl;
            }
            else
                {std::cout << "Torch -> Using CUDA ; no specified index device " << std::endl;}
        }
        else {std::cout << "Torch -> Using CPU" << std::endl;}

        this->m_auto_encoder_module.ptr()->to(this->m_device);
    }

    torch::nn::AnyModule& auto_encoder() {
        return this->m_auto_encoder_module;
    }

    int32_t m_global_step;

protected:
    torch::nn::AnyModule m_auto_encoder_module;
    torch::optim::Adam m_adam_optimiser;
    torch::Device m_device;
};

template <typename TParams>
class NetworkLoaderAutoEncoder : public AbstractLoader<TParams> {
public:
    typedef AbstractLoader<TParams> TParentLoader;

    explicit NetworkLoaderAutoEncoder() :
            TParentLoader(TParams::qd::behav_dim,
                          torch::nn::AnyModule(AutoEncoder(TParams::qd::gen_dim, TParams::ae::en_hid_dim1, TParams::ae::en_hid_dim2, TParams::qd::behav_dim,
                                                           TParams::ae::de_hid_dim1, TParams::ae::de_hid_dim2, TParams::sim::num_trajectory_elements, TParams::ae::bias))),
            _log_2_pi(std::log(2 * M_PI)),
            _epochs_trained(0) {}

    void prepare_batches(std::vector<Batch> &batches, const torch::Tensor &phen, const torch::Tensor &traj,
                         const std::vector<int> &is_trajectory) const
    {
        const int rows_per_phen = TParams::random::max_num_random + 1;
        int64_t n_batches = phen.size(0) <= TParams::ae::batch_size ? 1 : phen.size(0) / TParams::ae::batch_size;
        batches = std::vector<Batch>(n_batches);
        auto order = torch::randperm(phen.size(0));
        for (int64_t ind = 0; ind < n_batches; ++ind)
        {
            int64_t count = n_batches == 1 ? phen.size(0) : TParams::ae::batch_size;
            auto phen_idx = order.slice(0, ind * count, (ind + 1) * count);
            auto row_idx = (phen_idx.unsqueeze(1) * rows_per_phen + torch::arange(rows_per_phen)).view({-1});
            std::vector<int> flags;
            auto rows = row_idx.accessor<int64_t, 1>();
            for (int64_t r = 0; r < rows.size(0); ++r) flags.push_back(is_trajectory[rows[r]]);

            torch::Tensor filtered;
            std::vector<bool> boundaries;
            filter_trajectories(traj.index_select(0, row_idx), flags, rows_per_phen, filtered, boundaries);
            batches[ind] = std::make_tuple(phen.index_select(0, phen_idx), filtered, boundaries);
        }
    }

    float get_avg_recon_loss(const torch::Tensor &phen, const torch::Tensor &traj, const std::vector<int> &is_traj)
    {
        torch::NoGradGuard no_grad;
        AutoEncoder auto_encoder = std::static_pointer_cast<AutoEncoderImpl>(this->m_auto_encoder_module.ptr());
        auto_encoder->eval();
        torch::Tensor filtered;
        std::vector<bool> boundaries;
        filter_trajectories(traj, is_traj, TParams::random::max_num_random + 1, filtered, boundaries);

        torch::Tensor encoder_mu, encoder_logvar, decoder_logvar, descriptors_tensor;
        torch::Tensor reconstruction_tensor = auto_encoder->forward_get_latent(phen.to(this->m_device), encoder_mu, encoder_logvar, decoder_logvar,
                                                                                descriptors_tensor, false);
        // L2 of the actual (first) trajectory of each phenotype
        std::vector<int64_t> firsts;
        for (size_t i = 0; i < boundaries.size(); ++i)
            if (boundaries[i]) firsts.push_back(static_cast<int64_t>(i));
        torch::Tensor actual = filtered.index_select(0, torch::tensor(firsts)).to(this->m_device);
        auto_encoder->train();
        return torch::pow(actual - reconstruction_tensor, 2).mean().item<float>();
    }

    torch::Tensor latent_means(const torch::Tensor &phen)
    {
        torch::NoGradGuard no_grad;
        AutoEncoder auto_encoder = std::static_pointer_cast<AutoEncoderImpl>(this->m_auto_encoder_module.ptr());
        torch::Tensor encoder_mu, encoder_logvar, decoder_logvar, descriptors_tensor;
        auto_encoder->forward_get_latent(phen.to(this->m_device), encoder_mu, encoder_logvar, decoder_logvar, descriptors_tensor, false);
        return encoder_mu.cpu();
    }

    float training(const torch::Tensor &phen_d, const torch::Tensor &traj_d, std::vector<int> &is_trajectories, bool full_train = false)
    {
        AutoEncoder auto_encoder = std::static_pointer_cast<AutoEncoderImpl>(this->m_auto_encoder_module.ptr());
        auto_encoder->train();
        std::cout << "Total Size Dataset: " << phen_d.size(0) << std::endl;
        const int rows_per_phen = TParams::random::max_num_random + 1;
        torch::Tensor train_phen, valid_phen, train_traj, valid_traj;
        size_t l_train_traj = split_dataset(phen_d, traj_d, TParams::ae::CV_fraction, rows_per_phen,
                                            train_phen, valid_phen, train_traj, valid_traj);
        std::vector<int> train_is_trajectories(is_trajectories.begin(), is_trajectories.begin() + l_train_traj);
        std::vector<int> val_is_trajectories(is_trajectories.begin() + l_train_traj, is_trajectories.end());

        float init_tr_recon_loss = this->get_avg_recon_loss(train_phen, train_traj, train_is_trajectories);
        float init_vl_recon_loss = this->get_avg_recon_loss(valid_phen, valid_traj, val_is_trajectories);
        std::cout << "INIT recon train loss: " << init_tr_recon_loss << "   valid recon loss: " << init_vl_recon_loss << std::endl;

        bool _continue = true;
        std::vector<float> previous_avg(TParams::ae::running_mean_num_epochs, 50.f);

        int epoch(0);

        // initialise training variables
        torch::Tensor encoder_mu, encoder_logvar, decoder_logvar, descriptors_tensor;

        while (_continue && (epoch < TParams::ae::nb_epochs)) {
            std::vector<Batch> batches;
            prepare_batches(batches, train_phen, train_traj, train_is_trajectories);

            for (auto &tup : batches) {
                this->m_auto_encoder_module.ptr()->zero_grad();

                // tup[1] is the trajectories tensor
                torch::Tensor traj = std::get<1>(tup).to(this->m_device);

                // tup[0] is the phenotype
                torch::Tensor reconstruction_tensor = auto_encoder->forward_get_latent(std::get<0>(tup).to(this->m_device), encoder_mu, encoder_logvar, decoder_logvar,
                                                                                descriptors_tensor, TParams::qd::sample);
                torch::Tensor loss_tensor = torch::zeros(1, torch::device(this->m_device));

                // start at -1 because first loop will take it to 0
                int index{-1};

                // tup[2] is the boundaries vector
                for (size_t i{0}; i < std::get<2>(tup).size(); ++i)
                {
                    if (std::get<2>(tup)[i])
                    {++index;}

                    if (TParams::ae::full_loss)
                    {
                        if (TParams::ae::loss_function == TParams::ae::loss::L2)
                            {loss_tensor += torch::sum(torch::pow(traj[i] - reconstruction_tensor[index], 2) / (2 * torch::exp(decoder_logvar[index])) + 0.5 * (decoder_logvar[index] + _log_2_pi));}
                        else if (TParams::ae::loss_function == TParams::ae::loss::L1)
                            {loss_tensor += torch::sum(torch::abs(traj[i] - reconstruction_tensor[index]) / (2 * torch::exp(decoder_logvar[index])) + 0.5 * (decoder_logvar[index] + _log_2_pi));}
                        else
                            {loss_tensor += torch::sum(torch::smooth_l1_loss(reconstruction_tensor[index], traj[i]) / (2 * torch::exp(decoder_logvar[index])) + 0.5 * (decoder_logvar[index] + _log_2_pi));}
                    }
                    else
                    {
                        loss_tensor += torch::sum(torch::pow(traj[i] - reconstruction_tensor[index], 2));
                    }
                }

                long num_trajectories {static_cast<long>(std::get<2>(tup).size())};
                loss_tensor /= num_trajectories;

                // KL Loss
                loss_tensor += -0.5 * TParams::ae::beta * torch::sum(1 + encoder_logvar - torch::pow(encoder_mu, 2) - torch::exp(encoder_logvar), {1}).mean();
                loss_tensor.backward();
                this->m_adam_optimiser.step();
                ++epoch;
                m_last_loss = loss_tensor.item<float>();
            }

            this->m_global_step++;

            // early stopping
            if (!full_train) {
                float current_avg = this->get_avg_recon_loss(valid_phen, valid_traj, val_is_trajectories);
                for (size_t t = 1; t < previous_avg.size(); t++)
                    previous_avg[t - 1] = previous_avg[t];

                previous_avg[previous_avg.size() - 1] = current_avg;

                float trend = 0.f;
                for (float v : previous_avg) trend += v - previous_avg[0];
                if (trend / previous_avg.size() > 0 && epoch > TParams::ae::min_num_epochs &&
                    this->get_avg_recon_loss(train_phen, train_traj, train_is_trajectories) < init_tr_recon_loss)
                        {_continue = false;}
            }

            if (this->m_global_step % 5 == 0) {
                float recon_loss_t = this->get_avg_recon_loss(train_phen, train_traj, train_is_trajectories);
                float recon_loss_v = this->get_avg_recon_loss(valid_phen, valid_traj, val_is_trajectories);
                std::cout.precision(5);
                std::cout << std::setw(5) << epoch << "/" << std::setw(5) << TParams::ae::nb_epochs;
                std::cout << " loss: " << std::setw(8) << m_last_loss;
                std::cout << " recon loss (t): " << std::setw(8) << recon_loss_t;
                std::cout << " (v): " << std::setw(8) << recon_loss_v << std::endl;
            }
        }

        _epochs_trained = epoch;
        return this->get_avg_recon_loss(valid_phen, valid_traj, val_is_trajectories);
    }

    int get_epochs_trained() const {return _epochs_trained;}
    float last_loss() const {return m_last_loss;}

    float _log_2_pi;
    int _epochs_trained;
    float m_last_loss = 0.f;
};

#endif
