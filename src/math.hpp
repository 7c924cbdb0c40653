// The one place that configures GLM for the whole core.
#pragma once

// Plain scalar GLM: no SIMD intrinsics, so the native and wasm builds round identically.
#define GLM_FORCE_PURE
#define GLM_FORCE_XYZW_ONLY
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace nuno {
using Vec3 = glm::vec3;
using Vec4 = glm::vec4;
static_assert(sizeof(Vec3) == 3 * sizeof(float), "positions are handed to JS as packed xyz floats");
constexpr double kTwoPi = 6.283185307179586;
}  // namespace nuno
