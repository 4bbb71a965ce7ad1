#ifndef STRUCTURES_H
#define STRUCTURES_H

struct ImageSize
{
	int channels;
	int width;
	int height;

	ImageSize(int channels, int width, int height) :
		channels(channels), width(width), height(height)
	{}
};

#endif
