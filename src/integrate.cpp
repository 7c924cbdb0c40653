#include "integrate.hpp"

namespace nuno {

void predict(Particles& particles, const std::vector<Vec3>& normals, const Forces& forces, float substepSeconds) {
    const float h = substepSeconds;
    const float keep = 1.0f - forces.damping * h;
    const bool drag = forces.hasWindDrag();
    for (std::size_t i = 0; i < particles.size(); ++i) {
        Vec3& velocity = particles.velocities[i];
        if (particles.inverseMasses[i] == 0.0f) {
            velocity = Vec3(0);
        } else {
            Vec3 acceleration = forces.gravity;
            if (drag) {
                const Vec3 relativeWind = forces.wind - velocity;
                const Vec3 normalPart = normals[i] * glm::dot(relativeWind, normals[i]);
                acceleration += normalPart * forces.windNormalDrag + (relativeWind - normalPart) * forces.windTangentialDrag;
            }
            velocity = velocity * keep + acceleration * h;
            particles.positions[i] += velocity * h;
        }
        particles.predictedPositions[i] = particles.positions[i];
        particles.silentPushes[i] = Vec3(0);
    }
}

void updateVelocities(Particles& particles, float substepSeconds) {
    for (std::size_t i = 0; i < particles.size(); ++i) {
        if (particles.inverseMasses[i] == 0.0f) continue;
        particles.velocities[i] +=
            (particles.positions[i] - particles.predictedPositions[i] - particles.silentPushes[i]) / substepSeconds;
    }
}

}  // namespace nuno
