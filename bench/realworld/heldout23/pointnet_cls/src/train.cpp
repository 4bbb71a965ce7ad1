#include <torch/torch.h>
#include <iostream>
#include "model.h"
#include "train.h"

torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

float train(Pointnet &model, torch::optim::Optimizer &optimizer, int64_t num_epochs, int64_t batch_size, const ShapeSet &data)
{
    model->to(device);
    model->train();
    torch::optim::StepLR scheduler(optimizer, 4, 0.5);
    const int64_t num_samples = data.points.size(0);
    const int64_t num_batches = num_samples / batch_size;
    float mse = 0;
    for(int epoch =0;epoch<num_epochs;epoch++){
        mse = 0;
        float Acc=0;
        torch::Tensor order = torch::randperm(num_samples, torch::kLong);
        for(int btch=0;btch<num_batches;btch++){
            torch::Tensor idx = order.narrow(0, btch * batch_size, batch_size);
            torch::Tensor inp = data.points.index_select(0, idx);
            torch::Tensor labl = data.labels.index_select(0, idx);
            inp = inp.to(torch::kFloat32).to(device);
            labl = labl.to(torch::kInt64).to(device);
            optimizer.zero_grad();
            auto output = model->forward(inp);
            auto loss = torch::nll_loss(torch::log_softmax(output, 1), labl);
            loss.backward();
            optimizer.step();
            auto acc = output.argmax(1).eq(labl).sum();
            Acc += acc.template item<float>();
            mse += loss.template item<float>();
        }
        scheduler.step();
        mse = mse/float(num_batches);
        Acc = Acc/float(num_batches * batch_size);
        std::cout<<"Epoch "<<epoch<<" Mse is: "<<mse<<" Accuracy is: "<<Acc<<std::endl;
    }
    std::cout<<"Training done"<<std::endl;
    return mse;
}

float test(Pointnet &model, const ShapeSet &data)
{
    torch::NoGradGuard no_grad;
    model->to(device);
    model->eval();
    torch::Tensor inp = data.points.to(torch::kFloat32).to(device);
    torch::Tensor labl = data.labels.to(torch::kInt64).to(device);
    auto output = model->forward(inp);
    auto loss = torch::nll_loss(torch::log_softmax(output, 1), labl);
    float Acc = output.argmax(1).eq(labl).sum().template item<float>() / float(labl.size(0));
    std::cout<<"Test loss is: "<<loss.template item<float>()<<" Accuracy is: "<<Acc<<std::endl;
    model->train();
    return Acc;
}
