#include <torch/torch.h>
#include <iostream>
#include "model.h"
#include "shapes.h"
#include "train.h"

int main()
{
    torch::manual_seed(7);
    ShapeSet train_set = make_shapes(64);
    ShapeSet test_set = make_shapes(20);

    Pointnet model(kNumClasses);
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(2e-3).betas(std::make_tuple(0.5, 0.999)));
    const float acc_before = test(model, test_set);
    const float final_loss = train(model, optimizer, 10, 16, train_set);
    const float acc_after = test(model, test_set);
    std::cout<<"optimizer steps: "<<10 * (train_set.points.size(0) / 16)<<std::endl;
    std::cout<<"final loss: "<<final_loss<<std::endl;
    std::cout<<"test accuracy: "<<acc_before<<" -> "<<acc_after<<std::endl;
    std::cout<<"Done"<<std::endl;
    return 0;
}
