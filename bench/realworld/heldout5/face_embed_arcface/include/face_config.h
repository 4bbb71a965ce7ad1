#pragma once

// Widths of the embedding network, fixed at build time.
#define BASE_WIDTH 24
#define EMBED_DIM 128

// ArcFace settings.
#define ARC_SCALE 16.0
#define ARC_MARGIN 0.3
