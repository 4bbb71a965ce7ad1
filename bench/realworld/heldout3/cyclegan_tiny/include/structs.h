#ifndef CYCLEGAN_STRUCTS_H
#define CYCLEGAN_STRUCTS_H

#include <cstdlib>
#include <string>

struct TrainingOpts {
  int numBlocks;
  int ngf;
  double learningRate;
  int width;
  int height;
  int batchSize;
  int maxEpochs;
  int iterationsPerEpoch;
  double lambdaIdt;
  double lambdaA;
  double lambdaB;

  // command line: [blocks] [epochs]; the generator width can be overridden through CYCLEGAN_NGF
  TrainingOpts(int argc, char* argv[]) {
    numBlocks = argc > 1 ? std::atoi(argv[1]) : 2;
    maxEpochs = argc > 2 ? std::atoi(argv[2]) : 4;
    const char* ngfOverride = std::getenv("CYCLEGAN_NGF");
    ngf = ngfOverride != nullptr ? std::atoi(ngfOverride) : 20;
    learningRate = 5e-4;
    width = 32;
    height = 32;
    batchSize = 4;
    iterationsPerEpoch = 30;
    lambdaIdt = 0.5;
    lambdaA = 10.0;
    lambdaB = 10.0;
  }
};

#endif
