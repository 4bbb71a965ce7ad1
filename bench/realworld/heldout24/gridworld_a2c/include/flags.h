#ifndef FLAGS_H
#define FLAGS_H

// The command-line flags of the original (gflags DEFINE_int32 / DEFINE_double), gathered in a struct.
struct GridFlags
{
  int conv1;    // the number of units in the first convolutional layer
  int conv2;    // the number of units in the second convolutional layer
  int fc1;      // the number of units in the first fully connected layer
  double g;     // discount factor
  double lr;    // learning rate
  double beta;  // coefficient applied to the entropy loss
  double zeta;  // coefficient applied to the value loss
  int bs;       // batch size (environment steps per update)
  int n;        // number of training episodes
  int maxUpdates;
};

GridFlags defaultFlags();

#endif // FLAGS_H
