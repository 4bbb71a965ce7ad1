#pragma once

// Coordinates per indexed point (all normalised to [0, 1]).
#define POINT_DIM 20

// Latent factors of the synthetic point cloud.
#define LATENT_FACTORS 2
