#include "predict.hpp"

#include <cmath>

#include "split_lanes.hpp"

namespace nuno {

SubstepFactors substepFactors(const Forces& forces, float substepSeconds) {
    // In double, rounded once to float: exp and expm1 from two libms (glibc natively, musl in
    // wasm) agree far below float32's last bit, so both builds get the same factors.
    const double h = substepSeconds;
    const auto share = [h](float rate) { return static_cast<float>(-std::expm1(-static_cast<double>(rate) * h)); };
    return {static_cast<float>(std::exp(-static_cast<double>(forces.damping) * h)), share(forces.windNormalDrag),
            share(forces.windTangentialDrag)};
}

namespace {

// The gusts are a sum of cosines: each lane's come from the scalar formula.
Float4x3 gustyAir(const Vec3& wind, const GustWaves& gusts, const Float4x3& positions) {
    alignas(16) float x[4], y[4], z[4];
    positions.x.store(x);
    positions.y.store(y);
    positions.z.store(z);
    alignas(16) float airX[4], airY[4], airZ[4];
    for (int lane = 0; lane < 4; ++lane) {
        const Vec3 air = wind + gustAt(gusts, Vec3(x[lane], y[lane], z[lane]));
        airX[lane] = air.x;
        airY[lane] = air.y;
        airZ[lane] = air.z;
    }
    return {Float4::load(airX), Float4::load(airY), Float4::load(airZ)};
}

// Gusty: a template parameter, so the calm loop holds no call (a call would make the compiler
// keep the loop's vectors in memory around it).
template <bool Gusty>
void predictFours(SplitParticles& particles, const Forces& forces, const SubstepFactors& factors, float substepSeconds,
                  const GustWaves* gusts, Band fours) {
    const float h = substepSeconds;
    const bool drag = factors.hasWindDrag();
    const Float4x3 wind(forces.wind);
    const Float4x3 gravityKick(forces.gravity * h);
    const Float4 normalDragShare(factors.normalDragShare);
    const Float4 tangentialDragShare(factors.tangentialDragShare);
    const Float4 keep(factors.keep);
    const Float4 step(h);
    const SplitArrays arrays(particles);
    for (std::size_t i = 4 * fours.begin; i < 4 * fours.end; i += 4) {
        const Float4x3 position = loadFour(arrays.positions, i);
        Float4x3 velocity = loadFour(arrays.velocities, i);
        if (drag) {
            const Float4x3 air = Gusty ? gustyAir(forces.wind, *gusts, position) : wind;
            const Float4x3 normal = loadFour(arrays.normals, i);
            const Float4x3 relativeWind = air - velocity;
            const Float4x3 normalPart = normal * dot(relativeWind, normal);
            velocity += normalPart * normalDragShare + (relativeWind - normalPart) * tangentialDragShare;
        }
        velocity = velocity * keep + gravityKick;
        const Mask4 free = loadFour(arrays.inverseMasses, i) != Float4(0.0f);
        const Float4x3 predicted = select(free, position + velocity * step, position);
        storeFour(arrays.velocities, i, select(free, velocity, Float4x3(Float4(0.0f))));
        storeFour(arrays.positions, i, predicted);
        storeFour(arrays.predictedPositions, i, predicted);
    }
}

}  // namespace

void predict(SplitParticles& particles, const Forces& forces, const SubstepFactors& factors, float substepSeconds,
             const GustWaves* gusts, Band fours) {
    if (gusts) return predictFours<true>(particles, forces, factors, substepSeconds, gusts, fours);
    predictFours<false>(particles, forces, factors, substepSeconds, nullptr, fours);
}

}  // namespace nuno
