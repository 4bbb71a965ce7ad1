#ifndef SETUP_UNET_H
#define SETUP_UNET_H

namespace CustomScenarios::UNetTraining
{
	void setup(int argc, char** argv);
}

#endif
