#include "wind_gusts.hpp"

#include <cstdint>

namespace nuno {
namespace {

constexpr double kTwoPi = 6.283185307179586;

// Each wave is this much shorter than the one before, and weaker by the next factor: a rough
// cascade, long gusts carrying most of the speed.
constexpr std::array<double, kGustWaves> kWavelengthShares{1.0, 0.61, 0.37, 0.23};
constexpr std::array<double, kGustWaves> kSpeedShares{1.0, 0.7, 0.5, 0.35};
// How fast a wave's phase turns on its own, as a share of (gust speed / its wavelength) cycles.
constexpr double kTurnover = 0.5;

// A uniform number in [0, 1) from the seed and a counter (Wellons' lowbias32 on their mix):
// the same on every platform, unlike the standard library's distributions.
double uniform(std::uint32_t seed, std::uint32_t counter) {
    std::uint32_t x = seed * 0x9E3779B9u + counter * 0x85EBCA6Bu + 0x6A09E667u;
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return static_cast<double>(x) / 4294967296.0;
}

}  // namespace

GustWaves gustWavesAt(const ClothSettings& settings, double seconds) {
    double speedSharesSquared = 0.0;
    for (const double share : kSpeedShares) speedSharesSquared += share * share;
    // The mean of cos^2 is 1/2, so this makes the waves' root-mean-square sum the gust speed.
    const double amplitudeScale = settings.windGustSpeed / std::sqrt(speedSharesSquared / 2.0);
    const auto seed = static_cast<std::uint32_t>(settings.windGustSeed);
    const glm::dvec3 wind(settings.wind);

    GustWaves waves{};
    for (int k = 0; k < kGustWaves; ++k) {
        const auto counter = static_cast<std::uint32_t>(4 * k);
        // A direction uniform on the sphere, and an amplitude direction uniform around it.
        const double z = 2.0 * uniform(seed, counter) - 1.0;
        const double azimuth = kTwoPi * uniform(seed, counter + 1);
        const double ring = std::sqrt(std::max(0.0, 1.0 - z * z));
        const glm::dvec3 direction(ring * std::cos(azimuth), ring * std::sin(azimuth), z);
        const glm::dvec3 helper = std::abs(direction.y) < 0.9 ? glm::dvec3(0, 1, 0) : glm::dvec3(1, 0, 0);
        const glm::dvec3 across = glm::normalize(glm::cross(direction, helper));
        const glm::dvec3 along = glm::cross(direction, across);
        const double turn = kTwoPi * uniform(seed, counter + 2);
        const glm::dvec3 amplitudeDirection = across * std::cos(turn) + along * std::sin(turn);

        const double wavelength = settings.windGustWavelength * kWavelengthShares[k];
        const glm::dvec3 wavevector = direction * (kTwoPi / wavelength);
        const double ownRate = kTwoPi * kTurnover * settings.windGustSpeed / wavelength;
        const double startPhase = kTwoPi * uniform(seed, counter + 3);
        const double phase = std::fmod(startPhase - (ownRate + glm::dot(wavevector, wind)) * seconds, kTwoPi);
        waves[k] = {Vec3(wavevector), static_cast<float>(phase), Vec3(amplitudeDirection * (amplitudeScale * kSpeedShares[k]))};
    }
    return waves;
}

}  // namespace nuno
