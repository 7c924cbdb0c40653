#include "colliders.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "collider_geometry.hpp"

namespace nuno {
namespace {

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// A plane through a point within kMaxCoordinateMetres of the origin on each axis lies at most
// this far from it (sqrt(3) of that, rounded up).
constexpr float kMaxPlaneOffsetMetres = 1.7321f * kMaxCoordinateMetres;
constexpr float kMaxSizeMetres = 1e4f;

void requireSize(const char* name, float metres, const char* owner) {
    if (!(metres > 0.0f && metres <= kMaxSizeMetres)) failInput(name, "a number in (0, 10000]", {metres}, owner);
}

void requireUnitRotation(const Vec4& q, const char* owner) {
    if (!(std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w)) ||
        !(std::fabs(glm::length(q) - 1.0f) < 1e-4f)) {
        failInput("rotation", "a unit quaternion (unitRotation() normalises one)",
                  {"[", q.x, ", ", q.y, ", ", q.z, ", ", q.w, "]"}, owner);
    }
}

void check(const Sphere& sphere) {
    requireVector("center", sphere.center, kMaxCoordinateMetres, Sphere::kName);
    requireSize("radius", sphere.radius, Sphere::kName);
}

void check(const Plane& plane) {
    // Planes from planeThrough() always pass; these catch one built by hand.
    if (!finite(plane.normal) || !(std::fabs(glm::length(plane.normal) - 1.0f) < 1e-4f)) {
        failInput("normal", "a unit vector (planeThrough() normalises one)", showVector(plane.normal), Plane::kName);
    }
    if (!(std::fabs(plane.offset) <= kMaxPlaneOffsetMetres)) {
        failInput("offset", {"a number in [-", kMaxPlaneOffsetMetres, ", ", kMaxPlaneOffsetMetres, "]"}, {plane.offset},
                  Plane::kName);
    }
}

void check(const Capsule& capsule) {
    requireVector("start", capsule.start, kMaxCoordinateMetres, Capsule::kName);
    requireVector("end", capsule.end, kMaxCoordinateMetres, Capsule::kName);
    requireSize("radius", capsule.radius, Capsule::kName);
}

void check(const Box& box) {
    requireVector("center", box.center, kMaxCoordinateMetres, Box::kName);
    for (int axis = 0; axis < 3; ++axis) {
        if (!(box.halfExtents[axis] > 0.0f && box.halfExtents[axis] <= kMaxSizeMetres)) {
            failInput("halfExtents", "three numbers, each in (0, 10000]", showVector(box.halfExtents), Box::kName);
        }
    }
    requireUnitRotation(box.rotation, Box::kName);
}

void check(const Mesh& mesh) {
    if (!mesh.field) failInput("vertices", "given, with 'indices', for a new mesh", "none", Mesh::kName);
    requireVector("center", mesh.center, kMaxCoordinateMetres, Mesh::kName);
    requireUnitRotation(mesh.rotation, Mesh::kName);
}

PackedShape packed(const Sphere& sphere) {
    return {sphere.center.x, sphere.center.y, sphere.center.z, sphere.radius};
}
PackedShape packed(const Plane& plane) { return {plane.normal.x, plane.normal.y, plane.normal.z, plane.offset}; }
PackedShape packed(const Capsule& capsule) {
    const Vec3& a = capsule.start;
    const Vec3& b = capsule.end;
    return {a.x, a.y, a.z, capsule.radius, b.x, b.y, b.z, 0.0f};
}
PackedShape packed(const Box& box) {
    const Vec3& c = box.center;
    const Vec3& e = box.halfExtents;
    const Vec4& q = box.rotation;
    return {c.x, c.y, c.z, 0.0f, e.x, e.y, e.z, 0.0f, q.x, q.y, q.z, q.w};
}

PackedShape packed(const Mesh& mesh, int firstLayer) {
    const Vec3& c = mesh.center;
    const Vec4& q = mesh.rotation;
    const DistanceField& field = *mesh.field;
    const Vec3& o = field.origin;
    return {c.x, c.y, c.z, field.voxelMetres, q.x, q.y, q.z, q.w, o.x, o.y, o.z, static_cast<float>(firstLayer),
            static_cast<float>(field.size.x), static_cast<float>(field.size.y), static_cast<float>(field.size.z), 0.0f};
}

float distanceTo(const Sphere& sphere, const Vec3& point) { return glm::length(point - sphere.center) - sphere.radius; }
float distanceTo(const Plane& plane, const Vec3& point) { return glm::dot(plane.normal, point) - plane.offset; }
float distanceTo(const Capsule& capsule, const Vec3& point) {
    return glm::length(point - nearestOnSegment(capsule, point)) - capsule.radius;
}
float distanceTo(const Box& box, const Vec3& point) {
    const Vec3 beyondFaces = glm::abs(rotate(inverse(box.rotation), point - box.center)) - box.halfExtents;
    const float inside = std::min(std::max(beyondFaces.x, std::max(beyondFaces.y, beyondFaces.z)), 0.0f);
    return glm::length(glm::max(beyondFaces, Vec3(0.0f))) + inside;
}
float distanceTo(const Mesh& mesh, const Vec3& point) {
    return sampleField(*mesh.field, rotate(inverse(mesh.rotation), point - mesh.center)).distance;
}

bool isMesh(const Collider& collider) { return std::holds_alternative<Mesh>(collider.shape); }

}  // namespace

