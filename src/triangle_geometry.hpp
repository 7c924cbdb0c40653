// Where a point lies relative to a triangle: the nearest point of it, and whether the point is
// over it (its foot on the triangle's plane falls inside).
#pragma once

#include "math.hpp"

namespace nuno {

// The barycentric weights of the point of triangle (a, b, c) nearest to p (Ericson, Real-Time
// Collision Detection, 5.1.5): each in [0, 1], summing to 1. A triangle of zero area gives its
// nearest corner or side.
inline Vec3 nearestOnTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 ab = b - a;
    const Vec3 ac = c - a;
    const Vec3 ap = p - a;
    const float d1 = glm::dot(ab, ap);
    const float d2 = glm::dot(ac, ap);
    if (d1 <= 0.0f && d2 <= 0.0f) return {1.0f, 0.0f, 0.0f};
    const Vec3 bp = p - b;
    const float d3 = glm::dot(ab, bp);
    const float d4 = glm::dot(ac, bp);
    if (d3 >= 0.0f && d4 <= d3) return {0.0f, 1.0f, 0.0f};
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) {
        const float v = d1 / (d1 - d3);
        return {1.0f - v, v, 0.0f};
    }
    const Vec3 cp = p - c;
    const float d5 = glm::dot(ab, cp);
    const float d6 = glm::dot(ac, cp);
    if (d6 >= 0.0f && d5 <= d6) return {0.0f, 0.0f, 1.0f};
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) {
        const float w = d2 / (d2 - d6);
        return {1.0f - w, 0.0f, w};
    }
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f) {
        const float w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return {0.0f, 1.0f - w, w};
    }
    const float scale = 1.0f / (va + vb + vc);
    const float v = vb * scale;
    const float w = vc * scale;
    return {1.0f - v - w, v, w};
}

inline float distanceToTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 weights = nearestOnTriangle(p, a, b, c);
    return glm::distance(p, weights.x * a + weights.y * b + weights.z * c);
}

// The barycentric weights of p's foot on the plane of (a, b, c), given a normal of the plane
// along (b - a) x (c - a), of any length: all three >= 0 when p is over the triangle.
inline Vec3 footWeights(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& normal) {
    const float whole = glm::dot(glm::cross(b - a, c - a), normal);
    const float wb = glm::dot(glm::cross(p - a, c - a), normal) / whole;
    const float wc = glm::dot(glm::cross(b - a, p - a), normal) / whole;
    return {1.0f - wb - wc, wb, wc};
}

}  // namespace nuno

