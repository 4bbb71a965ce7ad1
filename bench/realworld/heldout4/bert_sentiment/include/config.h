#ifndef CONFIG_H
#define CONFIG_H

#define PADDING_IDX 0
#define LAYER_NORM_EPS 1e-12
#define MAX_SEQUENCE_LENGTH 40

class Config {
 public:
  int hiddenSize = 120;
  float attentionDropoutProb = 0.1f;
  float hiddenDropoutProb = 0.1f;
  int intermediateSize = 300;
  int maxPositionEmbeddings = 64;
  int numAttentionHeads = 5;
  int numHiddenLayers = 2;
  int poolHeads = 4;
  int vocabSize = 2000;
};

#endif
