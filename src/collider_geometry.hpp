// What the collide stage's contacts (collide.cpp, four particles at a time) and the colliders'
// signed distances (colliders.cpp, one point) share: a point turned by a box's rotation and a
// capsule's nearest point, written once for a Vec3 and for a Float4x3 with the same operations
// in the same order, so both round alike. shaders/webgl2/collide-contact.glsl repeats them.
#pragma once

#include "colliders.hpp"

namespace nuno {

// v turned by the unit quaternion q (x, y, z, w): v + w t + q.xyz x t with t = 2 q.xyz x v.
template <class Vector>
Vector rotate(const Vec4& q, const Vector& v) {
    using Real = decltype(dot(v, v));
    const Vector axis(Vec3(q.x, q.y, q.z));
    const Vector twice = cross(axis, v) * Real(2.0f);
    return v + twice * Real(q.w) + cross(axis, twice);
}
inline Vec4 inverse(const Vec4& unitQuaternion) {
    return {-unitQuaternion.x, -unitQuaternion.y, -unitQuaternion.z, unitQuaternion.w};
}

// The point of the capsule's segment nearest to position.
template <class Vector>
Vector nearestOnSegment(const Capsule& capsule, const Vector& position) {
    using Real = decltype(dot(position, position));
    const Vec3 along = capsule.end - capsule.start;
    const float lengthSquared = glm::dot(along, along);
    const Real share = lengthSquared > 0.0f ? clamp(dot(position - Vector(capsule.start), Vector(along)) / Real(lengthSquared),
                                                    Real(0.0f), Real(1.0f))
                                            : Real(0.0f);
    return Vector(capsule.start) + Vector(along) * share;
}

}  // namespace nuno
