#pragma once

#include "HostedSynth.h"
#include "NeuralNetwork.h"

// The plugin host's editor without its GUI: two rotary knobs (the super knob
// and the knob used while recording examples) and the add/train/load buttons.
class PluginHostEditor {
public:
    explicit PluginHostEditor(PluginHostProcessor& p);

    void superKnobChanged(float value);
    void superKnobTrainChanged(float value);
    void addExampleButtonClicked();
    void trainButtonClicked(int epochs);
    void loadPluginButtonClicked(const std::string& pluginName);
    float lastTrainingLoss() const;

private:
    float superKnob{0};
    float superKnobTrain{0};
    PluginHostProcessor& audioProcessor;

    NeuralNetwork nn{1, 2};
};
