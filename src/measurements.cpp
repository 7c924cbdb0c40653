#include "measurements.hpp"

#include <algorithm>
#include <cmath>

namespace nuno {

Strain strainOf(const Topology& topology, const std::vector<Vec3>& positions, Family family) {
    Strain strain;
    double sum = 0.0;
    std::size_t count = 0;
    for (const DistanceConstraint& constraint : topology.constraints) {
        if (constraint.family != family || constraint.restLength <= 0.0f) continue;
        const float length = glm::length(positions[constraint.second] - positions[constraint.first]);
        const float value = std::fabs(length - constraint.restLength) / constraint.restLength;
        strain.max = std::max(strain.max, value);
        sum += value;
        ++count;
    }
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
