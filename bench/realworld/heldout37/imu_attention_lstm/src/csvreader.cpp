#include "csvreader.hpp"

#include <cmath>
#include <iostream>
#include <random>

CsvReader::CsvReader(const std::string& fileName) : fileName_(fileName) {}

void CsvReader::read() {
    std::mt19937 gen(11);
    std::normal_distribution<double> noise(0.0, 0.01);
    const double dt = 0.02;
    data_.clear();
    for (int t = 0; t < 400; t++) {
        double time = t * dt;
        double roll = 0.20 * std::sin(1.3 * time) + 0.05 * std::sin(4.1 * time);
        double pitch = 0.15 * std::cos(0.9 * time) - 0.04 * std::sin(3.3 * time);
        double yaw = 0.30 * std::sin(0.4 * time);
        double gx = 0.26 * std::cos(1.3 * time) + 0.205 * std::cos(4.1 * time) + noise(gen);
        double gy = -0.135 * std::sin(0.9 * time) - 0.132 * std::cos(3.3 * time) + noise(gen);
        double gz = 0.12 * std::cos(0.4 * time) + noise(gen);
        double ax = -9.81 * std::sin(pitch) + noise(gen);
        double ay = 9.81 * std::cos(pitch) * std::sin(roll) + noise(gen);
        double az = 9.81 * std::cos(pitch) * std::cos(roll) + noise(gen);
        data_.push_back({roll, pitch, yaw, gx, gy, gz, ax, ay, az});
    }
}

void CsvReader::printStats() const {
    std::cout << "Dataset " << fileName_ << " (synthetic): " << data_.size() << " rows x "
              << (data_.empty() ? 0 : data_[0].size()) << " columns" << std::endl;
}