namespace {
// Each kind's name, by its code.
template <std::size_t... Codes>
constexpr std::array<const char*, sizeof...(Codes)> namesOfKinds(std::index_sequence<Codes...>) {
    return {std::variant_alternative_t<Codes, ColliderShape>::kName...};
}
constexpr auto kKindNames = namesOfKinds(std::make_index_sequence<std::variant_size_v<ColliderShape>>{});
}  // namespace

const char* kindName(const ColliderShape& shape) { return kKindNames[shape.index()]; }

std::string quotedKindNames() {
    std::string names;
    for (const char* name : kKindNames) names.append(names.empty() ? "'" : ", '").append(name).append("'");
    return names;
}

void validate(const Collider& collider) {
    if (!(collider.friction >= 0.0f && collider.friction <= 1.0f)) {
        failInput("friction", "a number in [0, 1]", {collider.friction}, "collider");
    }
    std::visit([](const auto& shape) { check(shape); }, collider.shape);
}

Plane planeThrough(const glm::dvec3& point, const glm::dvec3& normal) {
    requireVector("point", point, kMaxCoordinateMetres, Plane::kName);
    // Scaled by its largest component first, so no finite normal overflows or underflows on
    // the way to unit length.
    const double largest = std::max({std::fabs(normal.x), std::fabs(normal.y), std::fabs(normal.z)});
    if (!std::isfinite(largest) || !(largest > 0.0)) {
        failInput("normal", "a non-zero vector of three finite numbers", showVector(normal), Plane::kName);
    }
    const glm::dvec3 unit = glm::normalize(normal / largest);
    return {Vec3(unit), static_cast<float>(glm::dot(unit, point))};
}

Vec4 unitRotation(const std::array<double, 4>& quaternion, const std::string& name, const std::string& owner) {
    double largest = 0.0;
    for (const double component : quaternion) largest = std::max(largest, std::fabs(component));
    if (!std::isfinite(largest) || !(largest > 0.0)) {
        failInput(name, "a non-zero quaternion [x, y, z, w] of four finite numbers",
                  {"[", quaternion[0], ", ", quaternion[1], ", ", quaternion[2], ", ", quaternion[3], "]"}, owner);
    }
    const glm::dvec4 unit = glm::normalize(glm::dvec4(quaternion[0], quaternion[1], quaternion[2], quaternion[3]) / largest);
    return Vec4(unit);
}

