// Triangle meshes of shapes whose exact distance is known, for the mesh collider's tests: a UV
// sphere, a box and a torus, each closed and wound outward.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "math.hpp"

namespace nuno::test {

struct TriangleMesh {
    std::vector<Vec3> vertices;
    std::vector<std::uint32_t> indices;
};

// A grid of (around + 1) x (along + 1) vertices over a surface point(u, v), u and v in [0, 1],
// u wrapping around; two triangles per cell. The seam's and the poles' repeated vertices are
// kept: the field's builder must not mind them.
template <class Surface>
TriangleMesh gridMesh(int around, int along, Surface point) {
    TriangleMesh mesh;
    for (int j = 0; j <= along; ++j) {
        for (int i = 0; i <= around; ++i) mesh.vertices.push_back(point(float(i) / float(around), float(j) / float(along)));
    }
    const auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (around + 1) + i); };
    for (int j = 0; j < along; ++j) {
        for (int i = 0; i < around; ++i) {
            mesh.indices.insert(mesh.indices.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    }
    return mesh;
}

inline TriangleMesh sphereMesh(float radius, int around, int along) {
    return gridMesh(around, along, [radius](float u, float v) {
        const float longitude = float(kTwoPi) * u;
        const float latitude = float(kTwoPi / 2) * v;
        return radius * Vec3(std::sin(latitude) * std::cos(longitude), std::cos(latitude), std::sin(latitude) * std::sin(longitude));
    });
}

inline TriangleMesh torusMesh(float ringRadius, float tubeRadius, int around, int along) {
    return gridMesh(around, along, [=](float u, float v) {
        const float ring = float(kTwoPi) * u;
        const float tube = float(kTwoPi) * v;
        const float reach = ringRadius + tubeRadius * std::cos(tube);
        return Vec3(reach * std::cos(ring), tubeRadius * std::sin(tube), reach * std::sin(ring));
    });
}

inline TriangleMesh boxMesh(const Vec3& halfExtents) {
    TriangleMesh mesh;
    for (int corner = 0; corner < 8; ++corner) {
        mesh.vertices.push_back(halfExtents * Vec3(corner & 1 ? 1 : -1, corner & 2 ? 1 : -1, corner & 4 ? 1 : -1));
    }
    mesh.indices = {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5};
    return mesh;
}

}  // namespace nuno::test
