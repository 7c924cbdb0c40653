// Gusts: wind that varies in space and time (papers flutter in it), the same formula
// on every backend. The air velocity at a point is the uniform wind plus kGustWaves travelling
// plane waves, each amplitude * cos(wavevector . x + phase). Every amplitude is perpendicular to
// its wavevector, so the gusts are divergence-free (air neither piles up nor thins out, as curl
// noise would give), and each wave drifts with the wind (Taylor's frozen turbulence) while its
// phase also turns on its own, so a still day still gusts. Directions, amplitude directions and
// starting phases come from the seed; the longest wave is windGustWavelength long, the others
// fixed shares of it and weaker, and their root-mean-square sum is windGustSpeed.
//
// The drift and the turning are integrals over time (GustClock), advanced every substep with
// the wind and gust speed of that substep, so changing the wind moves the gusts on from where
// they are instead of jumping them. The phases are computed in double (an hour in, a float time
// would have lost a tenth of a radian) and handed to each backend as float32, so the GPU solver
// evaluates the very same waves (shaders/webgl2/wind-gusts.glsl).
#pragma once

#include <array>
#include <cmath>

#include "math.hpp"
#include "settings.hpp"

namespace nuno {

constexpr int kGustWaves = 4;

struct GustWave {
    Vec3 wavevector;  // rad/m
    float phase;      // rad, at the moment the waves were made for
    Vec3 amplitude;   // m/s, perpendicular to the wavevector
};

using GustWaves = std::array<GustWave, kGustWaves>;

// Where the gusts are: what the air has carried them and how far they have turned.
struct GustClock {
    double seconds = 0.0;           // simulated time
    glm::dvec3 windTravel{0.0};     // metres: the integral of the wind over time
    double gustTurns = 0.0;         // the integral of windGustSpeed / windGustWavelength over time

    void advance(const ClothSettings& settings, double substepSeconds);
};

// The waves of these settings at this clock (all amplitudes zero when windGustSpeed is 0).
GustWaves gustWavesAt(const ClothSettings& settings, const GustClock& clock);

// The cosine in double, rounded once to float: glibc's cosf and musl's (the wasm build's) differ
// in the last bit, their double cosines agree far below float32's (as substepFactors' exp).
inline Vec3 gustAt(const GustWaves& waves, const Vec3& position) {
    Vec3 gust(0.0f);
    for (const GustWave& wave : waves) {
        const float phase = glm::dot(wave.wavevector, position) + wave.phase;
        gust += wave.amplitude * static_cast<float>(std::cos(static_cast<double>(phase)));
    }
    return gust;
}

}  // namespace nuno
