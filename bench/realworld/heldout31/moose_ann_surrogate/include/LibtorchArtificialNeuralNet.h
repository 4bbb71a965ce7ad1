// A fully connected neural net of MOOSE's stochastic tools module
// (shape of idaholab/moose framework/src/libtorch/utils/LibtorchArtificialNeuralNet.C).
#pragma once

#include <torch/torch.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "MooseTypes.h"

namespace Moose
{

class LibtorchArtificialNeuralNet : public torch::nn::Module
{
public:
  /**
   * Construct using input parameters
   * @param name Name of the neural network
   * @param num_inputs The number of input neurons/parameters
   * @param num_outputs The number of output neurons
   * @param num_neurons_per_layer The number of neurons per hidden layer
   * @param activation_function The activation functions (one, or one per hidden layer)
   */
  LibtorchArtificialNeuralNet(const std::string name,
                              const unsigned int num_inputs,
                              const unsigned int num_outputs,
                              const std::vector<unsigned int> & num_neurons_per_layer,
                              const std::vector<std::string> & activation_function = {"relu"});

  /// Copy construct an artificial neural network
  LibtorchArtificialNeuralNet(const Moose::LibtorchArtificialNeuralNet & nn);

  /// Add layers to the neural network
  virtual void addLayer(const std::string & layer_name,
                        const std::unordered_map<std::string, unsigned int> & parameters);

  /// Overriding the forward substitution function for the neural network
  virtual torch::Tensor forward(torch::Tensor & x);

  const std::string & name() const { return _name; }
  unsigned int numInputs() const { return _num_inputs; }
  unsigned int numOutputs() const { return _num_outputs; }
  unsigned int numHiddenLayers() const { return _num_neurons_per_layer.size(); }
  const std::vector<unsigned int> & numNeuronsPerLayer() const { return _num_neurons_per_layer; }
  const std::vector<std::string> & activationFunctions() const { return _activation_function; }

  /// Construct the neural network
  void constructNeuralNetwork();

protected:
  /// Name of the neural network
  const std::string _name;
  /// Submodules that hold linear operations and the corresponding weights and biases
  std::vector<torch::nn::Linear> _weights;
  /// Number of neurons on the input layer
  const unsigned int _num_inputs;
  /// Number of neurons on the output layer
  const unsigned int _num_outputs;
  /// Hidden layer architecture
  const std::vector<unsigned int> _num_neurons_per_layer;
  /// Activation functions (either one for all hidden layers or one for every layer separately)
  std::vector<std::string> _activation_function;
};

}
