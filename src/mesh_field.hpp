// A triangle mesh as a collider: the signed distance to its surface, sampled once on a regular
// grid in the mesh's own frame, so a contact costs eight reads and no search however many
// triangles the mesh has. The CPU collide stage (collide.cpp) and the GPU passes
// (shaders/webgl2/collide-contact.glsl, shaders/webgpu/collide.wgsl) read the same samples with
// the same arithmetic (sampleField).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "math.hpp"

namespace nuno {

// What a mesh is made of, and the limits on it.
constexpr std::size_t kMaxMeshVertices = 1000000;
constexpr std::size_t kMaxMeshTriangles = 1000000;
constexpr int kMinMeshResolution = 8;
constexpr int kMaxMeshResolution = 128;
constexpr int kDefaultMeshResolution = 64;
constexpr float kMaxMeshThicknessMetres = 1.0f;
// The most samples one field may hold (32 MiB of floats): a thick shell around a long mesh pads
// the grid on every side.
constexpr std::size_t kMaxMeshFieldSamples = std::size_t{1} << 23;

struct DistanceField {
    // The mesh as given (the collider list hands it back; a change of thickness or resolution
    // alone builds again from it).
    std::vector<Vec3> vertices;
    std::vector<std::uint32_t> indices;
    float thickness = 0.0f;  // metres; > 0: the mesh is a shell this thick on each side
    int resolution = kDefaultMeshResolution;  // samples along the mesh's longest side

    glm::ivec3 size{2};  // samples along x, y, z, each at least 2
    Vec3 origin{0.0f};  // where sample (0, 0, 0) lies in the mesh's frame, metres
    float voxelMetres = 1.0f;  // between neighbouring samples
    // Metres to the surface (less the thickness), negative inside; x fastest, then y, then z.
    std::vector<float> distances;
    // Beyond this far from `middle` (the middle of the field's box) the field reads more than
    // any margin plus this much: the mesh's bounding ball around it, the thickness and two
    // voxels (a trilinear sample of a distance falls short of it by at most sqrt(3) voxels).
    // The collide stage reads no samples for a particle farther out than that plus the margin.
    Vec3 middle{0.0f};
    float ballRadiusMetres = 0.0f;  // every vertex lies within it of `middle`
    float samplesReachMetres = 0.0f;

    float at(int x, int y, int z) const {
        return distances[static_cast<std::size_t>(x) + static_cast<std::size_t>(size.x) * (static_cast<std::size_t>(y) + static_cast<std::size_t>(size.y) * static_cast<std::size_t>(z))];
    }
};

// The field of the triangles (indices, three per triangle, into vertices): the distance to the
// nearest triangle, exact within a sample of the surface and carried outward from there by
// sweeps over the grid; the sign (with thickness 0) by the parity of crossings along rays in
// each of the three axes, the majority of the three deciding, so a small hole or a triangle
// wound the other way changes no sign. Repeated triangles count once. With thickness > 0 the
// sign is not looked for: the solid is every point within thickness of the mesh (an open mesh).
// Throws std::invalid_argument naming 'vertices', 'indices', 'thickness' or 'resolution'.
std::shared_ptr<const DistanceField> buildDistanceField(std::vector<Vec3> vertices, std::vector<std::uint32_t> indices,
                                                        float thickness, int resolution);

// For one point (float, Vec3), or four (Float4, Float4x3: the collide stage, field_sample.hpp).
template <class Real, class Vector>
struct FieldSampleOf {
    Real distance;  // metres, negative inside
    Vector normal;  // unit, in the mesh's frame: the direction out
};
using FieldSample = FieldSampleOf<float, Vec3>;
// The field at a point of the mesh's frame (the collide stage reads four at once, collide.cpp's
// contactWith(Mesh)): trilinear between the eight samples around it, plus
// the distance from the field's box where the point lies outside it; the normal is the
// trilinear's own gradient there. Not-a-number in, not-a-number out; an infinite coordinate is
// infinitely far.
FieldSample sampleField(const DistanceField& field, const Vec3& local);

}  // namespace nuno
