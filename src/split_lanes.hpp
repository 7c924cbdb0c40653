// Four particles side by side in the split arrays, as Float4 lanes: for the files built with SIMD.
#pragma once

#include <vector>

#include "float4.hpp"
#include "split_particles.hpp"

namespace nuno {

[[gnu::always_inline]] inline Float4 loadFour(const std::vector<float>& from, std::size_t i) {
    return Float4::load(&from[i]);
}
[[gnu::always_inline]] inline Float4x3 loadFour(const SplitVectors& from, std::size_t i) {
    return {Float4::load(&from.x[i]), Float4::load(&from.y[i]), Float4::load(&from.z[i])};
}
[[gnu::always_inline]] inline void storeFour(SplitVectors& to, std::size_t i, const Float4x3& value) {
    value.x.store(&to.x[i]);
    value.y.store(&to.y[i]);
    value.z.store(&to.z[i]);
}

}  // namespace nuno
