#pragma once
/*
    This file should contain data formats, structs, unions, and typedefs.
    Keeps main.cpp cleaner.
*/
#include <vector>
#include <string>

namespace Utility {
    #define NUM_SERVOS 2                         // Number of servos used
    #define NUM_INPUT 8                          // Size of the state schema
    #define ERROR_LIST_SIZE 5                    // Number of errors/outputs to hold onto accross application
    #define NUM_HIDDEN 256                       // Number of nodes in each networks hidden layer
    #define USE_PIDS 0                           // When enabled, AI outputs PID gains, otherwise angles directly
    #define USE_POT 1                            // Use predictive object location
    #define NUM_ACTIONS ((USE_PIDS) ? 3 : ((USE_POT) ? 2 : 1) )

    // Current state of servo
    struct PIDAndServoStateData {
        double currentAngle;
        double lastAngle;
        double errors[ERROR_LIST_SIZE] = { 0.0 };
        double outputs[ERROR_LIST_SIZE] = { 0.0 };
        double obj;
        double frame;
        double dt;
        double spf;

        void setData(double errs[ERROR_LIST_SIZE], double outs[ERROR_LIST_SIZE]) {
            for (int i = 0; i < ERROR_LIST_SIZE; i++) {
                errors[i] = errs[i];
                outputs[i] = outs[i];
            }
        }

        void getStateArray(double state[NUM_INPUT]) {
            double deltaTime = dt * 1000.0; // Back to mili

            state[0] = outputs[0];
            state[1] = errors[0];
            state[2] = outputs[1];
            state[3] = errors[1];
            state[4] = outputs[2];
            state[5] = errors[2];
            state[6] = deltaTime > 0.0 ? dt : 0.0;
            state[7] = deltaTime > 0.0 ? spf : 0.0;
        }

        PIDAndServoStateData() :
            currentAngle(0.0),
            lastAngle(0.0),
            obj(0.0),
            frame(0.0),
            dt(0.0),
            spf(0.0)
        {}

    } typedef SD;

    // Result Data for taking a step with for a given servo
    struct TrainData {
        SD currentState;
        SD nextState;
        double reward;
        double actions[NUM_ACTIONS];
        double errors[2];
        bool done;
        bool empty;

        TrainData() :
            currentState({}),
            nextState({}),
            reward(0.0),
            actions{0.0},
            errors{0.0},
            done(false),
            empty(true)
        {}
    } typedef TD;

    typedef std::vector<TD> TrainBuffer;

    struct Config {

        // Network Options
        int numActions;
        int numHidden;
        int numInput;
        double actionHigh;
        double actionLow;

        // Train Options
        long maxTrainingSteps;
        int maxBufferSize;
        int minBufferSize;
        int batchSize;
        int numInitialRandomActions;
        bool initialRandomActions;
        int maxStepsPerEpisode;
        double numUpdates;
        int updateEvery;

        Config() :
            numActions(NUM_ACTIONS),             // Number of output classifications for policy network
            numHidden(NUM_HIDDEN),               // Number of nodes in the hidden layers of each network
            numInput(NUM_INPUT),                 // Number of elements in policy/value network's input vectors
            actionHigh(USE_PIDS ? 0.1 : 40.0),   // Max output to of policy network's logits
            actionLow(USE_PIDS ? 0.0 : -40.0),   // Min output to of policy network's logits

            maxTrainingSteps(384),               // Max training steps agent takes.
            maxBufferSize(500000),               // Max size of buffer. When full, oldest elements are kicked out.
            minBufferSize(256),                  // Min replay buffer size before training size.
            batchSize(256),                      // Network batch size.
            numInitialRandomActions(128),        // Number of random actions taken.
            initialRandomActions(true),          // Enable random actions.
            maxStepsPerEpisode(150),             // Max number of steps in an episode
            numUpdates(5),                       // Num updates per training session.
            updateEvery(16)                      // Env steps between training sessions
        {}
    };
}
