#include "wind_gusts.hpp"

#include <cstdint>

#include "seeded_random.hpp"

namespace nuno {
namespace {

// Each wave's length as a share of the longest, and its share of the speed: a rough cascade,
// long gusts carrying most of the speed.
constexpr std::array<double, kGustWaves> kWavelengthShares{1.0, 0.61, 0.37, 0.23};
constexpr std::array<double, kGustWaves> kSpeedShares{1.0, 0.7, 0.5, 0.35};
// How fast a wave's phase turns on its own, as a share of (gust speed / its wavelength) cycles.
constexpr double kTurnover = 0.5;

// Keeps the gusts' numbers apart from other seeded streams.
constexpr std::uint32_t kGustSalt = 0x6A09E667u;

}  // namespace

void GustClock::advance(const ClothSettings& settings, double substepSeconds) {
    seconds += substepSeconds;
    windTravel += glm::dvec3(settings.wind) * substepSeconds;
    gustTurns += static_cast<double>(settings.windGustSpeed) / static_cast<double>(settings.windGustWavelength) * substepSeconds;
}

GustWaves gustWavesAt(const ClothSettings& settings, const GustClock& clock) {
    double speedSharesSquared = 0.0;
    for (const double share : kSpeedShares) speedSharesSquared += share * share;
    // The mean of cos^2 is 1/2, so this makes the waves' root-mean-square sum the gust speed.
    const double amplitudeScale = settings.windGustSpeed / std::sqrt(speedSharesSquared / 2.0);
    // Four numbers a wave, drawn in order: its direction (two), its amplitude's turn, its phase.
    SeededRandom random(static_cast<std::uint32_t>(settings.windGustSeed), kGustSalt);

    GustWaves waves{};
    for (int k = 0; k < kGustWaves; ++k) {
        // A direction uniform on the sphere, and an amplitude direction uniform around it.
        const glm::dvec3 direction = random.direction();
        const glm::dvec3 helper = std::abs(direction.y) < 0.9 ? glm::dvec3(0, 1, 0) : glm::dvec3(1, 0, 0);
        const glm::dvec3 across = glm::normalize(glm::cross(direction, helper));
        const glm::dvec3 along = glm::cross(direction, across);
        const double turn = kTwoPi * random.next();
        const glm::dvec3 amplitudeDirection = across * std::cos(turn) + along * std::sin(turn);

        const double wavelengthShare = kWavelengthShares[k];
        const glm::dvec3 wavevector = direction * (kTwoPi / (settings.windGustWavelength * wavelengthShare));
        const double startPhase = kTwoPi * random.next();
        // Carried by the wind: the field at x now is the field at x - travel at the start. Its
        // own turning: kTurnover cycles per (gust speed / this wave's length) of time.
        const double ownTurns = kTurnover * clock.gustTurns / wavelengthShare;
        const double phase = std::fmod(startPhase - glm::dot(wavevector, clock.windTravel) - kTwoPi * ownTurns, kTwoPi);
        waves[k] = {Vec3(wavevector), static_cast<float>(phase), Vec3(amplitudeDirection * (amplitudeScale * kSpeedShares[k]))};
    }
    return waves;
}

}  // namespace nuno