PackedShape packForGpu(const ColliderShape& shape, int firstLayer) {
    return std::visit(
        [firstLayer](const auto& kind) {
            if constexpr (std::is_same_v<std::decay_t<decltype(kind)>, Mesh>) {
                return packed(kind, firstLayer);
            } else {
                return packed(kind);
            }
        },
        shape);
}

float signedDistance(const ColliderShape& shape, const Vec3& point) {
    return std::visit([&point](const auto& kind) { return distanceTo(kind, point); }, shape);
}

float surfaceTravel(const ColliderShape& before, const ColliderShape& after) {
    const auto moved = [](const Vec3& from, const Vec3& to) { return glm::length(to - from); };
    return visitShape(after, [&](const auto& shape) {
        using Shape = std::decay_t<decltype(shape)>;
        const Shape* was = std::get_if<Shape>(&before);
        if (was == nullptr) return 0.0f;
        if constexpr (std::is_same_v<Shape, Sphere>) {
            return moved(was->center, shape.center) + std::fabs(shape.radius - was->radius);
        } else if constexpr (std::is_same_v<Shape, Plane>) {
            return was->normal == shape.normal ? std::fabs(shape.offset - was->offset) : 0.0f;
        } else if constexpr (std::is_same_v<Shape, Capsule>) {
            return std::max(moved(was->start, shape.start), moved(was->end, shape.end)) + std::fabs(shape.radius - was->radius);
        } else if constexpr (std::is_same_v<Shape, Box>) {
            return moved(was->center, shape.center) + moved(was->halfExtents, shape.halfExtents);
        } else {
            // A mesh built again appeared where it is, as a new collider does.
            return was->field == shape.field ? moved(was->center, shape.center) : 0.0f;
        }
    });
}

namespace {
// Appends item, then moves it back to slot, the items from there on one later: smaller than
// std::vector::insert, whose code for each of the set's vectors was inlined into add().
template <class Item>
void insertAt(std::vector<Item>& items, std::ptrdiff_t slot, const typename std::vector<Item>::value_type& item) {
    items.push_back(item);
    std::rotate(items.begin() + slot, items.end() - 1, items.end());
}
}  // namespace

std::uint32_t ColliderSet::add(const Collider& collider) {
    validate(collider);
    // Before the first plane unless it is one (all()'s order).
    const bool plane = std::holds_alternative<Plane>(collider.shape);
    const auto firstPlane = std::find_if(colliders_.begin(), colliders_.end(),
                                         [](const Collider& c) { return std::holds_alternative<Plane>(c.shape); });
    const std::ptrdiff_t slot = plane ? static_cast<std::ptrdiff_t>(colliders_.size()) : firstPlane - colliders_.begin();
    insertAt(ids_, slot, nextId_);
    insertAt(colliders_, slot, collider);
    insertAt(travels_, slot, 0.0f);
    insertAt(steppedWith_, slot, 0);
    if (isMesh(collider)) ++meshFieldVersion_;
    return nextId_++;
}

std::size_t ColliderSet::slotOf(std::uint32_t id) const {
    const auto found = std::find(ids_.begin(), ids_.end(), id);
    if (found == ids_.end()) {
        std::string current;
        for (const std::uint32_t known : ids_) current.append(current.empty() ? "" : ", ").append(std::to_string(known));
        failInput("id", {"the id of a collider on this cloth (", current.empty() ? std::string_view("it has none") : current, ")"},
                  {id});
    }
    return static_cast<std::size_t>(found - ids_.begin());
}

void ColliderSet::update(std::uint32_t id, const Collider& collider) {
    const std::size_t slot = slotOf(id);
    validate(collider);
    if (collider.shape.index() != colliders_[slot].shape.index()) {
        failInput("type", {"'", kindName(colliders_[slot].shape), "' as it was; remove the collider and add a new one"},
                  {"'", kindName(collider.shape), "'"}, "collider");
    }
    if (steppedWith_[slot] != 0) travels_[slot] += surfaceTravel(colliders_[slot].shape, collider.shape);
    const auto* was = std::get_if<Mesh>(&colliders_[slot].shape);
    if (was && was->field != std::get<Mesh>(collider.shape).field) ++meshFieldVersion_;
    colliders_[slot] = collider;
}

