#ifndef NN_H
#define NN_H
#include "file.h"

#include <map>
#include <string>

class SalesPredictionModel : public torch::nn::Module {

public:
    SalesPredictionModel();

    torch::Tensor forward(torch::Tensor id_tensor, torch::Tensor days_tensor, torch::Tensor months_tensor,
                          torch::Tensor temp_tensor, torch::Tensor hum_tensor, torch::Tensor os_tensor, torch::Tensor wind_tensor);


    friend bool learn(int *prod);
    friend std::map<int, float> prediction(std::vector<int> *endDate, int *pickedprod);

private:
    torch::nn::LSTM lstm1 = nullptr;
    torch::nn::LSTM lstm2 = nullptr;

    torch::nn::Linear linear1 = nullptr;
    torch::nn::Linear linear2 = nullptr;


};


bool learn(int *prod);

// saved models, one archive per product (used to be models/<prod>model.pt)
extern std::map<int, std::string> saved_models;
extern float last_train_loss;

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor> normalize_data(
    const std::vector<SalesRow> &data);

std::tuple<float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float> getStdAndMean(
    const std::vector<SalesRow> &data);

#endif // NN_H
