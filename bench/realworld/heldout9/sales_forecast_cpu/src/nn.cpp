#include "nn.h"
#include "weather.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <iterator>
#include <sstream>

const int input_size = 6;
const int output_size = 1;
const int hidden_size = 50;
const int dense_size = 20;
const int num_epochs = 250;
const double learning_rate = 0.01;

std::map<int, std::string> saved_models;
float last_train_loss = 0.0f;


std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor> normalize_data(
    const std::vector<SalesRow> &data) {
    std::vector<float> ids, days, months, temp, hum, os, wind;
    std::vector<float> sales;

    std::transform(data.begin(), data.end(), std::back_inserter(ids), [](const auto &tup) { return std::get<0>(tup); });
    std::transform(data.begin(), data.end(), std::back_inserter(days), [](const auto &tup) { return std::get<1>(tup); });
    std::transform(data.begin(), data.end(), std::back_inserter(months), [](const auto &tup) { return std::get<2>(tup); });
    std::transform(data.begin(), data.end(), std::back_inserter(sales), [](const auto &tup) { return std::get<3>(tup); });
    std::transform(data.begin(), data.end(), std::back_inserter(temp), [](const auto &tup) { return std::get<4>(tup); });
    std::transform(data.begin(), data.end(), std::back_inserter(hum), [](const auto &tup) { return std::get<5>(tup); });
    std::transform(data.begin(), data.end(), std::back_inserter(os), [](const auto &tup) { return std::get<6>(tup); });
    std::transform(data.begin(), data.end(), std::back_inserter(wind), [](const auto &tup) { return std::get<7>(tup); });

    std::cout << "ids_tensor: " << data.size() << std::endl;


    torch::Tensor ids_tensor = torch::tensor(ids, torch::kFloat32);
    torch::Tensor days_tensor = torch::tensor(days, torch::kFloat32);
    torch::Tensor months_tensor = torch::tensor(months, torch::kFloat32);
    torch::Tensor sales_tensor = torch::tensor(sales, torch::kFloat32);
    torch::Tensor temp_tensor = torch::tensor(temp, torch::kFloat32);
    torch::Tensor hum_tensor = torch::tensor(hum, torch::kFloat32);
    torch::Tensor os_tensor = torch::tensor(os, torch::kFloat32);
    torch::Tensor wind_tensor = torch::tensor(wind, torch::kFloat32);

    // Z-normalisation
    auto z_normalize = [](torch::Tensor &tensor) {
        auto mean = tensor.mean().item<float>() + 1e-8;
        auto std = tensor.std().item<float>() + 1e-8;

        tensor = (tensor - mean) / std;
    };

    z_normalize(days_tensor);
    z_normalize(months_tensor);
    z_normalize(sales_tensor);
    z_normalize(temp_tensor);
    z_normalize(hum_tensor);
    z_normalize(os_tensor);
    z_normalize(wind_tensor);

    return std::make_tuple(ids_tensor, days_tensor, months_tensor, sales_tensor, temp_tensor, hum_tensor, os_tensor, wind_tensor);
}


bool learn(int *prod) {
    SalesPredictionModel model;
    torch::optim::Adam optimizer(model.parameters(), torch::optim::AdamOptions(learning_rate));
    torch::nn::MSELoss loss;
    std::vector<SalesRow> data1;

    data1 = getfile1(prod);

    auto [id, days, months, sales, temp, hum, os, wind] = normalize_data(data1);
    auto dataset = torch::data::datasets::TensorDataset({ id, days, months, sales, temp, hum, os, wind });
    auto data_loader = torch::data::make_data_loader<torch::data::samplers::SequentialSampler>(
        std::move(dataset), torch::data::DataLoaderOptions().batch_size(64));
    float d = 1.0f;
    int epoch = 0;
    do {
        for (auto &batch : *data_loader) {
            auto id_batch = batch.data()[0];
            auto days_batch = batch.data()[1];
            auto months_batch = batch.data()[2];
            auto sales_batch1 = batch.data()[3];
            auto temp_batch = batch.data()[4];
            auto hum_batch = batch.data()[5];
            auto os_batch = batch.data()[6];
            auto wind_batch = batch.data()[7];
            auto sales_batch = torch::stack({ sales_batch1.data }).unsqueeze(2);

            optimizer.zero_grad();

            auto predictions = model.forward(id_batch, days_batch, months_batch, temp_batch, hum_batch, os_batch, wind_batch);
            auto l = loss(predictions, sales_batch);
            auto rel_err = ((predictions - sales_batch).abs() / (sales_batch.abs() + 1e-8)).median();
            if (std::isnan(l.item<float>())) {
                return 1;
            }
            l.backward();
            optimizer.step();

            if (epoch % 25 == 0) {
                std::cout << "epoch: " << epoch << "  loss:" << l.item<float>() << "  median rel err: " << rel_err.item<float>() << std::endl;
            }
            d = l.item<float>();
        }
        epoch++;
    } while (d > 0.0001 && epoch < num_epochs);
    last_train_loss = d;
    std::cout << "Training finished after " << epoch << " epochs, save? (1,0)" << std::endl;
    bool h = 1;
    // std::cin >> h;
    if (h == 1) {
        torch::serialize::OutputArchive archive;
        model.save(archive);
        std::ostringstream out;
        archive.save_to(out);
        saved_models[*prod] = out.str();
    }
    return 0;
}


