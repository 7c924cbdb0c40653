// The one place that configures GLM for the whole core.
#pragma once

// Plain scalar GLM: no SIMD intrinsics, so the native and wasm builds round identically.
#define GLM_FORCE_PURE
#define GLM_FORCE_XYZW_ONLY
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace nuno {
using Vec3 = glm::vec3;
using Vec4 = glm::vec4;
static_assert(sizeof(Vec3) == 3 * sizeof(float), "positions are handed to JS as packed xyz floats");
constexpr double kTwoPi = 6.283185307179586;

// One particle's twins of float4.hpp's lane operations, so a formula written as a template over
// (Real, Vector) serves float and Vec3 as well as Float4 and Float4x3.
inline float select(bool holds, float whenTrue, float whenFalse) { return holds ? whenTrue : whenFalse; }
inline Vec3 select(bool holds, const Vec3& whenTrue, const Vec3& whenFalse) { return holds ? whenTrue : whenFalse; }
inline float dot(const Vec3& a, const Vec3& b) { return glm::dot(a, b); }
inline Vec3 cross(const Vec3& a, const Vec3& b) { return glm::cross(a, b); }
inline float lengthOf(const Vec3& a) { return glm::length(a); }
inline float clamp(float x, float low, float high) { return glm::clamp(x, low, high); }
inline float min(float x, float y) { return glm::min(x, y); }
inline float floorOfSmall(float x) { return glm::floor(x); }
}  // namespace nuno
