#ifndef CSVREADER_HPP
#define CSVREADER_HPP

#include <string>
#include <vector>

// heldout37: the original reads Data/dataset_1.csv into an Eigen::MatrixXd; here read() synthesises a
// quadcopter log of the same layout (roll, pitch, yaw, then 3 gyro and 3 accelerometer columns).
class CsvReader {
public:
    explicit CsvReader(const std::string& fileName);

    void read();
    void printStats() const;

    const std::vector<std::vector<double>>& getData() const { return data_; }

private:
    std::string fileName_;
    std::vector<std::vector<double>> data_;
};

#endif // CSVREADER_HPP