std::tuple<float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float> getStdAndMean(
    const std::vector<SalesRow> &data) {
    std::vector<float> ids, days, months, temp, hum, os, wind, sales;
    for (const auto &tup : data) {
        ids.push_back(std::get<0>(tup));
        days.push_back(std::get<1>(tup));
        months.push_back(std::get<2>(tup));
        sales.push_back(std::get<3>(tup));
        temp.push_back(std::get<4>(tup));
        hum.push_back(std::get<5>(tup));
        os.push_back(std::get<6>(tup));
        wind.push_back(std::get<7>(tup));
    }
    torch::Tensor ids_tensor = torch::tensor(ids, torch::kFloat32);
    torch::Tensor days_tensor = torch::tensor(days, torch::kFloat32);
    torch::Tensor months_tensor = torch::tensor(months, torch::kFloat32);
    torch::Tensor sales_tensor = torch::tensor(sales, torch::kFloat32);
    torch::Tensor temp_tensor = torch::tensor(temp, torch::kFloat32);
    torch::Tensor hum_tensor = torch::tensor(hum, torch::kFloat32);
    torch::Tensor os_tensor = torch::tensor(os, torch::kFloat32);
    torch::Tensor wind_tensor = torch::tensor(wind, torch::kFloat32);

    float idmean = ids_tensor.mean().item<float>() + 1e-8;
    float idstd = ids_tensor.std().item<float>() + 1e-8;

    float daysmean = days_tensor.mean().item<float>() + 1e-8;
    float daysstd = days_tensor.std().item<float>() + 1e-8;

    float moumean = months_tensor.mean().item<float>() + 1e-8;
    float moustd = months_tensor.std().item<float>() + 1e-8;

    float salesmean = sales_tensor.mean().item<float>() + 1e-8;
    float salesstd = sales_tensor.std().item<float>() + 1e-8;

    float tempmean = temp_tensor.mean().item<float>() + 1e-8;
    float tempstd = temp_tensor.std().item<float>() + 1e-8;

    float hummean = hum_tensor.mean().item<float>() + 1e-8;
    float humstd = hum_tensor.std().item<float>() + 1e-8;

    float osmean = os_tensor.mean().item<float>() + 1e-8;
    float osstd = os_tensor.std().item<float>() + 1e-8;

    float windmean = wind_tensor.mean().item<float>() + 1e-8;
    float windstd = wind_tensor.std().item<float>() + 1e-8;
    return std::make_tuple(idmean, idstd, daysmean, daysstd, moumean, moustd, salesmean, salesstd, tempmean, tempstd, hummean, humstd, osmean, osstd, windmean, windstd);
}


SalesPredictionModel::SalesPredictionModel() {
    lstm1 = register_module("lstm1", torch::nn::LSTM(torch::nn::LSTMOptions(input_size, hidden_size).num_layers(1).batch_first(true)));
    lstm2 = register_module("lstm2", torch::nn::LSTM(torch::nn::LSTMOptions(hidden_size, hidden_size).num_layers(1).batch_first(true)));
    linear1 = register_module("linear1", torch::nn::Linear(hidden_size, dense_size));
    linear2 = register_module("linear2", torch::nn::Linear(dense_size, output_size));
}

torch::Tensor SalesPredictionModel::forward(torch::Tensor id_tensor, torch::Tensor days_tensor, torch::Tensor months_tensor,
                                            torch::Tensor temp_tensor, torch::Tensor hum_tensor, torch::Tensor os_tensor, torch::Tensor wind_tensor) {
    auto input_tensor = torch::stack({ days_tensor, months_tensor, temp_tensor, hum_tensor, os_tensor, wind_tensor }).unsqueeze(0).transpose(1, 2); // [1, days, 6]

    auto lstm_output1 = lstm1->forward(input_tensor);
    auto lstm_out1 = std::get<0>(lstm_output1).squeeze(0);

    // lstm2 is kept for the checkpoints of the two-layer version
    auto dense = torch::relu(linear1->forward(lstm_out1));

    return linear2->forward(dense.unsqueeze(0));
}
