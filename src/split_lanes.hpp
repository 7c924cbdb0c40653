// Four particles side by side in the split arrays, as Float4 lanes: for the files built with SIMD.
//
// The stages take the arrays' data pointers into locals (SplitAxes, plain float pointers) before
// their loops. The SIMD stores are may_alias, so after each one the compiler must assume any
// memory changed, a std::vector's own data pointer included, and reads it again; a local whose
// address is never taken stays in a register.
#pragma once

#include <vector>

#include "float4.hpp"
#include "split_particles.hpp"

namespace nuno {

// Float: float, or const float for arrays the stage only reads.
template <class Float>
struct AxesOf {
    Float* x;
    Float* y;
    Float* z;

    template <class Vectors>
    explicit AxesOf(Vectors& vectors) : x(vectors.x.data()), y(vectors.y.data()), z(vectors.z.data()) {}
};
using SplitAxes = AxesOf<float>;
using ReadAxes = AxesOf<const float>;

// Every array of the split state, as plain pointers.
struct SplitArrays {
    SplitAxes positions;
    SplitAxes velocities;
    SplitAxes predictedPositions;
    SplitAxes silentPushes;
    SplitAxes normals;
    const float* inverseMasses;

    explicit SplitArrays(SplitParticles& particles)
        : positions(particles.positions),
          velocities(particles.velocities),
          predictedPositions(particles.predictedPositions),
          silentPushes(particles.silentPushes),
          normals(particles.normals),
          inverseMasses(particles.inverseMasses.data()) {}
};

[[gnu::always_inline]] inline Float4 loadFour(const float* from, std::size_t i) { return Float4::load(from + i); }
template <class Float>
[[gnu::always_inline]] inline Float4x3 loadFour(const AxesOf<Float>& from, std::size_t i) {
    return {Float4::load(from.x + i), Float4::load(from.y + i), Float4::load(from.z + i)};
}
[[gnu::always_inline]] inline void storeFour(const SplitAxes& to, std::size_t i, const Float4x3& value) {
    value.x.store(to.x + i);
    value.y.store(to.y + i);
    value.z.store(to.z + i);
}

}  // namespace nuno
