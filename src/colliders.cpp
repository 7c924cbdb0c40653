#include "colliders.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace nuno {
namespace {

struct Contact {
    bool touching;
    Vec3 surfacePoint;
    Vec3 normal;
};

Contact contactWith(const Sphere& sphere, const Vec3& position, float margin) {
    const Vec3 fromCenter = position - sphere.center;
    const float distance = glm::length(fromCenter);
    const float reach = sphere.radius + margin;
    if (distance >= reach) return {false, {}, {}};
    // A particle exactly at the centre has no direction out: push it up.
    const Vec3 normal = distance > 1e-9f ? fromCenter / distance : Vec3(0, 1, 0);
    return {true, sphere.center + normal * reach, normal};
}

Contact contactWith(const Plane& plane, const Vec3& position, float margin) {
    const float depth = plane.offset + margin - glm::dot(plane.normal, position);
    if (depth <= 0.0f) return {false, {}, {}};
    return {true, position + plane.normal * depth, plane.normal};
}

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// A plane through a point within kMaxCoordinateMetres of the origin on each axis lies at most
// this far from it (sqrt(3) of that, rounded up).
constexpr float kMaxPlaneOffsetMetres = 1.7321f * kMaxCoordinateMetres;

}  // namespace

void validate(const Collider& collider) {
    if (!(collider.friction >= 0.0f && collider.friction <= 1.0f)) {
        failInput("friction", "a number in [0, 1]", showNumber(collider.friction), "collider");
    }
    if (const auto* sphere = std::get_if<Sphere>(&collider.shape)) {
        requireVector("center", sphere->center, kMaxCoordinateMetres, "sphere");
        if (!(sphere->radius > 0.0f && sphere->radius <= 1e4f)) {
            failInput("radius", "a number in (0, 10000]", showNumber(sphere->radius), "sphere");
        }
    } else {
        // Planes from planeThrough() always pass; these catch one built by hand.
        const auto& plane = std::get<Plane>(collider.shape);
        if (!finite(plane.normal) || !(std::fabs(glm::length(plane.normal) - 1.0f) < 1e-4f)) {
            failInput("normal", "a unit vector (planeThrough() normalises one)", showVector(plane.normal), "plane");
        }
        if (!(std::fabs(plane.offset) <= kMaxPlaneOffsetMetres)) {
            failInput("offset", "a number in [-" + showNumber(kMaxPlaneOffsetMetres) + ", " +
                                    showNumber(kMaxPlaneOffsetMetres) + "]",
                      showNumber(plane.offset), "plane");
        }
    }
}

Plane planeThrough(const glm::dvec3& point, const glm::dvec3& normal) {
    requireVector("point", point, kMaxCoordinateMetres, "plane");
    // Scaled by its largest component first, so no finite normal overflows or underflows on
    // the way to unit length.
    const double largest = std::max({std::fabs(normal.x), std::fabs(normal.y), std::fabs(normal.z)});
    if (!std::isfinite(largest) || !(largest > 0.0)) {
        failInput("normal", "a non-zero vector of three finite numbers", showVector(normal), "plane");
    }
    const glm::dvec3 unit = glm::normalize(normal / largest);
    return {Vec3(unit), static_cast<float>(glm::dot(unit, point))};
}

std::uint32_t ColliderSet::add(const Collider& collider) {
    validate(collider);
    ids_.push_back(nextId_);
    colliders_.push_back(collider);
    return nextId_++;
}

std::size_t ColliderSet::slotOf(std::uint32_t id) const {
    const auto found = std::find(ids_.begin(), ids_.end(), id);
    if (found == ids_.end()) {
        std::string current;
        for (const std::uint32_t known : ids_) current += (current.empty() ? "" : ", ") + std::to_string(known);
        failInput("id", "the id of a collider on this cloth (" + (current.empty() ? "it has none" : current) + ")",
                  std::to_string(id));
    }
    return static_cast<std::size_t>(found - ids_.begin());
}

void ColliderSet::update(std::uint32_t id, const Collider& collider) {
    const std::size_t slot = slotOf(id);
    validate(collider);
    colliders_[slot] = collider;
}

void ColliderSet::remove(std::uint32_t id) {
    const std::size_t slot = slotOf(id);
    ids_.erase(ids_.begin() + static_cast<std::ptrdiff_t>(slot));
    colliders_.erase(colliders_.begin() + static_cast<std::ptrdiff_t>(slot));
}

const Collider& ColliderSet::get(std::uint32_t id) const { return colliders_[slotOf(id)]; }

void ColliderSet::resolve(Particles& particles, float margin, float substepSeconds) const {
    for (const Collider& collider : colliders_) {
        std::visit(
            [&](const auto& shape) {
                for (std::size_t i = 0; i < particles.size(); ++i) {
                    if (particles.inverseMasses[i] == 0.0f) continue;
                    const Vec3 before = particles.positions[i];
                    const Contact contact = contactWith(shape, before, margin);
                    if (!contact.touching) continue;
                    // Friction takes back its share of this substep's sliding, so a particle with
                    // friction 1 sticks where it touched (the velocity update then removes it too).
                    const Vec3 start = particles.predictedPositions[i] - particles.velocities[i] * substepSeconds;
                    const Vec3 motion = contact.surfacePoint - start;
                    const Vec3 sliding = motion - contact.normal * glm::dot(motion, contact.normal);
                    particles.positions[i] = contact.surfacePoint - sliding * collider.friction;
                    // Only the part of the push that stops the particle's approach becomes
                    // velocity (no bounce). A deeper push, when a collider is moved onto the cloth,
                    // moves the particle without launching it.
                    const float push = glm::dot(contact.surfacePoint - before, contact.normal);
                    const float stopping = std::max(0.0f, -glm::dot(particles.velocities[i], contact.normal)) * substepSeconds;
                    if (push > stopping) particles.silentPushes[i] += contact.normal * (push - stopping);
                }
            },
            collider.shape);
    }
}

}  // namespace nuno
