// Solid shapes the cloth cannot enter. Each collider keeps an id so callers can move or remove
// it while the cloth runs. The collide stage (collide.hpp) pushes the particles out of them.
//
// A collider kind is one shape struct in ColliderShape. Each names itself (kName, as the JS API
// spells its type) and its keys (kKeys, besides 'type' and 'friction'); collide.cpp gives it a
// contact, colliders.cpp a signed distance, a check and a GPU packing, setting_source.cpp a
// reader, and shaders/webgl2/collide-contact.glsl the contact's twin. Everything else (kind codes, names in
// errors, the GPU's #defines) is derived from the variant.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "mesh_field.hpp"
#include "settings.hpp"

namespace nuno {

struct Sphere {
    static constexpr const char* kName = "sphere";
    static constexpr std::array<const char*, 2> kKeys = {"center", "radius"};
    Vec3 center{0.0f};
    float radius = 0.5f;  // metres
};

// The half-space dot(normal, x) < offset is solid; normal has unit length. Make one with
// planeThrough(), which normalises the normal. Read from {point, normal}.
struct Plane {
    static constexpr const char* kName = "plane";
    static constexpr std::array<const char*, 2> kKeys = {"point", "normal"};
    Vec3 normal{0.0f, 1.0f, 0.0f};
    float offset = 0.0f;  // metres along the normal from the origin, at most sqrt(3) * kMaxCoordinateMetres
};

// Every point within radius of the segment from start to end: a cylinder with round ends (a
// sphere when start = end).
struct Capsule {
    static constexpr const char* kName = "capsule";
    static constexpr std::array<const char*, 3> kKeys = {"start", "end", "radius"};
    Vec3 start{-0.5f, 0.0f, 0.0f};
    Vec3 end{0.5f, 0.0f, 0.0f};
    float radius = 0.25f;  // metres
};

// An oriented box: halfExtents along its own axes, which the unit quaternion rotation (x, y, z,
// w) turns from the world's. Read with any non-zero quaternion, normalised in double.
struct Box {
    static constexpr const char* kName = "box";
    static constexpr std::array<const char*, 3> kKeys = {"center", "halfExtents", "rotation"};
    Vec3 center{0.0f};
    Vec3 halfExtents{0.5f};  // metres, each in (0, 10000]
    Vec4 rotation{0.0f, 0.0f, 0.0f, 1.0f};
};

// A triangle mesh, solid inside (or a shell `thickness` thick around an open one), placed by
// rotation (a unit quaternion, as a box's) and then center. Its distance field (mesh_field.hpp)
// is built when vertices, indices, thickness or resolution are given and shared by the copies of
// the shape, so moving the mesh builds nothing.
struct Mesh {
    static constexpr const char* kName = "mesh";
    static constexpr std::array<const char*, 6> kKeys = {"vertices", "indices", "center", "rotation", "thickness", "resolution"};
    Vec3 center{0.0f};
    Vec4 rotation{0.0f, 0.0f, 0.0f, 1.0f};
    std::shared_ptr<const DistanceField> field;
};

// A collider's kind code is its shape's index here: the GPU passes switch on these codes
// (src/bindings/gpu_constants.cpp writes them into the shaders as COLLIDER_SPHERE, ...).
using ColliderShape = std::variant<Sphere, Plane, Capsule, Box, Mesh>;

template <class Visit, std::size_t... Codes>
void visitColliderKinds(Visit& visit, std::index_sequence<Codes...>) {
    (visit(std::variant_alternative_t<Codes, ColliderShape>{}), ...);
}
// Calls visit(Shape{}) for each kind, in code order.
template <class Visit>
void forEachColliderKind(Visit&& visit) {
    visitColliderKinds(visit, std::make_index_sequence<std::variant_size_v<ColliderShape>>{});
}
const char* kindName(const ColliderShape& shape);

// std::visit for a loop's body: a chain of index tests the compiler inlines, where the standard
// libraries' visit may call through a table of function pointers (libc++ does, in the wasm build).
// The shapes are plain structs, so a shape is never valueless and the last index needs no test.
template <std::size_t Code = 0, class Visit>
[[gnu::always_inline]] inline decltype(auto) visitShape(const ColliderShape& shape, Visit&& visit) {
    if constexpr (Code + 1 < std::variant_size_v<ColliderShape>) {
        if (shape.index() != Code) return visitShape<Code + 1>(shape, visit);
    }
    return visit(*std::get_if<Code>(&shape));
}
// "'sphere', 'plane', ...": the kinds as errors list them.
std::string quotedKindNames();

// The GPU collide pass holds its colliders in uniform arrays of this many (MAX_COLLIDERS in GLSL),
// each shape as this many vec4s (COLLIDER_SHAPE_VEC4S).
constexpr int kMaxGpuColliders = 8;
// Visits of the whole set the collide stage (collide.hpp) may take for a particle in a substep
// (CONTACT_PASSES on the GPU).
constexpr int kContactPasses = 3;
constexpr int kColliderShapeVec4s = 4;
using PackedShape = std::array<float, 4 * kColliderShapeVec4s>;

struct Collider {
    ColliderShape shape;
    float friction = 0.5f;  // share of tangential motion removed on contact, [0, 1]
};

// Throws std::invalid_argument naming the field that is out of range.
void validate(const Collider& collider);
// A plane through a point (each coordinate within kMaxCoordinateMetres), facing along normal,
// which may have any finite length but zero: it is normalised in double, so [1e20, 0, 0] is +x.
// Throws std::invalid_argument naming 'point' or 'normal'.
Plane planeThrough(const glm::dvec3& point, const glm::dvec3& normal);
// A unit quaternion from any finite non-zero one (x, y, z, w), normalised in double. Throws
// naming it (a box's 'rotation' unless told otherwise).
Vec4 unitRotation(const std::array<double, 4>& quaternion, const std::string& name = "rotation",
                  const std::string& owner = Box::kName);

// The shape as the GPU collide pass reads it (shaders/webgl2/collide-contact.glsl):
//   sphere (center, radius); plane (normal, offset); capsule (start, radius), (end, 0);
//   box (center, 0), (halfExtents, 0), (rotation);
//   mesh (center, voxelMetres), (rotation), (field origin, firstLayer), (field size, 0), its
//   field's samples being layers firstLayer on of the cloth's field atlas (MeshFieldAtlas);
//   unused floats 0.
PackedShape packForGpu(const ColliderShape& shape, int firstLayer = 0);
// Metres from the surface, negative inside.
float signedDistance(const ColliderShape& shape, const Vec3& point);

// At most how far a shape's surface moved from `before` to `after` by moving or resizing
// (metres): a turn of a box or a plane counts nothing, so what it turned onto comes out at the
// depenetration speed (a plane turned by 1 mrad sweeps 17 m at 17 km from its axis, and as
// travel let a cloth half inside it be thrown off at once); 0 between shapes of different kinds.
float surfaceTravel(const ColliderShape& before, const ColliderShape& after);

class ColliderSet {
public:
    std::uint32_t add(const Collider& collider);
    // Throws naming 'type' if the kind changes.
    void update(std::uint32_t id, const Collider& collider);
    void remove(std::uint32_t id);
    const Collider& get(std::uint32_t id) const;
    std::size_t size() const { return colliders_.size(); }
    // In the order the collide stage (collide.hpp) visits them: the planes after every other
    // shape, so a particle pushed by another shape below the ground ends above it.
    const std::vector<std::uint32_t>& ids() const { return ids_; }
    const std::vector<Collider>& all() const { return colliders_; }
    // Per collider, how far its surface moved since the cloth last stepped (surfaceTravel,
    // summed over the updates since): the next step's first substep may push a particle that far
    // out of it at once, as a collider moved onto the cloth sweeps it along. A collider added
    // since the last step has none: wherever it was moved, it appeared around the cloth.
    // forgetTravel() when a step has taken it, or the cloth is reset.
    const std::vector<float>& travels() const { return travels_; }
    void forgetTravel();
    // Changes whenever a mesh collider's field comes or goes (added, removed, built again), so
    // the GPU cloths upload the atlas again only then.
    std::uint32_t meshFieldVersion() const { return meshFieldVersion_; }

