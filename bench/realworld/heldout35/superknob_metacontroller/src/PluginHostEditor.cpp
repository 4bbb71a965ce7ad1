#include "PluginHostEditor.h"

#include <iostream>

PluginHostEditor::PluginHostEditor(PluginHostProcessor& p)
    : audioProcessor(p)
{
}

void PluginHostEditor::superKnobChanged(float value)
{
    superKnob = value;
    // set values of the hosted synth's parameters using the NN
    std::vector<float> nn_outs = nn.forward(std::vector<float>{superKnob});
    this->audioProcessor.setHostedPluginParamValues(nn_outs);
}

void PluginHostEditor::superKnobTrainChanged(float value)
{
    superKnobTrain = value;
}

void PluginHostEditor::addExampleButtonClicked()
{
    nn.addTrainingData({superKnobTrain},
                        this->audioProcessor.getHostedPluginParamValues());
}

void PluginHostEditor::trainButtonClicked(int epochs)
{
    nn.runTraining(epochs);
}

void PluginHostEditor::loadPluginButtonClicked(const std::string& pluginName)
{
    this->audioProcessor.loadPlugin(pluginName);
    this->nn = NeuralNetwork(1, this->audioProcessor.countValidParameters());
}

float PluginHostEditor::lastTrainingLoss() const
{
    return nn.lastLoss();
}
