#pragma once

// Parameters shared by every robot (WMEESharedData in the original, whose
// static members are read from the properties file by the world observer).
class WMEESharedData {
 public:
  static constexpr int kNbSensors = 18;
  static constexpr int kNbInputs = 2 * kNbSensors + 2;  // distance + object type per sensor, + floor, energy

  static int dataBaseMaxCapacity;
  static int maxStoredVisualModels;
  static int evaluationTime;
  static int gControllerType;  // 0: MLP, 4: AE+MLP

  static const int aeHDim;
  static int aeZDim;

  static double aeLearningRate;

  static void loadProperties(int argc, char** argv);
};
