#include <torch/torch.h>

#include <iostream>

#include "HostedSynth.h"
#include "PluginHostEditor.h"

// The clicks of one session with the meta-controller: load a synth, record
// five knob positions with a sound dialled in for each, train, then play.
const int kTrainEpochs = 20000;

int main()
{
    torch::manual_seed(0);

    PluginHostProcessor processor;
    PluginHostEditor editor(processor);

    editor.loadPluginButtonClicked("YeekFMBasic.vst3");

    const float knobPositions[] = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f};
    unsigned int preset = 1;
    for (float pos : knobPositions) {
        editor.superKnobTrainChanged(pos);
        processor.dialInPreset(preset++);
        editor.addExampleButtonClicked();
    }

    editor.trainButtonClicked(kTrainEpochs);

    for (float pos : {0.1f, 0.6f, 0.9f}) {
        editor.superKnobChanged(pos);
        std::cout << "super knob " << pos << " -> rms " << processor.renderTestTone(4410) << std::endl;
    }
    std::cout << "final loss: " << editor.lastTrainingLoss() << std::endl;
    return 0;
}
