// Numbers from a seed that are the same on every platform (the standard library's distributions
// are not): Wellons' lowbias32 integer hash, which the spatial hash also uses to spread cells
// over buckets, applied to a mix of the seed, a counter and a salt that keeps one user's stream
// apart from another's.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "math.hpp"

namespace nuno {

constexpr std::uint32_t lowbias32(std::uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

class SeededRandom {
public:
    SeededRandom(std::uint32_t seed, std::uint32_t salt) : seed_(seed), salt_(salt) {}

    // Uniform in [0, 1).
    double next() { return static_cast<double>(lowbias32(seed_ * 0x9E3779B9u + counter_++ * 0x85EBCA6Bu + salt_)) / 4294967296.0; }

    // A direction uniform on the unit sphere.
    glm::dvec3 direction() {
        const double z = 2.0 * next() - 1.0;
        const double azimuth = kTwoPi * next();
        const double ring = std::sqrt(std::max(0.0, 1.0 - z * z));
        return {ring * std::cos(azimuth), ring * std::sin(azimuth), z};
    }

private:
    std::uint32_t seed_;
    std::uint32_t salt_;
    std::uint32_t counter_ = 0;
};

}  // namespace nuno
