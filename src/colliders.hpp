// Solid shapes the cloth cannot enter. Each collider keeps an id so callers can move or remove
// it while the cloth runs. Resolution projects a particle found inside (closer than the margin)
// onto the surface, then takes back the friction share of its sliding along the surface during
// this substep (a position-level friction, as PBD does it: friction 1 sticks, 0 slides freely).
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "particles.hpp"
#include "settings.hpp"

namespace nuno {

struct Sphere {
    Vec3 center;
    float radius;  // metres
};

// The half-space dot(normal, x) < offset is solid; normal has unit length. Make one with
// planeThrough(), which normalises the normal.
struct Plane {
    Vec3 normal;
    float offset;  // metres along the normal from the origin, at most sqrt(3) * kMaxCoordinateMetres
};

using ColliderShape = std::variant<Sphere, Plane>;

// A collider's kind is its shape's index in ColliderShape: the GPU passes switch on these codes
// (src/bindings/gpu_constants.cpp writes them into the shaders as COLLIDER_SPHERE, ...).
enum class ColliderKind : int { Sphere = 0, Plane = 1 };
constexpr int kColliderKindCount = 2;
static_assert(std::variant_size_v<ColliderShape> == kColliderKindCount, "a collider kind per shape");

// The GPU collide pass holds its colliders in uniform arrays of this many (MAX_COLLIDERS in GLSL).
constexpr int kMaxGpuColliders = 8;

struct Collider {
    ColliderShape shape;
    float friction;  // share of tangential motion removed on contact, [0, 1]
};

// Throws std::invalid_argument naming the field that is out of range.
void validate(const Collider& collider);
// A plane through a point (each coordinate within kMaxCoordinateMetres), facing along normal,
// which may have any finite length but zero: it is normalised in double, so [1e20, 0, 0] is +x.
// Throws std::invalid_argument naming 'point' or 'normal'.
Plane planeThrough(const glm::dvec3& point, const glm::dvec3& normal);

class ColliderSet {
public:
    std::uint32_t add(const Collider& collider);
    void update(std::uint32_t id, const Collider& collider);
    void remove(std::uint32_t id);
    const Collider& get(std::uint32_t id) const;
    std::size_t size() const { return colliders_.size(); }
    // In the order resolve() visits them.
    const std::vector<std::uint32_t>& ids() const { return ids_; }
    const std::vector<Collider>& all() const { return colliders_; }

    void resolve(Particles& particles, float margin, float substepSeconds) const;

private:
    std::size_t slotOf(std::uint32_t id) const;

    std::vector<std::uint32_t> ids_;
    std::vector<Collider> colliders_;
    std::uint32_t nextId_ = 1;
};

}  // namespace nuno
