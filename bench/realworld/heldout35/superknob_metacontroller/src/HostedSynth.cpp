#include "HostedSynth.h"

#include <cmath>
#include <iostream>
#include <random>

PluginHostProcessor::PluginHostProcessor() {}

void PluginHostProcessor::loadPlugin(const std::string& name)
{
  pluginName = name;
  params.clear();
  const char* opNames[] = {"op1", "op2", "op3"};
  for (const char* op : opNames) {
    for (const char* p : {" ratio", " level", " attack", " decay", " sustain", " release"}) {
      params.push_back({std::string(op) + p, 0.5f});
    }
  }
  for (int cc = 1; cc <= 4; ++cc) {
    params.push_back({"MIDI CC " + std::to_string(cc), 0.0f});
  }
  std::cout << "loaded " << pluginName << " with " << params.size() << " parameters" << std::endl;
}

int PluginHostProcessor::countValidParameters()
{
  int pCount{0};
  for (const SynthParameter& p : params) {
    if (p.name.find("MIDI CC ") == std::string::npos) {
      pCount ++;
    }
  }
  return pCount;
}

std::vector<float> PluginHostProcessor::getHostedPluginParamValues()
{
  std::vector<float> pvalues{};
  for (const SynthParameter& p : params) {
    if (p.name.find("MIDI CC ") == std::string::npos) {
      pvalues.push_back(p.value);
    }
  }
  return pvalues;
}

void PluginHostProcessor::setHostedPluginParamValues(std::vector<float> values)
{
  int pind{0};
  for (SynthParameter& p : params) {
    if (p.name.find("MIDI CC ") == std::string::npos) {
      p.value = values[pind];
      pind++;
    }
  }
}

void PluginHostProcessor::dialInPreset(unsigned int seed)
{
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(0.0f, 1.0f);
  for (SynthParameter& p : params) {
    if (p.name.find("MIDI CC ") == std::string::npos) {
      p.value = dist(gen);
    }
  }
}

float PluginHostProcessor::renderTestTone(int numSamples)
{
  // two-operator FM from the first two operators, returns the RMS
  float ratio = 0.5f + 3.0f * params[0].value;
  float index = 4.0f * params[7].value;
  double sum = 0;
  for (int n = 0; n < numSamples; ++n) {
    double t = n / 44100.0;
    double mod = index * std::sin(2 * M_PI * 220.0 * ratio * t);
    double s = params[1].value * std::sin(2 * M_PI * 220.0 * t + mod);
    sum += s * s;
  }
  return (float) std::sqrt(sum / numSamples);
}