    // The smallest signed distance from a free particle (inverse mass > 0) to any collider, metres;
    // +infinity without colliders or free particles.
    float clearance(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses) const;

private:
    std::size_t slotOf(std::uint32_t id) const;

    std::vector<std::uint32_t> ids_;
    std::vector<Collider> colliders_;
    std::vector<float> travels_;
    // Whether the cloth has stepped since it was added, 0 or 1: ids_'s type, so the two share their
    // insert and erase (std::vector<bool>'s own were 1.6 KB of the wasm module).
    std::vector<std::uint32_t> steppedWith_;
    std::uint32_t nextId_ = 1;
    std::uint32_t meshFieldVersion_ = 0;
};

// Every mesh collider's field in one 3D grid, as the GPU cloths upload it: width and height the
// largest fields', the fields stacked along z in the set's order. Each mesh's firstLayer goes
// into its packing; a set without meshes gives one sample of 0.
struct MeshFieldAtlas {
    int width = 1, height = 1, depth = 1;
    std::vector<float> values{0.0f};  // x fastest, then y, then z
};
// Per collider in the set's order, the atlas layer its field starts at (for a collider that is
// no mesh, the next mesh's: packForGpu ignores it).
std::vector<int> meshFieldLayers(const std::vector<Collider>& colliders);
MeshFieldAtlas meshFieldAtlas(const std::vector<Collider>& colliders);
// The atlas's width, height and depth alone, for checking them against a device's limits
// without copying the samples.
glm::ivec3 meshFieldAtlasSize(const std::vector<Collider>& colliders);

// Per collider, in the set's order: how much of the depth a particle began a substep with the
// collide stage may undo in it (collide.hpp): depenetrationSpeed * substepSeconds plus the
// collider's travel, which is 0 after a step's first substep (ColliderSet::forgetTravel). The
// GPU cloths work out the same floats (web/backends/gpu/gpu-cloth-over-setup.js).
std::vector<float> depenetrationMetres(const std::vector<float>& travels, float depenetrationSpeed, float substepSeconds);

}  // namespace nuno
