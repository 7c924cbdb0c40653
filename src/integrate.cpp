#include "integrate.hpp"

#include <cmath>

namespace nuno {

SubstepFactors substepFactors(const Forces& forces, float substepSeconds) {
    // In double, rounded once to float: exp and expm1 from two libms (glibc natively, musl in
    // wasm) agree far below float32's last bit, so both builds get the same factors.
    const double h = substepSeconds;
    const auto share = [h](float rate) { return static_cast<float>(-std::expm1(-static_cast<double>(rate) * h)); };
    return {static_cast<float>(std::exp(-static_cast<double>(forces.damping) * h)), share(forces.windNormalDrag),
            share(forces.windTangentialDrag)};
}

void predict(Particles& particles, const std::vector<Vec3>& normals, const Forces& forces,
             const SubstepFactors& factors, float substepSeconds, const GustWaves* gusts, Band band) {
    const float h = substepSeconds;
    const bool drag = factors.hasWindDrag();
    const Vec3 gravityKick = forces.gravity * h;
    for (std::size_t i = band.begin; i < band.end; ++i) {
        Vec3& velocity = particles.velocities[i];
        if (particles.inverseMasses[i] == 0.0f) {
            velocity = Vec3(0);
        } else {
            if (drag) {
                const Vec3 air = gusts ? forces.wind + gustAt(*gusts, particles.positions[i]) : forces.wind;
                const Vec3 relativeWind = air - velocity;
                const Vec3 normalPart = normals[i] * glm::dot(relativeWind, normals[i]);
                velocity += normalPart * factors.normalDragShare + (relativeWind - normalPart) * factors.tangentialDragShare;
            }
            velocity = velocity * factors.keep + gravityKick;
            particles.positions[i] += velocity * h;
        }
        particles.predictedPositions[i] = particles.positions[i];
        particles.silentPushes[i] = Vec3(0);
    }
}

void updateVelocities(Particles& particles, float substepSeconds, Band band) {
    for (std::size_t i = band.begin; i < band.end; ++i) {
        if (particles.inverseMasses[i] == 0.0f) continue;
        particles.velocities[i] +=
            (particles.positions[i] - particles.predictedPositions[i] - particles.silentPushes[i]) / substepSeconds;
    }
}

}  // namespace nuno
