#include "measurements.hpp"

#include "tearing.hpp"

#include <algorithm>
#include <cmath>

namespace nuno {

Strain strainOf(const Grid& grid, const std::vector<float>& restLengthsByDirection, const std::vector<Vec3>& positions,
                Family family, const std::vector<std::uint8_t>* tornBits) {
    Strain strain;
    double sum = 0.0;
    std::size_t count = 0;
    forEachConstraintStart(grid, [&](Direction direction, int column, int row) {
        const std::uint32_t first = grid.index(column, row);
        const float restLength = restLengthsByDirection[first * kRestLengthsPerParticle + static_cast<std::size_t>(direction)];
        if (familyOf(direction) != family || restLength <= 0.0f) return;
        if (tornBits && !isSolved(*tornBits, grid, direction, column, row)) return;
        const float length = glm::length(positions[secondOf(grid, direction, column, row)] - positions[first]);
        const float value = std::fabs(length - restLength) / restLength;
        strain.max = std::max(strain.max, value);
        sum += value;
        ++count;
    });
    strain.mean = count > 0 ? static_cast<float>(sum / static_cast<double>(count)) : 0.0f;
    return strain;
}

double kineticEnergy(const Particles& particles, float particleMass) {
    double energy = 0.0;
    for (std::size_t i = 0; i < particles.size(); ++i) {
        if (particles.inverseMasses[i] == 0.0f) continue;
        const Vec3& velocity = particles.velocities[i];
        energy += 0.5 * particleMass * static_cast<double>(glm::dot(velocity, velocity));
    }
    return energy;
}

float lowestPoint(const std::vector<Vec3>& positions) {
    float lowest = INFINITY;
    for (const Vec3& position : positions) lowest = std::min(lowest, position.y);
    return lowest;
}

}  // namespace nuno