void ColliderSet::remove(std::uint32_t id) {
    const auto slot = static_cast<std::ptrdiff_t>(slotOf(id));
    if (isMesh(colliders_[static_cast<std::size_t>(slot)])) ++meshFieldVersion_;
    ids_.erase(ids_.begin() + slot);
    colliders_.erase(colliders_.begin() + slot);
    travels_.erase(travels_.begin() + slot);
    steppedWith_.erase(steppedWith_.begin() + slot);
}

void ColliderSet::forgetTravel() {
    std::fill(travels_.begin(), travels_.end(), 0.0f);
    std::fill(steppedWith_.begin(), steppedWith_.end(), 1);
}

std::vector<float> depenetrationMetres(const std::vector<float>& travels, float depenetrationSpeed, float substepSeconds) {
    std::vector<float> metres(travels.size());
    const float perSubstep = depenetrationSpeed * substepSeconds;
    for (std::size_t c = 0; c < travels.size(); ++c) metres[c] = perSubstep + travels[c];
    return metres;
}

const Collider& ColliderSet::get(std::uint32_t id) const { return colliders_[slotOf(id)]; }

float ColliderSet::clearance(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses) const {
    float smallest = std::numeric_limits<float>::infinity();
    for (const Collider& collider : colliders_) {
        for (std::size_t i = 0; i < positions.size(); ++i) {
            if (inverseMasses[i] > 0.0f) smallest = std::min(smallest, signedDistance(collider.shape, positions[i]));
        }
    }
    return smallest;
}

std::vector<int> meshFieldLayers(const std::vector<Collider>& colliders) {
    std::vector<int> layers;
    int next = 0;
    for (const Collider& collider : colliders) {
        layers.push_back(next);
        if (const auto* mesh = std::get_if<Mesh>(&collider.shape)) next += mesh->field->size.z;
    }
    return layers;
}

glm::ivec3 meshFieldAtlasSize(const std::vector<Collider>& colliders) {
    glm::ivec3 size(0);
    for (const Collider& collider : colliders) {
        if (const auto* mesh = std::get_if<Mesh>(&collider.shape)) {
            size = glm::ivec3(std::max(size.x, mesh->field->size.x), std::max(size.y, mesh->field->size.y), size.z + mesh->field->size.z);
        }
    }
    return size.z == 0 ? glm::ivec3(1) : size;
}

MeshFieldAtlas meshFieldAtlas(const std::vector<Collider>& colliders) {
    const glm::ivec3 size = meshFieldAtlasSize(colliders);
    MeshFieldAtlas atlas{size.x, size.y, size.z, {}};
    if (std::none_of(colliders.begin(), colliders.end(), isMesh)) return MeshFieldAtlas{};
    const auto width = static_cast<std::size_t>(atlas.width);
    const auto height = static_cast<std::size_t>(atlas.height);
    atlas.values.assign(width * height * static_cast<std::size_t>(atlas.depth), 0.0f);
    std::size_t layer = 0;
    for (const Collider& collider : colliders) {
        const auto* mesh = std::get_if<Mesh>(&collider.shape);
        if (!mesh) continue;
        const DistanceField& field = *mesh->field;
        for (int z = 0; z < field.size.z; ++z, ++layer) {
            for (int y = 0; y < field.size.y; ++y) {
                const float* row = &field.distances[static_cast<std::size_t>(field.size.x) * (static_cast<std::size_t>(y) + static_cast<std::size_t>(field.size.y) * static_cast<std::size_t>(z))];
                std::copy(row, row + field.size.x, atlas.values.begin() + static_cast<std::ptrdiff_t>(width * (static_cast<std::size_t>(y) + height * layer)));
            }
        }
    }
    return atlas;
}

}  // namespace nuno
