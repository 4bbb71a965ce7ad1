// Stands for the DimensionReduction filter that calls the autoencoder backend: a point cloud of
// 400 points in 12 dimensions (a noisy circle and a line segment, mapped linearly into 12-D, as
// rows of a std::vector<double> like the filter's input matrix) embedded into 2D.

#include <cmath>
#include <iostream>
#include <random>
#include <vector>

#include <TopologicalDimensionReduction.h>

int main() {
  const size_t n = 400;
  const int dim = 12;
  const int numberOfComponents = 2;

  std::mt19937 gen(7);
  std::normal_distribution<double> noise(0.0, 0.05);
  std::uniform_real_distribution<double> unif(0.0, 1.0);
  std::vector<std::vector<double>> mix(3, std::vector<double>(dim));
  for(auto &row : mix)
    for(double &v : row)
      v = unif(gen) * 2.0 - 1.0;

  std::vector<double> inputMatrix(n * dim);
  for(size_t i = 0; i < n; ++i) {
    double a, b, c;
    if(i % 2 == 0) {
      const double t = 2.0 * M_PI * unif(gen);
      a = std::cos(t); b = std::sin(t); c = 0.0;
    } else {
      a = 0.0; b = 0.0; c = unif(gen) * 2.0 - 1.0;
    }
    for(int j = 0; j < dim; ++j)
      inputMatrix[i * dim + j]
        = a * mix[0][j] + b * mix[1][j] + c * mix[2][j] + noise(gen);
  }

  ttk::TopologicalDimensionReduction reducer(
    /*useCUDA=*/true, /*deterministic=*/true, /*seed=*/0, numberOfComponents,
    /*epochs=*/300, /*learningRate=*/1e-2,
    ttk::TopologicalDimensionReduction::OPTIMIZER::ADAM,
    ttk::TopologicalDimensionReduction::REGUL::NO_REGUL,
    ttk::TopologicalDimensionReduction::MODEL::AUTOENCODER,
    /*architecture=*/"32 32", /*activation=*/"ReLU", /*batchSize=*/0,
    /*batchNormalization=*/true, /*regCoefficient=*/1e-2,
    /*preOptimize=*/false, /*preOptimizeEpochs=*/100);

  std::vector<std::vector<double>> outputEmbedding(
    numberOfComponents, std::vector<double>(n));
  if(reducer.execute(outputEmbedding, inputMatrix, n))
    return 1;

  std::cout << "first point: " << outputEmbedding[0][0] << " "
            << outputEmbedding[1][0] << std::endl;
  std::cout << "final loss: " << reducer.getLastLoss() << std::endl;
  return 0;
}
