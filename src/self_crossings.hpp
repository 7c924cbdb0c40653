// A measure of cloth that has passed through itself: edge-triangle crossings.
//
// selfIntersections (separate.hpp) counts particles closer than half the thickness, so it
// reads 0 once two layers have tunnelled through each other and been pushed apart on the wrong
// side. This counts the crossings themselves, however far apart the layers have since moved.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "topology.hpp"

namespace nuno {

// Pairs of a structural edge (a particle and its right or down neighbour within one patch: the
// structural constraints) and a triangle of the cloth's mesh (triangleIndicesOf(grid), the
// triangles the renderer draws) that share no particle and where the edge passes through the
// triangle, within one patch or between patches. Each pair counts once: an edge through two
// layers counts 2, and a particle pushed through a layer far from it in the grid counts 8 (its
// four edges through the layer's triangles, and the layer's four edges nearest it through the
// triangles around it). Layers that touch, or lie close without crossing, count nothing.
// A spatial hash of the triangles' bounding boxes, with cells of the median structural edge
// length, finds the candidates. Natively a 64 x 64 cloth takes 2-3 ms hanging, 5-10 ms as a
// tangled heap; 128 x 128 14-18 ms and 60-120 ms (wasm in node: 2.3 ms and 17-28 ms at 64 x 64).
std::size_t selfCrossings(const std::vector<Vec3>& positions, const Grid& grid);

// The crossings selfCrossings counts: each a structural edge (first particle, then its right or
// down neighbour) and the corners of the triangle it passes through, in the mesh's order.
struct SelfCrossing {
    std::array<std::uint32_t, 2> edge;
    std::array<std::uint32_t, 3> triangle;
};
std::vector<SelfCrossing> findSelfCrossings(const std::vector<Vec3>& positions, const Grid& grid);

// Whether the segment from particle `from` to particle `to` passes through the triangle of
// particles `corners`, computed in double precision. Cases on the boundary:
//   - an endpoint in the triangle's plane (within a few float roundings of its coordinates, as
//     a flat sheet stored in floats is only flat to that), or the segment lying in the plane:
//     not a crossing; a segment that only touches a layer has not passed through it.
//   - the segment's line through a side of the triangle: each side's turn is computed with its
//     particles in index order (and negated for the other order), so the two triangles sharing
//     that side see exactly opposite signs and the one side turning 0 is given to one of them:
//     the crossing counts once, never twice or not at all at a seam. Through a corner exactly
//     (only hand-made shapes do that) it may count for none or several of the triangles there.
//   - a triangle of zero area is crossed by nothing.
// A non-finite position crosses nothing.
bool segmentCrossesTriangle(const std::vector<Vec3>& positions, std::uint32_t from, std::uint32_t to,
                            const std::array<std::uint32_t, 3>& corners);

}  // namespace nuno
