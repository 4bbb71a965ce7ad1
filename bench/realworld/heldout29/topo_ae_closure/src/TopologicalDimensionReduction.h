/// \brief Embeds points into 2D with an autoencoder-based approach (the topological
/// regularisation of the original is not part of this corpus program).

#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <DimensionReductionModel.h>

namespace ttk {

  class TopologicalDimensionReduction {

  public:
    enum class OPTIMIZER : std::uint8_t {
      /** Adaptive Moment Estimation */
      ADAM = 0,
      /** Stochastic Gradient Descent */
      SGD = 1,
      /** Limited-memory Broyden–Fletcher–Goldfarb–Shanno */
      LBFGS = 2,
    };

    enum class MODEL : std::uint8_t {
      /** AutoEncoder architecture */
      AUTOENCODER = 0,
      /** AutoDecoder architecture */
      AUTODECODER = 1,
      /** Direct optimization*/
      DIRECT = 2,
    };

    enum class REGUL : std::uint8_t {
      /** No topological regularisation */
      NO_REGUL = 0,
    };

#ifdef TTK_ENABLE_TORCH

    TopologicalDimensionReduction(bool useCUDA,
                                  bool deterministic,
                                  int seed,
                                  int numberOfComponents,
                                  int epochs,
                                  double learningRate,
                                  OPTIMIZER optimizer,
                                  REGUL method,
                                  MODEL modelType,
                                  const std::string &architecture,
                                  const std::string &activation,
                                  int batchSize,
                                  bool batchNormalization,
                                  double regCoefficient,
                                  bool preOptimize,
                                  int preOptimizeEpochs);

    int execute(std::vector<std::vector<double>> &outputEmbedding,
                const std::vector<double> &inputMatrix,
                size_t n);

    double getLastLoss() const {
      return LastLoss;
    }

  protected:
    const int NumberOfComponents;
    const int Epochs;
    const double LearningRate;
    const OPTIMIZER Optimizer;
    const REGUL Method;
    const MODEL ModelType;
    const std::string Architecture;
    const std::string Activation;
    const int BatchSize;
    const bool BatchNormalization;
    const double RegCoefficient;
    const bool PreOptimize;
    const int PreOptimizeEpochs;

  private:
    torch::DeviceType device{torch::kCPU};
    std::unique_ptr<DimensionReductionModel> model{nullptr};
    std::unique_ptr<torch::optim::Optimizer> torchOptimizer{nullptr};
    mutable double LastLoss{0};

    int initializeModel(int inputSize, int inputDimension);
    void initializeOptimizer();

    void preOptimize(const torch::Tensor &input,
                     const torch::Tensor &target) const;

    void optimizeSimple(const torch::Tensor &input) const;

    void printLoss(int epoch, int maxEpoch, double loss) const;

#endif

  }; // TopologicalDimensionReduction class

} // namespace ttk
