#pragma once

#include <string>
#include <vector>

class DataSetMetaData {
friend class DataSet;
private:
  float sepal_length;
  float sepal_width;
  float petal_length;
  float petal_width;
  std::string species;
};

class DataSet {
public:
  // Draw per_class flowers of each species (in place of the original's iris.csv).
  DataSet(int per_class, unsigned seed) {
    GenerateSamples(per_class, seed);
  };

  // getters
  std::vector<float>& x1() { return x1_; }
  std::vector<float>& x2() { return x2_; }
  std::vector<float>& x3() { return x3_; }
  std::vector<float>& x4() { return x4_; }
  std::vector<float>& y() { return y_; }

private:
  void GenerateSamples(int per_class, unsigned seed);

  DataSetMetaData data_set_metadata;
  std::vector<float> x1_;
  std::vector<float> x2_;
  std::vector<float> x3_;
  std::vector<float> x4_;
  std::vector<float> y_;
};
