#ifndef VAE_DECODER_HPP
#define VAE_DECODER_HPP

#include <torch/torch.h>

struct DecoderImpl : torch::nn::Module {
    DecoderImpl(int latent_dim, int de_hid_dim1, int de_hid_dim2, int output_dim, bool bias) :
        m_linear_1(torch::nn::LinearOptions(latent_dim, de_hid_dim1).bias(bias)),
        m_linear_2(torch::nn::LinearOptions(de_hid_dim1, de_hid_dim2).bias(bias)),
        m_linear_m(torch::nn::LinearOptions(de_hid_dim2, output_dim).bias(bias)),
        m_linear_v(torch::nn::LinearOptions(de_hid_dim2, output_dim).bias(bias)),
        m_device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU)
        {
            register_module("linear_1", m_linear_1);
            register_module("linear_2", m_linear_2);
            register_module("linear_m", m_linear_m);
            register_module("linear_v", m_linear_v);
        }

        void decode(const torch::Tensor &x, torch::Tensor &mu, torch::Tensor &logvar)
        {
            torch::Tensor out = torch::relu(m_linear_2(torch::relu(m_linear_1(x))));
            mu = m_linear_m(out);
            logvar = m_linear_v(out);
        }

        torch::Tensor forward(const torch::Tensor &z, torch::Tensor &logvar)
        {
            torch::Tensor mu;
            decode(z, mu, logvar);
            return mu;
        }

        torch::nn::Linear m_linear_1, m_linear_2, m_linear_m, m_linear_v;
        torch::Device m_device;
};

TORCH_MODULE(Decoder);

#endif
