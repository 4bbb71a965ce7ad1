#include "prediction.h"
#include "weather.h"

#include <cmath>
#include <iostream>
#include <sstream>

float denormalize_value(float normalized_value, float mean, float std) {
    return (normalized_value * std) + mean;
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor, torch::Tensor> normalize_input_data(
    torch::Tensor id_tensor, torch::Tensor days_tensor, torch::Tensor months_tensor, torch::Tensor temp_tensor, torch::Tensor hum_tensor, torch::Tensor os_tensor, torch::Tensor wind_tensor,
    float id_mean, float id_std, float days_mean, float days_std, float months_mean, float months_std, float temp_mean, float temp_std,
    float hum_mean, float hum_std, float os_mean, float os_std, float wind_mean, float wind_std) {

    auto normalized_id = id_tensor;
    auto normalized_days = (days_tensor - days_mean) / days_std;
    auto normalized_months = (months_tensor - months_mean) / months_std;
    auto normalized_temp = (temp_tensor - temp_mean) / temp_std;
    auto normalized_hum = (hum_tensor - hum_mean) / hum_std;
    auto normalized_os = (os_tensor - os_mean) / os_std;
    auto normalized_wind = (wind_tensor - wind_mean) / wind_std;

    return std::make_tuple(normalized_id, normalized_days, normalized_months, normalized_temp, normalized_hum, normalized_os, normalized_wind);
}

static void load_model(SalesPredictionModel &model, int prod) {
    torch::serialize::InputArchive archive;
    std::istringstream in(saved_models[prod]);
    archive.load_from(in);
    model.load(archive);
}

static void store_model(SalesPredictionModel &model, int prod) {
    torch::serialize::OutputArchive archive;
    model.save(archive);
    std::ostringstream out;
    archive.save_to(out);
    saved_models[prod] = out.str();
}

std::map<int, float> prediction(std::vector<int> *endDate, int *pickedprod) {
    SalesPredictionModel model;
    std::map<int, float> result;

    load_model(model, *pickedprod);

    model.eval();

    std::vector<SalesRow> data;
    data = getfile1(pickedprod);

    auto [idmean, idstd, daysmean, daysstd, moumean, moustd, salesmean, salesstd, tempmean, tempstd, hummean, humstd, osmean, osstd, windmean, windstd] = getStdAndMean(data);

    int tempdate = endDate->at(0);
    torch::Tensor test_id;
    torch::Tensor test_day;
    torch::Tensor test_month;
    torch::Tensor test_temp;
    torch::Tensor test_hum;
    torch::Tensor test_os;
    torch::Tensor test_wind;
    torch::Tensor predicted_output;

    while (tempdate != endDate->at(1)) {

        Weather weather(&tempdate, 1);
        test_id = torch::tensor({ static_cast<float>(*pickedprod) }, torch::kFloat32);
        test_day = torch::tensor({ static_cast<float>(dayOfMonth(tempdate)) }, torch::kFloat32);
        test_month = torch::tensor({ static_cast<float>(monthOf(tempdate)) }, torch::kFloat32);
        test_temp = torch::tensor({ weather.get_temperature() }, torch::kFloat32);
        test_hum = torch::tensor({ weather.get_humidity() }, torch::kFloat32);
        test_os = torch::tensor({ weather.getOs() }, torch::kFloat32);
        test_wind = torch::tensor({ weather.getWindSpeed() }, torch::kFloat32);

        auto [normalized_id, normalized_days, normalized_months, normalized_temp, normalized_hum, normalized_os, normalized_wind] = normalize_input_data(
            test_id, test_day, test_month, test_temp, test_hum, test_os, test_wind, idmean, idstd, daysmean, daysstd, moumean, moustd, tempmean, tempstd, hummean, humstd, osmean, osstd, windmean, windstd
        );

        predicted_output = model.forward(normalized_id, normalized_days, normalized_months, normalized_temp, normalized_hum, normalized_os, normalized_wind);

        float denormalized_output = denormalize_value(predicted_output.item<float>(), salesmean, salesstd);

        result.insert({ tempdate, std::abs(denormalized_output) });

        tempdate = tempdate + 1;
    }

    return result;
}

// The shop sends the sales of each new day; the saved model is refreshed on a
// 30-day window ending at that day before the next forecast is made.
float update_online(int *prod, int first_day, int n_days) {
    SalesPredictionModel model;
    load_model(model, *prod);
    model.train();

    std::vector<SalesRow> data = getfile1(prod);
    auto [idmean, idstd, daysmean, daysstd, moumean, moustd, salesmean, salesstd, tempmean, tempstd, hummean, humstd, osmean, osstd, windmean, windstd] = getStdAndMean(data);

    torch::optim::SGD optimizer(model.parameters(), torch::optim::SGDOptions(2e-4).momentum(0.0));
    const int window = 30;
    float last = 0.0f;

    for (int day = first_day; day < first_day + n_days; ++day) {
        std::vector<float> ids, days, months, temps, hums, oss, winds, sales;
        for (int d = day - window + 1; d <= day; ++d) {
            Weather weather(&d, 0);
            ids.push_back(static_cast<float>(*prod));
            days.push_back(static_cast<float>(dayOfMonth(d)));
            months.push_back(static_cast<float>(monthOf(d)));
            temps.push_back(weather.get_temperature());
            hums.push_back(weather.get_humidity());
            oss.push_back(weather.getOs());
            winds.push_back(weather.getWindSpeed());
            sales.push_back((getSales(*prod, d) - salesmean) / salesstd);
        }
        auto [n_id, n_days_t, n_months, n_temp, n_hum, n_os, n_wind] = normalize_input_data(
            torch::tensor(ids), torch::tensor(days), torch::tensor(months), torch::tensor(temps), torch::tensor(hums),
            torch::tensor(oss), torch::tensor(winds), idmean, idstd, daysmean, daysstd, moumean, moustd, tempmean, tempstd,
            hummean, humstd, osmean, osstd, windmean, windstd);
        torch::Tensor target = torch::tensor(sales).view({ 1, window, 1 });

        torch::Tensor output = model.forward(n_id, n_days_t, n_months, n_temp, n_hum, n_os, n_wind);
        torch::Tensor loss = torch::mse_loss(output, target);
        loss.backward();
        optimizer.step();

        last = loss.item<float>();
    }
    std::cout << "online update over " << n_days << " days, last window loss " << last << std::endl;

    store_model(model, *prod);
    return last;
}
