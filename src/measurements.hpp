// Figures that tests and the demo read off a cloth.
#pragma once

#include <vector>

#include "particles.hpp"
#include "topology.hpp"

namespace nuno {

// Strain of a constraint: |length - restLength| / restLength.
struct Strain {
    float max = 0.0f;
    float mean = 0.0f;
};

// Over the family's constraints, with their rest lengths as restLengthsByDirection() lays them out;
// with torn bits (tearing.hpp), over those still solved.
Strain strainOf(const Grid& grid, const std::vector<float>& restLengthsByDirection, const std::vector<Vec3>& positions,
                Family family, const std::vector<std::uint8_t>* tornBits = nullptr);
// Joules.
double kineticEnergy(const Particles& particles, float particleMass);
// The smallest y of any particle, metres.
float lowestPoint(const std::vector<Vec3>& positions);

}  // namespace nuno
