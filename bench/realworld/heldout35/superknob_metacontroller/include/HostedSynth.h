#pragma once

#include <string>
#include <vector>

// Stands in for the VST3 synth that the plugin host loads (an FM synth):
// a list of named parameters with values in [0, 1], some of them MIDI CC
// mappings that the host skips.
struct SynthParameter {
    std::string name;
    float value;
};

class PluginHostProcessor {
public:
    PluginHostProcessor();
    void loadPlugin(const std::string& pluginName);
    int countValidParameters();
    std::vector<float> getHostedPluginParamValues();
    void setHostedPluginParamValues(std::vector<float> values);
    // turn the hosted synth's own knobs (the user dialling in a sound)
    void dialInPreset(unsigned int seed);
    float renderTestTone(int numSamples);
private:
    std::string pluginName;
    std::vector<SynthParameter> params;
};
